"""Who is at the keyboard, what they may see, and the log as they may read it.

This is the part of the game frame that decides privacy. It imports neither Textual nor Rich
(a test imports it alone and looks), so it is tested without a terminal: the frame asks its
``TableView`` which seat's view to draw, whether a hand-off curtain is needed before the next
decision, and which log lines the current viewer may read. The moves and their log entries
are the session's; this module only filters them for the viewer.

The rule: the screen always shows ``view(viewer)`` and the log lines ``viewer`` may see, where
``viewer`` is the human at the keyboard. With one human it is always that human; with no human
it is nobody (public information only). With two or more humans, the viewer changes only when
the next decision belongs to another human, and if the two may not see exactly the same
things (a secret decision, different views, a private log line), the change goes through the
curtain. In a shared game only the seats played at this keyboard count: a process that plays
one seat always shows that seat's view, and needs no curtain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop_tui.engine.core import Decision, GameState
from tabletop_tui.engine.views import ForViewer, view_type, without_marked
from tabletop_tui.seats import fill_names, kind_label, seat_name
from tabletop_tui.session import Move, Session


@dataclass(frozen=True)
class LogLine:
    text: str
    seat: int | None
    private: bool = False
    frame: bool = False


def decision_seen_by(decision: Decision | None, viewer: int | None) -> Decision | None:
    """A decision as ``viewer`` may see it: another seat's secret options are removed, so no
    board can show them."""
    if decision is None or not decision.secret or decision.seat == viewer:
        return decision
    return Decision(decision.seat, decision.prompt, (), True, decision.kind, {})


def _public_part(state: GameState, view: dict[str, Any]) -> Any:
    """``view`` without the keys its game's view type marks ``ForViewer`` (which seat am I,
    advice such as odds computed from the seat's own hand): they may differ between seats
    without being private. Everything else that differs between two seats' views is private;
    a game that declares no view type has every key compared."""
    hint = view_type(type(state))
    return view if hint is None else without_marked(view, hint, ForViewer)


class TableView:
    """The game as the person at the keyboard sees it: a session plus the viewing seat.

    (Not ``rich.table.Table``: this is the players' table.)"""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.viewer: int | None = None
        # The views of the position on the table, by seat (``view_of``).
        self._views: tuple[GameState, int, dict[int | None, dict[str, Any]]] | None = None
        humans = session.local_humans
        if len(humans) == 1:
            self.viewer = humans[0]

    # ---- facts ---------------------------------------------------------------------------

    @property
    def moves(self) -> list[Move]:
        return self.session.moves

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def decision(self) -> Decision | None:
        return self.session.decision

    def name(self, seat: int | None) -> str:
        return self.session.name(seat)

    def seat_title(self, seat: int) -> str:
        return f"{self.name(seat)} ({kind_label(self.session.seats[seat].kind)})"

    def fill(self, text: str) -> str:
        return fill_names(text, self.names)

    # ---- privacy -------------------------------------------------------------------------

    def private_log(self, seat: int | None) -> bool:
        """Whether the log holds a line only ``seat`` may read."""
        if seat is None:
            return False
        return any(e.private_to == seat for m in self.moves for e in m.entries)

    def needs_curtain(self, current: int | None, nxt: int) -> bool:
        """Whether handing the keyboard from ``current`` to ``nxt`` could show one of them
        something the other may not see: a secret decision, views that differ (a hand one
        of them holds, or anything hidden from a spectator when nobody held the keyboard
        yet), or a private log line."""
        decision = self.decision
        if decision is not None and decision.secret:
            return True
        state = self.session.state
        if _public_part(state, self.view_of(current)) != _public_part(state, self.view_of(nxt)):
            return True
        return self.private_log(current) or self.private_log(nxt)

    def settle_viewer(self) -> int | None:
        """Update the viewer for the pending decision.

        Returns the seat the keyboard must be handed to behind the curtain (the viewer is then
        left unchanged until the caller confirms with ``hand_to``), or None.
        """
        humans = self.session.local_humans
        if not humans:
            self.viewer = None
            return None
        if len(humans) == 1:
            self.viewer = humans[0]
            return None
        decision = self.decision
        if decision is None:
            # The game is over: show only what everybody may see.
            self.viewer = None
            return None
        if not self.session.is_human(decision.seat) or decision.seat == self.viewer:
            return None
        if decision.seat not in humans:
            return None  # played at another keyboard: this one keeps its viewer
        if self.needs_curtain(self.viewer, decision.seat):
            return decision.seat
        self.viewer = decision.seat
        return None

    def hand_to(self, seat: int) -> None:
        self.viewer = seat

    def view(self) -> dict[str, Any]:
        return self.view_of(self.viewer)

    def view_of(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the position on the table, made once per position: a move
        that hands the keyboard on compares two seats' views (``needs_curtain``), and the
        redraw then draws one of them. A position is its state object and the length of
        its history (``apply`` adds to it; an undo or a reload makes another state). Shared:
        only read."""
        state = self.session.state
        kept = self._views
        if kept is None or kept[0] is not state or kept[1] != len(state.history):
            kept = self._views = (state, len(state.history), {})
        views = kept[2]
        if seat not in views:
            views[seat] = state.view(seat)
        return views[seat]

    def board_decision(self) -> Decision | None:
        """The pending decision as the viewer may see it (``decision_seen_by``)."""
        return decision_seen_by(self.decision, self.viewer)

    def viewer_decides(self) -> bool:
        decision = self.decision
        return (
            decision is not None
            and self.session.is_human(decision.seat)
            and decision.seat == self.viewer
        )

    # ---- moves ---------------------------------------------------------------------------

    def apply(self, option_id: str) -> None:
        decision = self.decision
        if decision is None:
            raise ValueError("the game is over")
        decision.option(option_id)  # an illegal option is refused before anything else
        self.session.apply(option_id)

    def can_undo(self) -> bool:
        if self.session.shared and (not self.moves or self.moves[-1].seat != self.viewer):
            return False  # never across another keyboard's decision
        return (
            self.viewer is not None and self.viewer_decides() and self.session.can_undo(self.viewer)
        )

    def undo(self) -> None:
        self.session.undo()

    def sync(self) -> bool:
        """Take in what other processes wrote (a shared game); True if the screen should be
        drawn again."""
        return self.session.sync()

    def waiting_note(self, seat: int) -> str:
        """For a seat played at another keyboard: whether anyone is there, and for the host
        the command that takes the seat. Empty for every other seat."""
        present = self.session.present(seat)
        if present is None or present:
            return ""
        code = self.session.codes.get(seat)
        if code:
            return f"not connected: on another terminal, type: {self.session.join_command(code)}"
        return "not connected"

    # ---- the log -------------------------------------------------------------------------

    def log_lines(self, viewer: int | None = None, *, upto: int | None = None) -> list[LogLine]:
        """The log as ``viewer`` may read it.

        Each move's log entries come after a line naming who decided what, unless the engine
        already wrote a public line for that seat. Another seat's secret choice reads only as
        its prompt.
        """
        lines: list[LogLine] = []
        moves = self.moves if upto is None else self.moves[:upto]
        for move in moves:
            lines.extend(self.move_lines(move, viewer))
        return lines

    def move_lines(self, move: Move, viewer: int | None) -> list[LogLine]:
        return move_lines(move, viewer, self.names)


def move_lines(move: Move, viewer: int | None, names: list[str]) -> list[LogLine]:
    """The log lines of one move as ``viewer`` may read them."""
    lines = []
    attributed = any(e.seat == move.seat and e.private_to is None for e in move.entries)
    if not attributed:
        who = seat_name(names, move.seat)
        if move.secret and viewer != move.seat:
            prompt = fill_names(move.prompt, names)
            text = f"{prompt if prompt.startswith(who) else f'{who}: {prompt}'} (hidden choice)"
        else:
            text = f"{who}: {fill_names(move.label, names)}"
        lines.append(LogLine(text, move.seat, frame=True))
    for entry in move.entries:
        if entry.visible_to(viewer):
            lines.append(
                LogLine(
                    fill_names(entry.text, names), entry.seat, private=entry.private_to is not None
                )
            )
    return lines
