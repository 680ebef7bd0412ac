"""Who sees what at the table: the viewer, the curtain decision and the log, without a UI."""

from __future__ import annotations

from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.session import Session
from tabletop_tui.ui.table import TableView
from tests.ui.conftest import seats


def table_for(info, kinds, seed=5, **options):
    config = info.make_config(len(kinds), options)
    return TableView(Session.start(info, config, seats(*kinds), seed))


def test_one_human_is_always_the_viewer(highcard):
    table = table_for(highcard, ["medium", "human"])
    assert table.viewer == 1
    assert table.settle_viewer() is None
    assert table.viewer == 1  # even while the bot decides


def test_bots_only_show_public_information(highcard):
    table = table_for(highcard, ["random", "random"])
    assert table.settle_viewer() is None
    assert table.viewer is None
    assert all(c is None for hand in table.view()["hands"] for c in hand)


def test_two_humans_with_secrets_need_the_curtain_every_switch(highcard):
    table = table_for(highcard, ["human", "human"])
    assert table.settle_viewer() == 0  # first hand-off: nobody holds the keyboard yet
    table.hand_to(0)
    assert table.settle_viewer() is None
    assert table.view()["hands"][0] == sorted(table.view()["hands"][0])
    assert None not in table.view()["hands"][0]
    assert all(c is None for c in table.view()["hands"][1])
    table.apply(table.decision.options[0].id)
    assert table.settle_viewer() == 1
    assert table.viewer == 0  # unchanged until the hand-off is confirmed


def test_a_seats_view_is_made_once_per_position(highcard, monkeypatch):
    """Handing the keyboard on compares two seats' views and the redraw draws one of them:
    each seat's view of a position is made once, and a move or an undo shows the new
    position's."""
    table = table_for(highcard, ["human", "human"], open_hands=True)
    made: list[int | None] = []
    view = type(table.session.state).view

    def counted(state, seat):
        made.append(seat)
        return view(state, seat)

    monkeypatch.setattr(type(table.session.state), "view", counted)
    assert table.settle_viewer() is None and table.viewer == 0
    first = table.view()
    assert table.view_of(0) is first and table.view_of(1) is not first
    made.clear()
    table.apply(table.decision.options[0].id)
    assert table.settle_viewer() == 1  # compares both seats' views of the new position
    table.view()
    table.view_of(1)
    assert sorted(made) == [0, 1]  # each made once
    assert table.view_of(0) == view(table.session.state, 0) != first
    table.undo()
    assert table.view_of(0) == first and table.view_of(0) is not first


def test_open_hands_need_no_curtain_until_something_private_is_logged(highcard):
    # Open hands, no secret decision: the keyboard passes without a curtain...
    table = table_for(highcard, ["human", "human"], open_hands=True)
    assert not table.decision.secret
    assert table.settle_viewer() is None
    assert table.viewer == 0
    # ...but the game then logs "You play N" privately: that line is private information.
    table.apply(table.decision.options[0].id)
    assert table.private_log(0) and not table.private_log(1)
    assert table.settle_viewer() == 1


def test_board_never_gets_another_seats_secret_options(highcard):
    table = table_for(highcard, ["human", "human"])
    table.hand_to(1)  # seat 1 at the keyboard while seat 0 decides in secret
    shown = table.board_decision()
    assert shown is not None and shown.seat == 0 and shown.options == ()
    table.hand_to(0)
    assert table.board_decision().options == table.decision.options


def test_log_hides_secret_choices_from_others(highcard):
    table = table_for(highcard, ["human", "human"])
    first = table.decision.options[0]
    table.apply(first.id)
    mine = [ln.text for ln in table.log_lines(0)]
    theirs = [ln.text for ln in table.log_lines(1)]
    public = [ln.text for ln in table.log_lines(None)]
    card = first.label.split()[-1]
    assert any(card in t for t in mine)
    assert "Ann: Play a card (hidden choice)" in theirs
    assert not any(f"Play {card}" in t or f"play {card}" in t for t in theirs + public)


def test_bot_moves_are_in_the_log(highcard):
    table = table_for(highcard, ["human", "medium"])
    table.apply(table.decision.options[0].id)
    choice = table.session.bot_choice()
    table.apply(choice)
    texts = [ln.text for ln in table.log_lines(0)]
    assert "Bot B: Play a card (hidden choice)" in texts
    assert any("wins round 1" in t or "tied" in t for t in texts)


def test_undo_only_own_decisions_and_keeps_journal_in_step(highcard):
    table = table_for(highcard, ["human", "medium"], rounds=3)
    assert not table.can_undo()
    table.apply(table.decision.options[0].id)
    # The bot decides next: the human may not take back across it.
    assert not table.can_undo()
    table.apply(table.session.bot_choice())
    assert not table.can_undo()  # the round's cards were revealed: a barrier
    assert len(table.moves) == len(table.session.state.history) == 2


def test_undo_within_own_turns(highcard):
    # Two seats of the same person are not a thing; a solo game has only own decisions,
    # but each round reveals the card, so a solo move is never undoable either.
    table = table_for(highcard, ["human"])
    table.apply(table.decision.options[0].id)
    assert not table.can_undo()


def test_journal_rebuilt_on_resume_matches_live_log(highcard, tmp_path):
    from tabletop_tui.store import Store

    store = Store.open(tmp_path / "d")
    config = highcard.make_config(2, {})
    session = Session.start(highcard, config, seats("human", "medium"), 9, store)
    table = TableView(session)
    table.apply(table.decision.options[1].id)
    table.apply(session.bot_choice())
    resumed = TableView(Session.resume(store, session.game_id))
    assert resumed.log_lines(0) == table.log_lines(0)
    assert resumed.log_lines(1) == table.log_lines(1)
    assert resumed.viewer == 0
    store.close()


def count_applies(monkeypatch) -> list[int]:
    """Count every move the fixture game carries out (live, replayed or undone): one entry
    per call of its ``_apply``."""
    from tests.fixture_game import HighCard

    calls: list[int] = []
    real = HighCard._apply

    def counted(self, option):
        calls.append(len(self.history))
        real(self, option)

    monkeypatch.setattr(HighCard, "_apply", counted)
    return calls


def test_resume_replays_the_moves_once(highcard, tmp_path, monkeypatch):
    from tabletop_tui.store import Store

    store = Store.open(tmp_path / "d")
    config = highcard.make_config(2, {"rounds": 3})
    session = Session.start(highcard, config, seats("human", "medium"), 9, store)
    table = TableView(session)
    for _ in range(4):
        table.apply(session.bot_choice() or table.decision.options[0].id)
    calls = count_applies(monkeypatch)
    resumed = TableView(Session.resume(store, session.game_id))
    assert calls == [0, 1, 2, 3]  # each saved move once, for the state and the log alike
    assert resumed.moves == table.moves
    assert resumed.log_lines(0) == table.log_lines(0)
    store.close()


def test_undo_replays_the_moves_before_it_once(highcard, tmp_path, monkeypatch):
    from tabletop_tui.store import Store

    store = Store.open(tmp_path / "d")
    config = highcard.make_config(3, {"open_hands": True})
    session = Session.start(highcard, config, seats("human", "human", "human"), 6, store)
    table = TableView(session)
    table.apply(table.decision.options[0].id)
    before = table.log_lines(1)
    table.apply(table.decision.options[0].id)
    session.state.barrier = 0  # allow undo for this test of the bookkeeping
    session.state._decision_cache = None
    calls = count_applies(monkeypatch)
    table.undo()
    assert calls == [0]  # the one move before the undone one, replayed once
    assert len(table.moves) == len(session.state.history) == 1
    assert table.log_lines(1) == before
    assert [e.text for e in session.log] == [e.text for e in table.moves[0].entries]
    resumed = Session.resume(store, session.game_id)
    assert resumed.moves == session.moves and resumed.state == session.state
    store.close()


def test_names_fill_seat_placeholders(highcard):
    table = table_for(highcard, ["human", "medium"])
    assert table.fill("{seat:1} plays after {seat:0}") == "Bot B plays after Ann"
    assert table.fill("{seat:7}") == "Seat 8"
    assert SeatSpec(name="x", kind="human").kind == "human"


def test_seats_that_see_the_same_need_no_curtain(highcard):
    """A co-op game where both players see every hand (a spectator sees none): the first
    hand-off hides the hands from whoever was at the keyboard, later ones do not."""
    import dataclasses

    from tests.fixture_game import HighCard

    class SharedHands(HighCard):
        def _decision(self):
            decision = super()._decision()
            if decision is None:
                return None
            return dataclasses.replace(decision, secret=False)

        def view(self, seat):
            data = super().view(seat)
            if seat is not None:
                data["hands"] = [list(h) for h in self.hands]
            return data

        def _apply(self, option):
            super()._apply(option)
            self._log_buffer[:] = [e for e in self._log_buffer if e.private_to is None]

    info = dataclasses.replace(highcard, state_class=SharedHands)
    config = info.make_config(2, {})
    table = TableView(Session.start(info, config, seats("human", "human"), 5))
    assert table.settle_viewer() == 0
    table.hand_to(0)
    table.apply(table.decision.options[0].id)
    assert table.settle_viewer() is None and table.viewer == 1


def test_open_coop_hands_off_without_curtain_but_fear_of_the_dark_hides():
    """Maeshowe co-op: both hands are open, so the keyboard passes freely; in Fear of the
    Dark the hands are secret and every hand-off goes behind the curtain."""
    from tabletop_tui.engine.record import SeatSpec
    from tabletop_tui.engine.registry import get_game
    from tabletop_tui.session import Session
    from tabletop_tui.ui.table import TableView

    info = get_game("maeshowe")
    seats = [SeatSpec(name="A", kind="human"), SeatSpec(name="B", kind="human")]
    for fotd, expected in ((False, False), (True, True)):
        config = info.make_config(2, {"fear_of_the_dark": fotd})
        table = TableView(Session.start(info, config, seats, seed=3))
        table.viewer = 0
        assert table.needs_curtain(0, 1) is expected


def test_ranking_has_no_rank_column_for_a_table_that_wins_or_loses_together():
    from rich.console import Console

    from tabletop_tui.engine.core import GameResult, SeatResult
    from tabletop_tui.engine.record import SeatSpec
    from tabletop_tui.ui.results import ranking_table

    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind="human")]
    console = Console(width=80, record=True)
    coop = GameResult((SeatResult(0, 3, 1), SeatResult(1, 3, 1)), cooperative=True, won=True)
    console.print(ranking_table(coop, seats))
    text = console.export_text()
    assert "Rank" not in text and "won" in text
    versus = GameResult((SeatResult(0, 9, 1), SeatResult(1, 3, 2)))
    console.print(ranking_table(versus, seats))
    assert "Rank" in console.export_text()


def test_the_table_view_imports_neither_textual_nor_rich():
    """Its docstring says so: import it alone in a clean interpreter and look."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import tabletop_tui.ui.table\n"
        "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
