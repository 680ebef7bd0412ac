"""The Mezo engine for 2 to 4 players (Part A of the rulebook of our edition).

The game flow is a stack of small immutable *frames*, one record class per kind of step
(``frames.py``). ``_run`` pops the top frame and calls its step handler from the table
``HANDLERS`` (frame ``GodTurn`` -> ``_f_god_turn``); a handler that returns no decision is
done, and the first one that needs a player's choice is put back and its decision is the
pending one; ``_apply`` hands that frame the chosen option (``_c_god_turn``). Card, Altar,
track and ability texts are data (``data.py``): the effect interpreter here reads their
steps, so no rule code names a card. Frames are immutable and the board is flat lists of
ints, which keeps ``clone`` cheap for simulations.

Extension points for the solo mode and the modules (Parts B and C): ``MezoConfig`` gains
its switches (and ``players`` its lower bound of 1); a module adds frames where the rules
place it — ``_f_age_start`` (Rituals, Cenote, Cities), ``_f_win`` and ``_f_blessed_resolve``
(Cenote, Cities), ``_f_conflict_begin`` after the third actions (Tribe Powers) and before
``conflict_end`` (Prophecies), ``_f_end_of_age`` after the pyramid scoring — and new step
ops go into ``_start``. The solo automaton (``solo.py``) answers the Vengeful gods' steps
itself instead of returning a ``Decision``, and replaces rows of the handler table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from tabletop_tui.engine.core import (
    Decision,
    GameConfig,
    GameResult,
    GameState,
    Option,
    ScoreLine,
    SeatResult,
    rank_scores,
)

from . import texts
from .data import God, Step, load_data
from .frames import (
    Ability,
    Action,
    AgeCleanup,
    AgeStart,
    BlessedResolve,
    Build,
    Bury,
    Cenote,
    CenoteOff,
    Champion,
    CityChampion,
    CityPlace,
    CityUnit,
    ConflictBegin,
    ConflictEnd,
    ConflictStep,
    Demolish,
    Deploy,
    Eff,
    EndGame,
    EndOfAge,
    Frame,
    GodStep,
    GodTurn,
    Hit,
    Keep,
    Majority,
    ModWin,
    MoveGod,
    MoveIn,
    MoveOut,
    Offer,
    Power,
    ProphecyCheck,
    Region,
    Reorder,
    RevealCards,
    RitualEnd,
    RitualOnce,
    RitualReveal,
    SetBlessed,
    SetupColour,
    SetupFinish,
    SetupGod,
    Space,
    Split,
    Strength,
    Third,
    Tie,
    TribeDeploy,
    TribeStep,
    TribeTurn,
    Triggers,
    Win,
)
from .modules import MODULE_SOURCES, MODULES, ModulesMixin, solo_conflict
from .views import MezoView

GodChoice = Literal[
    "choose", "ah_puch", "cabrakan", "ixchel", "kukulkan", "uayeb", "xolotl", "zotz"
]

SH, WA = 0, 1
_UNIT_TYPES = {"any": (SH, WA), "shaman": (SH,), "warrior": (WA,)}  # a step's unit word
TYPE_LETTER = ("S", "W")
TYPE_NAME = ("Shaman", "Warrior")
PENDING, ACTIVE, RESOLVED = 0, 1, 2
PYR_SIZES = (4, 3, 2, 1)
PYR_NAMES = {4: "base", 3: "large", 2: "medium", 1: "top"}
TRACK_NAMES = {"calendar": "Immortal Calendar", "codex": "Heroic Codex"}

# Score breakdown categories, in the order the result lists them.
SRC_ALTAR = "Altars"
SRC_BLESSED = "Blessed Region"
SRC_TRACKS = "Calendar and Codex"
SRC_PYRAMIDS = "Pyramids (End of Age)"
SRC_CARDS = "God cards and CALL"
SRC_WRATH = "Wrathful god"
SRC_ABILITY = "Tribe abilities"
SRC_GOD = "God passive"
SRC_DEVOTION = "Devotion track"
# Solo (Part B): the starting VP, the Task card and what only the Vengeful gods score by.
SRC_START = "Starting VP"
SRC_TASK = "Task card"
SRC_VCARDS = "Vengeful cards"
SRC_VENGEFUL = "VENGEFUL abilities"
SRC_OFFERING = "Blessed offering"
SOURCES = (
    SRC_ALTAR,
    SRC_BLESSED,
    SRC_TRACKS,
    SRC_PYRAMIDS,
    SRC_CARDS,
    SRC_WRATH,
    SRC_ABILITY,
    SRC_GOD,
    SRC_DEVOTION,
    SRC_START,
    SRC_TASK,
    SRC_VCARDS,
    SRC_VENGEFUL,
    SRC_OFFERING,
    *MODULE_SOURCES,  # Part C: Cities, Rituals, Prophecies, Sacred Cenote, Tribe Powers
)
_SOURCE_INDEX = {src: i for i, src in enumerate(SOURCES)}  # SOURCES.index, without a search

# A frame's step handler (a Decision, or None when it acted alone) and choice handler.
StepHandler = Callable[[Any, Any], Decision | None]
ChoiceHandler = Callable[[Any, Any, str], None]
Handlers = dict[type[Frame], tuple[StepHandler, ChoiceHandler | None]]


class MezoConfig(GameConfig):
    """Options of a Mezo game: seats (1 = solo), content, gods, solo difficulty, modules."""

    players: int = Field(
        3, ge=1, le=4, description="Number of tribes (1 = solo against the Vengeful gods)."
    )
    content: Literal["full", "base"] = Field(
        "full",
        description="Altars and Wrathful tiles: 'full' (with Souls for Xibalba) or 'base' only.",
    )
    god_1: GodChoice = Field("choose", description="God of player 1 ('choose' at the table).")
    god_2: GodChoice = Field("choose", description="God of player 2 ('choose' at the table).")
    god_3: GodChoice = Field("choose", description="God of player 3 ('choose' at the table).")
    god_4: GodChoice = Field("choose", description="God of player 4 ('choose' at the table).")

    @model_validator(mode="after")
    def _distinct_gods(self) -> MezoConfig:
        fixed = [g for g in self.fixed_gods() if g != "choose"]
        if len(fixed) != len(set(fixed)):
            raise ValueError("two players cannot have the same god")
        return self

    def fixed_gods(self) -> list[str]:
        return [self.god_1, self.god_2, self.god_3, self.god_4][: self.players]

    # Solo only (Part B, B10.4): the Vengeful gods' starting VP.
    difficulty: Literal["apprentice", "standard", "hard", "legendary", "custom"] = Field(
        "standard",
        description="Solo: the Vengeful gods start at 0 (apprentice), 4 (standard), "
        "14 (hard), 24 (legendary) VP, or 4 + vengeful_offset (custom).",
    )
    vengeful_offset: int = Field(
        0, ge=-4, le=40, description="Solo, difficulty 'custom': VP added to the Vengeful 4."
    )

    # The modules (Part C, 2 to 4 players), in any combination.
    cities: bool = Field(
        False,
        description="Module Cities: a City token gives 1 extra unit (and maybe your Champion) "
        "each Age and 3 VP at the end; whoever wins its region destroys it for 1 VP.",
    )
    rituals: bool = Field(
        False,
        description="Module Rituals: each Age reveals a Ritual card that changes one step "
        "of that Age or acts once at its start.",
    )
    prophecies: bool = Field(
        False,
        description="Module Prophecies: climb a column of 3 Prophecy cards (3 VP each); the "
        "first to fulfil the top one also takes the Monument (6 VP) and closes it.",
    )
    cenote: bool = Field(
        False,
        description="Module Sacred Cenote: each Age the VP leader puts it in a region; "
        "the winner there gains 3 Devotion.",
    )
    tribe_powers: bool = Field(
        False,
        description="Module Tribe Powers: each tribe gets a one-use token with two powers, "
        "usable in a conflict where its god is present or its Champion stands.",
    )

    # For the new-game form: fields that apply only in some setups (see ``ui/setup.py``).
    applies_when: ClassVar[dict[str, dict[str, tuple[Any, ...]]]] = {
        "god_2": {"players": (2, 3, 4)},
        "god_3": {"players": (3, 4)},
        "god_4": {"players": (4,)},
        "difficulty": {"mode": ("solo",)},
        "vengeful_offset": {"mode": ("solo",), "difficulty": ("custom",)},
        **{m: {"mode": ("competitive",)} for m in MODULES},
    }

    @model_validator(mode="after")
    def _no_modules_in_solo(self) -> MezoConfig:
        problem = solo_conflict(self.players, self.model_dump())
        if problem:
            raise ValueError(problem)
        return self


class MezoState(ModulesMixin, GameState):
    """A game of Mezo. Seats are 0..N-1; ``ring`` is the seat order drawn at setup."""

    game_id = "mezo"
    config_model = MezoConfig
    config: MezoConfig
    # Tribes played by the rules rather than by a seat (the solo Vengeful gods): they get
    # tribe indexes after the seats', so every per-tribe list holds them too.
    AUTOMATA = 0

    @classmethod
    def new(cls, config: GameConfig | dict[str, Any], seed: int) -> MezoState:
        """The one way to start a game (the registry, sessions, simulations, replays and
        saved games all call it): a one-player game is the solo mode, ``SoloState``."""
        if not isinstance(config, GameConfig):
            config = cls.config_model.model_validate(config)
        if cls is MezoState and config.players == 1:
            from .solo import SoloState

            return SoloState(config, seed)
        return cls(config, seed)

    # ---- setup ---------------------------------------------------------------------------

    def _setup(self) -> None:
        if self.config.players == 1 and not self.AUTOMATA:
            raise TypeError("a solo game is a SoloState: start it with MezoState.new(config, seed)")
        d = self.data = load_data()
        c = d.constants
        P = self.tribe_count = self.config.players + self.AUTOMATA
        rng = self.rng
        nr = len(d.region_ids)
        # 1. seat order
        self.ring = list(range(self.config.players))
        rng.shuffle(self.ring)
        self.pos = [0] * P
        for i, s in enumerate(self.ring):
            self.pos[s] = i
        # 2.
        self.age = 1
        # 3. abandoned regions
        tiles = list(range(nr))
        rng.shuffle(tiles)
        setup = c.setup_by_players[self.config.players]
        self.inplay = [True] * nr
        for _ in range(int(setup["abandoned_regions"])):
            self.inplay[tiles.pop(0)] = False
        self.conflict_stack = tiles
        self.known_top = 0
        self.known_bottom = 0
        # 4. champions
        self.nchamp = int(setup["champions_per_player"])
        self.champs = [-1] * (P * 2)
        # 5. altars
        content = self.config.content
        pool = [a.id for a in d.altars if content == "full" or a.set == "base"]
        rng.shuffle(pool)
        self.altar: list[str | None] = [None] * nr
        for r in range(nr):
            if self.inplay[r]:
                self.altar[r] = pool.pop(0)
        # 6. wrathful tiles, one per Age
        self.wrath_tiles: list[str] = []
        for age in range(1, c.ages + 1):
            wp = [
                w.id for w in d.wrathful if w.age == age and (content == "full" or w.set == "base")
            ]
            rng.shuffle(wp)
            self.wrath_tiles.append(wp[0])
        self.wrath_revealed = 0  # how many Ages' tiles are face up
        # 7.
        self.blessed = -1
        # per-tribe state
        self.colour: list[str | None] = [None] * P
        self.god: list[str | None] = [None] * P
        self.gods: list[God | None] = [None] * P  # ``god`` as data, for the rules' hot paths
        self.vertex = [-1] * P
        self.reserve = [0] * (P * 2)
        self.xib = [0] * (P * 2)
        self.wrath = [0] * (P * 2)
        self.offer = [0] * (P * 2)
        self.pending_offer = [-1] * (P * 2)
        self.units = [0] * (nr * P * 2)
        self.glyphs = [0] * (nr * P)
        self.pyr: list[tuple[int, ...]] = [()] * (nr * P)
        self.calendar = [-1] * len(d.calendar)
        self.codex = [-1] * len(d.codex)
        self.vp = [0] * P
        self.dev = [0] * P
        self.vpsrc = [[0] * len(SOURCES) for _ in range(P)]
        self.abil: list[tuple[str, ...]] = [()] * P
        self.deck: list[list[str]] = [[] for _ in range(P)]
        self.known_deck = [0] * P  # top cards of its deck whose order the owner knows
        self.played: list[list[str]] = [[] for _ in range(P)]
        self.kept: list[str | None] = [None] * P
        self.cards_shown = False
        self.used_rows = [""] * P
        self.tokens = [0] * P
        self.smote = [False] * P
        self.passive_uses = [0] * P
        self.bury_used = [False] * P
        self.status = [PENDING] * nr
        self.conflict_region = -1
        self.turn: tuple[int, ...] = ()
        self.conflict_order: list[int] = []
        self.in_conflicts = False
        self.last_strength: dict[int, int] = {}
        self.phase = "setup"
        self.finished = False
        self.stack: list[Frame] = []
        self._pending: Decision | None = None
        self._modules_init()
        # 8. colours and gods in reverse seat order; then 9 and 11.

        frames: list[Frame] = []
        for s in reversed(self.ring):
            frames += [SetupColour(s), SetupGod(s)]
        frames.append(SetupFinish())
        self._push_seq(frames)
        self._run()

    # ---- small helpers -------------------------------------------------------------------

    def name(self, s: int) -> str:
        """The seat's name in engine text: the frame fills in ``{seat:N}``."""
        return _SEAT_NAMES[s] if 0 <= s < len(_SEAT_NAMES) else f"{{seat:{s}}}"

    def rid(self, r: int) -> str:
        return self.data.region_ids[r]

    def rname(self, r: int) -> str:
        return f"{self.data.region_ids[r]} {self.data.region_names[r]}"

    def region_options(self, regions: Iterable[int]) -> tuple[Option, ...]:
        """One option per region, each naming it (made once per region, ``_region_option``)."""
        ids, names = self.data.region_ids, self.data.region_names
        return tuple([_region_option(ids[r], names[r]) for r in regions])

    def vp_order(self) -> list[int]:
        vp, pos = self.vp, self.pos
        if self.tribe_count == 2:  # the sort below for two tribes, without its key calls
            return [0, 1] if (-vp[0], pos[0]) <= (-vp[1], pos[1]) else [1, 0]
        return _vp_sorted(vp, pos, self.tribe_count)

    def regions_without_champion(self) -> list[int]:
        """The in-play regions no Champion stands in (where the Blessed Region may be)."""
        taken, free = self.champs, []
        for r, on in enumerate(self.inplay):
            if on and r not in taken:
                free.append(r)
        return free

    def champion_owner(self, r: int) -> int:
        for i, cr in enumerate(self.champs):
            if cr == r:
                return i // 2
        return -1

    def god_regions(self, s: int) -> list[int]:
        v = self.vertex[s]
        if v < 0:
            return []
        inplay, regions = self.inplay, []
        for r in self.data.vertex_regions[v]:
            if inplay[r]:
                regions.append(r)
        return regions

    def god_present(self, s: int, r: int) -> bool:
        v = self.vertex[s]
        return v >= 0 and r in self.data.vertex_regions[v] and self.inplay[r]

    def god_data(self, s: int):  # noqa: ANN201 - returns data.God
        return self.gods[s]

    def modifiers(self, s: int, key: str) -> Sequence[str | int]:
        """The values of rule modifier ``key`` that ``s``'s abilities (and a Ritual) give."""
        abil = self.abil[s]
        out: Sequence[str | int] = ()
        if abil:  # the same few ability sets come back: their values are made once
            d = self.data
            hit = _MODIFIERS.get((id(d), abil, key))
            if hit is None or hit[0] is not d:
                hit = _cache_put(
                    _MODIFIERS, (id(d), abil, key), (d, _modifier_values(d, abil, key))
                )
            out = hit[1]
        if self.ritual is not None:
            out = [*out, *self.ritual_modifiers(key)]
        return out

    def tier(self, s: int) -> int:
        return self.data.tier(self.dev[s])

    def unit_slot(self, r: int, s: int, t: int) -> int:
        """Index in ``units`` of tribe ``s``'s units of type ``t`` (SH, WA) in region ``r``."""
        return (r * self.tribe_count + s) * 2 + t

    def piece_slot(self, r: int, s: int) -> int:
        """Index in ``glyphs`` and ``pyr`` of tribe ``s``'s pieces in region ``r``."""
        return r * self.tribe_count + s

    def units_at(self, r: int, s: int, t: int) -> int:
        """How many units of type ``t`` tribe ``s`` has in region ``r``."""
        return self.units[(r * self.tribe_count + s) * 2 + t]  # unit_slot, inlined: hot

    def units_of(self, r: int, s: int) -> int:
        i = self.unit_slot(r, s, SH)
        return self.units[i] + self.units[i + 1]

    def pyr_supply(self, s: int) -> dict[int, int]:
        spec = self.data.constants.per_tribe["pyramid"]
        left = {4: spec["base"], 3: spec["large"], 2: spec["medium"], 1: spec["top"]}
        for stack in self.pyr[s :: self.tribe_count]:  # piece_slot(r, s) for every r
            for size in stack:
                left[size] -= 1
        return left

    def glyph_supply(self, s: int) -> int:
        used = sum(self.glyphs[s :: self.tribe_count])  # piece_slot(r, s) for every r
        return self.data.constants.per_tribe["glyph"] - used

    def legal_sizes(self, s: int, r: int, left: dict[int, int] | None = None) -> list[int]:
        """The sizes ``s`` may BUILD in ``r`` (``left``: its ``pyr_supply``, if known)."""
        stack = self.pyr[r * self.tribe_count + s]  # piece_slot(r, s), inlined: hot
        top = stack[-1] if stack else 99
        if left is None:
            left = self.pyr_supply(s)
        sizes = []
        for size in PYR_SIZES:
            if size < top and left[size] > 0:
                sizes.append(size)
        return sizes

    def enterable(self, r: int) -> bool:
        return self.inplay[r] and self.status[r] != RESOLVED

    def is_pending(self, r: int) -> bool:
        if not self.inplay[r]:
            return False
        if not self.in_conflicts:
            return True
        return self.status[r] == PENDING and r != self.conflict_region

    def regions_for(self, word: str, s: int) -> list[int]:
        """The in-play regions a region word of the effect language names (A12.1)."""
        n = len(self.inplay)
        if word == "here":
            return [self.conflict_region] if self.conflict_region >= 0 else []
        if word == "present":
            return self.god_regions(s)
        out = []  # loops, not comprehensions: no cells for ``self`` at every call
        if word == "pending":  # is_pending, inlined: the commonest word
            r = 0
            if not self.in_conflicts:
                for on in self.inplay:
                    if on:
                        out.append(r)
                    r += 1
                return out
            status, here = self.status, self.conflict_region
            for on in self.inplay:
                if on and status[r] == PENDING and r != here:
                    out.append(r)
                r += 1
            return out
        if word == "any":
            for r in range(n):
                if self.inplay[r]:
                    out.append(r)
            return out
        if word == "adjacent_pending":
            if self.conflict_region < 0:
                return []
            adj = self.data.adjacent[self.conflict_region]
            for r in range(n):
                if r in adj and self.is_pending(r):
                    out.append(r)
            return out
        if word == "present_pending":
            for r in self.god_regions(s):
                if self.is_pending(r):
                    out.append(r)
            return out
        if word == "champion":
            return sorted({cr for cr in self.champs[s * 2 : s * 2 + 2] if cr >= 0})
        raise ValueError(f"unknown region word {word}")

    def gain_vp(self, s: int, n: int, src: str) -> None:
        if n <= 0:
            return
        self.vp[s] += n
        self.vpsrc[s][_SOURCE_INDEX[src]] += n
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} gains {n} VP ({src}).", seat=s)

    def gain_devotion(self, s: int, n: int) -> None:
        if n <= 0:
            return
        before = self.dev[s]
        top = self.data.constants.devotion_max
        self.dev[s] = before + n if before + n < top else top  # min(), without its arguments' tuple
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"{self.name(s)} gains {self.dev[s] - before} Devotion (now {self.dev[s]}).", seat=s
            )

    def strength(self, s: int, r: int) -> int:
        """A8.9 / A9.4: Champions, units, Glyphs, Strength tokens (and offerings)."""
        return sum(self.strength_parts(s, r))

    def strength_parts(self, s: int, r: int) -> tuple[int, int, int, int, int]:
        """Strength by source: Champions, units, Glyphs, tokens, offered units."""
        st = self.data.constants.strength
        champs = self.champs
        c = (champs[s * 2] == r) + (champs[s * 2 + 1] == r)  # how many of s's Champions
        if c:  # what a Champion is worth, asked only where one stands
            champ = st["champion"]
            for m in self.modifiers(s, "champion_strength"):
                if m == "2_plus_devotion_tier":
                    champ = max(champ, 2 + self.tier(s))
            c *= champ
        i = r * self.tribe_count + s  # piece_slot(r, s); unit_slot(r, s, SH) is 2 * i
        u = self.units[2 * i] * st["shaman"] + self.units[2 * i + 1] * st["warrior"]
        g = self.glyphs[i] * st["glyph"]
        if r != self.conflict_region:
            return c, u, g, 0, 0
        offered = self.offer[s * 2] + self.offer[s * 2 + 1] if r == self.blessed else 0
        return c, u, g, self.tokens[s], offered

    def strength_text(self, s: int, r: int) -> str:
        """``{seat} 5 (Champion 2, units 2, Glyph 1)``: a Strength with its sources, for the log."""
        parts = self.strength_parts(s, r)
        words = ("Champion", "units", "Glyphs", "tokens", "offered")
        why = ", ".join(f"{w} {n}" for w, n in zip(words, parts, strict=True) if n)
        return f"{self.name(s)} {sum(parts)}" + (f" ({why})" if why else "")

    def counter(self, s: int, name: str) -> int:
        P, here = self.tribe_count, self.conflict_region
        if name == "own_units_here":
            return self.units_of(here, s) if here >= 0 else 0
        if name == "own_shamans_here":
            return self.units_at(here, s, SH) if here >= 0 else 0
        if name == "own_units_in_xibalba":
            return self.xib[s * 2] + self.xib[s * 2 + 1]
        if name == "rival_tribes":
            return P - 1
        # (the sums below read only their own names: no closure cells at every call)
        if name == "opp_units_in_xibalba":
            return sum(self.xib) - self.xib[s * 2] - self.xib[s * 2 + 1]
        stacks = self.pyr[s::P]  # piece_slot(r, s) by r
        if name == "own_pyramid_regions":
            return sum(1 for on, stack in zip(self.inplay, stacks, strict=True) if on and stack)
        if name == "own_pyramid_elements":
            return sum(map(len, stacks))
        if name == "own_tall_pyramids":
            return sum(
                1 for on, stack in zip(self.inplay, stacks, strict=True) if on and len(stack) >= 3
            )
        if name == "own_units_on_tracks":
            return self.calendar.count(s) + self.codex.count(s)
        if name == "own_pieces_here":
            if here < 0:
                return 0
            return self.glyphs[self.piece_slot(here, s)] + len(self.pyr[self.piece_slot(here, s)])
        raise ValueError(f"unknown counter {name}")

    # ---- the frame machine ---------------------------------------------------------------

    def _push(self, frame: Frame) -> None:
        """Push one frame (this module's handlers append to ``stack`` themselves: hot)."""
        self.stack.append(frame)

    def _push_seq(self, frames: list[Frame]) -> None:
        """Push frames so that the first of the list runs first."""
        self.stack.extend(reversed(frames))

    def _run(self) -> None:
        """Run frames until a player must choose (a decision with one option is taken).

        The machine pops each frame before its step handler runs, so a handler that acts
        alone returns None and is done; one that returns a Decision is put back on the stack
        until the choice comes."""
        stack = self.stack
        handlers = self.HANDLERS
        while stack:
            frame = stack.pop()
            step, choose = handlers[type(frame)]
            decision = step(self, frame)
            if decision is None:
                continue
            assert choose is not None, f"{type(frame).__name__} has no choice handler"
            if len(decision.options) == 1:
                choose(self, frame, decision.options[0].id)
                continue
            stack.append(frame)
            self._pending = decision
            return
        self._pending = None
        self.finished = True
        self.phase = "over"

    def _decision(self) -> Decision | None:
        return self._pending

    def decision(self) -> Decision | None:
        """The frame machine keeps the pending decision itself: no cache to go through."""
        return self._pending

    def _apply(self, option: Option) -> None:
        self._choose(option.id)

    def _choose(self, option_id: str) -> None:
        """Hand the waiting frame its option, then run to the next decision."""
        frame = self.stack.pop()
        choose = self.HANDLERS[type(frame)][1]
        assert choose is not None, f"{type(frame).__name__} has no choice handler"
        choose(self, frame, option_id)
        self._run()

    def playout(self, rng: random.Random, limit: int) -> None:
        """The protocol's play-out without its per-move checks: each option is drawn from
        the pending decision, so it needs no lookup, and the decision is the machine's own.

        ``_choose`` and ``_run`` are written out in the loop, and so is ``rng.choice`` when
        the stream is a plain ``Random`` (its ``choice`` is ``_randbelow``, the getrandbits
        loop below): the same draws, without three calls a move."""
        if _CHOICE_IS_GETRANDBITS and type(rng) is random.Random:
            getrandbits = rng.getrandbits
        else:  # another stream: its own ``choice``
            GameState.playout(self, rng, limit)
            self._decision_cache = None
            return
        stack = self.stack
        record, pop, push, handlers = self.history.append, stack.pop, stack.append, self.HANDLERS
        decision = self._pending
        moves = 0
        while decision is not None and moves < limit:
            options = decision.options
            n = len(options)
            k = n.bit_length()
            i = getrandbits(k)
            while i >= n:
                i = getrandbits(k)
            option_id = options[i].id
            frame = pop()  # its frame has a choice handler
            handlers[type(frame)][1](self, frame, option_id)  # type: ignore[misc]
            decision = None
            while stack:  # ``_run``
                frame = pop()
                step, choose = handlers[type(frame)]
                asked = step(self, frame)
                if asked is None:
                    continue
                if len(asked.options) == 1:
                    choose(self, frame, asked.options[0].id)  # type: ignore[misc]
                    continue
                push(frame)
                decision = asked
                break
            else:
                self.finished = True
                self.phase = "over"
            record(option_id)
            moves += 1
        self._pending = decision
        self._decision_cache = None

    # ---- setup frames --------------------------------------------------------------------

    def _f_setup_colour(self, f: SetupColour) -> Decision:
        s = f.seat
        taken = set(self.colour)
        opts = tuple(
            Option(f"colour:{c}", c.capitalize())
            for c in self.data.constants.tribe_colours
            if c not in taken
        )
        return Decision(s, f"{self.name(s)}: choose your tribe colour", opts, kind="colour")

    def _c_setup_colour(self, f: SetupColour, oid: str) -> None:
        s = f.seat
        self.colour[s] = oid.split(":", 1)[1]
        self.log(f"{self.name(s)} takes the {self.colour[s]} tribe.", seat=s)

    def _f_setup_god(self, f: SetupGod) -> Decision:
        s = f.seat
        fixed = self.config.fixed_gods()
        taken = set(self.god) | {g for g in fixed if g != "choose"}
        if fixed[s] != "choose":
            g = self.data.god(fixed[s])
            return Decision(s, "Your god", (Option(f"god:{g.id}", g.name),), kind="god")
        opts = tuple(
            Option(f"god:{g.id}", f"{g.name}, {g.title}: {g.passive_name}; CALL {g.call_name}")
            for g in self.data.gods
            if g.id not in taken
        )
        return Decision(s, f"{self.name(s)}: choose your god", opts, kind="god")

    def _c_setup_god(self, f: SetupGod, oid: str) -> None:
        s = f.seat
        self.god[s] = oid.split(":", 1)[1]
        # a new list, not changed in place: clones share it
        self.gods = [self.data.god(g) if g else None for g in self.god]
        self.log(f"{self.name(s)} serves {self.data.god(self.god[s]).name}.", seat=s)

    def _f_setup_finish(self, f: SetupFinish) -> None:
        c = self.data.constants
        per = c.per_tribe
        for s in range(self.tribe_count):
            xs, xw = c.start_xibalba["shaman"], c.start_xibalba["warrior"]
            self.xib[s * 2], self.xib[s * 2 + 1] = xs, xw
            self.reserve[s * 2], self.reserve[s * 2 + 1] = per["shaman"] - xs, per["warrior"] - xw
            self.vp[s] = c.start_vp["multiplayer"]
        for s in self.ring:
            god = self.gods[s]  # god_data(s)
            assert god is not None
            deck = list(god.cards)
            self.rng.shuffle(deck)
            self.deck[s] = deck
        self.mark_barrier()
        self.stack.append(AgeStart())
        self._modules_setup()  # A3.10 (its City placements come before the first Age)

    # ---- Start of Age and Tribe Step -----------------------------------------------------

    def _f_age_start(self, f: AgeStart) -> None:
        self.phase = "start of Age"
        self.wrath_revealed = self.age
        self.mark_barrier()
        w = self.data.wrathful_tile(self.wrath_tiles[self.age - 1])
        self.log(f"Age {self.age} begins. The Wrathful god tile is {w.name}.")
        frames: list[Frame] = self._start_of_age_modules()  # A5.2: Ritual, Sacred Cenote
        frames += [Ability(s) for s in self.vp_order()]
        frames += self._city_deploy_frames()  # A5.4
        frames.append(TribeStep())

        self._push_seq(frames)

    def _f_ability(self, f: Ability) -> Decision:
        s = f.seat
        key = (type(self), "ability", s, self.age, self.abil[s])
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = tuple(
            Option(f"ability:{a.id}", f"{a.name}: {a.text}")
            for a in self.data.abilities
            if a.age == self.age and a.id not in self.abil[s]
        )
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: choose a Tribe ability for Age {self.age}",
                opts,
                kind="ability",
            ),
        )

    def _c_ability(self, f: Ability, oid: str) -> None:
        s = f.seat
        aid = oid.split(":", 1)[1]
        self.abil[s] = self.abil[s] + (aid,)
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} chooses {self.data.ability(aid).name}.", seat=s)

    def _f_tribe_step(self, f: TribeStep) -> None:
        self.phase = "Tribe Step"
        frames: list[Frame] = self._ritual_frames("tribe")
        frames += [TribeTurn(s) for s in self.vp_order()]
        frames += [SetBlessed(), GodStep()]
        self._push_seq(frames)

    def _hooked(self, s: int, hook: str) -> tuple[str, ...]:
        """``s``'s abilities that trigger at ``hook`` this Age (made once per ability set)."""
        abil = self.abil[s]
        if not abil:
            return ()
        d, age = self.data, self.age
        hit = _HOOKED.get((id(d), abil, hook, age))
        if hit is None or hit[0] is not d:
            out = []
            for aid in abil:
                a = d.ability(aid)
                if hook in a.hooks and (not a.only_ages or age in a.only_ages):
                    out.append(aid)
            hit = _cache_put(_HOOKED, (id(d), abil, hook, age), (d, tuple(out)))
        return hit[1]

    def _f_tribe_turn(self, f: TribeTurn) -> None:
        s = f.seat
        frames: list[Frame] = []
        hooks = self._hooked(s, "start_of_tribe_step")
        if hooks:
            frames.append(Triggers(s, "start_of_tribe_step", hooks))
        for k in range(self.nchamp):
            if self.champs[s * 2 + k] < 0:
                frames.append(Champion(s, k))
        hooks = self._hooked(s, "after_champion_deploy")
        if hooks:
            frames.append(Triggers(s, "after_champion_deploy", hooks))
        frames.append(TribeDeploy(s))
        self._push_seq(frames)

    def _f_triggers(self, f: Triggers) -> Decision | None:
        s, hook, ids = f.seat, f.hook, f.abilities
        if len(ids) == 1:
            self._effect_now(s, self.data.ability(ids[0]).hooks[hook], SRC_ABILITY)
            return None
        opts = tuple(Option(f"first:{a}", f"{self.data.ability(a).name} first") for a in ids)
        return Decision(s, "Several of your abilities trigger: which first?", opts, kind="order")

    def _c_triggers(self, f: Triggers, oid: str) -> None:
        s, hook, ids = f.seat, f.hook, f.abilities
        first = oid.split(":", 1)[1]
        rest = tuple(a for a in ids if a != first)
        self.stack.append(Triggers(s, hook, rest))
        self._effect(s, self.data.ability(first).hooks[hook], SRC_ABILITY)

    def _f_champion(self, f: Champion) -> Decision:
        s = f.seat
        free = tuple(self.regions_without_champion())
        key = (type(self), "champion", s, free)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = self.region_options(free)
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: deploy your Champion into a region without one",
                opts,
                kind="champion",
            ),
        )

    def _c_champion(self, f: Champion, oid: str) -> None:
        s, k = f.seat, f.slot
        r = self.data.region_index[_payload(oid)]
        self.champs[s * 2 + k] = r
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} deploys a Champion into {self.rname(r)}.", seat=s)

    def _f_tribe_deploy(self, f: TribeDeploy) -> None:
        s = f.seat
        own = self.champs[s * 2 : s * 2 + 2]
        frames: list[Frame] = []
        for r, on in enumerate(self.inplay):
            if on and r not in own:
                frames.append(Deploy(s, r))
        self._push_seq(frames)

    def _f_deploy(self, f: Deploy) -> Decision | None:
        s, r = f.seat, f.region
        rs, rw = self.reserve[s * 2], self.reserve[s * 2 + 1]
        if rs + rw == 0:
            return None
        cap = self.deploy_cap()
        # units beyond the cap change no option: the key caps them, so more positions share it
        key = (type(self), "deploy", s, r, cap, rs if rs < cap else cap, rw if rw < cap else cap)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = _deploy_options(self.rid(r), cap, rs, rw)
        return _remember(
            key,
            self._region_decision(
                s, r, f"DEPLOY up to {cap} units into {self.rname(r)}", opts, "deploy"
            ),
        )

    def _c_deploy(self, f: Deploy, oid: str) -> None:
        s, r = f.seat, f.region
        a, b = _parse_split(oid)
        self._move_units(s, (a, b), "reserve", r)
        if a + b and self._log_buffer is not None:  # no text for no log
            self.log(f"{self.name(s)} deploys {_split_label(a, b)} into {self.rname(r)}.", seat=s)

    def _f_set_blessed(self, f: SetBlessed) -> None:
        free = self.regions_without_champion()
        self.blessed = free[0] if free else -1
        if self.blessed >= 0:
            self.log(f"{self.rname(self.blessed)} is the Blessed Region this Age.")

    # ---- God Step ------------------------------------------------------------------------

    def _f_god_step(self, f: GodStep) -> None:
        self.phase = "God Step"
        self.passive_uses = [0] * self.tribe_count  # a capped passive counts the CALLs apart
        frames: list[Frame] = self._ritual_frames("god")
        frames += [GodTurn(s) for s in reversed(self.vp_order())]
        frames += self._ritual_frames("conflict")  # at the start of the Conflict Step
        frames.append(ConflictStep())
        self._push_seq(frames)

    def _vertices(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The vertices next to a region in play, and every vertex's label: both follow from
        the board and the regions in play alone, so they are made once per such pair."""
        d, inplay = self.data, tuple(self.inplay)
        hit = _VERTICES.get((id(d), inplay))
        if hit is None or hit[0] is not d:
            if len(_VERTICES) > 256:
                _VERTICES.clear()
            hit = _VERTICES[(id(d), inplay)] = (d, *_board_vertices(d, inplay))
        return hit[1], hit[2]

    def empty_vertices(self) -> list[int]:
        taken = self.vertex
        empty = []
        for v in self._vertices()[0]:
            if v not in taken:
                empty.append(v)
        return empty

    def _vertex_label(self, v: int) -> str:
        return self._vertices()[1][v]

    def _f_god_turn(self, f: GodTurn) -> Decision:
        s = f.seat
        god = self.gods[s]  # god_data(s)
        assert god is not None
        empty = tuple(self.empty_vertices())
        # the vertices' labels name their in-play regions
        key = (type(self), "god_turn", s, god.id, self.vertex[s], empty, tuple(self.inplay))
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        return _remember(key, self._god_turn_decision(s, god, empty))

    def _god_turn_decision(self, s: int, god: God, empty: tuple[int, ...]) -> Decision:
        vid, labels = self.data.vertex_ids, self._vertices()[1]
        if self.vertex[s] < 0:
            opts = tuple([_vertex_option(vid[v], labels[v], "") for v in empty])
            return Decision(
                s, f"{self.name(s)}: place {god.name} on an empty vertex", opts, kind="god_place"
            )
        opts = (
            Option("stay", f"Stay on {labels[self.vertex[s]]}, then CALL"),
            *[_vertex_option(vid[v], labels[v], "Move to ") for v in empty],
            Option("call_first", f"CALL first ({god.call_name}), then choose whether to move"),
        )
        return Decision(
            s, f"{self.name(s)}: move {god.name} and CALL, in either order", opts, kind="god_turn"
        )

    def _c_god_turn(self, f: GodTurn, oid: str) -> None:
        s = f.seat
        god = self.gods[s]  # god_data(s)
        assert god is not None
        if oid == "call_first":
            self.stack.append(MoveGod(s, True))
        elif oid.startswith("vertex:"):
            self._set_vertex(s, self.data.vertex_ids.index(oid.split(":", 1)[1]))
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} CALLs: {god.call_name}.", seat=s)
        self._effect_now(s, self.call_steps(s), SRC_CARDS)

    def _set_vertex(self, s: int, v: int) -> None:
        self.vertex[s] = v
        god = self.gods[s]  # god_data(s)
        assert god is not None
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{god.name} stands on {self._vertex_label(v)}.", seat=s)

    def _f_move_god(self, f: MoveGod) -> Decision | None:
        s, optional = f.seat, f.optional
        empty = tuple(self.empty_vertices())
        here = self.vertex[s]
        # the labels name the regions in play
        key = (type(self), "move_god", s, optional, here, empty, tuple(self.inplay))
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        vid, labels = self.data.vertex_ids, self._vertices()[1]
        opts = [
            Option(f"vertex:{vid[v]}", f"Move to {labels[v]}", f"vertex:{vid[v]}") for v in empty
        ]
        if optional or not opts:
            label = f"Stay on {labels[here]}" if here >= 0 else "Stay"
            opts.insert(0, Option("stay", label))
        return _remember(
            key, Decision(s, f"{self.name(s)}: move your god?", tuple(opts), kind="move_god")
        )

    def _c_move_god(self, f: MoveGod, oid: str) -> None:
        s = f.seat
        if oid.startswith("vertex:"):
            self._set_vertex(s, self.data.vertex_ids.index(oid.split(":", 1)[1]))

    # ---- Conflict Step -------------------------------------------------------------------

    def _f_conflict_step(self, f: ConflictStep) -> None:
        self.in_conflicts = True
        self.phase = "Conflict Step"
        if not self.conflict_stack:
            self.stack.append(EndOfAge())
            return
        self._reveal()
        frames: list[Frame] = []
        for s in self.vp_order():
            god = self.gods[s]  # god_data(s)
            if god and god.passive_hook == "on_conflict_tile_revealed" and not self.bury_used[s]:
                frames.append(Eff(s, god.passive_steps, 0, SRC_GOD))
        frames.append(_CONFLICT_BEGIN)
        self._push_seq(frames)

    def _reveal(self) -> None:
        r = self.conflict_stack.pop(0)
        if self.known_top > 0:  # the tiles known on top: one fewer (not below 0)
            self.known_top -= 1
        if self.known_bottom > len(self.conflict_stack):
            self.known_bottom = len(self.conflict_stack)
        self.conflict_region = r
        self.status[r] = ACTIVE
        self.mark_barrier()
        kind = "the Blessed Region" if r == self.blessed else "a conflict"
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"Conflict tile revealed: {self.rname(r)} ({kind}).")

    def _f_bury(self, f: Bury) -> Decision | None:
        s = f.seat
        if not self.conflict_stack or self.bury_used[s]:
            return None
        god = self.gods[s]  # god_data(s)
        assert god is not None
        key = (type(self), "bury", s, god.id, self.conflict_region)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = (
            Option("keep", f"Resolve {self.rname(self.conflict_region)} now"),
            Option(
                "bury",
                f"{god.passive_name}: put {self.rid(self.conflict_region)} at the bottom, reveal the next tile",
            ),
        )
        return _remember(
            key, Decision(s, f"{self.name(s)}: use {god.passive_name}?", opts, kind="bury")
        )

    def _c_bury(self, f: Bury, oid: str) -> None:
        s = f.seat
        if oid != "bury":
            return
        self.bury_used[s] = True
        r = self.conflict_region
        self.status[r] = PENDING
        self.conflict_stack.append(r)
        self.known_bottom += 1
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"{self.name(s)} puts {self.rname(r)} at the bottom of the Conflict stack.", seat=s
            )
        self._reveal()

    def _f_conflict_begin(self, f: ConflictBegin) -> None:
        r = self.conflict_region
        P = self.tribe_count
        self.tokens = [0] * P
        self.smote = [False] * P
        self.passive_uses = [0] * P
        self.used_rows = [""] * P
        if r == self.blessed:
            self.turn = tuple(self.vp_order())
            frames: list[Frame] = []
            for s in self.turn:
                hooks = self._hooked(s, "start_of_blessed_conflict")
                if hooks:
                    frames.append(Triggers(s, "start_of_blessed_conflict", hooks))
            for s in self.turn:
                frames.append(Offer(s, SH))
                frames.append(Offer(s, WA))
            frames.append(BlessedResolve())
            self._push_seq(frames)
            return
        owner = self.champion_owner(r)
        n = len(self.ring)
        # A8.5: left of the Champion's owner; without one, the VP leader; then clockwise.
        start = (self.pos[owner] + 1) % n if owner >= 0 else self.pos[self.vp_order()[0]]
        ring = self.ring  # from ``start`` round the ring
        self.turn = tuple(ring[start:] + ring[:start])
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log("Turn order: " + ", ".join(map(self.name, self.turn)) + ".")
        frames = []
        for s in self.turn:
            god = self.gods[s]  # god_data(s)
            if god and god.passive_hook == "start_of_normal_conflict":
                frames.append(Eff(s, god.passive_steps, 0, SRC_GOD))
        frames += _conflict_turns(self.turn, self.data.constants.actions_per_conflict)
        frames += self._power_frames()  # A8.8
        frames += _CONFLICT_MAJORITIES
        frames += self._checkpoint_frames("conflict")  # A8.13
        frames.append(_CONFLICT_END)

        self._push_seq(frames)

    # God cards

    def draw_count(self, s: int) -> int:
        """How many God cards ``s`` draws this conflict (solo: Uayeb's VENGEFUL cuts it)."""
        return self.data.constants.cards_drawn

    def _f_keep(self, f: Keep) -> Decision | None:
        s = f.seat
        drawn = tuple(self.deck[s][: self.draw_count(s)])
        if not drawn:
            return None
        key = (type(self), "keep", s, drawn)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = tuple(map(_keep_option, drawn, map(self.data.cards.__getitem__, drawn)))
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: keep one God card (secret)",
                opts,
                secret=True,
                kind="keep_card",
            ),
        )

    def _c_keep(self, f: Keep, oid: str) -> None:
        s = f.seat
        cid = _payload(oid)
        deck = self.deck[s]
        drawn = min(len(deck), self.draw_count(s))
        deck.remove(cid)
        self.kept[s] = cid
        known = self.known_deck[s]  # max(known, drawn - 1), then at most the deck
        if known < drawn - 1:
            known = drawn - 1
        self.known_deck[s] = known if known < len(deck) else len(deck)
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} keeps a God card face down.", seat=s)
            self.log(f"You keep {self.data.cards[cid].name}.", seat=s, private_to=s)

    def _f_reveal_cards(self, f: RevealCards) -> None:
        self.cards_shown = True
        self.mark_barrier()
        for s in self.turn:
            if self.kept[s] and self._log_buffer is not None:  # no text for no log
                self.log(f"{self.name(s)} reveals {self.data.cards[self.kept[s]].name}.", seat=s)

    def _f_action(self, f: Action) -> Decision:
        s = f.seat
        cid = self.kept[s]
        has_xib = self.xib[s * 2] + self.xib[s * 2 + 1] > 0
        god = self.gods[s]  # god_data(s)
        both = god is not None and god.passive_modifier == "pass_gives_both"
        if not both and self.ritual is not None:
            both = self.pass_gives_both()  # a Ritual may give both to everyone
        key = (type(self), "action", s, cid, self.used_rows[s], has_xib, both)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        return _remember(key, self._action_decision(s, cid, has_xib, both))

    def _action_decision(self, s: int, cid: str | None, has_xib: bool, both: bool) -> Decision:
        opts: list[Option] = []
        if cid is None:
            opts.append(Option("pass:devotion", "Pass: gain 1 Devotion"))
            if has_xib:
                opts.append(Option("pass:recover", "Pass: RECOVER 1"))
            return Decision(
                s, f"{self.name(s)}: you have no card, pass", tuple(opts), kind="action"
            )
        card = self.data.cards[cid]
        free = [o for o in card.options if o.key not in self.used_rows[s]]
        for o in free:
            opts.append(_play_option(o))
        for o in free:
            if both:
                opts.append(_pass_option(o.key, "both"))
                continue
            opts.append(_pass_option(o.key, "devotion"))
            if has_xib:
                opts.append(_pass_option(o.key, "recover"))
        return Decision(
            s,
            f"{self.name(s)}: take an action with {card.name}",
            tuple(opts),
            kind="action",
            context={"card": cid, "marked": self.used_rows[s]},
        )

    _PASS_DEV = (Step(op="devotion", n=1),)
    _PASS_REC = (Step(op="recover", n=1),)
    _PASS_BOTH = (Step(op="devotion", n=1), Step(op="recover", n=1))
    _PASS_STEPS: ClassVar[dict[str, tuple[Step, ...]]] = {
        "devotion": _PASS_DEV,
        "recover": _PASS_REC,
        "both": _PASS_BOTH,
    }

    def _c_action(self, f: Action, oid: str) -> None:
        s = f.seat
        parts = _parts(oid)
        if parts[0] == "play":
            key = parts[1]
            self.used_rows[s] += key
            opt = self.data.cards[self.kept[s]].option(key)  # type: ignore[index]
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(f"{self.name(s)} plays row {_row(key)}: {opt.text}", seat=s)
            if opt.steps:  # ``_effect_now``, inlined: hot
                self._steps(s, opt.steps, 0, SRC_CARDS)
            return
        gain = parts[-1]
        if len(parts) == 3:
            self.used_rows[s] += parts[1]
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"{self.name(s)} passes"
                + (f" on row {_row(parts[1])}" if len(parts) == 3 else "")
                + f" ({_PASS_WORDS[gain]}).",
                seat=s,
            )
        steps = self._PASS_STEPS[gain]
        if gain == "both":
            self._effect(s, steps, SRC_CARDS)
            self._pass_bonus(s)
        else:  # ``_effect_now``, inlined: hot
            self._steps(s, steps, 0, SRC_CARDS)

    def _f_third(self, f: Third) -> Decision | None:
        s = f.seat
        cid = self.kept[s]
        if cid is None or self.glyphs[self.conflict_region * self.tribe_count + s] == 0:
            return None  # (no Glyph at ``piece_slot(conflict_region, s)``)
        used = self.used_rows[s]
        for o in self.data.cards[cid].options:  # the first free row
            if o.key not in used:
                break
        else:
            return None
        key = (type(self), "third", s, cid, o.key)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = (
            Option("third:no", "No third action"),
            Option(
                f"third:{o.key}",
                f"DESTROY a Glyph here to resolve row {_row(o.key)}: {o.text}",
                f"cardopt:{o.key}",
            ),
        )
        return _remember(key, Decision(s, f"{self.name(s)}: third action?", opts, kind="third"))

    def _c_third(self, f: Third, oid: str) -> None:
        s = f.seat
        key = _payload(oid)
        if key == "no":
            return
        self.glyphs[self.piece_slot(self.conflict_region, s)] -= 1
        self.used_rows[s] += key
        opt = self.data.cards[self.kept[s]].option(key)  # type: ignore[index]
        self.log(f"{self.name(s)} destroys a Glyph for a third action: {opt.text}", seat=s)
        self._effect(s, opt.steps, SRC_CARDS)
        for aid in self._hooked(s, "on_destroy_for_third_action"):
            self._effect(
                s, self.data.ability(aid).hooks["on_destroy_for_third_action"], SRC_ABILITY
            )

    def _measure_strength(self, r: int) -> dict[int, int]:
        """Every tribe's Strength in ``r`` (kept for the Prophecies), told in the log."""
        parts = self.strength_parts
        st = {}
        for s in range(self.tribe_count):  # ``strength``, without a call per tribe
            st[s] = sum(parts(s, r))
        self.last_strength = st
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"Strength in {self.rname(r)}: "
                + ", ".join(map(self.strength_text, self.turn, [r] * len(self.turn)))
                + "."
            )
        return st

    def _f_strength(self, f: Strength) -> None:
        st = self._measure_strength(self.conflict_region)
        best = max(st.values())
        if best <= 0:
            self.log("Nobody has Strength here: no winner.")
            return
        most = []
        for s in self.turn:
            if st[s] == best:
                most.append(s)
        tied = self.strength_tie(tuple(most))
        if len(tied) == 1:  # ``_settle``'s first case, without a frame to re-seat
            self.stack.append(Win(tied[0]))
            return
        self._settle(tied, Win(-1), "strength")

    def _settle(self, tied: tuple[int, ...], then: Win | Space, what: str) -> None:
        """A8.10: one winner, or the Champion owner chooses among the tied players; the
        winner becomes the ``seat`` of the ``then`` frame."""
        if len(tied) == 1:
            self.stack.append(then.with_seat(tied[0]))
            return
        owner = self.champion_owner(self.conflict_region)
        if owner < 0:
            order = self.vp_order()
            winner = min(tied, key=lambda s: (self.vp[s], -order.index(s)))
            self.stack.append(then.with_seat(winner))
            return
        self.stack.append(Tie(owner, what, tied, then))

    def _f_tie(self, f: Tie) -> Decision:
        owner, what, tied = f.seat, f.what, f.tied
        opts = tuple(Option(f"winner:{s}", self.name(s)) for s in tied)
        return Decision(
            owner,
            f"{self.name(owner)}: the {what} tie is yours to settle; choose the winner",
            opts,
            kind="tie",
            context={"what": what},
        )

    def _c_tie(self, f: Tie, oid: str) -> None:
        owner, what, then = f.seat, f.what, f.then
        s = int(oid.split(":", 1)[1])
        self.log(
            f"{self.name(owner)} settles the {what} tie in favour of {self.name(s)}.", seat=owner
        )
        self.stack.append(then.with_seat(s))

    def _f_win(self, f: Win) -> None:
        s = f.seat
        r = self.conflict_region
        altar = self.data.altar(self.altar[r])  # type: ignore[arg-type]
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} wins {self.rname(r)} and takes the {altar.name}.", seat=s)
        frames: list[Frame] = [Eff(s, altar.steps, 0, SRC_ALTAR)]
        if r in self.champs[s * 2 : s * 2 + 2]:
            for aid in self._hooked(s, "on_win_conflict_with_own_champion"):
                frames.append(
                    Eff(
                        s,
                        self.data.ability(aid).hooks["on_win_conflict_with_own_champion"],
                        0,
                        SRC_ABILITY,
                    )
                )
        frames += self._win_modules(s)  # then Sacred Cenote, Cities (and a Ritual's VP)
        if len(frames) == 1:  # the Altar alone: its Eff would be the next frame popped
            self._steps(s, altar.steps, 0, SRC_ALTAR)
            return
        self._push_seq(frames)

    def _f_majority(self, f: Majority) -> None:
        t = f.unit_type
        track = self.calendar if t == SH else self.codex
        r = self.conflict_region
        P = self.tribe_count
        counts = self.units[r * P * 2 + t : (r + 1) * P * 2 : 2]  # units_at(r, s, t) by s
        best = max(counts)
        if best < 1:
            return
        if -1 not in track:
            self.log(f"The {TRACK_NAMES['calendar' if t == SH else 'codex']} is full.")
            return
        most = []
        for s in self.turn:
            if counts[s] == best:
                most.append(s)
        tied = tuple(most)
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self._log_majority(t, counts)
        if len(tied) > 1:
            holders = self._tie_holders(t, tied)
            if holders:
                tied = holders
        track = "calendar" if t == SH else "codex"
        if len(tied) == 1:  # ``_settle``'s first case, without a frame to re-seat
            self.stack.append(Space(tied[0], track, t, r, True, SRC_TRACKS))
            return
        then = Space(-1, track, t, r, True, SRC_TRACKS)
        self._settle(tied, then, f"{TYPE_NAME[t]} majority")

    def _log_majority(self, t: int, counts: list[int]) -> None:
        shown = ", ".join(f"{self.name(s)} {counts[s]}" for s in self.turn if counts[s])
        self.log(f"{TYPE_NAME[t]}s here: {shown}.")

    def _tie_holders(self, t: int, tied: tuple[int, ...]) -> tuple[int, ...]:
        """The tied tribes whose abilities win a majority tie of unit type ``t``."""
        word = "shaman" if t == SH else "warrior"
        return tuple(s for s in tied if word in self.modifiers(s, "wins_majority_ties"))

    def _f_space(self, f: Space) -> Decision | None:
        s, track, t, r = f.seat, f.track, f.unit_type, f.region
        spaces = self.data.calendar if track == "calendar" else self.data.codex
        occ = self.calendar if track == "calendar" else self.codex
        if self.units_at(r, s, t) == 0 or -1 not in occ:
            return None
        key = (type(self), "space", s, track, t, tuple(occ))
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = _space_options(spaces, occ)
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: put a {TYPE_NAME[t]} on a free {TRACK_NAMES[track]} space",
                opts,
                kind="space",
            ),
        )

    def _c_space(self, f: Space, oid: str) -> None:
        s, track, t, r, resolve, src = f.seat, f.track, f.unit_type, f.region, f.resolve, f.source
        spaces = self.data.calendar if track == "calendar" else self.data.codex
        occ = self.calendar if track == "calendar" else self.codex
        i = self.data.space_index[track][_payload(oid)]
        self.units[self.unit_slot(r, s, t)] -= 1
        occ[i] = s
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"{self.name(s)} moves a {TYPE_NAME[t]} to {spaces[i].name} on the {TRACK_NAMES[track]}.",
                seat=s,
            )
        if resolve:
            self._effect(s, spaces[i].steps, src)

    def _f_conflict_end(self, f: ConflictEnd) -> None:
        r = self.conflict_region
        P = self.tribe_count
        units, reserve, champs, xib, wrath = (
            self.units,
            self.reserve,
            self.champs,
            self.xib,
            self.wrath,
        )
        base = r * P * 2  # unit_slot(r, 0, SH): slot base + i is slot i of the Reserve
        # by slot i = 2 * tribe + k (a unit type, or a Champion): units home, Champions
        # back, the Wrath to Xibalba
        for i in range(2 * P):
            if units[base + i]:
                reserve[i] += units[base + i]
                units[base + i] = 0
            if champs[i] == r:
                champs[i] = -1
            xib[i] += wrath[i]
            wrath[i] = 0
        kept = self.kept
        for s in range(P):
            self.tokens[s] = 0
            if kept[s]:
                self.played[s].append(kept[s])  # type: ignore[arg-type]
                kept[s] = None
            self.used_rows[s] = ""
        self.cards_shown = False
        self._close_region(r)

    def _close_region(self, r: int) -> None:
        self.status[r] = RESOLVED
        self.conflict_order.append(r)
        self.conflict_region = -1
        self.turn = ()
        self.stack.append(_CONFLICT_STEP)

    # Blessed Region

    def _f_offer(self, f: Offer) -> Decision | None:
        s, t = f.seat, f.unit_type
        have = self.reserve[s * 2 + t]
        if have == 0:
            self.pending_offer[s * 2 + t] = 0
            return None
        key = (type(self), "offer", s, t, have)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = _offer_options(t, have)
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: how many {TYPE_NAME[t]}s do you offer from your Reserve? (secret)",
                opts,
                secret=True,
                kind="offer",
                context={"type": TYPE_LETTER[t]},
            ),
        )

    def _c_offer(self, f: Offer, oid: str) -> None:
        s, t = f.seat, f.unit_type
        self.pending_offer[s * 2 + t] = _int_payload(oid)
        if t == WA and self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} has chosen an offering.", seat=s)

    def _f_blessed_resolve(self, f: BlessedResolve) -> None:
        r = self.conflict_region
        c = self.data.constants
        self.mark_barrier()
        for s in self.turn:
            self._reveal_offering(s)
        st = self._measure_strength(r)
        best = max(st.values())
        if best > 0:
            order = self.vp_order()
            tied = [s for s in range(self.tribe_count) if st[s] == best]
            winner = min(tied, key=lambda s: (self.vp[s], -order.index(s)))
            self.log(f"{self.name(winner)} wins the Blessed Region.", seat=winner)
            self.gain_vp(winner, c.blessed_region_vp, SRC_BLESSED)
        else:
            winner = -1
            self.log("Nobody has Strength in the Blessed Region: no winner.")
        self._after_blessed(winner)  # A9.7: Sacred Cenote, Cities, Prophecy check
        self._blessed_cleanup(r)
        self._close_region(r)

    def _reveal_offering(self, s: int) -> None:
        """A9.3-4: ``s``'s secret offering leaves its Reserve, for Devotion."""
        a, b = self.pending_offer[s * 2], self.pending_offer[s * 2 + 1]
        self.pending_offer[s * 2] = self.pending_offer[s * 2 + 1] = -1
        a, b = max(a, 0), max(b, 0)
        self.reserve[s * 2] -= a
        self.reserve[s * 2 + 1] -= b
        self.offer[s * 2] += a
        self.offer[s * 2 + 1] += b
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(f"{self.name(s)} offers {_split_label(a, b)}.", seat=s)
        per = self.data.constants.blessed_offering["devotion_per_unit"] + sum(
            int(m) for m in self.modifiers(s, "extra_devotion_per_sacrificed_unit")
        )
        self.gain_devotion(s, (a + b) * per)

    def _blessed_cleanup(self, r: int) -> None:
        """A9.8: units back to their Reserves, offerings to Xibalba, Strength tokens gone."""
        for s in range(self.tribe_count):
            self._units_home(r, s)
            self.xib[s * 2] += self.offer[s * 2]
            self.xib[s * 2 + 1] += self.offer[s * 2 + 1]
            self.offer[s * 2] = self.offer[s * 2 + 1] = 0
            self.tokens[s] = 0

    def _units_home(self, r: int, s: int) -> None:
        """Tribe ``s``'s units in region ``r`` go back to its Reserve."""
        units = self.units
        i = (r * self.tribe_count + s) * 2  # unit_slot(r, s, SH), inlined: hot
        if units[i] or units[i + 1]:
            self.reserve[s * 2] += units[i]
            self.reserve[s * 2 + 1] += units[i + 1]
            units[i] = units[i + 1] = 0

    # ---- End of Age and End of Game ------------------------------------------------------

    def _f_end_of_age(self, f: EndOfAge) -> None:
        c = self.data.constants
        self.phase = "End of Age"
        self.in_conflicts = False
        for track in (self.calendar, self.codex):
            is_cal = track is self.calendar
            for i, s in enumerate(track):
                if s >= 0:
                    self.gain_vp(s, c.track_vp_per_unit, SRC_TRACKS)
                    self.reserve[s * 2 + (SH if is_cal else WA)] += 1
                    track[i] = -1
        P = self.tribe_count
        for s in self.vp_order():
            stacks = self.pyr[s::P]  # piece_slot(r, s) by r
            n = sum(1 for on, stack in zip(self.inplay, stacks, strict=True) if on and stack)
            self.gain_vp(s, n * self.age, SRC_PYRAMIDS)
        frames = self._end_of_age_modules()  # A10.3: Ritual, Prophecy check
        if frames:
            self.stack.append(AgeCleanup())
            self._push_seq(frames)
            return
        self._age_cleanup()

    def _f_age_cleanup(self, f: AgeCleanup) -> None:
        self._age_cleanup()

    def _age_cleanup(self) -> None:
        """A10.4-A10.8: clean-up, new God decks and Conflict stack, then the next Age."""
        c = self.data.constants
        P, nr = self.tribe_count, len(self.inplay)
        self.blessed = -1
        units, reserve = self.units, self.reserve
        for i, k in enumerate(units):  # every tribe's units home (``_units_home``)
            if k:  # slot (r * P + s) * 2 + t of ``units``; s * 2 + t of the Reserve
                reserve[i % (2 * P)] += k
                units[i] = 0
        for s in self.ring:
            deck = self.deck[s] + self.played[s] + ([self.kept[s]] if self.kept[s] else [])
            self.kept[s] = None
            self.played[s] = []
            _shuffle(self.rng, deck)
            self.deck[s] = deck
            self.known_deck[s] = 0
            self.bury_used[s] = False
        self._end_of_age_decks()
        stack = [r for r, on in enumerate(self.inplay) if on]
        _shuffle(self.rng, stack)
        self.conflict_stack = stack
        self.known_top = self.known_bottom = 0
        self.status = [PENDING] * nr
        self.conflict_order = []
        self.mark_barrier()
        if self.age >= c.ages:
            self.stack.append(EndGame())
        else:
            self.age += 1
            self.stack.append(AgeStart())

    def _end_of_age_decks(self) -> None:
        """Decks shuffled after the God decks and before the Conflict stack (solo: B9.4)."""

    def _f_end_game(self, f: EndGame) -> None:
        self.phase = "End of Game"
        frames: list[Frame] = []
        for s in self.vp_order():
            self.gain_vp(s, self.data.devotion_values[self.dev[s]], SRC_DEVOTION)
        self._end_game_modules()  # A11.2: Cities
        for s in self.vp_order():
            for aid in self._hooked(s, "end_of_game"):
                frames.append(Eff(s, self.data.ability(aid).hooks["end_of_game"], 0, SRC_ABILITY))
        self._push_seq(frames)

    # ---- the effect interpreter ----------------------------------------------------------

    def _effect(self, s: int, steps: tuple[Step, ...], src: str) -> None:
        if steps:
            self.stack.append(Eff(s, steps, 0, src))

    def _effect_now(self, s: int, steps: tuple[Step, ...], src: str) -> None:
        """``_effect`` as a handler's last act: its Eff frame would be the next one popped,
        so the steps start at once, without the frame."""
        if steps:
            self._steps(s, steps, 0, src)

    def _f_eff(self, f: Eff) -> None:
        """``_steps`` from the frame's index, written out: the commonest frame of all."""
        s, steps, i, src = f.seat, f.steps, f.index, f.source
        stack, start = self.stack, self._start
        last = len(steps) - 1
        while i < last:
            depth = len(stack)
            start(s, steps[i], src)
            i += 1
            if len(stack) != depth:
                stack.insert(depth, Eff(s, steps, i, src))
                return
        start(s, steps[i], src)

    def _steps(self, s: int, steps: tuple[Step, ...], i: int, src: str) -> None:
        """Start the effect's steps in turn from ``i``. The rest of the effect waits under
        whatever a step pushes (a choice, a passive's reward); a step that pushes nothing is
        simply followed by the next, as if the rest had been pushed and popped at once."""
        stack = self.stack
        last = len(steps) - 1
        while i < last:
            depth = len(stack)
            self._start(s, steps[i], src)
            i += 1
            if len(stack) != depth:
                stack.insert(depth, Eff(s, steps, i, src))
                return
        self._start(s, steps[i], src)

    def _done(self, s: int, step: Step, src: str, affected: int) -> None:
        """A step has finished: passives that count it, and its ``else`` if it did nothing."""
        if affected <= 0:
            if step.else_:
                self._effect(s, step.else_, src)
            return
        if step.op != "smite" and step.op != "demolish":  # the only steps passives count
            return
        god = self.gods[s]  # god_data(s)
        if god is None:
            return
        if step.op == "smite" and god.passive_hook == "on_smite_first_in_conflict":
            if self.conflict_region >= 0 and not self.smote[s]:
                self.smote[s] = True
                self._effect(s, god.passive_steps, SRC_GOD)
        elif step.op == "demolish" and god.passive_hook == "on_demolish":
            self._effect(s, god.passive_steps, SRC_GOD)

    def _n(self, s: int, step: Step) -> int:
        return self.tier(s) if step.n == "devotion_tier" else int(step.n)

    def _types(self, step: Step) -> tuple[int, ...]:
        return _UNIT_TYPES[step.unit]

    def _count(self, s: int, zone: str, t: int, r: int = -1) -> int:
        if zone == "reserve":
            return self.reserve[s * 2 + t]
        if zone == "xibalba":
            return self.xib[s * 2 + t]
        return self.units[self.unit_slot(r, s, t)]

    def _move_units(
        self, s: int, split: tuple[int, int], src: str, dst: int | str, src_r: int = -1
    ) -> None:
        """Move a (Shamans, Warriors) split between zones; regions are ints."""
        a, b = split
        if not (a or b):
            return
        # each zone is a list and the slot of ``s``'s Shamans in it (its Warriors' is next)
        if src == "reserve":
            out, i = self.reserve, s * 2
        elif src == "xibalba":
            out, i = self.xib, s * 2
        else:
            out, i = self.units, (src_r * self.tribe_count + s) * 2  # unit_slot(src_r, s, SH)
        if dst == "reserve":
            into, j = self.reserve, s * 2
        elif dst == "xibalba":
            into, j = self.xib, s * 2
        elif dst == "wrath":
            into, j = self.wrath, s * 2
        else:
            into, j = self.units, (int(dst) * self.tribe_count + s) * 2
        if a:
            out[i] -= a
            into[j] += a
        if b:
            out[i + 1] -= b
            into[j + 1] += b

    def _start(self, s: int, step: Step, src: str) -> None:
        op = step.op
        if op == "vp" or op == "devotion":  # the commonest steps, ``_n`` and ``_done`` inlined
            n = step.n
            if n == "devotion_tier":
                n = self.tier(s)
            if n > 0:
                if op == "vp":
                    self.gain_vp(s, n, src)  # type: ignore[arg-type]
                else:
                    self.gain_devotion(s, n)  # type: ignore[arg-type]
            elif step.else_:  # neither is a step a passive counts
                self._effect(s, step.else_, src)
        elif op in ("recover", "discard_unit"):
            if step.who != "self":
                self._done(s, step, src, 0)
                return
            self.stack.append(Split(s, step, src, -1))
        elif op == "lose_devotion":
            n = min(self._n(s, step), self.dev[s]) if step.who == "self" else 0
            self.dev[s] -= n
            self._done(s, step, src, n)
        elif op == "strength":
            n = self._n(s, step) if self.conflict_region >= 0 else 0
            self.tokens[s] += n
            if n and self._log_buffer is not None:  # no text for no log
                self.log(f"{self.name(s)} gains {n} Strength.", seat=s)
            self._done(s, step, src, n)
        elif op == "vp_per":
            c = self.counter(s, step.counter or "")
            n = min(c // max(1, step.per), step.max) * step.multiplier
            self.gain_vp(s, n, src)
            self._done(s, step, src, n)
        elif op == "if":
            ok = (
                step.cond == "god_present_here"
                and self.conflict_region >= 0
                and self.god_present(s, self.conflict_region)
            )
            if ok:
                self._effect(s, step.then, src)
            self._done(s, step, src, 1 if ok else 0)
        elif op in ("deploy", "awaken"):
            pool = self.reserve if op == "deploy" else self.xib  # ``_count`` by type
            have = 0
            for t in _UNIT_TYPES[step.unit]:
                have += pool[s * 2 + t]
            if have == 0:
                self._done(s, step, src, 0)
                return
            cands = []
            for r in self.regions_for(step.region, s):
                if self.enterable(r):
                    cands.append(r)
            self._region_then(s, step, src, cands)
        elif op == "sacrifice":
            if self.conflict_region < 0:
                self._done(s, step, src, 0)
                return
            self.stack.append(Split(s, step, src, self.conflict_region))
        elif op in ("smite", "exile"):
            self._region_then(s, step, src, self._rival_regions(s, step))
        elif op == "move_in":
            self._region_then(s, step, src, self._move_in_regions(s, step))
        elif op == "move_out":
            if self.conflict_region < 0:
                self._done(s, step, src, 0)
                return
            self.stack.append(MoveOut(s, step, src, self._n(s, step), 0))
        elif op == "build_glyph":
            cands = self.regions_for(step.region, s) if self.glyph_supply(s) else []
            self._region_then(s, step, src, cands)
        elif op == "build_pyramid":
            left = self.pyr_supply(s)
            cands = []
            for r in self.regions_for(step.region, s):
                if self.legal_sizes(s, r, left):
                    cands.append(r)
            self._region_then(s, step, src, cands)
        elif op == "demolish":
            cands = []
            for r in self.regions_for(step.region, s):
                if self._demolish_targets(s, r, step):
                    cands.append(r)
            self._region_then(s, step, src, cands)
        elif op == "to_track":
            t = SH if step.unit == "shaman" else WA
            track = step.track or "calendar"
            if self.conflict_region < 0:
                self._done(s, step, src, 0)
                return
            self.stack.append(Space(s, track, t, self.conflict_region, step.resolve, src))
        elif op == "move_god":
            self.stack.append(MoveGod(s, step.optional))
        elif op == "bury_tile":
            self.stack.append(Bury(s))
        elif op == "reorder_tiles":
            n = min(self._n(s, step), len(self.conflict_stack))
            if n == 0:
                self._done(s, step, src, 0)
                return
            top = tuple(self.conflict_stack[:n])
            self.known_top = max(self.known_top, n)
            self.mark_barrier()
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log("Top Conflict tiles revealed: " + ", ".join(map(self.rname, top)) + ".")
            self.stack.append(Reorder(s, top, ()))
        elif op == "draw_limit":
            self._done(s, step, src, 0)
        else:  # pragma: no cover - the data model forbids other ops
            raise ValueError(f"unknown op {op}")

    def _rival_regions(self, s: int, step: Step) -> list[int]:
        """SMITE/EXILE: the step's regions with a rival's unit of its types (apart from
        ``_start``, whose every call would otherwise make cells for these loops)."""
        types, units, P = _UNIT_TYPES[step.unit], self.units, self.tribe_count
        cands = []
        for r in self.regions_for(step.region, s):
            i = r * P * 2  # unit_slot(r, 0, SH); every tribe's units of type t: i + t, step 2
            for t in types:
                if sum(units[i + t : i + 2 * P : 2]) - units[i + 2 * s + t]:  # a rival's
                    cands.append(r)
                    break
        return cands

    def _move_in_regions(self, s: int, step: Step) -> list[int]:
        """MOVE into: the enterable regions of the step with own units of its types to bring
        from another region of its source set."""
        types = self._types(step)
        cands = []
        for r in self.regions_for(step.region, s):
            if not self.enterable(r):
                continue
            srcs = [x for x in self.regions_for(step.source_set, s) if x != r]
            if any(self.units[self.unit_slot(x, s, t)] for x in srcs for t in types):
                cands.append(r)
        return cands

    def _region_then(self, s: int, step: Step, src: str, cands: list[int]) -> None:
        if not cands:
            self._done(s, step, src, 0)
            return
        self.stack.append(Region(s, step, src, tuple(cands)))

    def _f_region(self, f: Region) -> Decision:
        s, step, cands = f.seat, f.step, f.candidates
        text = _step_text(step)
        key = (type(self), "region", s, text, step.op, cands)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = self.region_options(cands)
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: {text} — choose the region",
                opts,
                kind="region",
                context={"op": step.op},
            ),
        )

    def _c_region(self, f: Region, oid: str) -> None:
        s, step, src = f.seat, f.step, f.source
        r = self.data.region_index[_payload(oid)]
        op = step.op
        n = self._n(s, step)
        if op in ("deploy", "awaken"):
            self.stack.append(Split(s, step, src, r))
        elif op in ("smite", "exile"):
            self.stack.append(Hit(s, step, src, r, n + self.hit_bonus(op), 0))

        elif op == "move_in":
            self.stack.append(MoveIn(s, step, src, r, n, 0))
        elif op == "build_glyph":
            k = min(n, self.glyph_supply(s))
            self.glyphs[self.piece_slot(r, s)] += k
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(
                    f"{self.name(s)} builds {k} Glyph{'s' if k > 1 else ''} in {self.rname(r)}.",
                    seat=s,
                )
            self._done(s, step, src, k)
        elif op == "build_pyramid":
            self.stack.append(Build(s, step, src, r, n, 0))
        elif op == "demolish":
            self.stack.append(Demolish(s, step, src, r, n, 0))

    # unit splits: deploy, awaken, recover, sacrifice, discard

    def _f_split(self, f: Split) -> Decision | None:
        s, step, src, r = f.seat, f.step, f.source, f.region
        op = step.op
        # where the units come from, how many there are and how many the step takes (``_n``)
        if op == "deploy" or op == "discard_unit":
            pool, i = self.reserve, s * 2
        elif op == "awaken" or op == "recover":
            pool, i = self.xib, s * 2
        else:  # sacrifice, from the region
            pool, i = self.units, (r * self.tribe_count + s) * 2
        types = _UNIT_TYPES[step.unit]
        avail = (pool[i] if SH in types else 0, pool[i + 1] if WA in types else 0)
        n = step.n
        if n == "devotion_tier":
            n = self.tier(s)
        if n > avail[0] + avail[1]:
            n = avail[0] + avail[1]
        if n == 0 and not step.up_to:
            self._done(s, step, src, 0)
            return None
        text = _step_text(step)
        # units beyond n change no option: the key caps them, so more positions share it
        key = (
            type(self),
            "split",
            s,
            text,
            step.op,
            step.up_to,
            r,
            n,
            avail[0] if avail[0] < n else n,  # min(), without its arguments' tuple
            avail[1] if avail[1] < n else n,
        )
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        totals = range(n + 1) if step.up_to else (n,)
        opts = _split_options(totals, avail)
        where = f" into {self.rname(r)}" if step.op in ("deploy", "awaken") else ""
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: {text}{where} — which units?",
                opts,
                kind="split",
                context={"op": step.op, "region": self.rid(r) if r >= 0 else None},
            ),
        )

    def _c_split(self, f: Split, oid: str) -> None:
        s, step, src, r = f.seat, f.step, f.source, f.region
        a, b = _parse_split(oid)
        op = step.op
        label = _split_label(a, b)
        if op == "deploy":
            self._move_units(s, (a, b), "reserve", r)
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(f"{self.name(s)} deploys {label} into {self.rname(r)}.", seat=s)
        elif op == "awaken":
            self._move_units(s, (a, b), "xibalba", r)
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(f"{self.name(s)} awakens {label} into {self.rname(r)}.", seat=s)
        elif op == "recover":
            self._move_units(s, (a, b), "xibalba", "reserve")
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(f"{self.name(s)} recovers {label}.", seat=s)
        elif op == "discard_unit":
            self._move_units(s, (a, b), "reserve", "xibalba")
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(f"{self.name(s)} sends {label} from Reserve to Xibalba.", seat=s)
        elif op == "sacrifice":
            self._move_units(s, (a, b), "region", "wrath", src_r=r)
            if self._log_buffer is not None:  # no text when nobody keeps the log
                self.log(f"{self.name(s)} sacrifices {label} to the Wrathful god.", seat=s)
            self._sacrificed(s, a + b)
        self._done(s, step, src, a + b)

    def _sacrificed(self, s: int, k: int) -> None:
        """A12 SACRIFICE: Devotion, the Wrathful tile's rewards, Xolotl's passive."""
        if k <= 0:
            return
        per = 1 + sum(int(m) for m in self.modifiers(s, "extra_devotion_per_sacrificed_unit"))
        self.gain_devotion(s, k * per)
        tile = self.data.wrathful_tile(self.wrath_tiles[self.age - 1])
        frames: list[Frame] = []
        god = self.gods[s]  # god_data(s)
        if god is not None and god.passive_hook == "on_unit_sacrificed":
            for _ in range(self._use_passive(s, god, k)):
                frames.append(Eff(s, god.passive_steps, 0, SRC_GOD))
        for _ in range(k):
            if tile.steps:
                frames.append(Eff(s, tile.steps, 0, SRC_WRATH))
        if tile.per_action:
            frames.append(Eff(s, tile.per_action, 0, SRC_WRATH))
        self._push_seq(frames)

    # SMITE / EXILE

    def _f_hit(self, f: Hit) -> Decision | None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        P, units = self.tribe_count, self.units
        base = r * P * 2  # unit_slot(r, 0, SH)
        # (tribe, type, how many) of the units that can be hit here
        found = []
        types = _UNIT_TYPES[step.unit]  # ``_types``
        for o in range(P):
            if o != s:
                for t in types:
                    if n := units[base + o * 2 + t]:
                        found.append((o, t, n))
        targets = tuple(found)
        if self._spent(left, targets, s, step, src, done):
            return None
        key = (type(self), "hit", s, step.op, r, left, targets)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = self._hit_options(r, targets)
        verb = step.op.upper()
        return _remember(
            key,
            Decision(
                s,
                f"{self.name(s)}: {verb} {left} in {self.rname(r)} — choose a unit",
                opts,
                kind="hit",
                context={"op": step.op, "region": self.rid(r)},
            ),
        )

    def _hit_options(self, r: int, targets: tuple[tuple[int, int, int], ...]) -> tuple[Option, ...]:
        return tuple(
            Option(
                f"hit:{o}:{TYPE_LETTER[t]}",
                f"{self.name(o)} {TYPE_NAME[t]} ({n} here)",
                f"units:{self.rid(r)}:{o}:{TYPE_LETTER[t]}",
            )
            for o, t, n in targets
        )

    def _c_hit(self, f: Hit, oid: str) -> None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        o, t = _hit_target(oid)
        self.units[self.unit_slot(r, o, t)] -= 1
        passive = False
        if step.op == "smite":
            dest = "xibalba"
        else:
            passive = self._exile_passive(s, r)
            dest = "xibalba" if passive else "reserve"
        if dest == "xibalba":
            self.xib[o * 2 + t] += 1
        else:
            self.reserve[o * 2 + t] += 1
        word = "smites" if step.op == "smite" else "exiles"
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"{self.name(s)} {word} a {self.name(o)} {TYPE_NAME[t]} in {self.rname(r)} "
                f"(to {'Xibalba' if dest == 'xibalba' else 'their Reserve'}).",
                seat=s,
            )
        if passive:  # its reward (Zotz: 1 VP) after the rest of the EXILE
            god = self.gods[s]  # god_data(s)
            assert god is not None
            self._effect(s, god.passive_steps, SRC_GOD)
        self.stack.append(Hit(s, step, src, r, left - 1, done + 1))

    def _exile_passive(self, s: int, r: int) -> bool:
        """Whether ``s``'s passive sends the unit it now EXILEs from ``r`` to Xibalba.

        Zotz's (``xibalba_if_god_present``) does where the god is present, at most
        ``cap_per_conflict`` times a conflict when the data sets a cap; each use counts."""
        god = self.gods[s]  # god_data(s)
        if god is None or god.passive_modifier != "xibalba_if_god_present":
            return False
        return self.god_present(s, r) and self._use_passive(s, god, 1) == 1

    def _use_passive(self, s: int, god: God, wanted: int) -> int:
        """How many of ``wanted`` uses of ``s``'s passive its cap per conflict still allows
        (no cap: all); those are counted as used."""
        left = wanted if god.passive_cap is None else god.passive_cap - self.passive_uses[s]
        granted = max(0, min(wanted, left))
        self.passive_uses[s] += granted
        return granted

    # MOVE

    def _f_move_in(self, f: MoveIn) -> Decision | None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        types = _UNIT_TYPES[step.unit]  # ``_types``
        units, P = self.units, self.tribe_count
        found = []
        for x in self.regions_for(step.source_set, s):
            if x != r:
                for t in types:
                    if units[(x * P + s) * 2 + t]:
                        found.append((x, t))
        movable = tuple(found)
        if self._spent(left, movable, s, step, src, done):
            return None
        key = (type(self), "move_in", s, r, left, step.up_to, movable)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = self._move_in_options(s, movable)
        if step.up_to:
            opts.insert(0, Option("done", "Stop moving"))
        text = f"MOVE {left} more into {self.rname(r)}"
        return _remember(key, self._region_decision(s, r, text, tuple(opts), "move_in"))

    def _move_in_options(self, s: int, movable: tuple[tuple[int, int], ...]) -> list[Option]:
        return [
            Option(
                f"from:{self.rid(x)}:{TYPE_LETTER[t]}",
                f"A {TYPE_NAME[t]} from {self.rname(x)}",
                f"units:{self.rid(x)}:{s}:{TYPE_LETTER[t]}",
            )
            for x, t in movable
        ]

    def _c_move_in(self, f: MoveIn, oid: str) -> None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        if oid == "done":
            self._done(s, step, src, done)
            return
        _, x_id, letter = oid.split(":")
        x, t = self.data.region_ids.index(x_id), TYPE_LETTER.index(letter)
        self.units[self.unit_slot(x, s, t)] -= 1
        self.units[self.unit_slot(r, s, t)] += 1
        self.log(
            f"{self.name(s)} moves a {TYPE_NAME[t]} from {self.rid(x)} into {self.rname(r)}.",
            seat=s,
        )
        self.stack.append(MoveIn(s, step, src, r, left - 1, done + 1))

    def _spent(
        self, left: int, opts: Sequence[object], s: int, step: Step, src: str, done: int
    ) -> bool:
        """End a counted step (its count reported) once it has nothing left to do or
        nothing it can do."""
        if left > 0 and opts:
            return False
        self._done(s, step, src, done)
        return True

    def _f_move_out(self, f: MoveOut) -> Decision | None:
        s, step, src, left, done = f.seat, f.step, f.source, f.left, f.done
        r = self.conflict_region
        dests = [x for x in self.regions_for(step.region, s) if self.enterable(x) and x != r]
        opts = [
            Option(
                f"to:{self.rid(x)}:{TYPE_LETTER[t]}",
                f"A {TYPE_NAME[t]} to {self.rname(x)}",
                f"region:{self.rid(x)}",
            )
            for t in self._types(step)
            if self.units[self.unit_slot(r, s, t)]
            for x in dests
        ]
        if self._spent(left, opts, s, step, src, done):
            return None
        if step.up_to:
            opts.insert(0, Option("done", "Stop moving"))
        return Decision(
            s,
            f"{self.name(s)}: MOVE up to {left} of your units out of {self.rname(r)}",
            tuple(opts),
            kind="move_out",
        )

    def _c_move_out(self, f: MoveOut, oid: str) -> None:
        s, step, src, left, done = f.seat, f.step, f.source, f.left, f.done
        if oid == "done":
            self._done(s, step, src, done)
            return
        _, x_id, letter = oid.split(":")
        x, t = self.data.region_ids.index(x_id), TYPE_LETTER.index(letter)
        r = self.conflict_region
        self.units[self.unit_slot(r, s, t)] -= 1
        self.units[self.unit_slot(x, s, t)] += 1
        self.log(
            f"{self.name(s)} moves a {TYPE_NAME[t]} from {self.rid(r)} to {self.rname(x)}.", seat=s
        )
        self.stack.append(MoveOut(s, step, src, left - 1, done + 1))

    # BUILD pyramid / DEMOLISH

    def _f_build(self, f: Build) -> Decision | None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        sizes = self.legal_sizes(s, r)
        if left <= 0 or not sizes:
            self._done(s, step, src, done)
            return None
        left_by = self.pyr_supply(s)
        supply = tuple(map(left_by.__getitem__, sizes))
        key = (type(self), "build", s, r, tuple(sizes), supply)
        if (hit := _DECISIONS.get(key)) is not None:
            return hit
        opts = tuple(
            Option(f"size:{k}", f"{PYR_NAMES[k].capitalize()} element (size {k}, {n} in supply)")
            for k, n in zip(sizes, supply, strict=True)
        )
        return _remember(
            key,
            self._region_decision(
                s, r, f"BUILD a pyramid element in {self.rname(r)}", opts, "build"
            ),
        )

    def _region_decision(
        self, s: int, r: int, text: str, opts: tuple[Option, ...], kind: str
    ) -> Decision:
        """A keyword step's question to seat ``s`` about region ``r`` (the board marks it)."""
        return Decision(
            s, f"{self.name(s)}: {text}", opts, kind=kind, context={"region": self.rid(r)}
        )

    def _c_build(self, f: Build, oid: str) -> None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        k = _int_payload(oid)
        i = self.piece_slot(r, s)
        self.pyr[i] = self.pyr[i] + (k,)
        if self._log_buffer is not None:  # no text when nobody keeps the log
            self.log(
                f"{self.name(s)} builds a {PYR_NAMES[k]} pyramid element in {self.rname(r)}.",
                seat=s,
            )
        self.stack.append(Build(s, step, src, r, left - 1, done + 1))

    def _demolish_targets(self, s: int, r: int, step: Step) -> list[tuple[int, str]]:
        P = self.tribe_count
        out = []
        for o in range(P):
            if o == s:
                continue
            if self.glyphs[self.piece_slot(r, o)]:
                out.append((o, "glyph"))
            if step.what == "any" and self.pyr[self.piece_slot(r, o)]:
                out.append((o, "pyramid"))
        return out

    def _f_demolish(self, f: Demolish) -> Decision | None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        targets = self._demolish_targets(s, r, step)
        if left <= 0 or not targets:
            self._done(s, step, src, done)
            return None
        opts = tuple(
            Option(
                f"demolish:{o}:{kind}",
                f"{self.name(o)} Glyph"
                if kind == "glyph"
                else f"{self.name(o)} pyramid top ({PYR_NAMES[self.pyr[self.piece_slot(r, o)][-1]]}, height {len(self.pyr[self.piece_slot(r, o)])})",
                f"piece:{self.rid(r)}:{o}:{kind}",
            )
            for o, kind in targets
        )
        return self._region_decision(s, r, f"DEMOLISH {left} in {self.rname(r)}", opts, "demolish")

    def _c_demolish(self, f: Demolish, oid: str) -> None:
        s, step, src, r, left, done = f.seat, f.step, f.source, f.region, f.left, f.done
        _, o_str, kind = oid.split(":")
        o = int(o_str)
        i = self.piece_slot(r, o)
        if kind == "glyph":
            self.glyphs[i] -= 1
        else:
            self.pyr[i] = self.pyr[i][:-1]
        self.log(f"{self.name(s)} demolishes a {self.name(o)} {kind} in {self.rname(r)}.", seat=s)
        self.stack.append(Demolish(s, step, src, r, left - 1, done + 1))

    # Conflict tiles

    def _f_reorder(self, f: Reorder) -> Decision:
        s, tiles, placed = f.seat, f.tiles, f.placed
        rest = [r for r in tiles if r not in placed]
        opts = tuple(
            Option(
                f"top:{self.data.tiles[r]}",
                f"{self.rname(r)} next" if placed else f"{self.rname(r)} on top",
            )
            for r in rest
        )
        return Decision(s, f"{self.name(s)}: order the top Conflict tiles", opts, kind="reorder")

    def _c_reorder(self, f: Reorder, oid: str) -> None:
        s, tiles, placed = f.seat, f.tiles, f.placed
        r = self.data.tiles.index(oid.split(":", 1)[1])
        placed = placed + (r,)
        rest = [x for x in tiles if x not in placed]
        if len(rest) > 1:
            self.stack.append(Reorder(s, tiles, placed))
            return
        order = list(placed) + rest
        self.conflict_stack[: len(order)] = order
        self.log(
            "The top Conflict tiles are now: " + ", ".join(self.rid(x) for x in order) + ".", seat=s
        )

    # ---- protocol: clone, view, result, determinize, invariants --------------------------

    _LISTS = (
        "ring",
        "pos",
        "inplay",
        "conflict_stack",
        "champs",
        "altar",
        "wrath_tiles",
        "colour",
        "god",
        "vertex",
        "reserve",
        "xib",
        "wrath",
        "offer",
        "pending_offer",
        "units",
        "glyphs",
        "pyr",
        "calendar",
        "codex",
        "vp",
        "dev",
        "abil",
        "known_deck",
        "kept",
        "used_rows",
        "tokens",
        "smote",
        "passive_uses",
        "bury_used",
        "status",
        "conflict_order",
        "stack",
        "history",
    )
    _NESTED = ("vpsrc", "deck", "played")

    def clone(self) -> MezoState:
        new = self._clone_sharing_rng()
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        return new

    def _clone_sharing_rng(self) -> MezoState:
        """``clone`` but for the chance stream, still this state's: for a caller that gives
        the copy a stream of its own (``determinize``), so none is copied in vain."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        for k in self._LISTS:
            d[k] = list(d[k])
        for k in self._NESTED:
            d[k] = [list(x) for x in d[k]]
        d["last_strength"] = dict(self.last_strength)
        return new

    def full_state(self) -> Any:
        skip = {"_log_buffer", "_decision_cache", "rng", "history", "barrier", "data", "_pending"}
        skip.add("gods")  # ``god`` as data
        return repr({k: v for k, v in sorted(self.__dict__.items()) if k not in skip})

    def determinize(self, seat: int, rng: random.Random) -> MezoState:
        """Re-deal what ``seat`` cannot see: decks, secret picks, the stack, later tiles."""
        return self._redeal(seat, rng, True)

    def sample(self, seat: int, rng: random.Random) -> MezoState:
        """``GameState.sample`` without building the stream that ``determinize`` gives the
        copy only for ``sample`` to replace it: its draw is still taken, so every sample is
        the very one it was (a search samples once per play-out)."""
        st = self._redeal(seat, rng, False)
        st.rng = random.Random(rng.getrandbits(64))
        return st

    def _redeal(self, seat: int, rng: random.Random, stream: bool) -> MezoState:
        """``determinize``; without ``stream`` the copy still shares this state's stream (the
        caller gives it one), though the draw for its own is taken all the same."""
        st = self._clone_sharing_rng()  # its own stream comes last
        P = st.tribe_count
        for s in range(P):
            if s == seat:
                k = st.known_deck[s]
                rest = sorted(st.deck[s][k:])
                _shuffle(rng, rest)
                st.deck[s] = st.deck[s][:k] + rest
                continue
            hidden = list(st.deck[s])
            secret_kept = st.kept[s] is not None and not st.cards_shown
            if secret_kept:
                hidden.append(st.kept[s])  # type: ignore[arg-type]
            hidden.sort()
            _shuffle(rng, hidden)
            if secret_kept:
                st.kept[s] = hidden.pop()
            st.deck[s] = hidden
            for t in (SH, WA):
                if st.pending_offer[s * 2 + t] >= 0:
                    st.pending_offer[s * 2 + t] = rng.randint(0, st.reserve[s * 2 + t])
        a, b = st.known_top, len(st.conflict_stack) - st.known_bottom
        if b > a:
            mid = sorted(st.conflict_stack[a:b])
            _shuffle(rng, mid)
            st.conflict_stack[a:b] = mid
        content = self.config.content
        for age in range(st.wrath_revealed + 1, self.data.constants.ages + 1):
            pool = [
                w.id
                for w in self.data.wrathful
                if w.age == age and (content == "full" or w.set == "base")
            ]
            st.wrath_tiles[age - 1] = rng.choice(pool)
        self._modules_determinize(st, rng)  # the face-down Ritual deck
        st._decision_cache = None
        seed = rng.random()
        if stream:
            st.rng = random.Random(seed)
        return st

    def unit_total(self, s: int, t: int) -> int:
        """How many units of type ``t`` tribe ``s`` owns (solo: the Vengeful army is bigger)."""
        return self.data.constants.per_tribe["shaman" if t == SH else "warrior"]

    def track_units(self, s: int, t: int) -> int:
        """Tribe ``s``'s units of type ``t`` on the Calendar (Shamans) or Codex (Warriors)."""
        return (self.calendar if t == SH else self.codex).count(s)

    def check_invariants(self) -> None:
        P, nr = self.tribe_count, len(self.inplay)
        c = self.data.constants
        per = c.per_tribe
        if self.phase == "setup":
            return
        for s in range(P):
            for t in (SH, WA):
                total = self.unit_total(s, t)
                n = self.reserve[s * 2 + t] + self.xib[s * 2 + t] + self.wrath[s * 2 + t]
                n += self.offer[s * 2 + t]
                n += sum(self.units[self.unit_slot(r, s, t)] for r in range(nr))
                n += self.track_units(s, t)
                assert n == total, f"{self.name(s)} has {n} {TYPE_NAME[t]}s, not {total}"
                assert min(self.reserve[s * 2 + t], self.xib[s * 2 + t]) >= 0
            assert 0 <= self.glyph_supply(s) <= per["glyph"]
            assert all(v >= 0 for v in self.pyr_supply(s).values())
            for r in range(nr):
                stack = self.pyr[self.piece_slot(r, s)]
                assert list(stack) == sorted(stack, reverse=True) and len(set(stack)) == len(stack)
                assert (
                    not (stack or self.glyphs[self.piece_slot(r, s)] or self.units_of(r, s))
                    or self.inplay[r]
                )
            assert 0 <= self.dev[s] <= c.devotion_max
            assert self.vp[s] >= 0 and self.vp[s] == sum(self.vpsrc[s])
            god = self.gods[s]  # god_data(s)
            if god is not None:
                cards = self.deck[s] + self.played[s] + ([self.kept[s]] if self.kept[s] else [])
                assert sorted(cards) == sorted(god.cards), f"{self.name(s)}'s God cards are wrong"
        placed = [v for v in self.vertex if v >= 0]
        assert len(placed) == len(set(placed)), "two gods on one vertex"
        champs = [r for r in self.champs if r >= 0]
        assert len(champs) == len(set(champs)), "two Champions in one region"
        for r in range(nr):
            if self.status[r] == RESOLVED or not self.inplay[r]:
                assert all(
                    self.units[self.unit_slot(r, s, t)] == 0 for s in range(P) for t in (SH, WA)
                )
        self._modules_invariants()

    def view(self, seat: int | None) -> MezoView:
        d = self.data
        P, nr = self.tribe_count, len(self.inplay)
        regions = []
        for r in range(nr):
            altar = d.altar(self.altar[r]) if self.altar[r] else None
            regions.append(
                {
                    "id": d.region_ids[r],
                    "name": d.region_names[r],
                    "in_play": self.inplay[r],
                    "status": ("pending", "active", "resolved")[self.status[r]],
                    "blessed": r == self.blessed,
                    "altar": {
                        "id": altar.id,
                        "name": altar.name,
                        "text": _steps_text(altar.steps),
                        "about": _about(
                            f"altar:{altar.id}",
                            lambda a=altar: texts.altar_about(a.name, _steps_text(a.steps)),
                        ),
                    }
                    if altar
                    else None,
                    "about": self._region_about(r),
                    "units": [
                        [self.units[self.unit_slot(r, s, SH)], self.units[self.unit_slot(r, s, 1)]]
                        for s in range(P)
                    ],
                    "champions": [
                        s for s in range(P) for k in range(2) if self.champs[s * 2 + k] == r
                    ],
                    "glyphs": [self.glyphs[self.piece_slot(r, s)] for s in range(P)],
                    "pyramids": [list(self.pyr[self.piece_slot(r, s)]) for s in range(P)],
                    "adjacent": sorted(d.region_ids[x] for x in d.adjacent[r]),
                }
            )
        vertices = [
            {
                "id": d.vertex_ids[v],
                "regions": [d.region_ids[r] for r in regs],
                "god": next((s for s in range(P) if self.vertex[s] == v), None),
            }
            for v, regs in enumerate(d.vertex_regions)
        ]
        tribes = []
        for s in range(P):
            god = self.gods[s]  # god_data(s)
            shown = self.cards_shown or seat == s
            kept = self.kept[s]
            card = None
            if kept and shown:
                cd = d.cards[kept]
                card = {
                    "id": cd.id,
                    "name": cd.name,
                    "options": [
                        {
                            "key": o.key,
                            "row": _row(o.key),
                            "text": o.text,
                            "used": o.key in self.used_rows[s],
                        }
                        for o in cd.options
                    ],
                }
            offer_secret = self.pending_offer[s * 2] >= 0 or self.pending_offer[s * 2 + 1] >= 0
            tribes.append(
                {
                    "seat": s,
                    "seat_order": self.pos[s] + 1,
                    "colour": self.colour[s],
                    "god": {
                        "id": god.id,
                        "name": god.name,
                        "passive": f"{god.passive_name}: {god.passive_text}",
                        "call": f"{god.call_name}: {god.call_text}",
                        "about": _god_about(god),
                    }
                    if god
                    else None,
                    "vertex": d.vertex_ids[self.vertex[s]] if self.vertex[s] >= 0 else None,
                    "reserve": [self.reserve[s * 2], self.reserve[s * 2 + 1]],
                    "xibalba": [self.xib[s * 2], self.xib[s * 2 + 1]],
                    "wrathful": [self.wrath[s * 2], self.wrath[s * 2 + 1]],
                    "offering": [self.offer[s * 2], self.offer[s * 2 + 1]],
                    "offer_chosen": offer_secret,
                    "offer_pending": [self.pending_offer[s * 2], self.pending_offer[s * 2 + 1]]
                    if seat == s and offer_secret
                    else None,
                    "champions_in_reserve": sum(
                        1 for k in range(self.nchamp) if self.champs[s * 2 + k] < 0
                    ),
                    "devotion": self.dev[s],
                    "devotion_tier": self.tier(s),
                    "vp": self.vp[s],
                    "abilities": [
                        {"id": a, "name": d.ability(a).name, "text": d.ability(a).text}
                        for a in self.abil[s]
                    ],
                    "glyph_supply": self.glyph_supply(s),
                    "pyramid_supply": {PYR_NAMES[k]: v for k, v in self.pyr_supply(s).items()},
                    "deck_size": len(self.deck[s]),
                    "played": list(self.played[s]),
                    "has_card": kept is not None,
                    "card": card,
                    "strength_tokens": self.tokens[s],
                    "uayeb_used": self.bury_used[s],
                }
            )
        wrath = []
        for age in range(1, d.constants.ages + 1):
            if age <= self.wrath_revealed:
                w = d.wrathful_tile(self.wrath_tiles[age - 1])
                wrath.append(
                    {
                        "age": age,
                        "id": w.id,
                        "name": w.name,
                        "per_unit": _steps_text(w.steps),
                        "per_action": _steps_text(w.per_action),
                        "about": _about(
                            f"wrath:{w.id}:{age}",
                            lambda w=w, age=age: texts.wrath_about(
                                w.name, age, _steps_text(w.steps), _steps_text(w.per_action)
                            ),
                        ),
                    }
                )
            else:
                wrath.append({"age": age, "id": None})
        here = self.conflict_region
        return {
            "game": "mezo",
            "players": P,
            "age": self.age,
            "phase": self.phase,
            "ring": list(self.ring),
            "regions": regions,
            "vertices": vertices,
            "calendar": [
                {
                    "id": sp.id,
                    "name": sp.name,
                    "text": _steps_text(sp.steps),
                    "about": self._space_about("calendar", sp),
                    "unit": self.calendar[i] if self.calendar[i] >= 0 else None,
                }
                for i, sp in enumerate(d.calendar)
            ],
            "codex": [
                {
                    "id": sp.id,
                    "name": sp.name,
                    "text": _steps_text(sp.steps),
                    "about": self._space_about("codex", sp),
                    "unit": self.codex[i] if self.codex[i] >= 0 else None,
                }
                for i, sp in enumerate(d.codex)
            ],
            "wrathful": wrath,
            "current_wrathful": wrath[self.age - 1] if self.wrath_revealed >= self.age else None,
            "conflict": {
                "region": d.region_ids[here] if here >= 0 else None,
                "blessed": here >= 0 and here == self.blessed,
                "turn_order": list(self.turn),
                "strength": [self.strength(s, here) for s in range(P)] if here >= 0 else None,
                "cards_revealed": self.cards_shown,
            },
            "resolved_order": [d.region_ids[r] for r in self.conflict_order],
            "stack_size": len(self.conflict_stack),
            "stack_known_top": [d.region_ids[r] for r in self.conflict_stack[: self.known_top]],
            "blessed": d.region_ids[self.blessed] if self.blessed >= 0 else None,
            "tribes": tribes,
            "finished": self.finished,
            "header": f"Age {self.age} · {self.phase}",
            "viewer": seat,
            "modules": self.modules_view(),
            # while gods are chosen: every god's ability and CALL, for the choice's options
            "gods": [
                {
                    "id": g.id,
                    "name": g.name,
                    "passive": f"{g.passive_name}: {g.passive_text}",
                    "call": f"{g.call_name}: {g.call_text}",
                    "about": _god_about(g),
                }
                for g in d.gods
            ]
            if self.phase == "setup"
            else [],
        }

    def _region_about(self, r: int) -> str:
        """What region ``r`` is about this Age: abandoned, Blessed, or its Altar."""
        if not self.inplay[r]:
            return texts.ABANDONED_ABOUT
        if r == self.blessed:
            vp = self.data.constants.blessed_region_vp
            return _about(f"blessed:{vp}", lambda: texts.blessed_about(vp))
        altar = self.data.altar(self.altar[r]) if self.altar[r] else None
        if altar is None:
            return ""
        return _about(
            f"altar:{altar.id}", lambda: texts.altar_about(altar.name, _steps_text(altar.steps))
        )

    def _space_about(self, track: str, sp: Any) -> str:
        vp = self.data.constants.track_vp_per_unit
        return _about(
            f"space:{track}:{sp.id}:{vp}",
            lambda: texts.space_about(
                track, TRACK_NAMES[track], sp.name, _steps_text(sp.steps), vp
            ),
        )

    def score_key(self, s: int) -> tuple[int, int, int]:
        return (self.vp[s], self.dev[s], self.counter(s, "own_pyramid_elements"))

    def _result(self) -> GameResult:
        keys = [self.score_key(s) for s in range(self.tribe_count)]
        ranks = rank_scores(keys)
        seats = tuple(
            SeatResult(
                seat=s,
                score=self.vp[s],
                rank=ranks[s],
                breakdown=tuple(ScoreLine(SOURCES[i], v) for i, v in enumerate(self.vpsrc[s]) if v),
            )
            for s in range(self.tribe_count)
        )
        winners = [self.name(s) for s in range(self.tribe_count) if ranks[s] == 1]
        summary = f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
        summary += f" with {max(self.vp)} VP"
        top = [s for s in range(self.tribe_count) if self.vp[s] == max(self.vp)]
        if len(top) > 1 and len(winners) == 1:  # A11.3: say which tie-break decided
            w = next(s for s in top if ranks[s] == 1)
            rest = [s for s in top if s != w]
            by_dev = all(self.dev[w] > self.dev[o] for o in rest)
            what = "Devotion" if by_dev else "pyramid elements on the board"
            counts = ", ".join(str(keys[s][1] if by_dev else keys[s][2]) for s in (w, *rest))
            summary += f", ahead on {what} in the VP tie ({counts})"
        return GameResult(seats=seats, summary=summary + ".")

    # ---- the handler table -----------------------------------------------------------------

    # Frame class -> (step handler, choice handler or None for a frame that never asks):
    # frame ``GodTurn`` runs ``_f_god_turn`` and hands the chosen option to ``_c_god_turn``.
    # The solo state (``solo.py``) copies this table and replaces the rows it changes.
    HANDLERS: ClassVar[Handlers] = {
        SetupColour: (_f_setup_colour, _c_setup_colour),
        SetupGod: (_f_setup_god, _c_setup_god),
        SetupFinish: (_f_setup_finish, None),
        AgeStart: (_f_age_start, None),
        Ability: (_f_ability, _c_ability),
        TribeStep: (_f_tribe_step, None),
        TribeTurn: (_f_tribe_turn, None),
        Triggers: (_f_triggers, _c_triggers),
        Champion: (_f_champion, _c_champion),
        TribeDeploy: (_f_tribe_deploy, None),
        Deploy: (_f_deploy, _c_deploy),
        SetBlessed: (_f_set_blessed, None),
        GodStep: (_f_god_step, None),
        GodTurn: (_f_god_turn, _c_god_turn),
        MoveGod: (_f_move_god, _c_move_god),
        ConflictStep: (_f_conflict_step, None),
        Bury: (_f_bury, _c_bury),
        ConflictBegin: (_f_conflict_begin, None),
        Keep: (_f_keep, _c_keep),
        RevealCards: (_f_reveal_cards, None),
        Action: (_f_action, _c_action),
        Third: (_f_third, _c_third),
        Strength: (_f_strength, None),
        Tie: (_f_tie, _c_tie),
        Win: (_f_win, None),
        Majority: (_f_majority, None),
        Space: (_f_space, _c_space),
        ConflictEnd: (_f_conflict_end, None),
        Offer: (_f_offer, _c_offer),
        BlessedResolve: (_f_blessed_resolve, None),
        EndOfAge: (_f_end_of_age, None),
        AgeCleanup: (_f_age_cleanup, None),
        EndGame: (_f_end_game, None),
        Eff: (_f_eff, None),
        Region: (_f_region, _c_region),
        Split: (_f_split, _c_split),
        Hit: (_f_hit, _c_hit),
        MoveIn: (_f_move_in, _c_move_in),
        MoveOut: (_f_move_out, _c_move_out),
        Build: (_f_build, _c_build),
        Demolish: (_f_demolish, _c_demolish),
        Reorder: (_f_reorder, _c_reorder),
        CityPlace: (ModulesMixin._f_city_place, ModulesMixin._c_city_place),
        CityUnit: (ModulesMixin._f_city_unit, ModulesMixin._c_city_unit),
        CityChampion: (ModulesMixin._f_city_champion, ModulesMixin._c_city_champion),
        RitualReveal: (ModulesMixin._f_ritual_reveal, None),
        RitualOnce: (ModulesMixin._f_ritual_once, None),
        RitualEnd: (ModulesMixin._f_ritual_end, None),
        Cenote: (ModulesMixin._f_cenote, ModulesMixin._c_cenote),
        CenoteOff: (ModulesMixin._f_cenote_off, None),
        ModWin: (ModulesMixin._f_mod_win, None),
        Power: (ModulesMixin._f_power, ModulesMixin._c_power),
        ProphecyCheck: (ModulesMixin._f_prophecy_check, None),
    }


# ``Random.choice`` draws ``_randbelow(len)``; for a plain ``Random`` that is the getrandbits
# loop ``MezoState.playout`` writes out (checked here, so another Python falls back to it).
_CHOICE_IS_GETRANDBITS = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", object()
)


def _shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``, the very same draws: for a plain ``Random`` its ``_randbelow`` loop
    is written out (a play-out shuffles the God decks and the Conflict stack every Age, and a
    search's every sample re-deals them), without two calls a card."""
    if not (_CHOICE_IS_GETRANDBITS and type(rng) is random.Random):
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _board_vertices(d: Any, inplay: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """``MezoState._vertices`` for a board and its regions in play, made on a table miss."""
    live = tuple(v for v, regs in enumerate(d.vertex_regions) if any(inplay[r] for r in regs))
    labels = tuple(
        f"{d.vertex_ids[v]} (present in {', '.join(d.region_ids[r] for r in regs if inplay[r])})"
        for v, regs in enumerate(d.vertex_regions)
    )
    return live, labels


def _vp_sorted(vp: list[int], pos: list[int], tribes: int) -> list[int]:
    """Tribes by VP, then seat order (apart from ``vp_order``, whose two-tribe path then
    makes no cells for the key's closure)."""
    return sorted(range(tribes), key=lambda s: (-vp[s], pos[s]))


def _split_options(totals: Iterable[int], avail: tuple[int, int]) -> tuple[Option, ...]:
    """A split's options: every (Shamans, Warriors) of each total the units available allow."""
    return tuple(
        Option(f"split:S{a}W{k - a}", _split_label(a, k - a))
        for k in totals
        for a in range(min(k, avail[0]), -1, -1)
        if k - a <= avail[1]
    )


def _deploy_options(rid: str, cap: int, rs: int, rw: int) -> tuple[Option, ...]:
    """A Tribe Step DEPLOY's options: up to ``cap`` units from a Reserve of ``rs``, ``rw``."""
    return tuple(
        Option(f"split:S{a}W{b}", _split_label(a, b), f"region:{rid}")
        for a in range(min(cap, rs) + 1)
        for b in range(min(cap - a, rw) + 1)
    )


def _modifier_values(d: Any, abil: tuple[str, ...], key: str) -> tuple[str | int, ...]:
    """The values of modifier ``key`` in the abilities ``abil`` (``MezoState.modifiers``)."""
    return tuple(m[key] for m in (d.ability(aid).modifier for aid in abil) if key in m)


def _space_options(spaces: Sequence[Any], occ: list[int]) -> tuple[Option, ...]:
    """One option per free space of a track."""
    return tuple(
        Option(f"space:{sp.id}", f"{sp.name}: {_steps_text(sp.steps)}", f"space:{sp.id}")
        for i, sp in enumerate(spaces)
        if occ[i] < 0
    )


def _offer_options(t: int, have: int) -> tuple[Option, ...]:
    """Offer 0 to ``have`` units of type ``t``."""
    return tuple(
        Option(f"offer:{k}", f"Offer {k} {TYPE_NAME[t]}{'s' if k != 1 else ''}")
        for k in range(have + 1)
    )


# ---- decisions made once ------------------------------------------------------------------

# Decisions by what they are made of. The same few questions come back over and over (a
# search play-out asks about 200), and a Decision is immutable, so each is built once and
# shared: a key names the state class (the solo state words some things apart), the kind of
# question and every fact its seat, prompt, options and context are made from.
_DECISIONS: dict[tuple[Any, ...], Decision] = {}


def _remember(key: tuple[Any, ...], decision: Decision) -> Decision:
    # At most about 15 MB: one game asks a few hundred, a search on one position some thousands.
    return _cache_put(_DECISIONS, key, decision, 10_000)


# By data (which the entry keeps alive, so its id is not reused), a tribe's ability set and
# a hook and Age, or a modifier key: what ``_hooked`` and ``modifiers`` find in those abilities.
_HOOKED: dict[tuple[Any, ...], tuple[object, tuple[str, ...]]] = {}
_MODIFIERS: dict[tuple[Any, ...], tuple[object, tuple[str | int, ...]]] = {}


def _cache_put(table: dict[Any, Any], key: Any, value: Any, limit: int = 4096) -> Any:
    """Store ``value`` in one of the tables above, emptied once it holds over ``limit``."""
    if len(table) > limit:
        table.clear()
    table[key] = value
    return value


# Per board (by its data, which the entry keeps alive) and regions in play: the vertices that
# can take a god and every vertex's label (``MezoState._vertices``).
_VERTICES: dict[tuple[int, tuple[bool, ...]], tuple[object, tuple[int, ...], tuple[str, ...]]] = {}


# ---- shared frames -----------------------------------------------------------------------
# Frames are immutable and equal by value, so the ones every normal conflict pushes are made
# once and shared (a search play-out resolves about a dozen conflicts).


@cache
def _conflict_turns(turn: tuple[int, ...], actions: int) -> tuple[Frame, ...]:
    """A normal conflict's keeps, card reveal, actions and third actions in turn order."""
    return (
        *(Keep(s) for s in turn),
        RevealCards(),
        *(Action(s) for _ in range(actions) for s in turn),
        *(Third(s) for s in turn),
    )


_CONFLICT_MAJORITIES: tuple[Frame, ...] = (Strength(), Majority(SH), Majority(WA))
_CONFLICT_END = ConflictEnd()
_CONFLICT_BEGIN = ConflictBegin()
_CONFLICT_STEP = ConflictStep()


# ---- text helpers ------------------------------------------------------------------------


# ``name(s)`` for the usual seats, made once.
_SEAT_NAMES = tuple(f"{{seat:{s}}}" for s in range(8))


def _row(key: str) -> int:
    return "abc".index(key) + 1


def _card_label(card: Any) -> str:
    """A God card's option label (its name and rows), made once per card."""
    return _text_cached(
        card,
        lambda: f"{card.name}: " + " | ".join(f"{o.key}) {o.text}" for o in card.options),
    )


# Options that are the same in every game (immutable, so shared): made once.
_PLAY_OPTIONS: dict[int, tuple[object, Option]] = {}


def _play_option(o: Any) -> Option:
    """The option to play a card's row ``o`` (one per row of each God card)."""
    hit = _PLAY_OPTIONS.get(id(o))
    if hit is None or hit[0] is not o:
        hit = (o, Option(f"play:{o.key}", f"Row {_row(o.key)}: {o.text}", f"cardopt:{o.key}"))
        _PLAY_OPTIONS[id(o)] = hit
    return hit[1]


_PASS_LABELS = {
    "both": "gain 1 Devotion and RECOVER 1",
    "devotion": "gain 1 Devotion",
    "recover": "RECOVER 1",
}


@cache
def _vertex_option(vid: str, label: str, verb: str) -> Option:
    """A god turn's option to go to a vertex (``label`` names its regions in play)."""
    return Option(f"vertex:{vid}", f"{verb}{label}, then CALL", f"vertex:{vid}")


@cache
def _region_option(rid: str, name: str) -> Option:
    """The option that names a region, the same in every question about regions."""
    return Option(f"region:{rid}", f"{rid} {name}", f"region:{rid}")


# The option to keep a God card, by card id; the entry keeps its card, which it stands for.
_KEEP_OPTIONS: dict[str, tuple[object, Option]] = {}


def _keep_option(cid: str, card: Any) -> Option:
    hit = _KEEP_OPTIONS.get(cid)
    if hit is None or hit[0] is not card:
        hit = (card, Option(f"card:{cid}", _card_label(card), f"card:{cid}"))
        _KEEP_OPTIONS[cid] = hit
    return hit[1]


@cache
def _pass_option(key: str, gain: str) -> Option:
    return Option(f"pass:{key}:{gain}", f"Pass, marking row {_row(key)}: {_PASS_LABELS[gain]}")


@cache
def _split_label(a: int, b: int) -> str:
    parts = []
    if a:
        parts.append(f"{a} Shaman{'s' if a > 1 else ''}")
    if b:
        parts.append(f"{b} Warrior{'s' if b > 1 else ''}")
    return " + ".join(parts) if parts else "nothing"


# Chosen option ids parsed once each (a few hundred different ids in all): the choice
# handlers read them at every move of a play-out, and ids stay strings in the history.


@cache
def _payload(oid: str) -> str:
    """What follows the kind of an option id: ``card:c12`` -> ``c12``."""
    return oid.split(":", 1)[1]


@cache
def _int_payload(oid: str) -> int:
    """A number an option id carries: ``offer:2`` -> 2."""
    return int(oid.split(":", 1)[1])


@cache
def _parts(oid: str) -> tuple[str, ...]:
    """An option id's words: ``pass:a:devotion`` -> ``("pass", "a", "devotion")``."""
    return tuple(oid.split(":"))


@cache
def _hit_target(oid: str) -> tuple[int, int]:
    """The (tribe, unit type) a SMITE or EXILE option hits: ``hit:1:W`` -> ``(1, WA)``."""
    _, o_str, letter = oid.split(":")
    return int(o_str), TYPE_LETTER.index(letter)


@cache  # a handful of ids, parsed at every DEPLOY, RECOVER...
def _parse_split(oid: str) -> tuple[int, int]:
    body = oid.split(":", 1)[1]
    a, b = body[1:].split("W")
    return int(a), int(b)


_REGION_WORDS = {
    "here": "here",
    "present": "where your god is present",
    "pending": "in a pending region",
    "any": "in any region",
    "adjacent_pending": "from an adjacent pending region",
    "present_pending": "in a pending region where your god is present",
    "champion": "in your Champion's region",
}


_PASS_WORDS = {"devotion": "Devotion", "recover": "RECOVER 1", "both": "Devotion and RECOVER"}

# How a ``vp_per`` counter reads on the board and in prompts.
_COUNTER_WORDS = {
    "own_units_here": "own unit here",
    "own_shamans_here": "own Shaman here",
    "own_units_in_xibalba": "own unit in Xibalba",
    "opp_units_in_xibalba": "opponent unit in Xibalba",
    "rival_tribes": "rival tribe",
    "own_pyramid_regions": "Region with own pyramid",
    "own_pyramid_elements": "own pyramid element",
    "own_tall_pyramids": "own tall pyramid",
    "own_units_on_tracks": "own unit on the tracks",
    "own_pieces_here": "own piece here",
}


# Texts of steps by the identity of the (immutable, shared) step or tuple of steps: views and
# prompts render the same Altars, spaces and tiles over and over. The entry keeps its key
# alive, so an id is never reused while cached; the table is emptied if it ever grows large.
_TEXTS: dict[int, tuple[object, str]] = {}


def _text_cached(key: object, build: Callable[[], str]) -> str:
    hit = _TEXTS.get(id(key))
    if hit is not None and hit[0] is key:
        return hit[1]
    text = build()
    if len(_TEXTS) > 4096:
        _TEXTS.clear()
    _TEXTS[id(key)] = (key, text)
    return text


def _step_text(step: Step) -> str:
    """A short English rendering of one step, for prompts and the board."""
    hit = _TEXTS.get(id(step))  # ``_text_cached``, its hit written out: memo keys use it
    if hit is not None and hit[0] is step:
        return hit[1]
    return _text_cached(step, partial(_render_step, step))  # no closure cell at every call


def _render_step(step: Step) -> str:
    op, n = step.op, step.n
    unit = "" if step.unit == "any" else f" {step.unit.capitalize()}{'s' if n != 1 else ''}"
    where = _REGION_WORDS.get(step.region, step.region)
    up = "up to " if step.up_to else ""
    if op == "vp":
        return f"+{n} VP"
    if op == "devotion":
        return f"+{n} Devotion" if n != "devotion_tier" else "+Devotion = tier"
    if op == "strength":
        return f"+{n} Strength"
    if op in ("deploy", "awaken", "smite", "exile", "build_glyph", "build_pyramid", "demolish"):
        word = {"build_glyph": "BUILD Glyph", "build_pyramid": "BUILD pyramid"}.get(op, op.upper())
        return f"{word} {up}{n}{unit} {where}"
    if op == "recover":
        return f"RECOVER {up}{n}{unit}"
    if op == "sacrifice":
        return f"SACRIFICE {n}"
    if op == "move_in":
        return f"MOVE {up}{n} into {where if step.region != 'here' else 'here'}"
    if op == "move_out":
        return f"MOVE {up}{n} from here to pending regions"
    if op == "vp_per":
        what = _COUNTER_WORDS.get(step.counter or "", step.counter)
        each = f"{step.per} × {what}" if step.per > 1 else what
        cap = f" (max {step.max * step.multiplier})" if step.max < 99 else ""
        return f"+{step.multiplier} VP per {each}{cap}"
    if op == "move_god":
        return "move your god"
    if op == "to_track":
        return f"{step.unit} to the {step.track}"
    return op


def _steps_text(steps: tuple[Step, ...]) -> str:
    return _text_cached(steps, lambda: ", then ".join(_step_text(s) for s in steps))


# The view's ``about`` sentences by element id: the data is fixed, so each is built once.
_ABOUT: dict[str, str] = {}


def _about(key: str, make: Callable[[], str]) -> str:
    text = _ABOUT.get(key)
    if text is None:
        text = _ABOUT[key] = make()
    return text


def _god_about(god: Any) -> str:
    return _about(
        f"god:{god.id}",
        lambda: texts.god_about(
            god.name, god.title, god.passive_name, god.passive_text, god.call_name, god.call_text
        ),
    )
