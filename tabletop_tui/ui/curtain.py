"""The hotseat hand-off curtain: a full screen that hides everything private.

It is a plain (opaque) screen, so nothing of the game under it is drawn while it is up.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Button, Footer, Static

from .common import BaseScreen


class CurtainScreen(BaseScreen):
    """'Pass the keyboard to NAME, then press Enter.' Dismisses with 'ready' or 'quit'."""

    BINDINGS = [
        Binding("enter", "ready", "I am here", priority=True, id="curtain.ready"),
        Binding("q", "quit_game", "Leave game", id="curtain.leave"),
    ]

    def __init__(self, name: str, game_title: str, guard: float = 0.0) -> None:
        super().__init__()
        self.player = name
        self.game_title = game_title
        # Keys typed ahead by the previous player (a second Enter) must not lift the curtain.
        self.guard = guard
        self.shown_at = time.monotonic()

    def compose_body(self) -> ComposeResult:
        with Middle(id="curtain"):
            with Center():
                yield Static(self.game_title, id="curtain-game", markup=False)
            with Center():
                yield Static(
                    f"Pass the keyboard to {self.player}, then press Enter.",
                    id="curtain-text",
                    markup=False,
                )
            with Center():
                yield Static(
                    "Everything private is hidden until then.", id="curtain-note", markup=False
                )
            with Center():
                yield Button(f"I am {self.player}", id="curtain-ready", variant="primary")
        yield Footer()

    def now(self) -> float:
        """The app's clock for the guard (tests give the app one they move by hand)."""
        clock = getattr(self.app, "curtain_clock", None)
        return clock() if callable(clock) else time.monotonic()

    def on_mount(self) -> None:
        self.shown_at = self.now()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        if self.now() - self.shown_at < self.guard:
            return
        self.dismiss("ready")

    def action_quit_game(self) -> None:
        self.dismiss("quit")
