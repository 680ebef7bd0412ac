"""Games played (to replay any of them) and statistics per game."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane

from tabletop_tui.engine.registry import games
from tabletop_tui.seats import seat_name
from tabletop_tui.store import StoredGame

from .common import BaseScreen, kind_label

if TYPE_CHECKING:
    from tabletop_tui.app import TabletopApp


def result_label(stored: StoredGame) -> str:
    if stored.status != "finished" or stored.result is None:
        return stored.status
    res = stored.result
    names = [s.name for s in stored.seats]
    if res.cooperative:
        return "won" if res.won else "lost"
    winners = [seat_name(names, s) for s in res.winners()]
    return "won by " + ", ".join(winners)


def pct(won: int, total: int) -> str:
    return f"{won}/{total} ({round(100 * won / total)}%)" if total else "—"


def stats_renderable(stats: dict[str, Any]) -> Group | Text:
    """One block per game: games played, wins per seat kind, best score, solo/co-op rates."""
    if not stats:
        return Text("No finished games yet: statistics appear after the first one.")
    registry = games()
    blocks: list[Any] = []
    for game_id, entry in sorted(stats.items()):
        title = registry[game_id].title if game_id in registry else game_id
        blocks.append(Text(f"{title}: {entry['played']} game(s) played", style="bold"))
        table = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("Seat kind")
        table.add_column("Seats", justify="right")
        table.add_column("Wins", justify="right")
        for kind, seats in sorted(entry["seats_by_kind"].items()):
            wins = entry["wins_by_kind"].get(kind, 0)
            table.add_row(kind_label(kind), str(seats), pct(wins, seats))
        blocks.append(table)
        best = entry.get("best")
        if best:
            score, name, gid = best
            blocks.append(Text(f"Best score: {score} by {name} (game #{gid})"))
        coop = entry.get("coop") or {}
        if coop:
            rates = RichTable(
                title="Solo and co-op",
                title_justify="left",
                box=box.SIMPLE_HEAD,
                show_edge=False,
                pad_edge=False,
            )
            rates.add_column("Players and difficulty")
            rates.add_column("Won", justify="right")
            for key, (won, total) in sorted(coop.items()):
                rates.add_row(key, pct(won, total))
            blocks.append(rates)
        blocks.append(Text(""))
    return Group(*blocks)


class HistoryScreen(BaseScreen):
    """Two tabs: the games played (Enter replays one) and the statistics."""

    BINDINGS = [
        Binding("escape,q", "close", "Back", id="history.close"),
        Binding("v", "tab('history')", "History", id="history.history"),
        Binding("s", "tab('stats')", "Stats", id="history.stats"),
    ]

    def __init__(self, tab: str = "history") -> None:
        super().__init__()
        self.initial_tab = tab
        self.rows: list[StoredGame] = []

    @property
    def tt_app(self) -> TabletopApp:
        return self.app  # type: ignore[return-value]

    def compose_body(self) -> ComposeResult:
        with TabbedContent(initial=self.initial_tab, id="history-tabs"):
            with TabPane("History (v)", id="history"):
                yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
                yield Static(id="history-note", markup=False)
            with TabPane("Statistics (s)", id="stats"), VerticalScroll():
                yield Static(id="stats-body")
        yield Footer()

    def on_mount(self) -> None:
        store = self.tt_app.store
        self.rows = store.all_games()
        damaged = store.damaged_rows
        registry = games()
        table = self.query_one("#history-table", DataTable)
        # The players come last: a long list runs off the right edge, the result does not.
        table.add_columns("#", "Game", "Date", "Moves", "Result", "Players")
        for g in self.rows:
            info = registry.get(g.record.game)
            table.add_row(
                str(g.id),
                info.title if info else g.record.game,
                time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated)),
                str(g.moves),
                result_label(g),
                ", ".join(s.name for s in g.seats),
            )
        note = "Enter: replay the highlighted game." if self.rows else "No games yet."
        if damaged:
            note += f" {damaged} damaged game(s) skipped."
        self.query_one("#history-note", Static).update(note)
        self.query_one("#stats-body", Static).update(stats_renderable(store.stats()))
        if self.initial_tab == "history":
            table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        stored = self.rows[event.cursor_row]
        if stored.record.game not in games():
            self.notify(f"The game '{stored.record.game}' is not installed.", severity="error")
            return
        self.tt_app.open_replay(stored.record, finished=stored.status == "finished")

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        if tab == "history":
            self.query_one("#history-table").focus()

    def action_close(self) -> None:
        self.dismiss(None)
