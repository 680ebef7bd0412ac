"""Persistence: one SQLite database for saves, history, statistics and preferences."""

from .db import ENV_DATA_DIR, Store, StoredGame, StoreError, default_data_dir

__all__ = ["ENV_DATA_DIR", "Store", "StoreError", "StoredGame", "default_data_dir"]
