"""The README's promises that a file can check: its picture exists and is a real board."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_picture_is_a_snapshot_of_a_real_board() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert links, "the README shows no picture"
    for link in links:
        path = ROOT / unquote(link)
        assert path.is_file(), f"README picture {link} is missing"
        svg = path.read_text(encoding="utf-8")
        assert svg.lstrip().startswith("<svg")
        assert "Mesos" in svg
