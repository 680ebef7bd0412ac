"""Seats at other keyboards: several processes play one game through the shared store."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import get_game
from tabletop_tui.session import REMOTE, MoveConflict, Session
from tabletop_tui.store import Store
from tabletop_tui.store.db import HOST_SEAT, JoinRefused, hash_code, normalise_code
from tabletop_tui.ui.table import TableView

from .bounded import bounded

ROOT = Path(__file__).resolve().parents[1]


def mezo_pair(tmp_path: Path, seed: int = 11) -> tuple[Session, Session, str]:
    """A Mezo 2-player game hosted by Ann (seat 1) with Bo (seat 2) joined from a second
    connection to the same database, as a second process would."""
    info = get_game("mezo")
    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind=REMOTE)]
    host = Session.host(info, info.make_config(2, {}), seats, seed, store=Store.open(tmp_path))
    code = host.codes[1]
    guest = Session.join(Store.open(tmp_path), code)
    return host, guest, code


def test_hosting_stores_a_human_seat_and_only_a_hash_of_its_code(tmp_path):
    host, guest, code = mezo_pair(tmp_path)
    assert [s.kind for s in host.seats] == ["human", "human"]  # a remote seat is a person
    assert set(host.codes) == {1}
    assert len(normalise_code(code)) == 12
    stored = host.store.conn.execute("SELECT hash FROM join_codes").fetchall()
    assert stored == [(hash_code(code),)]
    raw = (tmp_path / "tabletop-tui.sqlite3").read_bytes()
    raw += (tmp_path / "tabletop-tui.sqlite3-wal").read_bytes()
    assert normalise_code(code).encode() not in raw and code.encode() not in raw
    assert host.local == {0} and host.hosting
    assert guest.local == {1} and not guest.hosting
    assert host.local_humans == [0] and guest.local_humans == [1]


def test_two_processes_play_mezo_to_the_end_each_seeing_only_its_own_seat(tmp_path):
    host, guest, _ = mezo_pair(tmp_path)
    tables = {0: TableView(host), 1: TableView(guest)}
    assert tables[0].viewer == 0 and tables[1].viewer == 1
    rng = random.Random(3)
    secret_moves = 0
    for _step in bounded():
        if host.decision is None:
            break
        decision = host.decision
        seat = decision.seat
        mover, other = tables[seat], tables[1 - seat]
        assert mover.viewer_decides() and not other.viewer_decides()
        # The seat not deciding never holds the other's secret options, and needs no curtain.
        assert other.settle_viewer() is None and other.viewer == 1 - seat
        seen = other.board_decision()
        if decision.secret:
            secret_moves += 1
            assert seen is not None and seen.options == ()
        # Its view is the same whatever is hidden from it: it shows none of it.
        state = other.session.state
        if rng.random() < 0.2:
            twin = state.sample(1 - seat, random.Random(rng.getrandbits(32)))
            assert twin.view(1 - seat) == other.view()
        mover.apply(rng.choice(decision.options).id)
        assert other.sync()  # the other process sees the move
        assert other.session.state.history == mover.session.state.history
        for line in other.log_lines(other.viewer):
            assert not line.private or other.session.log  # private lines are the viewer's own
        private = [e for e in other.session.visible_log(other.viewer) if e.private_to is not None]
        assert all(e.private_to == other.viewer for e in private)
    assert secret_moves > 0
    assert guest.result is not None and guest.result.to_json() == host.result.to_json()
    assert Store.open(tmp_path).get(host.game_id).status == "finished"


def test_nothing_is_read_again_while_nothing_changed(tmp_path):
    host, guest, _ = mezo_pair(tmp_path)
    assert not guest.sync()
    assert not guest.sync()
    host.apply(host.decision.options[0].id) if host.decision.seat == 0 else guest.apply(
        guest.decision.options[0].id
    )
    assert host.sync() or guest.sync()


def test_a_race_on_one_move_number_writes_it_once(tmp_path):
    host, guest, _ = mezo_pair(tmp_path, seed=5)
    # Both processes hold the same position and both try to write the next move.
    decision = host.decision
    first, second = decision.options[0].id, decision.options[-1].id
    host.apply(first)
    before = list(host.state.history)
    with pytest.raises(MoveConflict, match="another seat moved first"):
        guest.apply(second)
    saved = Store.open(tmp_path).get(host.game_id).record.history
    assert saved == before  # one move, the winner's; nothing doubled or lost
    assert guest.state.history == before  # the loser reloaded the game as saved
    assert guest.state.fingerprint() == host.state.fingerprint()


def test_undo_is_refused_once_another_seat_has_moved(tmp_path):
    host, guest, _ = mezo_pair(tmp_path, seed=5)
    tables = {0: TableView(host), 1: TableView(guest)}
    decision = host.decision
    mover = tables[decision.seat]
    mover.apply(decision.options[0].id)
    other = tables[1 - decision.seat]
    other.sync()
    # Only the seat whose decision was last may take it back, and only its own.
    assert not other.can_undo()
    length = len(host.state.history)
    # A stale undo (the other process moved since) is refused and changes nothing saved.
    host_copy = Session.resume(Store.open(tmp_path), host.game_id, bind=False)
    if host.decision is not None:
        nxt = tables[host.decision.seat]
        nxt.sync()
        nxt.apply(host.decision.options[0].id if nxt is tables[0] else nxt.decision.options[0].id)
    with pytest.raises(MoveConflict, match="Not undone"):
        host_copy.undo()
    assert Store.open(tmp_path).move_count(host.game_id) == length + 1


def test_an_undo_reaches_the_other_process_and_only_the_decider_may_undo(tmp_path):
    # Seed 21: Ann picks her tribe, then her god, before Bo decides anything.
    host, guest, _ = mezo_pair(tmp_path, seed=21)
    tables = {0: TableView(host), 1: TableView(guest)}
    assert host.decision.seat == 0
    tables[0].apply(host.decision.options[0].id)
    assert host.decision.seat == 0
    assert tables[1].sync() and len(guest.state.history) == 1
    assert not tables[1].can_undo()  # Bo never takes back Ann's decision
    assert tables[0].can_undo()
    tables[0].undo()
    assert tables[1].sync()
    assert guest.state.history == host.state.history == []
    assert [m.seat for m in tables[1].moves] == []
    assert Store.open(tmp_path).move_count(host.game_id) == 0


def test_join_codes_are_refused_when_wrong_in_use_over_or_for_another_game(tmp_path):
    host, guest, code = mezo_pair(tmp_path)
    store = Store.open(tmp_path)
    with pytest.raises(JoinRefused, match="no game has the join code"):
        store.find_code("ZZZZ-ZZZZ-ZZZZ")
    with pytest.raises(JoinRefused, match="type the join code"):
        store.find_code("  ")
    with pytest.raises(JoinRefused, match="for another game"):
        store.find_code(code, game_id=host.game_id + 1)
    # Typed loosely (lower case, no dashes, O for 0) it is the same code.
    assert store.find_code(normalise_code(code).lower()) == (host.game_id, 1)
    # Held by another live process: refused while it runs.
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        store.claim(code, owner=(sleeper.pid, socket.gethostname()))
        with pytest.raises(JoinRefused, match="already being played"):
            Session.join(Store.open(tmp_path), code)
    finally:
        sleeper.kill()
        sleeper.wait()
    assert store.find_code(code) == (host.game_id, 1)  # its process is gone: free again
    store.set_status(host.game_id, "abandoned")
    with pytest.raises(JoinRefused, match="abandoned"):
        store.find_code(code)


JOINER = textwrap.dedent(
    """
    import sys, time
    from tabletop_tui.session import Session
    from tabletop_tui.store import Store
    s = Session.join(Store.open(sys.argv[1]), sys.argv[2])
    seat = min(s.local)
    while s.decision is not None and s.decision.seat == seat:
        s.apply(s.decision.options[0].id)
    print(len(s.state.history), flush=True)
    time.sleep(120)
    """
)


def test_a_killed_seat_process_loses_nothing_and_its_code_resumes_the_seat(tmp_path):
    host, guest, code = mezo_pair(tmp_path)
    guest.release()
    guest.store.close()
    # Let the host play until the guest's seat decides.
    for _step in bounded():
        if not (host.decision is not None and host.decision.seat == 0):
            break
        host.apply(host.decision.options[0].id)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-c", JOINER, str(tmp_path), code],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        made = int(proc.stdout.readline())
        assert made > len(host.state.history)
        assert host.sync() and len(host.state.history) == made
        assert host.present(1) is True
        with pytest.raises(JoinRefused, match="in use"):
            Store.open(tmp_path).find_code(code)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    assert host.refresh_presence() and host.present(1) is False
    back = Session.join(Store.open(tmp_path), code)
    assert back.state.history == host.state.history  # nothing the killed process did is lost
    assert back.local == {1}
    assert back.decision is not None


def test_bots_move_in_the_host_process_unless_it_is_gone(tmp_path):
    info = get_game("mesos")
    seats = [
        SeatSpec(name="Ann", kind="human"),
        SeatSpec(name="Bo", kind=REMOTE),
        SeatSpec(name="Bot 3", kind="easy"),
    ]
    host = Session.host(info, info.make_config(3, {}), seats, 2, store=Store.open(tmp_path))
    guest = Session.join(Store.open(tmp_path), host.codes[1])
    assert host.runs_bots and not guest.runs_bots
    assert host.plays(2) and not guest.plays(2)
    assert not host.plays(1) and guest.plays(1) and host.plays(0) and not guest.plays(0)
    host.release()
    guest.sync()
    assert guest.runs_bots and guest.plays(2)
    assert guest.present(0) is False  # the host's seat now reads as not connected
    assert Store.open(tmp_path).holders(host.game_id)[HOST_SEAT].pid is None


def test_the_host_coming_back_gets_new_codes_and_the_old_one_still_works(tmp_path):
    host, guest, code = mezo_pair(tmp_path)
    guest.release()
    host.release()
    again = Session.resume(Store.open(tmp_path), host.game_id)
    assert again.hosting and set(again.codes) == {1} and again.codes[1] != code
    store = Store.open(tmp_path)
    assert store.find_code(code) == store.find_code(again.codes[1]) == (host.game_id, 1)


def test_the_join_command_names_a_data_folder_that_is_not_the_usual_one(tmp_path):
    host, _, code = mezo_pair(tmp_path)
    assert host.join_command(code) == f"tabletop-tui --data-dir {tmp_path} join {code}"


def test_join_on_the_command_line_refuses_bad_codes_in_one_line(tmp_path, capsys):
    from tabletop_tui.cli import main

    host, guest, code = mezo_pair(tmp_path)
    assert main(["--data-dir", str(tmp_path), "join", "0000-0000-0000"]) == 2
    assert "no game has the join code" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path), "join", code, "--game", "99"]) == 2
    assert "for another game (#1, not #99)" in capsys.readouterr().err
    assert main(["host", "mezo", "--players", "1"]) == 2
    assert "no seat for another keyboard" in capsys.readouterr().err
    assert main(["play", "mezo", "--seat", "2=remote"]) == 2
    assert "needs 'tabletop-tui host'" in capsys.readouterr().err
