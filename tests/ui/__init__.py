"""UI tests: the Textual app driven by Pilot, and snapshots at fixed sizes."""
