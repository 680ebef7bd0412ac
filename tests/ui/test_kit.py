"""The board kit: contrast-checked colours, cards drawn to their width, cell-true packing."""

from __future__ import annotations

import pytest
from textual.color import Color

from tabletop_tui.ui.kit import (
    CardFace,
    Palette,
    box_height,
    card_box,
    card_line,
    flow,
    flow_lines,
    hstack,
    pack,
)
from tabletop_tui.ui.kit.palette import HUES, MIN_CONTRAST, SEAT_HUES, contrast, legible

BACKGROUNDS = ["#000000", "#1e1e1e", "#121212", "#ffffff", "#f5f5f5", "#e0e0e0", "#808080"]


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize("hue", sorted(HUES))
def test_every_hue_is_legible_on_dark_and_light_backgrounds(background: str, hue: str) -> None:
    fixed = legible(HUES[hue], background)
    assert contrast(Color.parse(fixed), Color.parse(background)) >= MIN_CONTRAST - 0.3


def test_seat_styles_differ_and_go_plain_under_no_color() -> None:
    dark = Palette(background="#1e1e1e")
    assert len({dark.seat(s) for s in range(len(SEAT_HUES))}) == len(SEAT_HUES)
    plain = Palette(background="#1e1e1e", plain=True)
    assert all("#" not in plain.seat(s) for s in range(5))
    assert plain.seat(0) == "bold"


def test_light_theme_darkens_yellow() -> None:
    light = Palette(background="#ffffff").hue("yellow")
    dark = Palette(background="#1e1e1e").hue("yellow")
    assert light != dark
    colour = Color.parse(light.split()[-1])
    assert contrast(colour, Color.parse("#ffffff")) >= MIN_CONTRAST - 0.3


def test_card_box_is_exactly_its_width_and_height() -> None:
    face = CardFace("Hunter", ("Bow", "+1 food per Hunter at each Hunt event"), corner="Era II")
    rows = card_box(face, 20, Palette(), height=6, badge=3)
    assert len(rows) == 6
    assert {r.cell_len for r in rows} == {20}
    assert rows[0].plain.startswith("╭ 3 Hunter")
    assert "Era II" in rows[0].plain
    assert rows[-1].plain == "╰" + "─" * 18 + "╯"


def test_card_box_cuts_long_text_with_an_ellipsis_and_marks_selection() -> None:
    face = CardFace("Shaman", tuple(f"line {i}" for i in range(10)))
    rows = card_box(face, 14, Palette(), height=4, selected=True)
    assert len(rows) == 4
    assert rows[0].plain.startswith("┏")
    assert "…" in rows[2].plain


def test_card_click_target_is_on_every_row() -> None:
    rows = card_box(CardFace("Event", ("Hunt",), target="c7"), 12, Palette())
    for row in rows:
        metas = [span.style.meta for span in row.spans if hasattr(span.style, "meta")]
        assert any(m.get("@click") == "element('c7')" for m in metas)


def test_card_line_reads_in_words() -> None:
    face = CardFace("Builder", ("costs 2 food less", "3 PP at the end"), symbol="⌂")
    line = card_line(face, Palette(), badge=4)
    assert line.plain == "4⌂Builder · costs 2 food less · 3 PP at the end"


def test_hstack_and_flow_keep_boxes_aligned() -> None:
    boxes = [card_box(CardFace(f"C{i}", ("x",) * i), 10, Palette()) for i in range(1, 5)]
    rows = hstack(boxes[:2])
    assert len(rows) == 4 and {r.cell_len for r in rows} == {21}
    flowed = flow(boxes, 32)
    assert all(r.cell_len <= 32 for r in flowed)
    assert len(flowed) == 5 + 6  # 3 boxes (tallest 5 rows), then 1 box of 6 rows


def test_boxes_are_measured_as_they_are_drawn() -> None:
    """``box_height`` and ``flow_lines`` measure without drawing what ``card_box`` and
    ``flow`` draw, for boxes narrower than a box can be and lines that wrap."""
    faces = [
        CardFace("Hunter", ("+1 food per Hunter in your tribe, at the end of each era",)),
        CardFace("C", ()),
        CardFace("Builder", ("costs 2 food less", "x" * 30), corner="II", dim=True),
    ]
    for width in (4, 8, 12, 25):
        boxes = [card_box(face, width, Palette()) for face in faces]
        assert [box_height(face, width, Palette()) for face in faces] == [len(b) for b in boxes]
        for room in (8, 20, 40, 80):
            tall = max(len(b) for b in boxes)
            same = [card_box(face, width, Palette(), height=tall) for face in faces]
            widths = [max(line.cell_len for line in b) for b in same]
            assert tall * flow_lines(widths, room) == len(flow(same, room))


def test_hstack_rows_are_the_parts_appended_one_after_another() -> None:
    """``hstack`` builds each row at once: the same text and spans as appending the parts
    and their padding one by one, wide characters and a part's own style included."""
    from rich.text import Text

    def appended(blocks: list[list[Text]], gap: int) -> list[Text]:
        widths = [max((ln.cell_len for ln in b), default=0) for b in blocks]
        rows = []
        for i in range(max(len(b) for b in blocks)):
            row = Text()
            for j, (block, w) in enumerate(zip(blocks, widths, strict=True)):
                if j:
                    row.append(" " * gap)
                part = block[i] if i < len(block) else Text()
                row.append_text(part)
                row.append(" " * (w - part.cell_len))
            rows.append(row)
        return rows

    def seen(row: Text) -> tuple:
        """What a row shows: spans of no style change nothing (older Rich appends one for
        a part of no style)."""
        return (row.plain, [span for span in row.spans if span.style], row.style)

    styled = Text("世界 map", style="bold")
    styled.stylize("red", 0, 2)
    blocks = [
        card_box(CardFace("Builder", ("costs 2 food less",), symbol="⌂"), 14, Palette()),
        [styled, Text("a", style="italic")],
        [],
        card_box(CardFace("C", ("x", "y", "z")), 8, Palette(), badge=3, selected=True),
    ]
    for gap in (0, 1, 3):
        got, want = hstack(blocks, gap), appended(blocks, gap)
        assert [seen(r) for r in got] == [seen(r) for r in want]


def test_pack_breaks_between_pieces_by_cell_width() -> None:
    lines = pack(["Ærø", "世界", "abc"] * 5, 12, indent=2)
    assert all(line.cell_len <= 12 for line in lines)
    assert lines[1].plain.startswith("  ")
    assert "".join(ln.plain for ln in lines).replace(" ", "") == "Ærø世界abc" * 5


def test_card_body_text_does_not_take_the_border_colour() -> None:
    rows = card_box(CardFace("Hunter", ("Bow",), hue="red"), 12, Palette())
    body = rows[1]
    assert body.style == ""
    bow = body.plain.index("Bow")
    assert all("#" not in str(span.style) for span in body.spans if span.start <= bow < span.end)


def test_kept_card_boxes_are_the_card_boxes() -> None:
    """A kept box (its top border drawn apart from the rest) is the box ``card_box`` draws,
    whatever its number, height and highlight; a box whose number changes shares the rest."""
    from tabletop_tui.ui.kit import kept_card_box

    palette = Palette()
    faces = [
        CardFace("Hunter", ("Bow", "+1 food per Hunter and more words to wrap"), "Era II", "▲"),
        CardFace("Event", ("Hunt",), target="c7", hue="red", dim=True),
        CardFace("A very long title that will not fit", (), "corner", target="c8"),
    ]
    for face in faces:
        for width in (8, 12, 20, 31):
            for height in (None, 3, 6):
                for badge in (None, 1, 12):
                    for selected in (False, True):
                        kept = kept_card_box(face, width, palette, height, badge, selected)
                        drawn = card_box(
                            face, width, palette, height=height, badge=badge, selected=selected
                        )
                        assert [(r.plain, r.spans) for r in kept] == [
                            (r.plain, r.spans) for r in drawn
                        ]
            one = kept_card_box(face, width, palette, 6, 1, False)
            two = kept_card_box(face, width, palette, 6, 2, False)
            assert one[1:] == two[1:] and all(a is b for a, b in zip(one[1:], two[1:], strict=True))


def test_a_card_whose_number_changed_rewraps_only_the_line_that_says_it() -> None:
    """A face's lines are wrapped apart: the lines a new option number leaves as they were
    are the very lines wrapped before, and the line that changed reads the new number."""
    from tabletop_tui.ui.kit.card import _wrapped

    palette = Palette()
    words = "Adds to the Excavate chain; the fourth in a row removes a passage."
    one = CardFace("Excavate", (f"▶ Play [1]: {words}", "✗ Discard [6]: No effect."))
    two = CardFace("Excavate", (f"▶ Play [2]: {words}", "✗ Discard [6]: No effect."))
    first, second = _wrapped(one, 20, palette), _wrapped(two, 20, palette)
    assert [line.plain for line in first] != [line.plain for line in second]
    assert second[0].plain.startswith("▶ Play [2]:") and first[0].plain.startswith("▶ Play [1]:")
    # The discard line, unchanged, is the one wrapped before (two rows at this width).
    assert first[-2].plain.rstrip() == "✗ Discard [6]: No" and first[-1].plain == "effect."
    assert all(a is b for a, b in zip(first[-2:], second[-2:], strict=True))
    assert not any(a is b for a, b in zip(first[:-2], second[:-2], strict=True))
    # A dimmed face says the same words in another style: wrapped apart.
    dim = _wrapped(CardFace("Excavate", one.lines, dim=True), 20, palette)
    assert [line.plain for line in dim] == [line.plain for line in first]
    assert dim[-1] is not first[-1] and dim[-1].style != first[-1].style


def test_pack_height_counts_the_lines_pack_makes() -> None:
    import random

    from tabletop_tui.ui.kit import pack_height

    rng = random.Random(5)
    words = ["a", "Hunter ×2 (1 bow)", "世界", "Ærø", " ", "x" * 30, "Builder ×1 (−1 food, 2 PP)"]
    for _ in range(400):
        pieces = [rng.choice(words) for _ in range(rng.randint(0, 12))]
        if pieces and rng.random() < 0.5:
            pieces[0] = "    " + pieces[0]
        width, indent = rng.randint(1, 60), rng.randint(0, 6)
        sep = rng.choice([" ", " · ", ""])
        made = pack(pieces, width, indent=indent, sep=sep)
        assert pack_height(pieces, width, indent=indent, sep=sep) == len(made), (pieces, width)
