"""Contextual help (keys and a rules summary) and the full rules viewer."""

from __future__ import annotations

from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, MarkdownViewer, Static

from .common import SCREENS_CSS, BaseScreen, SizeAware, rules_markdown


def keys_table(keys: list[tuple[str, str]]) -> RichTable:
    table = RichTable.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, what in keys:
        table.add_row(key, what)
    return table


class HelpScreen(SizeAware, ModalScreen[None]):
    """The keys of the screen it was opened from, then a Markdown summary."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "Close", id="help.close"),
        Binding("r", "rules", "Full rules", id="help.rules"),
    ]

    def __init__(
        self,
        title: str,
        *,
        keys: list[tuple[str, str]],
        markdown: str,
        rules_file: str = "",
        rules_title: str = "",
    ) -> None:
        super().__init__()
        self.help_title = title
        self.keys = keys
        self.markdown = markdown
        self.rules_file = rules_file
        self.rules_title = rules_title

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="help-box", classes="dialog"):
            yield Static(self.help_title, classes="dialog-title", markup=False)
            with VerticalScroll(id="help-scroll"):
                yield Static(keys_table(self.keys), id="help-keys")
                yield Markdown(self.markdown, id="help-summary")
            yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        if not self.rules_file:
            self.notify("This screen has no full rules.", severity="warning")
            return
        self.app.push_screen(RulesScreen(self.rules_title, self.rules_file))


class RulesScreen(BaseScreen):
    """A game's full rules (Markdown from assets/rules/) with a table of contents."""

    BINDINGS = [
        Binding("escape,q", "close", "Close", id="rules.close"),
        Binding("c", "toggle_contents", "Contents", id="rules.contents"),
    ]

    def __init__(self, title: str, rules_file: str) -> None:
        super().__init__()
        self.rules_title = title
        self.rules_file = rules_file

    def compose_body(self) -> ComposeResult:
        yield Static(f" Rules of {self.rules_title}", id="rules-title", markup=False)
        yield MarkdownViewer(
            rules_markdown(self.rules_file, "rules"),
            show_table_of_contents=False,
            id="rules-viewer",
        )
        yield Footer()

    def on_mount(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = self.app.size.width >= 120
        viewer.document.focus()

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss(None)
