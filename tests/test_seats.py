"""Seat names as people read them: one fallback for a seat the list does not name."""

from __future__ import annotations

from tabletop_tui.seats import fill_names, kind_label, seat_name


def test_a_named_seat_reads_as_its_name_and_any_other_as_its_number():
    names = ["Ann", "Bo"]
    assert [seat_name(names, s) for s in (0, 1, 2)] == ["Ann", "Bo", "Seat 3"]
    assert seat_name([], 0) == "Seat 1"
    assert seat_name(names, -1) == "Seat 0"  # never Python's last-item indexing


def test_engine_text_gets_the_same_names_and_fallback():
    assert fill_names("{seat:1} beats {seat:0}; {seat:4} waits", ["Ann", "Bo"]) == (
        "Bo beats Ann; Seat 5 waits"
    )


def test_kind_labels():
    assert kind_label("human") == "human" and kind_label("hard") == "hard bot"
