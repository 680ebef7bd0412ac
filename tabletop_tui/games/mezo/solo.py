"""Mezo solo: one player against the Vengeful gods (Part B), an automaton inside the engine.

The Vengeful gods are tribe 1 of every per-tribe list (``AUTOMATA = 1``): their units,
Glyphs, pyramids, VP and Strength tokens sit beside the player's, so each base rule that
looks at opponents (Strength, SMITE and EXILE targets, DEMOLISH, "opponent units in
Xibalba", End of Age clean-up) sees them without change. They never get a Decision: their
frames (``VgRow``, ``VgEff``) act at once by the fixed rules of B11 and log what they did
and why. ``MezoState.new`` builds this class for a one-player game. It only adds the solo
steps around the base frames (Start of Age, Tribe Step, VENGEFUL, the Vengeful card rows,
Strength and majorities, the Blessed Region, End of Age, Tasks and the result): its
``HANDLERS`` table is the base one with those rows replaced; everything else is the base
game.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from tabletop_tui.engine.core import Decision, GameResult, Option, ScoreLine, SeatResult

from .data import Step, TaskGoal, TaskSide, load_solo_data
from .frames import (
    Action,
    AgeStart,
    BlessedResolve,
    Build,
    ConflictBegin,
    ConflictEnd,
    EndGame,
    EndOfAge,
    Frame,
    Majority,
    PickTaskSide,
    SetBlessed,
    SetupFinish,
    SoloDecks,
    Space,
    Strength,
    TaskScore,
    Third,
    VgDiscard,
    VgEff,
    VgRow,
    Win,
)
from .rules import (
    PYR_NAMES,
    SH,
    SOURCES,
    SRC_ALTAR,
    SRC_BLESSED,
    SRC_OFFERING,
    SRC_PYRAMIDS,
    SRC_START,
    SRC_TASK,
    SRC_TRACKS,
    SRC_VCARDS,
    SRC_VENGEFUL,
    TYPE_NAME,
    WA,
    Handlers,
    MezoState,
    _split_label,
    _step_text,
)
from .views import MezoView

PLAYER, VG = 0, 1
# Per-conflict facts the Task conditions read: the player won the Strength contest (or the
# Blessed Region), the Vengeful gods did, the player placed a Shaman on the Immortal
# Calendar, a Warrior on the Heroic Codex.
WON, VG_WON, CAL, COD = range(4)
DIFFICULTY_NAMES = {
    "apprentice": "Apprentice",
    "standard": "Standard",
    "hard": "Hard",
    "legendary": "Legendary",
    "custom": "Custom",
}
_TRACK_RE = re.compile(r"^(player|vengeful)_track_units_at_least_(\d+)$")
_CONDITIONS = frozenset(
    {
        "clean_sweep",
        "vengeful_win_player_champion_region",
        "player_wins_blessed",
        "vengeful_wins_blessed",
        "player_starts_pyramid",
        "vengeful_starts_pyramid",
    }
)
_IGNORED = frozenset(
    {"move_god", "to_track", "move_out", "sacrifice", "bury_tile", "reorder_tiles"}
)


def known_condition(name: str) -> bool:
    """Whether the engine can check a Task condition named in the data (D12)."""
    return name in _CONDITIONS or _TRACK_RE.match(name) is not None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class SoloState(MezoState):
    """A solo game: seat 0 is the player, tribe 1 the Vengeful gods (B3.3)."""

    AUTOMATA = 1
    _SOLO_LISTS = (
        "vg_gods",
        "vg_vertex",
        "vg_pool",
        "vg_deck",
        "vg_discard",
        "vg_rows",
        "vg_calendar",
        "vg_codex",
        "task_tokens",
        "flags",
    )

    # ---- setup (B2) ----------------------------------------------------------------------

    def _setup(self) -> None:
        so = self.solo = load_solo_data()
        for side in (s for card in so.tasks.values() for s in card.values()):
            for goal in (side.player, side.vengeful):
                if not known_condition(goal.condition):
                    raise ValueError(f"unknown Task condition '{goal.condition}'")
        self.vg_gods: list[str] = []  # Vengeful gods in order of arrival
        self.vg_vertex: list[int] = []  # their vertices (-1: nowhere to stand)
        self.vg_pool: list[str] = []  # the Vengeful ability deck not yet drawn, sorted
        self.vg_deck: list[str] = []  # the Vengeful deck, top first (hidden order)
        self.vg_discard: list[str] = []
        self.vg_card: str | None = None  # the card of the current (or last) conflict
        self.vg_rows: list[int] = []  # rows it resolved, in order
        self.vg_calendar = [0] * len(so.calendar)
        self.vg_codex = [0] * len(so.codex)
        self.vg_colours: tuple[str, ...] = ()
        self.arrival: tuple[str, int, int] | None = None  # last god placed, region, vertex
        self.task_card = 0
        self.task_side = ""
        self.task_tokens = [0, 0]
        self.draw_limit = 0
        self.flags = [False] * 4
        super()._setup()

    def vengeful_offset(self) -> int:
        """B10.4: the difficulty is only the Vengeful gods' starting VP offset."""
        cfg = self.config
        if cfg.difficulty == "custom":
            return cfg.vengeful_offset
        return self.solo.presets[cfg.difficulty]

    def _f_setup_finish(self, f: SetupFinish) -> None:
        c = self.data.constants
        so = self.solo
        xs, xw = c.start_xibalba["shaman"], c.start_xibalba["warrior"]
        for s in (PLAYER, VG):
            self.xib[s * 2], self.xib[s * 2 + 1] = xs, xw
            self.reserve[s * 2] = self.unit_total(s, SH) - xs
            self.reserve[s * 2 + 1] = self.unit_total(s, WA) - xw
        self._set_start_vp(PLAYER, so.start_player_vp)
        self._set_start_vp(VG, max(0, so.start_vengeful_vp + self.vengeful_offset()))
        # B2.11: two colours the player did not take; the first one's pieces are theirs.
        self.vg_colours = tuple(x for x in c.tribe_colours if x != self.colour[PLAYER])[:2]
        self.colour[VG] = self.vg_colours[0]
        self.log(
            f"The Vengeful gods field the {' and '.join(self.vg_colours)} armies and start "
            f"at {self.vp[VG]} VP ({DIFFICULTY_NAMES[self.config.difficulty]}); "
            f"{self.name(PLAYER)} starts at {self.vp[PLAYER]} VP."
        )
        # B2.7: a random Task card; the player chooses its side.
        self.task_card = self.rng.choice(sorted(so.tasks))
        self.mark_barrier()
        self.log(f"Task card {self.task_card} is drawn.")
        self._push_seq([PickTaskSide(), SoloDecks()])

    def _set_start_vp(self, s: int, n: int) -> None:
        self.vp[s] = n
        self.vpsrc[s][SOURCES.index(SRC_START)] = n

    def _f_pick_task_side(self, f: PickTaskSide) -> Decision:
        sides = self.solo.tasks[self.task_card]
        opts = tuple(
            Option(
                f"task:{k}",
                f"Side {k}, {side.name} — you: {side.player.text} {_track(side.player)}; "
                f"Vengeful: {side.vengeful.text} {_track(side.vengeful)}",
            )
            for k, side in sides.items()
        )
        return Decision(
            PLAYER,
            f"{self.name(PLAYER)}: Task card {self.task_card} — choose the side to play",
            opts,
            kind="task_side",
        )

    def _c_pick_task_side(self, f: PickTaskSide, oid: str) -> None:
        self.task_side = oid.split(":", 1)[1]
        side = self.task()
        assert side is not None
        self.log(f"{self.name(PLAYER)} plays Task side {side.side}, {side.name}.", seat=PLAYER)

    def _f_solo_decks(self, f: SoloDecks) -> None:
        god = self.god_data(PLAYER)
        assert god is not None
        deck = list(god.cards)
        self.rng.shuffle(deck)
        self.deck[PLAYER] = deck
        so = self.solo
        self.vg_pool = sorted(
            g for g in so.ability_deck if not (so.remove_player_god and g == god.id)
        )
        vdeck = sorted(c.id for c in so.cards)
        self.rng.shuffle(vdeck)
        self.vg_deck = vdeck
        self.mark_barrier()
        self._push(AgeStart())

    def task(self) -> TaskSide | None:
        if not self.task_side:
            return None
        return self.solo.tasks[self.task_card][self.task_side]

    # ---- small helpers -------------------------------------------------------------------

    def name(self, s: int) -> str:
        return "Vengeful" if s == VG else super().name(s)

    def vp_order(self) -> list[int]:
        """Only the player takes turns: the Vengeful gods act inside the steps."""
        return [PLAYER]

    def unit_total(self, s: int, t: int) -> int:
        per = super().unit_total(s, t)
        return 2 * per if s == VG else per  # B2.11: two colours' units

    def track_units(self, s: int, t: int) -> int:
        if s == VG:
            return sum(self.vg_calendar if t == SH else self.vg_codex)
        return super().track_units(s, t)

    def empty_vertices(self) -> list[int]:
        taken = set(self.vg_vertex)
        return [v for v in super().empty_vertices() if v not in taken]

    def draw_count(self, s: int) -> int:
        n = super().draw_count(s)
        return min(n, self.draw_limit) if self.draw_limit else n

    def vengeful_present(self, r: int) -> bool:
        return self.inplay[r] and any(
            v >= 0 and r in self.data.vertex_regions[v] for v in self.vg_vertex
        )

    def vengeful_here(self) -> list[str]:
        """The Vengeful gods present in the active region, in order of arrival."""
        if self.conflict_region < 0:
            return []
        return [
            g
            for g, v in zip(self.vg_gods, self.vg_vertex, strict=True)
            if v >= 0 and self.conflict_region in self.data.vertex_regions[v]
        ]

    def player_champion_in(self, r: int) -> bool:
        return r >= 0 and r in self.champs[PLAYER * 2 : PLAYER * 2 + 2]

    def tie_v(self, r: int, t: int | None = None) -> bool:
        """B11.2: whether the Vengeful gods win a tie in ``r`` (Strength when ``t`` is None)."""
        if self.player_champion_in(r):
            return False
        if t is None:
            return True
        word = "shaman" if t == SH else "warrior"
        return word not in self.modifiers(PLAYER, "wins_majority_ties")

    def need(self, r: int, t: int) -> int:
        """B11.3: how many more units of type ``t`` the Vengeful gods need for its majority."""
        p, v = self.units_at(r, PLAYER, t), self.units_at(r, VG, t)
        target = max(1, p if self.tie_v(r, t) else p + 1)
        return max(0, target - v)

    def _vg_vp(self, n: int, src: str, why: str) -> int:
        if n <= 0:
            return 0
        self.vp[VG] += n
        self.vpsrc[VG][SOURCES.index(src)] += n
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"The Vengeful gods gain {n} VP ({why}; now {self.vp[VG]}).", seat=VG)
        return n

    def _vg_lose_vp(self, n: int, src: str, why: str) -> int:
        n = min(n, self.vp[VG])
        if n <= 0:
            return 0
        self.vp[VG] -= n
        self.vpsrc[VG][SOURCES.index(src)] -= n
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"The Vengeful gods lose {n} VP ({why}; now {self.vp[VG]}).", seat=VG)
        return n

    # ---- Start of Age (B4) ---------------------------------------------------------------

    def _f_age_start(self, f: AgeStart) -> None:
        self.phase = "start of Age"
        pool = list(self.vg_pool)
        if pool:
            self.rng.shuffle(pool)
            god = pool.pop(0)
            self.vg_pool = sorted(pool)
            self._vg_arrive(god)
        super()._f_age_start(f)

    def _vg_arrive(self, god: str) -> None:
        """B4.1-2: a new Vengeful god stands by the region of the top Conflict tile."""
        d = self.data
        r = self.conflict_stack[0]
        ability = self.solo.abilities[god]
        gname = d.god(god).name
        self.log(f"Age {self.age}: {gname} joins the Vengeful gods (VENGEFUL {ability.name}).")
        self.log(f"The top Conflict tile is {self.rname(r)}; it is shuffled back.")
        v, why = self.vertex_rule(r)
        self.vg_gods.append(god)
        self.vg_vertex.append(v)
        self.arrival = (god, r, v)
        if v >= 0:
            self.log(f"{gname} stands on {self._vertex_label(v)}: {why}.", seat=VG)
        else:
            self.log(f"{gname} finds no empty vertex by {self.rid(r)} and stays off the board.")
        self.rng.shuffle(self.conflict_stack)
        self.known_top = self.known_bottom = 0
        self.mark_barrier()

    def vertex_rule(self, r: int) -> tuple[int, str]:
        """B11.8: the empty vertex by ``r`` touching most in-play regions, then most regions
        without Vengeful presence, then the lowest number."""
        d = self.data
        cands = [v for v in self.empty_vertices() if r in d.vertex_regions[v]]
        if not cands:
            return -1, ""

        def facts(v: int) -> tuple[int, int, int]:
            regs = [x for x in d.vertex_regions[v] if self.inplay[x]]
            fresh = [x for x in regs if not self.vengeful_present(x)]
            return len(regs), len(fresh), int(d.vertex_ids[v][1:])

        best = min(cands, key=lambda v: (-facts(v)[0], -facts(v)[1], facts(v)[2]))
        regs, fresh, _ = facts(best)
        others = [d.vertex_ids[v] for v in cands if v != best]
        why = f"it touches {_plural(regs, 'in-play region')}, {fresh} without Vengeful presence"
        if others:
            why += f" (other empty vertices: {', '.join(others)})"
        return best, why

    # ---- Tribe Step (B5) -----------------------------------------------------------------

    def _f_set_blessed(self, f: SetBlessed) -> Decision:
        free = self.regions_without_champion()
        opts = self.region_options(free)
        return Decision(
            PLAYER,
            f"{self.name(PLAYER)}: choose the Blessed Region (a region without your Champion)",
            opts,
            kind="blessed",
        )

    def _c_set_blessed(self, f: SetBlessed, oid: str) -> None:
        self.blessed = self.data.region_ids.index(oid.split(":", 1)[1])
        self.log(f"{self.rname(self.blessed)} is the Blessed Region this Age.", seat=PLAYER)
        self._vg_tribe_step()

    def _vg_tribe_step(self) -> None:
        """B5.6: a Shaman and a Warrior from the Vengeful Reserve into every in-play region."""
        placed = []
        for r in range(len(self.inplay)):
            if not self.inplay[r]:
                continue
            got = []
            for t in (SH, WA):
                if self.reserve[VG * 2 + t] > 0:
                    self._move_units(VG, (1, 0) if t == SH else (0, 1), "reserve", r)
                    got.append(TYPE_NAME[t][0])
            if got:
                placed.append(f"{self.rid(r)} {'+'.join(got)}")
        self.log(
            "The Vengeful gods place a Shaman and a Warrior in every region: "
            + (", ".join(placed) if placed else "their Reserve is empty")
            + "."
        )

    # ---- a conflict (B7, B8) -------------------------------------------------------------

    def _f_conflict_begin(self, f: ConflictBegin) -> None:
        self.vg_card = None
        self.vg_rows = []
        self.draw_limit = 0
        self.flags = [False] * 4
        super()._f_conflict_begin(f)
        frames: list[Frame] = []
        for god in self.vengeful_here():
            ab = self.solo.abilities[god]
            label = f"VENGEFUL {self.data.god(god).name}, {ab.name}"
            frames.append(VgEff(ab.steps, 0, SRC_VENGEFUL, label))
        if frames:
            self.log(
                "Vengeful gods present here: "
                + ", ".join(self.data.god(g).name for g in self.vengeful_here())
                + "; their VENGEFUL abilities resolve first."
            )
        else:
            self.log(f"No Vengeful god is present in {self.rname(self.conflict_region)}.")
        self._push_seq(frames)

    def _c_action(self, f: Action, oid: str) -> None:
        parts = oid.split(":")
        if parts[0] == "play" or len(parts) == 3:
            self._push(VgRow(parts[1]))
        super()._c_action(f, oid)

    def _c_third(self, f: Third, oid: str) -> None:
        key = oid.split(":", 1)[1]
        if key != "no":
            self._push(VgRow(key))
        super()._c_third(f, oid)

    def _vg_reveal(self) -> str:
        """Turn over the top Vengeful card (reshuffling the discards if ever needed, B7)."""
        if not self.vg_deck:
            deck = sorted(self.vg_discard)
            self.rng.shuffle(deck)
            self.vg_deck, self.vg_discard = deck, []
            self.log("The Vengeful deck is empty: its discards are shuffled into a new deck.")
        cid = self.vg_deck.pop(0)
        self.vg_card = cid
        self.vg_rows = []
        self.mark_barrier()
        card = self.solo.card(cid)
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"The Vengeful card is {card.name} (corner {card.corner}).")
        return cid

    def _f_vg_row(self, f: VgRow) -> None:
        """B7.5-7: the Vengeful gods resolve the row of the player's action."""
        row = "abc".index(f.key) + 1
        if self.vg_card is None:
            self._vg_reveal()
        assert self.vg_card is not None
        card = self.solo.card(self.vg_card)
        self.vg_rows.append(row)
        steps = card.rows[row - 1]
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"Your action was row {row}: the Vengeful gods resolve row {row} of {card.name} "
                f"({vg_text(steps)})."
            )
        self._push(VgEff(steps, 0, SRC_VCARDS, f"{card.name} row {row}"))

    def _f_strength(self, f: Strength) -> None:
        """B7.8: more Strength wins; a tie is the Vengeful gods' except by your Champion."""
        r = self.conflict_region
        ps, vs = self.strength(PLAYER, r), self.strength(VG, r)
        self.last_strength = {PLAYER: ps, VG: vs}
        head = f"Strength in {self.rname(r)}: {self.name(PLAYER)} {ps}, the Vengeful gods {vs}"
        if ps > vs or (ps == vs and not self.tie_v(r)):
            why = "more Strength" if ps > vs else "a tie in the region of your Champion"
            self.log(f"{head}: {self.name(PLAYER)} wins ({why}).")
            self.flags[WON] = True
            self._push(Win(PLAYER))
            return
        why = "more Strength" if vs > ps else "ties go to them outside your Champion's region"
        self.log(f"{head}: the Vengeful gods win ({why}).")
        self.flags[VG_WON] = True
        altar = self.data.altar(self.altar[r])  # type: ignore[arg-type]
        self.log(f"The Vengeful gods take the {altar.name} ({vg_text(altar.steps)}).")
        self._push(VgEff(altar.steps, 0, SRC_ALTAR, altar.name))

    def _f_majority(self, f: Majority) -> None:
        """B7.9-10: the Shaman (Warrior) majority feeds your track or theirs."""
        t = f.unit_type
        r = self.conflict_region
        p, v = self.units_at(r, PLAYER, t), self.units_at(r, VG, t)
        tiev = self.tie_v(r, t)
        kind = TYPE_NAME[t]
        if v >= 1 and (v > p or (v == p and tiev)):
            why = f"{v} to {p}" + (" and ties are theirs" if v == p else "")
            self._vg_to_track(t, f"{kind} majority {why}")
            return
        if p >= 1 and (p > v or (p == v and not tiev)):
            track = "calendar" if t == SH else "codex"
            if -1 not in (self.calendar if t == SH else self.codex):
                self.log(f"{self.name(PLAYER)} holds the {kind} majority but the track is full.")
                return
            self._push(Space(PLAYER, track, t, r, True, SRC_TRACKS))

    def _vg_to_track(self, t: int, why: str) -> None:
        occ = self.vg_calendar if t == SH else self.vg_codex
        spaces = self.solo.calendar if t == SH else self.solo.codex
        title = "Vengeful Calendar" if t == SH else "Vengeful Codex"
        if 0 not in occ:
            self.log(f"The Vengeful gods hold the {why}, but the {title} is full.")
            return
        i = occ.index(0)
        occ[i] = 1
        self.units[self.unit_slot(self.conflict_region, VG, t)] -= 1
        sp = spaces[i]
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"The Vengeful gods hold the {why}: a Vengeful {TYPE_NAME[t]} goes to {sp.id}, "
                f"the first free space of the {title} ({vg_text(sp.steps)}).",
                seat=VG,
            )
        self._push(VgEff(sp.steps, 0, SRC_TRACKS, f"{title} {sp.id}"))

    def _c_space(self, f: Space, oid: str) -> None:
        super()._c_space(f, oid)
        if f.seat == PLAYER:
            self.flags[CAL if f.track == "calendar" else COD] = True

    def _c_build(self, f: Build, oid: str) -> None:
        s, r = f.seat, f.region
        started = not self.pyr[self.piece_slot(r, s)]
        super()._c_build(f, oid)
        if started and s == PLAYER:
            self._tasks("on_event", "player_starts_pyramid")

    def _f_conflict_end(self, f: ConflictEnd) -> None:
        self._tasks("after_conflict")
        if self.vg_card is not None and self.vg_card not in self.vg_discard:
            self.vg_discard.append(self.vg_card)
        self.draw_limit = 0
        super()._f_conflict_end(f)

    def _f_blessed_resolve(self, f: BlessedResolve) -> None:
        """B8.3-6: both offerings, then 8 VP to more Strength (the Vengeful gods win ties)."""
        r = self.conflict_region
        c = self.data.constants
        self.mark_barrier()
        self._reveal_offering(PLAYER)
        # B8.4: their offering, from their own Reserve, Shaman and Warrior in turn
        card = self.solo.card(self._vg_reveal())
        want = card.corner
        got = [0, 0]
        t = SH
        while sum(got) < want:
            if self.reserve[VG * 2 + t] == 0:
                t = 1 - t
                if self.reserve[VG * 2 + t] == 0:
                    break
            self.reserve[VG * 2 + t] -= 1
            self.offer[VG * 2 + t] += 1
            got[t] += 1
            t = 1 - t
        n = got[0] + got[1]
        short = "" if n == want else f" (their Reserve held only {n})"
        self.log(
            f"{card.name}'s corner number is {want}: the Vengeful gods offer "
            f"{_split_label(got[0], got[1])} from their Reserve{short}.",
            seat=VG,
        )
        self._vg_vp(n, SRC_OFFERING, f"{n} offered, 1 VP each instead of Devotion")
        ps, vs = self.strength(PLAYER, r), self.strength(VG, r)
        self.last_strength = {PLAYER: ps, VG: vs}
        head = f"Blessed Region Strength: {self.name(PLAYER)} {ps}, the Vengeful gods {vs}"
        if ps > vs:
            self.log(f"{head}: {self.name(PLAYER)} takes the 8 VP.")
            self.flags[WON] = True
            self.gain_vp(PLAYER, c.blessed_region_vp, SRC_BLESSED)
        else:
            why = "more Strength" if vs > ps else "ties are theirs"
            self.log(f"{head}: the Vengeful gods take the 8 VP ({why}).")
            self.flags[VG_WON] = True
            self._vg_vp(c.blessed_region_vp, SRC_BLESSED, "the Blessed Region")
        self._blessed_cleanup(r)
        self.vg_discard.append(card.id)
        self._tasks("after_conflict")
        self._close_region(r)

    # ---- End of Age and End of Game (B9, B10) --------------------------------------------

    def _f_end_of_age(self, f: EndOfAge) -> None:
        self._tasks("end_of_age")  # B9.1, before the tracks are emptied
        c = self.data.constants
        for t, occ, title in (
            (SH, self.vg_calendar, "Vengeful Calendar"),
            (WA, self.vg_codex, "Vengeful Codex"),
        ):
            k = sum(occ)
            if k:
                self._vg_vp(
                    k * c.track_vp_per_unit, SRC_TRACKS, f"{_plural(k, 'unit')} on the {title}"
                )
                self.reserve[VG * 2 + t] += k
                occ[:] = [0] * len(occ)
        regions = sum(
            1
            for r in range(len(self.inplay))
            if self.inplay[r] and self.pyr[self.piece_slot(r, VG)]
        )
        self._vg_vp(
            regions * self.age,
            SRC_PYRAMIDS,
            f"pyramids in {_plural(regions, 'region')}, Age {self.age}",
        )
        self.vg_card = None
        self.vg_rows = []
        super()._f_end_of_age(f)

    def _end_of_age_decks(self) -> None:
        deck = sorted(c.id for c in self.solo.cards)  # B9.4: the whole Vengeful deck
        self.rng.shuffle(deck)
        self.vg_deck, self.vg_discard = deck, []

    def _f_end_game(self, f: EndGame) -> None:
        """B10.2: the Task card scores after everything the base End of Game does."""
        self._push(TaskScore())
        super()._f_end_game(f)

    def _f_task_score(self, f: TaskScore) -> None:
        """B10.2: each side scores the value of its rightmost covered circle."""
        side = self.task()
        if side is None:
            return
        for who, goal in ((PLAYER, side.player), (VG, side.vengeful)):
            k = self.task_tokens[who]
            value = goal.track[k - 1] if k else 0
            if who == PLAYER:
                self.gain_vp(PLAYER, value, SRC_TASK)
            else:
                self._vg_vp(value, SRC_TASK, f"Task card, {_plural(k, 'token')}")

    # ---- Tasks (B3.4, D12) ---------------------------------------------------------------

    def _tasks(self, moment: str, event: str = "") -> None:
        side = self.task()
        if side is None:
            return
        for who, goal in ((PLAYER, side.player), (VG, side.vengeful)):
            if goal.check == moment and self._condition(goal.condition, event):
                self._task_token(who, goal)

    def _condition(self, name: str, event: str) -> bool:
        here = self.conflict_region
        if name == "clean_sweep":
            return self.flags[WON] and self.flags[CAL] and self.flags[COD]
        if name == "vengeful_win_player_champion_region":
            return self.flags[VG_WON] and self.player_champion_in(here)
        if name == "player_wins_blessed":
            return self.flags[WON] and here >= 0 and here == self.blessed
        if name == "vengeful_wins_blessed":
            return self.flags[VG_WON] and here >= 0 and here == self.blessed
        if name in ("player_starts_pyramid", "vengeful_starts_pyramid"):
            return name == event
        m = _TRACK_RE.match(name)
        if m:
            who = PLAYER if m.group(1) == "player" else VG
            return self.track_units(who, SH) + self.track_units(who, WA) >= int(m.group(2))
        raise ValueError(f"unknown Task condition '{name}'")

    def _task_token(self, who: int, goal: TaskGoal) -> None:
        k = self.task_tokens[who]
        whose = self.name(PLAYER) if who == PLAYER else "the Vengeful gods"
        if k >= len(goal.track):
            self.log(f"Task met for {whose}, but their track is full.")
            return
        self.task_tokens[who] = k + 1
        self.log(
            f"Task met for {whose}: a token covers circle {k + 1} ({goal.track[k]} VP).",
            seat=who,
        )

    # ---- the automaton (B11) -------------------------------------------------------------

    def _f_vg_eff(self, f: VgEff) -> None:
        steps, i, src, label = f.steps, f.index, f.source, f.label
        if i + 1 < len(steps):
            self._push(VgEff(steps, i + 1, src, label))
        step = steps[i]
        if self._vg_step(step, src, label) <= 0 and step.else_:
            self._push(VgEff(step.else_, 0, src, f"{label}, instead"))

    def _act(self, label: str, text: str) -> None:
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"Vengeful [{label}]: {text}.", seat=VG)

    def _vg_regions(self, word: str) -> list[int]:
        """A region word read for the Vengeful gods (their gods' presence, no Champion)."""
        n = len(self.inplay)
        if word == "present":
            return [r for r in range(n) if self.vengeful_present(r)]
        if word == "present_pending":
            return [r for r in range(n) if self.vengeful_present(r) and self.is_pending(r)]
        if word == "champion":
            return []
        return self.regions_for(word, VG)

    def _vg_step(self, step: Step, src: str, label: str) -> int:
        """One step done by the Vengeful gods (B11.9); returns how much it affected."""
        op = step.op
        n = step.n if isinstance(step.n, int) else 1
        if op == "vp":
            return self._vg_vp(n, src, label)
        if op == "devotion":
            return self._vg_vp(n, src, f"{label}: {n} Devotion becomes VP")
        if op == "lose_devotion":
            if step.who == "player":
                lost = min(n, self.dev[PLAYER])
                self.dev[PLAYER] -= lost
                self._act(
                    label,
                    f"{self.name(PLAYER)} loses {lost} Devotion (now {self.dev[PLAYER]})",
                )
                return lost
            return self._vg_lose_vp(n, src, f"{label}: lost Devotion becomes lost VP")
        if op == "strength":
            if self.conflict_region < 0:
                return 0
            self.tokens[VG] += n
            self._act(label, f"+{n} Strength in {self.rid(self.conflict_region)}")
            return n
        if op == "vp_per":
            c = self.counter(VG, step.counter or "")
            k = min(c // max(1, step.per), step.max) * step.multiplier
            return self._vg_vp(k, src, f"{label}: {step.counter} = {c}")
        if op == "if":
            ok = step.cond == "god_present_here" and bool(self.vengeful_here())
            if ok:
                self._push(VgEff(step.then, 0, src, label))
            return 1 if ok else 0
        if op in ("deploy", "awaken", "move_in"):
            return self._vg_add(step, label, n)
        if op == "recover":
            return self._vg_recover(step, label, n)
        if op in ("smite", "exile"):
            return self._vg_hit(step, label, n)
        if op == "build_glyph":
            return self._vg_glyph(step, label, n)
        if op == "build_pyramid":
            return self._vg_pyramid(step, label, n)
        if op == "demolish":
            return self._vg_demolish(step, label, n)
        if op == "draw_limit":
            self.draw_limit = n
            self._act(label, f"{self.name(PLAYER)} draws only {n} God cards this conflict")
            return n
        if op == "discard_unit":
            return self._vg_discard(step, label, n)
        if op in _IGNORED:
            self._act(label, f"{op.replace('_', ' ')} is ignored by the Vengeful gods")
            return 0
        raise ValueError(f"the Vengeful gods cannot do '{op}'")  # pragma: no cover

    # units in: DEPLOY, AWAKEN, MOVE into

    def contest(self, cands: list[int]) -> tuple[int, str]:
        """B11.6 CONTEST: where the player leads by the least (else trails by the least)."""
        if not cands:
            return -1, ""
        d = {r: self.strength(PLAYER, r) - self.strength(VG, r) for r in cands}
        ahead = [r for r in cands if d[r] >= 0]
        if ahead:
            r = min(ahead, key=lambda x: (d[x], x))
            return r, f"CONTEST: you lead there by {d[r]}, the least of the pending regions"
        r = max(cands, key=lambda x: (d[x], -x))
        return r, f"CONTEST: they lead everywhere, by the least there ({-d[r]})"

    def add_type(self, r: int, types: tuple[int, ...], have: list[int]) -> tuple[int, str]:
        """B11.4 ADD: the unit type to add to ``r`` from a source holding ``have``."""
        if not any(have[t] for t in types):
            return -1, ""
        if len(types) == 1:
            return types[0], f"it adds {TYPE_NAME[types[0]]}s only"
        needs = {t: self.need(r, t) for t in types}
        short = [t for t in types if needs[t] >= 1]
        if short:
            pick = min(short, key=lambda t: (needs[t], t))
            why = f"{needs[pick]} more takes the {TYPE_NAME[pick]} majority"
        else:
            lead = {t: self.units_at(r, VG, t) - self.units_at(r, PLAYER, t) for t in types}
            pick = min(types, key=lambda t: (lead[t], t))
            why = "they hold the majorities; this lead is the smaller"
        if not have[pick]:
            other = [t for t in types if t != pick and have[t]]
            if not other:
                return -1, ""
            why = f"no {TYPE_NAME[pick]} left to take"
            pick = other[0]
        return pick, why

    def _vg_add(self, step: Step, label: str, n: int) -> int:
        op = step.op
        cands = [r for r in self._vg_regions(step.region) if self.enterable(r)]
        if step.region == "here":
            r, rwhy = (cands[0], "") if cands else (-1, "")
        else:
            r, rwhy = self.contest(cands)
        if r < 0:
            self._act(label, f"{op.upper()} finds no region")
            return 0
        types = self._types(step)
        done = 0
        for _ in range(n):
            if op == "move_in":
                srcs = [
                    x
                    for x in self._vg_regions(step.source_set)
                    if x != r and any(self.units_at(x, VG, t) for t in types)
                ]
                if not srcs:
                    break
                x = max(srcs, key=lambda y: (self.units_of(y, VG), -y))
                have = [self.units_at(x, VG, t) for t in (SH, WA)]
                t, why = self.add_type(r, types, have)
                if t < 0:
                    break
                self.units[self.unit_slot(x, VG, t)] -= 1
                self.units[self.unit_slot(r, VG, t)] += 1
                text = f"MOVE a Vengeful {TYPE_NAME[t]} from {self.rid(x)} into {self.rname(r)}"
                why += f"; {self.rid(x)} holds the most Vengeful units"
            else:
                zone = "xibalba" if op == "awaken" else "reserve"
                have = self._zone(zone)
                if op == "awaken" and not any(have[t] for t in types):
                    zone, have = "reserve", self._zone("reserve")
                t, why = self.add_type(r, types, have)
                if t < 0:
                    break
                self._move_units(VG, (1, 0) if t == SH else (0, 1), zone, r)
                verb = "AWAKEN" if zone == "xibalba" else "DEPLOY"
                if op == "awaken" and zone == "reserve":
                    verb = "DEPLOY (nothing to AWAKEN)"
                text = f"{verb} a {TYPE_NAME[t]} into {self.rname(r)}"
            done += 1
            self._act(label, f"{text} — {why}" + (f"; {rwhy}" if rwhy and done == 1 else ""))
        if not done:
            self._act(label, f"{op.upper()} has no unit to use")
        return done

    def _zone(self, zone: str) -> list[int]:
        arr = self.xib if zone == "xibalba" else self.reserve
        return [arr[VG * 2], arr[VG * 2 + 1]]

    def _vg_shift(self, types: tuple[int, ...], n: int, src: str, dst: str) -> list[int]:
        """Move up to ``n`` Vengeful units from ``src`` to ``dst``, each of the type they
        have more of in ``src``; the types moved, in order."""
        zone = self.xib if src == "xibalba" else self.reserve
        moved = []
        for _ in range(n):
            have = [t for t in types if zone[VG * 2 + t]]
            if not have:
                break
            t = max(have, key=lambda x: (zone[VG * 2 + x], -x))
            self._move_units(VG, (1, 0) if t == SH else (0, 1), src, dst)
            moved.append(t)
        return moved

    def _vg_recover(self, step: Step, label: str, n: int) -> int:
        moved = self._vg_shift(self._types(step), n, "xibalba", "reserve")
        for t in moved:
            self._act(label, f"RECOVER a {TYPE_NAME[t]} — the type they have more of in Xibalba")
        if not moved:
            self._act(label, "RECOVER: their Xibalba is empty")
        return len(moved)

    # units out: SMITE, EXILE

    def harm(self, cands: list[int], types: tuple[int, ...]) -> tuple[int, str]:
        """B11.6 HARM: the region with most of your units, then your Champion's, then A-F."""
        count = {r: sum(self.units_at(r, PLAYER, t) for t in types) for r in cands}
        cands = [r for r in cands if count[r]]
        if not cands:
            return -1, ""
        r = min(cands, key=lambda x: (-count[x], not self.player_champion_in(x), x))
        return r, f"HARM: most of your units ({count[r]}) are there"

    def hit_type(self, r: int, types: tuple[int, ...]) -> tuple[int, str]:
        """B11.5 HIT: the type whose majority is closest to flipping, else your larger type."""
        have = [t for t in types if self.units_at(r, PLAYER, t)]
        if not have:
            return -1, ""
        if len(types) == 1:
            return have[0], f"it hits {TYPE_NAME[have[0]]}s only"
        needs = {t: self.need(r, t) for t in have}
        short = [t for t in have if needs[t] >= 1]
        if short:
            t = min(short, key=lambda x: (needs[x], x))
            return t, f"they are {needs[t]} short of the {TYPE_NAME[t]} majority"
        t = max(have, key=lambda x: (self.units_at(r, PLAYER, x), -x))
        return t, f"you have more {TYPE_NAME[t]}s there"

    def _vg_hit(self, step: Step, label: str, n: int) -> int:
        types = self._types(step)
        cands = self._vg_regions(step.region)
        if step.region == "here":
            r, rwhy = (cands[0], "") if cands else (-1, "")
            if r >= 0 and not any(self.units_at(r, PLAYER, t) for t in types):
                r = -1
        else:
            r, rwhy = self.harm(cands, types)
        verb = step.op.upper()
        if r < 0:
            unit = "unit" if step.unit == "any" else step.unit.capitalize()
            self._act(label, f"{verb}: you have no {unit} to hit")
            return 0
        dest = "xibalba" if step.op == "smite" else "reserve"
        done = 0
        for _ in range(n):
            t, why = self.hit_type(r, types)
            if t < 0:
                break
            self.units[self.unit_slot(r, PLAYER, t)] -= 1
            if dest == "xibalba":
                self.xib[PLAYER * 2 + t] += 1
            else:
                self.reserve[PLAYER * 2 + t] += 1
            done += 1
            text = f"{verb} your {TYPE_NAME[t]} in {self.rname(r)} (to your {dest.capitalize()})"
            self._act(label, f"{text} — {why}" + (f"; {rwhy}" if rwhy and done == 1 else ""))
        return done

    def _vg_discard(self, step: Step, label: str, n: int) -> int:
        if step.who != "player":
            return len(self._vg_shift(self._types(step), n, "reserve", "xibalba"))
        types = self._types(step)
        if not any(self.reserve[PLAYER * 2 + t] for t in types):
            self._act(label, f"{self.name(PLAYER)} has no unit in Reserve to send to Xibalba")
            return 0
        self._push(VgDiscard(step, label, n))
        return n

    def _f_vg_discard(self, f: VgDiscard) -> Decision | None:
        """The player chooses which unit goes from Reserve to Xibalba (B11.9, Soul Toll)."""
        step, label, left = f.step, f.label, f.left
        types = self._types(step)
        opts = tuple(
            Option(
                f"discard:{TYPE_NAME[t][0]}",
                f"A {TYPE_NAME[t]} ({self.reserve[PLAYER * 2 + t]} in Reserve)",
            )
            for t in types
            if self.reserve[PLAYER * 2 + t]
        )
        if left <= 0 or not opts:
            return None
        return Decision(
            PLAYER,
            f"{label}: move {left} of your units from Reserve to Xibalba — which one?",
            opts,
            kind="vg_discard",
        )

    def _c_vg_discard(self, f: VgDiscard, oid: str) -> None:
        step, label, left = f.step, f.label, f.left
        t = SH if oid.endswith(":S") else WA
        self._move_units(PLAYER, (1, 0) if t == SH else (0, 1), "reserve", "xibalba")
        self.log(
            f"{self.name(PLAYER)} sends a {TYPE_NAME[t]} from Reserve to Xibalba ({label}).",
            seat=PLAYER,
        )
        if left > 1:
            self._push(VgDiscard(step, label, left - 1))

    # pieces: BUILD, DEMOLISH

    def _vg_glyph(self, step: Step, label: str, n: int) -> int:
        cands = self._vg_regions(step.region)
        if step.region == "here":
            r, rwhy = (cands[0], "") if cands else (-1, "")
        else:
            r, rwhy = self.contest(cands)
        k = min(n, self.glyph_supply(VG))
        if r < 0 or k <= 0:
            self._act(label, "BUILD Glyph: no Glyph or no region")
            return 0
        self.glyphs[self.piece_slot(r, VG)] += k
        self._act(
            label,
            f"BUILD {_plural(k, 'Glyph')} in {self.rname(r)}" + (f" — {rwhy}" if rwhy else ""),
        )
        return k

    def build_region(self, cands: list[int]) -> tuple[int, str]:
        """B11.6 BUILD: a region without their pyramid (where you have most elements), else
        their shortest pyramid that can still grow."""
        cands = [r for r in cands if self.legal_sizes(VG, r)]
        fresh = [r for r in cands if not self.pyr[self.piece_slot(r, VG)]]
        if fresh:
            r = min(fresh, key=lambda x: (-len(self.pyr[self.piece_slot(x, PLAYER)]), x))
            mine = len(self.pyr[self.piece_slot(r, PLAYER)])
            return r, f"BUILD: no Vengeful pyramid there yet; you have {mine} element(s) there"
        if not cands:
            return -1, ""
        r = min(cands, key=lambda x: (len(self.pyr[self.piece_slot(x, VG)]), x))
        return r, "BUILD: their shortest pyramid that can still grow"

    def _vg_pyramid(self, step: Step, label: str, n: int) -> int:
        cands = self._vg_regions(step.region)
        done = 0
        for _ in range(n):
            if step.region == "here":
                r, rwhy = (cands[0], "") if cands and self.legal_sizes(VG, cands[0]) else (-1, "")
            else:
                r, rwhy = self.build_region(cands)
            if r < 0:
                break
            size = self.legal_sizes(VG, r)[0]  # B11.7: the largest legal element
            i = self.piece_slot(r, VG)
            started = not self.pyr[i]
            self.pyr[i] = self.pyr[i] + (size,)
            done += 1
            why = "the largest legal element" + (f"; {rwhy}" if rwhy else "")
            self._act(
                label, f"BUILD a {PYR_NAMES[size]} pyramid element in {self.rname(r)} — {why}"
            )
            if started:
                self._tasks("on_event", "vengeful_starts_pyramid")
        if not done:
            self._act(label, "BUILD pyramid: no legal element or region")
        return done

    def _vg_demolish(self, step: Step, label: str, n: int) -> int:
        cands = self._vg_regions(step.region)

        def pieces(r: int) -> bool:
            return bool(self.glyphs[self.piece_slot(r, PLAYER)]) or (
                step.what == "any" and bool(self.pyr[self.piece_slot(r, PLAYER)])
            )

        cands = [r for r in cands if pieces(r)]
        if not cands:
            self._act(label, "DEMOLISH: you have no piece there")
            return 0
        r = cands[0]
        done = 0
        for _ in range(n):
            i = self.piece_slot(r, PLAYER)
            if self.glyphs[i]:
                self.glyphs[i] -= 1
                text, why = "your Glyph", "a Glyph goes before a pyramid"
            elif step.what == "any" and self.pyr[i]:
                top = self.pyr[i][-1]
                self.pyr[i] = self.pyr[i][:-1]
                text, why = f"the {PYR_NAMES[top]} top of your pyramid", "you have no Glyph there"
            else:
                break
            done += 1
            self._act(label, f"DEMOLISH {text} in {self.rname(r)} — {why}")
        return done

    # ---- protocol: clone, determinize, invariants, view, result --------------------------

    def _clone_sharing_rng(self) -> SoloState:
        new = super()._clone_sharing_rng()
        assert isinstance(new, SoloState)
        d = new.__dict__
        for k in self._SOLO_LISTS:
            d[k] = list(d[k])
        return new

    def _redeal(self, seat: int, rng: random.Random, stream: bool) -> SoloState:
        """Also re-deal the Vengeful deck's hidden order (its contents are public)."""
        st = super()._redeal(seat, rng, stream)
        assert isinstance(st, SoloState)
        deck = sorted(st.vg_deck)
        rng.shuffle(deck)
        st.vg_deck = deck
        return st

    def check_invariants(self) -> None:
        super().check_invariants()
        if self.phase == "setup":
            return
        all_cards = sorted(c.id for c in self.solo.cards)
        out = [self.vg_card] if self.vg_card and self.vg_card not in self.vg_discard else []
        assert sorted(self.vg_deck + self.vg_discard + out) == all_cards, "Vengeful deck broken"
        gods = self.vg_gods + self.vg_pool
        assert len(gods) == len(set(gods)) and self.god[PLAYER] not in self.vg_gods
        assert len(self.vg_gods) <= self.data.constants.ages
        placed = [v for v in self.vg_vertex if v >= 0] + [v for v in self.vertex if v >= 0]
        assert len(placed) == len(set(placed)), "two gods on one vertex"
        for occ in (self.vg_calendar, self.vg_codex):
            k = sum(occ)
            assert occ == [1] * k + [0] * (len(occ) - k), "Vengeful track not filled left to right"
        side = self.task()
        if side is not None:
            assert 0 <= self.task_tokens[PLAYER] <= len(side.player.track)
            assert 0 <= self.task_tokens[VG] <= len(side.vengeful.track)
        assert self.dev[VG] == 0, "the Vengeful gods have no Devotion"

    def view(self, seat: int | None) -> MezoView:
        v = super().view(seat)
        d = self.data
        so = self.solo
        at = dict(zip(self.vg_vertex, self.vg_gods, strict=True))
        for i, vx in enumerate(v["vertices"]):
            vx["vengeful"] = at.get(i)
        for t in v["tribes"]:
            t["vengeful"] = t["seat"] == VG
        card = None
        if self.vg_card is not None:
            vc = so.card(self.vg_card)
            card = {
                "id": vc.id,
                "name": vc.name,
                "corner": vc.corner,
                "rows": [
                    {
                        "row": i + 1,
                        "text": vg_text(steps),
                        "resolved": self.vg_rows.count(i + 1),
                    }
                    for i, steps in enumerate(vc.rows)
                ],
                "current": self.conflict_region >= 0 and self.vg_card not in self.vg_discard,
                "order": list(self.vg_rows),
            }
        side = self.task()
        task = None
        if self.task_card:
            task = {"card": self.task_card, "side": self.task_side or None}
            if side is not None:
                task.update(
                    name=side.name,
                    player=_goal_view(side.player, self.task_tokens[PLAYER]),
                    vengeful=_goal_view(side.vengeful, self.task_tokens[VG]),
                )
        here = set(self.vengeful_here())
        v["solo"] = {
            "difficulty": self.config.difficulty,
            "difficulty_name": DIFFICULTY_NAMES[self.config.difficulty],
            "offset": self.vengeful_offset(),
            "colours": list(self.vg_colours),
            "gods": [
                {
                    "id": g,
                    "name": d.god(g).name,
                    "vertex": d.vertex_ids[vx] if vx >= 0 else None,
                    "regions": [d.region_ids[r] for r in d.vertex_regions[vx] if self.inplay[r]]
                    if vx >= 0
                    else [],
                    "ability": so.abilities[g].name,
                    "text": so.abilities[g].text,
                    "effect": vg_text(so.abilities[g].steps),
                    "present_here": g in here,
                }
                for g, vx in zip(self.vg_gods, self.vg_vertex, strict=True)
            ],
            "pool_size": len(self.vg_pool),
            "deck_size": len(self.vg_deck),
            "discard": list(self.vg_discard),
            "unseen": sorted(so.card(c).name for c in self.vg_deck),  # order stays hidden
            "card": card,
            "draw_limit": self.draw_limit or None,
            "calendar": [
                {"id": sp.id, "text": vg_text(sp.steps), "unit": bool(self.vg_calendar[i])}
                for i, sp in enumerate(so.calendar)
            ],
            "codex": [
                {"id": sp.id, "text": vg_text(sp.steps), "unit": bool(self.vg_codex[i])}
                for i, sp in enumerate(so.codex)
            ],
            "task": task,
            "arrival": {
                "god": self.arrival[0],
                "region": d.region_ids[self.arrival[1]],
                "vertex": d.vertex_ids[self.arrival[2]] if self.arrival[2] >= 0 else None,
            }
            if self.arrival
            else None,
        }
        return v

    def _result(self) -> GameResult:
        me, them = self.vp[PLAYER], self.vp[VG]
        won = me > them  # B10.3: a tie is a loss
        breakdown = tuple(ScoreLine(SOURCES[i], x) for i, x in enumerate(self.vpsrc[PLAYER]) if x)
        theirs = ", ".join(f"{SOURCES[i]} {x}" for i, x in enumerate(self.vpsrc[VG]) if x)
        level = DIFFICULTY_NAMES[self.config.difficulty]
        verdict = "defeats" if won else "falls to"
        summary = (
            f"{self.name(PLAYER)} {verdict} the Vengeful gods, {me} VP to {them} "
            f"({level}, Vengeful start {self.vpsrc[VG][SOURCES.index(SRC_START)]}). "
            f"Vengeful gods: {theirs}."
        )
        return GameResult(
            seats=(SeatResult(PLAYER, me, 1, breakdown, won=won),),
            cooperative=True,
            won=won,
            summary=summary,
        )

    # ---- the handler table -----------------------------------------------------------------

    # The base table (``MezoState.HANDLERS``) with the rows the solo rules change or add.
    HANDLERS: ClassVar[Handlers] = {
        **MezoState.HANDLERS,
        SetupFinish: (_f_setup_finish, None),
        PickTaskSide: (_f_pick_task_side, _c_pick_task_side),
        SoloDecks: (_f_solo_decks, None),
        AgeStart: (_f_age_start, None),
        SetBlessed: (_f_set_blessed, _c_set_blessed),
        ConflictBegin: (_f_conflict_begin, None),
        Action: (MezoState._f_action, _c_action),
        Third: (MezoState._f_third, _c_third),
        VgRow: (_f_vg_row, None),
        Strength: (_f_strength, None),
        Majority: (_f_majority, None),
        Space: (MezoState._f_space, _c_space),
        Build: (MezoState._f_build, _c_build),
        ConflictEnd: (_f_conflict_end, None),
        BlessedResolve: (_f_blessed_resolve, None),
        EndOfAge: (_f_end_of_age, None),
        EndGame: (_f_end_game, None),
        TaskScore: (_f_task_score, None),
        VgEff: (_f_vg_eff, None),
        VgDiscard: (_f_vg_discard, _c_vg_discard),
    }


def vg_text(steps: tuple[Step, ...]) -> str:
    """Steps as the Vengeful gods read them ("you" is the player), for logs and the board."""
    return ", then ".join(_vg_step_text(s) for s in steps)


def _vg_step_text(step: Step) -> str:
    n = step.n
    if step.op == "lose_devotion":
        return f"you lose {n} Devotion" if step.who == "player" else f"-{n} VP"
    if step.op == "discard_unit":
        return f"you send {n} unit{'s' if n != 1 else ''} from Reserve to Xibalba"
    if step.op == "draw_limit":
        return f"you draw only {n} God cards"
    if step.op == "devotion":
        return f"+{n} VP (for Devotion)"
    text = _step_text(step)
    if step.else_:
        text += f" (if it does nothing: {vg_text(step.else_)})"
    return text


def _track(goal: TaskGoal) -> str:
    return "[" + "/".join(str(x) for x in goal.track) + " VP]"


def _goal_view(goal: TaskGoal, tokens: int) -> dict[str, Any]:
    return {
        "text": goal.text,
        "check": goal.check,
        "track": list(goal.track),
        "tokens": tokens,
        "value": goal.track[tokens - 1] if tokens else 0,
    }
