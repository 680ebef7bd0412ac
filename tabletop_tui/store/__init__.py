"""Persistence: one SQLite database for saves, history, statistics and preferences."""

from .db import (
    DB_NAME,
    ENV_DATA_DIR,
    ReadOnlyStore,
    Store,
    StoredGame,
    StoreError,
    default_data_dir,
)

__all__ = [
    "DB_NAME",
    "ENV_DATA_DIR",
    "ReadOnlyStore",
    "Store",
    "StoreError",
    "StoredGame",
    "default_data_dir",
]
