"""Mezo."""
