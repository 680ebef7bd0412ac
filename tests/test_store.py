"""Saves, resume, history, statistics and damaged data."""

from __future__ import annotations

import sqlite3

import pytest

from tabletop_tui.engine.record import DamagedSave, SeatSpec
from tabletop_tui.session import Session
from tabletop_tui.store import Store
from tests.fixture_game import HighCardConfig

from .bounded import bounded

HUMANS = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind="human")]


def _play_out(session: Session) -> None:
    for _step in bounded():
        if session.decision is None:
            break
        session.apply(session.decision.options[0].id)


def test_every_move_is_saved_as_it_happens(tmp_path, highcard):
    store = Store.open(tmp_path)
    s = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=4, store=store)
    s.apply(s.decision.options[0].id)
    s.apply(s.decision.options[1].id)
    # A second connection (another process) sees both moves without any close or flush.
    other = Store.open(tmp_path)
    stored = other.get(s.game_id)
    assert stored.record.history == s.state.history
    assert stored.status == "playing"
    assert [g.id for g in other.unfinished()] == [s.game_id]


def test_resume_gives_the_same_state_and_log(tmp_path, highcard):
    store = Store.open(tmp_path)
    s = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=8, store=store)
    for _ in range(3):
        s.apply(s.decision.options[0].id)
    again = Session.resume(Store.open(tmp_path), s.game_id)
    assert again.state == s.state
    assert again.log == s.log
    assert [x.name for x in again.seats] == ["Ann", "Bo"]


def test_finished_game_records_result_and_stats(tmp_path, highcard):
    store = Store.open(tmp_path)
    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bot", kind="hard")]
    s = Session.start(highcard, HighCardConfig(players=2), seats, seed=2, store=store)
    for _step in bounded():
        if s.decision is None:
            break
        choice = s.bot_choice() or s.decision.options[0].id
        s.apply(choice)
    stored = store.get(s.game_id)
    assert stored.status == "finished"
    assert stored.result == s.result
    assert store.unfinished() == []
    stats = store.stats()["highcard"]
    assert stats["played"] == 1
    assert stats["seats_by_kind"] == {"human": 1, "hard": 1}
    assert sum(stats["wins_by_kind"].values()) >= 1
    assert stats["best"][0] == max(x.score for x in s.result.seats)


def test_solo_win_rate_by_difficulty(tmp_path, highcard):
    store = Store.open(tmp_path)
    for seed in range(4):
        s = Session.start(
            highcard, HighCardConfig(players=1), [SeatSpec(name="A", kind="human")], seed, store
        )
        _play_out(s)
    coop = store.stats()["highcard"]["coop"]
    won, total = coop["1p"]
    assert total == 4 and 0 <= won <= 4


def test_undo_truncates_the_save(tmp_path, highcard):
    store = Store.open(tmp_path)
    seats = [SeatSpec(name="A", kind="human")]
    s = Session.start(highcard, HighCardConfig(players=2), seats * 2, seed=1, store=store)
    s.apply(s.decision.options[0].id)
    # In High Card the next seat decides, so seat 0 cannot undo; seat 1 plays and reveals.
    assert not s.can_undo(0)
    assert store.get(s.game_id).moves == 1


def test_undo_in_session_rebuilds_log(tmp_path, highcard):
    store = Store.open(tmp_path)
    seats = [SeatSpec(name="A", kind="human")] * 3
    s = Session.start(highcard, HighCardConfig(players=3, open_hands=True), seats, 6, store)
    s.apply(s.decision.options[0].id)
    s.state.barrier = 0  # allow undo for this mechanical test of the bookkeeping
    s.state._decision_cache = None
    s.undo()
    assert s.state.history == []
    assert store.get(s.game_id).moves == 0
    assert s.log == []


def test_damaged_row_is_reported_and_others_survive(tmp_path, highcard):
    store = Store.open(tmp_path)
    good = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=1, store=store)
    bad = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=2, store=store)
    store.conn.execute("UPDATE games SET seats='{broken' WHERE id=?", (bad.game_id,))
    listed = store.unfinished()
    assert [g.id for g in listed] == [good.game_id]
    assert store.damaged_rows == 1
    with pytest.raises(DamagedSave):
        store.get(bad.game_id)


def test_moves_that_do_not_replay_are_a_damaged_save(tmp_path, highcard):
    store = Store.open(tmp_path)
    s = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=1, store=store)
    s.apply(s.decision.options[0].id)
    store.conn.execute("UPDATE moves SET option_id='card:9:9' WHERE game_id=?", (s.game_id,))
    with pytest.raises(DamagedSave):
        Session.resume(store, s.game_id)


def test_foreign_database_file_is_moved_aside(tmp_path):
    path = tmp_path / "tabletop-tui.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (name TEXT)")
    conn.commit()
    conn.close()
    store = Store.open(tmp_path)
    assert store.warning and "moved to" in store.warning
    assert list(tmp_path.glob("*.damaged-*"))
    assert store.unfinished() == []


def test_prefs_round_trip(tmp_path):
    store = Store.open(tmp_path)
    assert store.get_pref("x", 5) == 5
    store.set_pref("new:mesos", {"players": 3})
    assert Store.open(tmp_path).get_pref("new:mesos") == {"players": 3}


def test_unwritable_folder_is_a_clear_error(tmp_path):
    from tabletop_tui.store import StoreError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError):
        Store.open(blocker / "sub")


def test_has_unfinished_reads_no_game(tmp_path, monkeypatch):
    from tabletop_tui.engine.record import GameRecord, SeatSpec
    from tabletop_tui.store import Store

    store = Store.open(tmp_path)
    try:
        assert not store.has_unfinished()
        seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bot", kind="random")]
        game_id = store.create_game(
            GameRecord(game="highcard", config={"players": 2}, seed=1, seats=seats)
        )
        monkeypatch.setattr(Store, "_row_to_game", None)  # not called
        assert store.has_unfinished()
        store.set_status(game_id, "abandoned")
        assert not store.has_unfinished()
    finally:
        store.close()
