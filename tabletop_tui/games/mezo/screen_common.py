"""Styled board text whose printed width is tracked, shared by the Mezo board modules."""

from __future__ import annotations


class Line:
    """A run of styled, maybe clickable text whose printed width is tracked."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0

    def add(self, text: str, style: str = "", click: str | None = None) -> Line:
        body = text.replace("[", "\\[")
        if click:
            style = f"{style} @click=target('{click}')".strip()
        self.parts.append(f"[{style}]{body}[/]" if style else body)
        self.width += len(text)
        return self

    def pad(self, width: int, fill: str = " ", style: str = "") -> Line:
        if self.width < width:
            self.add(fill * (width - self.width), style)
        return self

    def markup(self) -> str:
        return "".join(self.parts)

    def plain(self) -> str:
        return "".join(_strip(p) for p in self.parts)

    def fit(self, width: int) -> Line:
        """This line, or its first parts (styles kept) and an ellipsis within ``width``."""
        if self.width <= width:
            return self
        out = Line()
        for part in self.parts:
            text = _strip(part)
            if out.width + len(text) > width - 1:
                out.add(text[: width - 1 - out.width])
                break
            out.parts.append(part)
            out.width += len(text)
        return out.add("…")

    def extend(self, other: Line) -> Line:
        """Append another line's parts."""
        self.parts.extend(other.parts)
        self.width += other.width
        return self


def _strip(markup: str) -> str:
    """The plain text of one part built by ``Line.add``."""
    if markup.startswith("[") and "]" in markup and markup.endswith("[/]"):
        body = markup[markup.index("]") + 1 : -3]
    else:
        body = markup
    return body.replace("\\[", "[")
