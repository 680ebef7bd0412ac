"""The Mezo balance benchmark's draw and tally (no game is timed; one short game is played)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import balance_mezo  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_draws_distinct_gods_and_each_block_seats_every_god_equally(players):
    seeds = range(0, 7 * 20)
    draws = [balance_mezo.gods_for(players, s) for s in seeds]
    assert all(len(set(d)) == players for d in draws)
    assert all(set(d) <= set(balance_mezo.GODS) for d in draws)
    held = Counter(g for d in draws for g in d)
    assert set(held.values()) == {20 * players}
    # Rivals change: every pair of gods meets somewhere, and not always in the same seats.
    pairs = {frozenset(p) for d in draws for p in zip(d, d[1:], strict=False)}
    assert len(pairs) == 21
    assert len({d[0] for d in draws}) == 7


def test_the_draw_depends_on_the_seed_alone():
    assert balance_mezo.gods_for(3, 11) == balance_mezo.gods_for(3, 11)
    assert [balance_mezo.gods_for(4, s) for s in range(7)] != [
        balance_mezo.gods_for(4, s) for s in range(7, 14)
    ]


@pytest.mark.parametrize(("players", "per_cell", "games"), [(2, 300, 1050), (3, 300, 700)])
def test_plan_stops_when_every_god_has_its_seats(players, per_cell, games):
    seeds = balance_mezo.plan(players, per_cell, 0)
    assert seeds == list(range(games))
    held = Counter(g for s in seeds for g in balance_mezo.gods_for(players, s))
    assert min(held.values()) >= per_cell


def _record(gods, share, vp, src):
    return {"players": len(gods), "seed": 0, "gods": gods, "share": share, "vp": vp, "src": src}


def test_tally_counts_each_seat_under_its_god_and_splits_shared_wins():
    records = [
        _record(["uayeb", "zotz"], [1.0, 0.0], [100, 90], [{"Altars": 10}, {"Altars": 4}]),
        _record(["zotz", "uayeb"], [0.5, 0.5], [95, 95], [{"Altars": 6}, {}]),
        _record(["ixchel", "zotz"], [0.0, 1.0], [80, 99], [{}, {"Altars": 2}]),
    ]
    rows = {r["god"]: r for r in balance_mezo.tally(records, 2)}
    assert rows["uayeb"]["n"] == 2 and rows["uayeb"]["wins"] == 1.5
    assert rows["uayeb"]["win_rate"] == 0.75
    assert rows["uayeb"]["mean_vp_by_source"] == {"Altars": 5.0}
    assert rows["zotz"]["n"] == 3 and rows["zotz"]["wins"] == 1.5
    assert rows["zotz"]["mean_vp"] == pytest.approx((90 + 95 + 99) / 3, abs=0.01)
    assert rows["ixchel"]["win_rate"] == 0.0 and not rows["ixchel"]["in_band"]
    assert rows["ah_puch"]["n"] == 0 and not rows["ah_puch"]["in_band"]
    assert rows["uayeb"]["low"] < 0.75 < rows["uayeb"]["high"]
    table = balance_mezo.table(list(rows.values()), [2])
    assert "| uayeb | 75.0 [" in table and "| ah_puch | – |" in table


def test_a_run_writes_records_and_resumes_from_them(tmp_path, monkeypatch):
    """Two games at two players: the second run finds them in the records and plays none."""
    played: list[tuple[int, int]] = []
    real = balance_mezo.play_one

    def counting(players: int, seed: int, level: str) -> dict:
        played.append((players, seed))
        return real(players, seed, level)

    monkeypatch.setattr(balance_mezo, "play_one", counting)
    monkeypatch.setattr(balance_mezo, "plan", lambda players, per_cell, seed: [seed, seed + 1])
    records, out = tmp_path / "games.jsonl", tmp_path / "summary.json"
    args = ["--players", "2", "--jobs", "1", "--level", "random", "--records", str(records)]
    assert balance_mezo.main([*args, "--json", str(out)]) == 0
    assert played == [(2, 0), (2, 1)]
    lines = [json.loads(x) for x in records.read_text().splitlines()]
    assert [r["seed"] for r in lines] == [0, 1]
    assert all(sum(r["share"]) == pytest.approx(1.0) for r in lines)
    assert all(sum(r["src"][s].values()) == r["vp"][s] for r in lines for s in range(2))
    summary = json.loads(out.read_text())
    assert summary["complete"] and summary["games"] == {"2": 2}
    assert sum(c["n"] for c in summary["cells"]) == 4
    assert balance_mezo.main(args) == 0
    assert played == [(2, 0), (2, 1)]  # nothing played again


def test_bad_arguments_get_a_message_not_a_traceback(capsys):
    with pytest.raises(SystemExit):
        balance_mezo.main(["--players", "5"])
    assert "--players must be 2, 3 or 4" in capsys.readouterr().err


def test_notes_are_left_out_of_the_fingerprint_since_they_never_play():
    data = {"a": 1, "note": "why", "b": [{"note": "why not", "c": 2}]}
    assert balance_mezo._without_notes(data) == {"a": 1, "b": [{"c": 2}]}
    assert len(balance_mezo.fingerprint()) == 12
