"""The five modules of Part C: Cities, Rituals, Prophecies, Sacred Cenote and Tribe Powers.

``ModulesMixin`` is a base class of ``MezoState``: its frames (``frames.py``; their handlers
``_f_*`` / ``_c_*`` are rows of ``MezoState.HANDLERS``) run in the same frame machine, and ``rules.py`` calls its hooks at the moments Part A names for the
modules: setup (A3.10), Start of Age (A5.2, A5.4), the Tribe and God Steps (Ritual rule
changes), after the third actions (A8.8), after a win (A8.10, A9.7), before a conflict's
clean-up (A8.13), after the pyramid scoring (A10.3) and the End of Game (A11.2).

Module state lives in ints and tuples, replaced whole when it changes, so ``clone`` can share
it. Nothing here names a card: Rituals, Prophecies and Tribe Powers are data.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tabletop_tui.engine.core import Decision, Option

from .data import ModuleData, Prophecy, Ritual, Step, load_module_data
from .frames import (
    Cenote,
    CenoteOff,
    CityChampion,
    CityPlace,
    CityUnit,
    Eff,
    Frame,
    ModWin,
    Power,
    ProphecyCheck,
    RitualEnd,
    RitualOnce,
    RitualReveal,
)
from .views import ModulesView

if TYPE_CHECKING:
    from .rules import MezoState

# The option names of MezoConfig, in the order of Part C.
MODULES = ("cities", "rituals", "prophecies", "cenote", "tribe_powers")
MODULE_TITLES = {
    "cities": "Cities",
    "rituals": "Rituals",
    "prophecies": "Prophecies",
    "cenote": "Sacred Cenote",
    "tribe_powers": "Tribe Powers",
}
SRC_CITIES = "Cities"
SRC_RITUAL = "Rituals"
SRC_PROPHECY = "Prophecies"
SRC_CENOTE = "Sacred Cenote"
SRC_POWER = "Tribe Powers"
MODULE_SOURCES = (SRC_CITIES, SRC_RITUAL, SRC_PROPHECY, SRC_CENOTE, SRC_POWER)
# The phase a Ritual's step names (C2.2).
STEP_PHASE = {
    "tribe": "Tribe Step",
    "god": "God Step",
    "conflict": "Conflict Step",
    "end_of_age": "End of Age",
}
_SH, _WA = 0, 1
_TYPE = ("Shaman", "Warrior")


def solo_conflict(players: int, switches: dict[str, bool]) -> str | None:
    """C0: the modules are not played in solo; the message the config validator raises."""
    on = [MODULE_TITLES[m] for m in MODULES if switches.get(m)]
    if players == 1 and on:
        return (
            f"the modules ({', '.join(on)}) are for 2 to 4 players: "
            "they were not designed for the solo game"
        )
    return None


def _units(a: int, b: int) -> str:
    parts = [f"{k} {_TYPE[t]}{'s' if k > 1 else ''}" for t, k in ((0, a), (1, b)) if k]
    return " + ".join(parts) or "nothing"


def _replace(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1 :]


class ModulesMixin:
    """Frames, hooks and state of the modules; every hook is a no-op when its module is off."""

    # ---- state and setup (A3.10) -----------------------------------------------------------

    def _modules_init(self) -> None:
        """Module state, present in every game so views, clones and checks need no branches."""
        P = self.tribe_count
        self.city: tuple[int, ...] = (-1,) * P  # region of each tribe's City, -1 if none
        self.city_lost: tuple[bool, ...] = (False,) * P
        self.ritual_deck: tuple[str, ...] = ()  # face down, top first
        self.rituals_seen: tuple[str, ...] = ()
        self.ritual: Ritual | None = None  # this Age's revealed Ritual
        self.prophecy: tuple[str, ...] = ()  # the column, bottom card first
        self.proph_level: tuple[int, ...] = (0,) * P  # cards fulfilled by each tribe
        self.monument = -1  # who took the Monument (the Prophecy is then closed)
        self.cenote = -1
        self.power_token: tuple[str | None, ...] = (None,) * P
        self.power_used: tuple[bool, ...] = (False,) * P
        self.cwin = -1  # winner of the conflict in progress, for the Prophecy check

    @property
    def mdata(self) -> ModuleData:
        """The module data (shared, loaded once; not part of the state)."""
        return load_module_data()

    def modules_on(self) -> tuple[str, ...]:
        return tuple(m for m in MODULES if getattr(self.config, m, False))

    def _modules_setup(self) -> None:
        """A3.10: Cities, Rituals, Prophecies, Tribe Powers, in that order."""
        cfg, md, rng = self.config, self.mdata, self.rng
        if not self.modules_on():
            return
        if cfg.rituals:
            ids = sorted(r.id for r in md.rituals)
            rng.shuffle(ids)
            self.ritual_deck = tuple(ids[: md.ritual_draw])
        if cfg.prophecies:
            ids = sorted(p.id for p in md.prophecies)
            rng.shuffle(ids)
            self.prophecy = tuple(ids[: md.prophecy_draw])
            names = ", ".join(md.prophecy(p).name for p in self.prophecy)
            self.log(f"The Prophecy, from the bottom up: {names}; then {md.monument_name}.")
        if cfg.tribe_powers:
            ids = sorted(p.id for p in md.powers)
            rng.shuffle(ids)
            tokens = [None] * self.tribe_count
            for s in self.ring:
                tokens[s] = ids.pop(0)
                texts = " / ".join(md.power(tokens[s]).texts)
                self.log(f"{self.name(s)} receives Tribe Power {tokens[s]}: {texts}", seat=s)
            self.power_token = tuple(tokens)
        self.mark_barrier()
        if cfg.cities:
            # C1.1: VP order then clockwise; at setup every VP is equal, so seat order.
            self._push_seq([CityPlace(s) for s in self.ring])

    # ---- Cities (C1) -----------------------------------------------------------------------

    def _f_city_place(self, f: CityPlace) -> Decision:
        s = f.seat
        taken = set(self.city)
        opts = [
            Option(f"city:{self.rid(r)}", f"Your City in {self.rname(r)}", f"region:{self.rid(r)}")
            for r in range(len(self.inplay))
            if self.inplay[r] and r not in taken
        ]
        opts.append(Option("city:none", "No City"))
        return Decision(
            s, f"{self.name(s)}: place your City token on a region?", tuple(opts), kind="city"
        )

    def _c_city_place(self, f: CityPlace, oid: str) -> None:
        s = f.seat
        rid = oid.split(":", 1)[1]
        if rid == "none":
            self.log(f"{self.name(s)} places no City.", seat=s)
            return
        r = self.data.region_ids.index(rid)
        self.city = _replace(self.city, s, r)
        self.log(f"{self.name(s)} builds a City in {self.rname(r)}.", seat=s)

    def _city_deploy_frames(self) -> list[Frame]:
        """A5.4: each player with a City on the board, in VP order."""
        if not self.config.cities:
            return []
        return [CityUnit(s) for s in self.vp_order() if self.city[s] >= 0]

    def _f_city_unit(self, f: CityUnit) -> Decision | None:
        s = f.seat
        r = self.city[s]
        rs, rw = self.reserve[s * 2], self.reserve[s * 2 + 1]
        n = self.mdata.city_deploy
        if r < 0 or rs + rw == 0 or n == 0:
            return None
        opts = tuple(
            Option(
                f"split:S{a}W{k - a}",
                f"DEPLOY {_units(a, k - a)} into your City's region" if k else "Deploy nothing",
                f"region:{self.rid(r)}" if k else None,
            )
            for k in range(n, -1, -1)
            for a in range(min(k, rs), -1, -1)
            if k - a <= rw
        )
        return Decision(
            s,
            f"{self.name(s)}: your City lets you DEPLOY {n} unit into {self.rname(r)} "
            "(beside the Tribe Step's limit)",
            opts,
            kind="city_unit",
            context={"region": self.rid(r)},
        )

    def _c_city_unit(self, f: CityUnit, oid: str) -> None:
        s = f.seat
        r = self.city[s]
        body = oid.split(":", 1)[1]
        a, b = (int(x) for x in body[1:].split("W"))
        if a + b == 0:
            return
        self._move_units(s, (a, b), "reserve", r)
        self.log(f"{self.name(s)} deploys {_units(a, b)} into their City's region.", seat=s)
        self._push(CityChampion(s))

    def _f_city_champion(self, f: CityChampion) -> Decision | None:
        s = f.seat
        r = self.city[s]
        free = [k for k in range(self.nchamp) if self.champs[s * 2 + k] < 0]
        if not self.mdata.city_champion or not free or self.champion_owner(r) >= 0:
            return None
        opts = (
            Option(
                "champion:yes",
                f"DEPLOY a Champion into {self.rname(r)} now",
                f"region:{self.rid(r)}",
            ),
            Option("champion:no", "Keep it for the Tribe Step"),
        )
        return Decision(
            s,
            f"{self.name(s)}: DEPLOY a Champion into your City's region?",
            opts,
            kind="city_champion",
        )

    def _c_city_champion(self, f: CityChampion, oid: str) -> None:
        s = f.seat
        if oid != "champion:yes":
            return
        r = self.city[s]
        k = next(k for k in range(self.nchamp) if self.champs[s * 2 + k] < 0)
        self.champs[s * 2 + k] = r
        self.log(f"{self.name(s)} deploys a Champion into their City's region.", seat=s)

    def _destroy_cities(self, s: int) -> None:
        """C1.3: ``s`` has just won here; another player's City here is destroyed."""
        r = self.conflict_region
        for o in range(self.tribe_count):
            if o != s and self.city[o] == r:
                self.city = _replace(self.city, o, -1)
                self.city_lost = _replace(self.city_lost, o, True)
                self.log(f"{self.name(s)} destroys {self.name(o)}'s City.", seat=s)
                self.gain_vp(s, self.mdata.city_destroyer_vp, SRC_CITIES)

    def _end_game_modules(self) -> None:
        """A11.2 / C1.4: 3 VP for each City still on the board."""
        if not self.config.cities:
            return
        for s in self.vp_order():
            if self.city[s] >= 0:
                self.gain_vp(s, self.mdata.city_end_vp, SRC_CITIES)

    # ---- Rituals (C2) ----------------------------------------------------------------------

    def ritual_mod(self, key: str) -> Any:
        """The revealed Ritual's rule change ``key`` while its step is being played, or None."""
        r = self.ritual
        if r is None or r.kind != "modifier" or self.phase != STEP_PHASE[r.step]:
            return None
        return r.modifier.get(key)

    def deploy_cap(self) -> int:
        """The Tribe Step limit per region (A6.4), as a Ritual may change it."""
        if self.ritual is None:  # no Ritual, no change (``ritual_mod``, asked often)
            return self.data.constants.tribe_step_deploy_cap
        cap = self.ritual_mod("deploy_cap")
        return self.data.constants.tribe_step_deploy_cap if cap is None else int(cap)

    def call_steps(self, s: int) -> tuple[Step, ...]:
        """What resolving ``s``'s CALL does this Age: a Ritual may repeat or replace it."""
        god = self.god_data(s)
        assert god is not None
        if self.ritual is None:  # no Ritual, the CALL once
            return god.call_steps
        instead = self.ritual_mod("call_replaced_by")
        if instead is not None:
            self.log(f"{self.ritual.name}: no CALL; {self.name(s)} gains Devotion instead.", seat=s)  # type: ignore[union-attr]
            return tuple(instead)
        times = self.ritual_mod("call_times") or 1
        return god.call_steps * int(times)

    def hit_bonus(self, op: str) -> int:
        """Extra units a SMITE hits under a Ritual."""
        if op != "smite" or self.ritual is None:
            return 0
        return int(self.ritual_mod("smite_bonus") or 0)

    def strength_tie(self, tied: tuple[int, ...]) -> tuple[int, ...]:
        """A Ritual may settle Strength ties by fewest VP, then later in VP order."""
        if len(tied) < 2 or self.ritual_mod("strength_tie") != "fewest_vp":
            return tied
        return self._fewest_vp(tied)

    def _fewest_vp(self, tied: tuple[int, ...]) -> tuple[int, ...]:
        """The Ritual's tie-break (apart, so that ``strength_tie`` makes no closure cells)."""
        order = self.vp_order()
        winner = min(tied, key=lambda s: (self.vp[s], -order.index(s)))
        self.log(f"{self.ritual.name}: the tie goes to {self.name(winner)}.")  # type: ignore[union-attr]
        return (winner,)

    def pass_gives_both(self) -> bool:
        return bool(self.ritual_mod("pass_gives_both"))

    def _pass_bonus(self, s: int) -> None:
        """A pass whose god already gave both (Ixchel) earns the Ritual's extra VP."""
        if self.ritual is None:
            return
        bonus = self.ritual_mod("pass_both_already_bonus_vp")
        god = self.god_data(s)
        if bonus and god is not None and god.passive_modifier == "pass_gives_both":
            self.gain_vp(s, int(bonus), SRC_RITUAL)

    def ritual_modifiers(self, key: str) -> list[Any]:
        """The Ritual's share of ``modifiers()`` (keys Tribe abilities also use)."""
        m = self.ritual_mod(key)
        return [] if m is None else [m]

    def _start_of_age_modules(self) -> list[Frame]:
        """A5.2: reveal the Ritual, place the Sacred Cenote."""
        frames: list[Frame] = []
        if self.config.rituals and self.ritual_deck:
            frames.append(RitualReveal())
        if self.config.cenote:
            frames.append(Cenote())
        return frames

    def _f_ritual_reveal(self, f: RitualReveal) -> None:
        rid, self.ritual_deck = self.ritual_deck[0], self.ritual_deck[1:]
        self.rituals_seen = self.rituals_seen + (rid,)
        self.ritual = self.mdata.ritual(rid)
        self.mark_barrier()
        self.log(f"Ritual of Age {self.age}: {self.ritual.name} — {self.ritual.text}")

    def _ritual_frames(self, step: str) -> list[Frame]:
        """A one-time Ritual fires at the start of its step (C2.3)."""
        r = self.ritual
        if r is None or r.kind != "one_time" or r.step != step:
            return []
        return [RitualOnce(step)]

    def _f_ritual_once(self, f: RitualOnce) -> None:
        r = self.ritual
        assert r is not None
        self.phase = STEP_PHASE[f.step_name]
        self.log(f"Ritual {r.name}: {r.text}")
        self._push_seq([Eff(s, r.steps, 0, SRC_RITUAL) for s in self.vp_order()])

    def _end_of_age_modules(self) -> list[Frame]:
        """A10.3: the End-of-Age Ritual, its removal, the Prophecy check; then the Cenote."""
        frames: list[Frame] = self._ritual_frames("end_of_age")
        if self.ritual is not None:
            frames.append(RitualEnd())
        frames += self._checkpoint_frames("age")
        if self.cenote >= 0:
            frames.append(CenoteOff())
        return frames

    def _f_ritual_end(self, f: RitualEnd) -> None:
        if self.ritual is not None:
            self.log(f"The Ritual {self.ritual.name} leaves the game.")
        self.ritual = None

    # ---- Sacred Cenote (C4) ----------------------------------------------------------------

    def _f_cenote(self, f: Cenote) -> Decision:
        s = self.vp_order()[0]
        opts = tuple(
            Option(
                f"cenote:{self.rid(r)}",
                f"Sacred Cenote under the Altar of {self.rname(r)}",
                f"region:{self.rid(r)}",
            )
            for r in range(len(self.inplay))
            if self.inplay[r]
        )
        return Decision(
            s,
            f"{self.name(s)}: place the Sacred Cenote (+3 Devotion to the region's winner)",
            opts,
            kind="cenote",
        )

    def _c_cenote(self, f: Cenote, oid: str) -> None:
        r = self.data.region_ids.index(oid.split(":", 1)[1])
        self.cenote = r
        s = self.vp_order()[0]
        self.log(f"{self.name(s)} places the Sacred Cenote in {self.rname(r)}.", seat=s)

    def _f_cenote_off(self, f: CenoteOff) -> None:
        self.cenote = -1

    def _cenote_bonus(self, s: int) -> None:
        """C4.2: the winner here gains the Cenote's bonus (automatic steps only, D16)."""
        if self.cenote != self.conflict_region or self.cenote < 0:
            return
        self.log(f"The Sacred Cenote rewards {self.name(s)}.", seat=s)
        for step in self.mdata.cenote_bonus:
            self._start(s, step, SRC_CENOTE)

    # ---- after a win: Cenote, Cities, Ritual VP; the Prophecy's record of the winner -------

    def _win_modules(self, s: int) -> list[Frame]:
        """A8.10: after the Altar, the modules that reward the winner of a normal region."""
        if not (self.cenote >= 0 or self.config.cities or self.ritual or self.prophecy):
            return []
        return [ModWin(s)]

    def _f_mod_win(self, f: ModWin) -> None:
        s = f.seat
        self.cwin = s
        self._cenote_bonus(s)
        self._destroy_cities(s)
        vp = self.ritual_mod("strength_winner_vp")
        if vp:
            self.gain_vp(s, int(vp), SRC_RITUAL)

    def _after_blessed(self, winner: int) -> None:
        """A9.7: Sacred Cenote, Cities and the Prophecy check in the Blessed Region."""
        if winner >= 0:
            self.cwin = winner
            self._cenote_bonus(winner)
            self._destroy_cities(winner)
        if self.prophecy and self.monument < 0:
            self._prophecy_check("conflict", tuple(self.calendar), tuple(self.codex))
        self.cwin = -1

    # ---- Tribe Powers (C5) -----------------------------------------------------------------

    def _power_frames(self) -> list[Frame]:
        """A8.8: after the third actions, in the conflict's turn order."""
        if not self.config.tribe_powers:
            return []
        frames: list[Frame] = []  # a loop, not a comprehension: no closure cells per conflict
        for s in self.turn:
            if self.power_token[s] is not None and not self.power_used[s]:
                frames.append(Power(s))
        return frames

    def power_usable(self, s: int) -> bool:
        r = self.conflict_region
        if r < 0 or self.power_token[s] is None or self.power_used[s]:
            return False
        return self.god_present(s, r) or r in self.champs[s * 2 : s * 2 + 2]

    def _f_power(self, f: Power) -> Decision | None:
        s = f.seat
        if not self.power_usable(s):
            return None
        tp = self.mdata.power(self.power_token[s])  # type: ignore[arg-type]
        opts = (
            Option("power:1", f"Use {tp.id}: {tp.texts[0]}"),
            Option("power:2", f"Use {tp.id}: {tp.texts[1]}"),
            Option("power:keep", "Keep your Tribe Power for a later conflict"),
        )
        return Decision(
            s, f"{self.name(s)}: use your Tribe Power (once per game)?", opts, kind="power"
        )

    def _c_power(self, f: Power, oid: str) -> None:
        s = f.seat
        choice = oid.split(":", 1)[1]
        if choice == "keep":
            return
        tp = self.mdata.power(self.power_token[s])  # type: ignore[arg-type]
        i = int(choice) - 1
        self.power_used = _replace(self.power_used, s, True)
        self.log(f"{self.name(s)} uses Tribe Power {tp.id}: {tp.texts[i]}", seat=s)
        self._effect(s, tp.steps[i], SRC_POWER)

    # ---- Prophecies (C3) -------------------------------------------------------------------

    def _checkpoint_frames(self, when: str) -> list[Frame]:
        """C3.4: a checkpoint; a conflict's remembers the tracks as the conflict began."""
        if not self.prophecy or self.monument >= 0:
            return []
        return [ProphecyCheck(when, tuple(self.calendar), tuple(self.codex))]

    def _f_prophecy_check(self, f: ProphecyCheck) -> None:
        when, cal0, cod0 = f.when, f.calendar, f.codex
        if self.prophecy and self.monument < 0:
            self._prophecy_check(when, cal0, cod0)
        self.cwin = -1

    def _prophecy_check(self, when: str, cal0: tuple[int, ...], cod0: tuple[int, ...]) -> None:
        """In reverse VP order each player may fulfil their current card; one card each."""
        md = self.mdata
        top = len(self.prophecy)
        for s in reversed(self.vp_order()):
            if self.monument >= 0:
                return
            level = self.proph_level[s]
            if level >= top:
                continue
            card = md.prophecy(self.prophecy[level])
            if not self.prophecy_met(s, card, when, cal0, cod0):
                continue
            self.proph_level = _replace(self.proph_level, s, level + 1)
            self.log(f"{self.name(s)} fulfils Prophecy card {level + 1}, {card.name}.", seat=s)
            self.gain_vp(s, md.prophecy_vp, SRC_PROPHECY)
            if level + 1 == top:
                self.monument = s
                self.log(
                    f"{self.name(s)} takes {md.monument_name}: the Prophecy is fulfilled "
                    "and closed for everyone.",
                    seat=s,
                )
                self.gain_vp(s, md.monument_vp, SRC_PROPHECY)

    def prophecy_met(
        self,
        s: int,
        card: Prophecy,
        when: str,
        cal0: tuple[int, ...] = (),
        cod0: tuple[int, ...] = (),
    ) -> bool:
        """Whether ``s`` fulfils ``card`` now (D14); "this conflict" needs ``when='conflict'``."""
        n, cond = card.n, card.condition
        regs = [r for r in range(len(self.inplay)) if self.inplay[r]]
        if cond == "pyramid_regions_at_least":
            return sum(1 for r in regs if self.pyr[self.piece_slot(r, s)]) >= n
        if cond == "pyramid_height_at_least":
            return max((len(self.pyr[self.piece_slot(r, s)]) for r in regs), default=0) >= n
        if cond == "glyph_regions_at_least":
            return sum(1 for r in regs if self.glyphs[self.piece_slot(r, s)]) >= n
        if cond == "glyph_and_pyramid_regions_at_least":
            slots = [self.piece_slot(r, s) for r in regs]
            return sum(1 for i in slots if self.glyphs[i] and self.pyr[i]) >= n
        if cond == "calendar_units_at_least":
            return self.calendar.count(s) >= n
        if cond == "codex_units_at_least":
            return self.codex.count(s) >= n
        if cond == "devotion_at_least":
            return self.dev[s] >= n
        if cond == "xibalba_empty":
            return self.xib[s * 2] + self.xib[s * 2 + 1] == 0
        if when != "conflict" or self.conflict_region < 0:
            return False
        if cond == "won_both_majorities_this_conflict":
            return _placed(s, cal0, self.calendar) and _placed(s, cod0, self.codex)
        won = self.cwin == s
        if cond == "won_this_conflict_with_strength_at_least":
            return won and self.last_strength.get(s, 0) >= n
        if cond == "won_this_blessed_conflict":
            return won and self.conflict_region == self.blessed
        if cond == "won_this_conflict_in_other_champion_region":
            return won and any(
                r == self.conflict_region for i, r in enumerate(self.champs) if i // 2 != s
            )
        raise ValueError(f"unknown Prophecy condition {cond}")

    # ---- protocol helpers: view, determinize, invariants -----------------------------------

    def modules_view(self) -> ModulesView:
        """Every module's public state (only the Ritual deck's order and contents are hidden)."""
        md, d, P = self.mdata, self.data, self.tribe_count
        cfg = self.config
        out: dict[str, Any] = {"on": list(self.modules_on())}
        if cfg.cities:
            out["cities"] = [
                {
                    "region": d.region_ids[self.city[s]] if self.city[s] >= 0 else None,
                    "destroyed": self.city_lost[s],
                }
                for s in range(P)
            ]
        if cfg.rituals:
            r = self.ritual
            out["ritual"] = {
                "current": {
                    "id": r.id,
                    "name": r.name,
                    "step": r.step,
                    "kind": r.kind,
                    "text": r.text,
                    "active": self.phase == STEP_PHASE[r.step],
                }
                if r
                else None,
                "deck": len(self.ritual_deck),
                "seen": list(self.rituals_seen),
            }
        if cfg.prophecies:
            out["prophecy"] = {
                "cards": [
                    {
                        "id": pid,
                        "name": md.prophecy(pid).name,
                        "text": md.prophecy(pid).text,
                        "tokens": [s for s in range(P) if self.proph_level[s] == i + 1],
                    }
                    for i, pid in enumerate(self.prophecy)
                ],
                "levels": list(self.proph_level),
                "monument": {
                    "name": md.monument_name,
                    "vp": md.monument_vp,
                    "taken_by": self.monument if self.monument >= 0 else None,
                },
                "vp_per_card": md.prophecy_vp,
                "closed": self.monument >= 0,
            }
        if cfg.cenote:
            out["cenote"] = d.region_ids[self.cenote] if self.cenote >= 0 else None
        if cfg.tribe_powers:
            out["tribe_powers"] = [
                {
                    "id": tid,
                    "powers": list(md.power(tid).texts),
                    "used": self.power_used[s],
                    "usable_here": self.power_usable(s),
                }
                if tid
                else None
                for s, tid in enumerate(self.power_token)
            ]
        return out

    def _modules_determinize(self, st: MezoState, rng: random.Random) -> None:
        """Re-deal the face-down Ritual deck from the Rituals nobody has seen (A14.9)."""
        if not st.ritual_deck:
            return
        unseen = sorted(r.id for r in self.mdata.rituals if r.id not in st.rituals_seen)
        rng.shuffle(unseen)
        st.ritual_deck = tuple(unseen[: len(st.ritual_deck)])

    def _modules_invariants(self) -> None:
        md, P = self.mdata, self.tribe_count
        cities = [r for r in self.city if r >= 0]
        assert len(cities) == len(set(cities)), "two Cities in one region"
        assert all(self.inplay[r] for r in cities), "a City in an Abandoned region"
        assert all(not (lost and self.city[s] >= 0) for s, lost in enumerate(self.city_lost))
        rituals = list(self.ritual_deck) + list(self.rituals_seen)
        assert len(rituals) == len(set(rituals)), "a Ritual is both seen and in the deck"
        if self.config.rituals:
            assert len(rituals) == md.ritual_draw, "a Ritual was lost"
            assert len(self.rituals_seen) <= self.age
        assert self.ritual is None or self.ritual.id == self.rituals_seen[-1]
        assert len(set(self.prophecy)) == len(self.prophecy)
        assert all(0 <= lv <= len(self.prophecy) for lv in self.proph_level)
        if self.monument >= 0:
            assert self.proph_level[self.monument] == len(self.prophecy)
            assert sum(1 for lv in self.proph_level if lv == len(self.prophecy)) == 1
        else:
            assert all(lv < len(self.prophecy) for lv in self.proph_level) or not self.prophecy
        tokens = [t for t in self.power_token if t is not None]
        assert len(tokens) == len(set(tokens)), "two tribes hold one Tribe Power"
        assert not any(
            u and t is None for u, t in zip(self.power_used, self.power_token, strict=True)
        )
        assert self.cenote < 0 or self.inplay[self.cenote]
        assert P == len(self.city) == len(self.proph_level) == len(self.power_token)


def _placed(s: int, before: tuple[int, ...], now: list[int]) -> bool:
    """Whether ``s`` put a unit on a track space that was free when the conflict began."""
    return any(b < 0 and x == s for b, x in zip(before, now, strict=True))
