"""The end of a game: ranking, score breakdown per seat, win or loss, and the analysis."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Static
from textual.worker import Worker, WorkerState, get_current_worker

from tabletop_tui.engine.core import GameResult
from tabletop_tui.seats import seat_name
from tabletop_tui.session import Session

from .common import BaseScreen, fill_names, kind_label
from .kit.palette import Palette


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def outcome_text(result: GameResult, names: list[str], palette: Palette | None = None) -> Text:
    """One line saying how the game ended, in words (never colour alone)."""
    palette = palette or Palette()
    if result.cooperative:
        if result.won:
            return Text("✔ Victory: the table won.", style=palette.hue("green"))
        return Text("✘ Defeat: the table lost.", style=palette.hue("red"))
    winners = [seat_name(names, s) for s in result.winners()]
    if len(winners) == 1:
        return Text(f"★ {winners[0]} wins.", style="bold")
    return Text(f"★ Shared victory: {', '.join(winners)}.", style="bold")


def ranking_table(result: GameResult, seats: list[Any]) -> RichTable:
    """Seats from first to last (its header line says what it is: no title line)."""
    table = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    coop = result.cooperative  # the table wins or loses together: no ranks
    if not coop:
        table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Plays as")
    table.add_column("Score", justify="right")
    if coop:
        table.add_column("Result")
    for sr in sorted(result.seats, key=lambda s: (s.rank, s.seat)):
        seat = seats[sr.seat] if sr.seat < len(seats) else None
        name = seat_name([s.name for s in seats], sr.seat)
        kind = kind_label(seat.kind) if seat else "?"
        row = ([] if coop else [ordinal(sr.rank)]) + [name, kind, str(sr.score)]
        if coop:
            won = result.won if sr.won is None else sr.won
            row.append("won" if won else "lost")
        table.add_row(*row)
    return table


def breakdown_table(result: GameResult, names: list[str]) -> RichTable | None:
    """Rows are scoring categories, columns are seats (in seat order), then a rule and the
    total row. The title stands in the header's first cell, to save a line."""
    labels: list[str] = []
    for sr in result.seats:
        for line in sr.breakdown:
            if line.label not in labels:
                labels.append(line.label)
    if not labels:
        return None
    table = RichTable(box=box.HORIZONTALS, show_edge=False, pad_edge=False)
    table.add_column("Score breakdown")
    seats = sorted(result.seats, key=lambda s: s.seat)
    for sr in seats:
        table.add_column(seat_name(names, sr.seat), justify="right")
    for i, label in enumerate(labels):
        row = [fill_names(label, names)]
        for sr in seats:
            points = sum(b.points for b in sr.breakdown if b.label == label)
            row.append(str(points))
        table.add_row(*row, end_section=i == len(labels) - 1)
    table.add_row("Total", *[str(sr.score) for sr in seats], style="bold")
    return table


class ResultScreen(BaseScreen):
    """Dismisses with 'again', 'replay', 'picker' or None (back to the board).

    The outcome shares the title line and the ranking comes first, so the winner and every
    total show even when the rest must scroll; a line under the text then says there is
    more below. On short terminals the buttons give way to the footer (same keys, clickable).
    """

    AUTO_FOCUS = "#result-scroll"

    BINDINGS = [
        Binding("a", "choose('again')", "Play again", id="results.again"),
        Binding("r", "choose('replay')", "Replay", id="results.replay"),
        Binding("p,q", "choose('picker')", "Start screen", id="results.picker"),
        Binding("b,escape", "choose('board')", "See the board", id="results.board"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        result = session.result
        assert result is not None, "the game is not over"
        self.result = result

    def compose_body(self) -> ComposeResult:
        names = [s.name for s in self.session.seats]
        info = self.session.info
        title = Text(f"{info.title}: game over · ")
        title.append_text(outcome_text(self.result, names, Palette.for_app(self.app)))
        yield Static(title, id="outcome", classes="screen-title")
        with VerticalScroll(id="result-scroll"):
            if self.result.summary:
                yield Static(fill_names(self.result.summary, names), id="summary", markup=False)
            yield Static(ranking_table(self.result, self.session.seats), id="ranking")
            breakdown = breakdown_table(self.result, names)
            if breakdown is not None:
                yield Static(breakdown, id="breakdown")
            if info.analysis is not None:
                yield Static("Analysing the game…", id="analysis", markup=False)
        yield Static("▼ more below: ↓ or PgDn", id="result-more", markup=False)
        with Horizontal(id="result-buttons"):
            yield Button("Play again (a)", id="again", variant="primary", compact=True)
            yield Button("Replay (r)", id="replay", compact=True)
            yield Button("Start screen (p)", id="picker", compact=True)
            yield Button("Board (b)", id="board", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        # Not a button: an Enter typed ahead at the end of the game must not start another.
        scroll = self.query_one("#result-scroll", VerticalScroll)
        scroll.focus()
        self.watch(scroll, "scroll_y", self._show_more)
        self.watch(scroll, "virtual_size", self._show_more)
        self.call_after_refresh(self._show_more)
        analysis = self.session.info.analysis
        moves, known = self.session.analysis or (-1, "")
        if moves == len(self.session.state.history):
            self.query_one("#analysis", Static).update(f"Analysis: {known}")
        elif analysis is not None:
            state = self.session.state.clone()

            def analyse() -> str:
                # Cancelled with the screen: a player who leaves the results (for another
                # game, say) stops the search instead of sharing the machine with it.
                worker = get_current_worker()
                return analysis(state, lambda: worker.is_cancelled)

            self.run_worker(analyse, name="analysis", thread=True, exit_on_error=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_more)

    def _show_more(self) -> None:
        """The 'more below' line shows while the text goes on under the fold. The room is
        reckoned from the screen (less the title, the footer and the buttons when shown), not
        from the scroll area, which that line itself shortens."""
        if not self.is_attached:
            return  # asked for after the screen was left (its analysis was cancelled then)
        scroll = self.query_one("#result-scroll", VerticalScroll)
        buttons = self.query_one("#result-buttons")
        room = self.size.height - 2 - (0 if buttons.styles.display == "none" else 1)
        below = scroll.virtual_size.height - room - round(scroll.scroll_y)
        self.query_one("#result-more").display = below > 0

    @property
    def more_below(self) -> bool:
        return bool(self.query_one("#result-more").display)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "analysis" or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
        ):
            return
        widget = self.query_one("#analysis", Static)
        if event.state == WorkerState.SUCCESS:
            self.session.analysis = (len(self.session.state.history), event.worker.result)
            widget.update(f"Analysis: {event.worker.result}")
        elif event.state == WorkerState.ERROR:
            widget.update(f"The analysis failed: {event.worker.error}")
        self.call_after_refresh(self._show_more)

    @property
    def analysing(self) -> bool:
        return any(w.name == "analysis" and not w.is_finished for w in self.workers)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(event.button.id or "board")

    def action_choose(self, choice: str) -> None:
        self.workers.cancel_all()
        self.dismiss(None if choice == "board" else choice)
