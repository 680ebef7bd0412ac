"""One package per game; each exposes ``GAME`` (a ``GameInfo``) to be registered."""
