"""The Textual side: shared screens and widgets. Engines never import from here."""
