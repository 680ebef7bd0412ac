"""Mezo bots: a greedy evaluator that looks one decision ahead on a determinised sample.

The bot never sees the real state: it asks ``ctx.determinize()`` for a sample its seat
cannot tell apart from the truth, tries each option on a copy of that sample (finishing the
effect's own sub-choices greedily), and scores the result with ``evaluate``. The score
counts VP, the Devotion track, pyramids for the Ages left, units on the Calendar and Codex,
and an estimate of the Altars, majorities and Blessed Region still to be fought for, using
the value table of the rulebook (D17) to price card options it has not played yet. With
modules on, ``module_eval`` adds what they still promise (a City, a Prophecy card within
reach, an unused Tribe Power, a Cenote or another tribe's City to win).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop_tui.engine.bots import BotContext, Reason, close_call

from .data import Step, load_data
from .frames import Action, Eff, Third
from .module_eval import module_tribe_value, region_bonus
from .rules import RESOLVED, SH, WA, MezoState
from .solo_eval import expected_try, first_action, solo_tribe_value, task_side_value, tie_owner

EFFECT_KINDS = frozenset(
    {
        "region",
        "split",
        "hit",
        "move_in",
        "move_out",
        "build",
        "demolish",
        "space",
        "move_god",
        "reorder",
        "order",
        "city_champion",  # follows the City's unit (modules)
    }
)


def step_value(step: Step) -> float:
    """The D17 value of one step, in VP."""
    vt = load_data().value_table
    n = step.n if isinstance(step.n, int) else 2
    here = step.region == "here"
    op = step.op
    table = {
        "vp": vt["vp"],
        "devotion": vt["devotion"],
        "strength": vt["strength_token"],
        "deploy": vt["deploy_here"] if here else vt["deploy_pending"],
        "awaken": vt["awaken_here"] if here else vt["awaken_pending"],
        "recover": vt["recover"],
        "smite": vt["smite_here"] if here else vt["smite_pending"],
        "exile": vt["exile_here"] if here else vt["exile_pending"],
        "move_in": vt["move_in"],
        "move_out": vt["move_in"],
        "build_glyph": vt["build_glyph"],
        "build_pyramid": vt["build_pyramid"],
        "demolish": vt["demolish"],
        "sacrifice": vt["sacrifice_unit"],
    }
    if op in table:
        return table[op] * n
    if op == "vp_per":
        return 2.0 * step.multiplier
    if op == "to_track":
        return vt["track_space_with_unit"]
    if op == "if":
        return 0.5 * sum(step_value(s) for s in step.then)
    if op in ("move_god", "reorder_tiles"):
        return 0.3
    return 0.0


def steps_value(steps: tuple[Step, ...]) -> float:
    return sum(step_value(s) for s in steps)


# The sources of a position's worth, named as a player would (the tip's reasons use them).
VP = "your VP"
DEVOTION = "your Devotion"
PYRAMIDS = "your pyramids and Glyphs"
TRACKS = "your units on the Calendar and Codex"
UNITS = "your units at hand"
GOALS = "your Task and module goals"
CONFLICTS = "your chances in the conflicts still to fight"
CARD = "the card options you keep"
RIVALS = "keeping your rivals in check"


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _reward_value(steps: tuple[Step, ...]) -> float:
    return max(1.0, steps_value(steps))


def tribe_parts(st: MezoState, s: int) -> dict[str, float]:
    """What tribe ``s`` is worth now by source, in expected VP at the end of the game."""
    if st.finished:
        return {VP: float(st.vp[s])}
    d = st.data
    P, nr = st.tribe_count, len(st.inplay)
    ages_left = sum(range(st.age, d.constants.ages + 1))
    parts = {VP: float(st.vp[s]), DEVOTION: d.devotion_values[st.dev[s]] + 0.15 * st.dev[s]}
    pyramids = 0.0
    for r in range(nr):
        if not st.inplay[r]:
            continue
        stack = st.pyr[r * P + s]
        if stack:
            pyramids += ages_left + 0.3 * (len(stack) - 1)
        pyramids += st.glyphs[r * P + s] * (0.6 + 0.3 * ages_left / 3)
    parts[PYRAMIDS] = pyramids
    parts[TRACKS] = 2.0 * (st.calendar.count(s) + st.codex.count(s))
    reserve = st.reserve[s * 2] + st.reserve[s * 2 + 1]
    board = sum(st.units_of(r, s) for r in range(nr))
    parts[UNITS] = (
        0.5 * min(reserve + board, 12)
        + 0.2 * (st.xib[s * 2] + st.xib[s * 2 + 1])
        + 0.15 * len(st.god_regions(s))
    )
    parts[GOALS] = module_tribe_value(st, s) + solo_tribe_value(st, s)
    return parts


def tribe_value(st: MezoState, s: int) -> float:
    """What tribe ``s`` is worth now, in expected VP at the end of the game."""
    return sum(tribe_parts(st, s).values())


def conflict_value(st: MezoState, s: int) -> float:
    """Expected gains from the conflicts of this Age still to be resolved."""
    P, nr = st.tribe_count, len(st.inplay)
    d = st.data
    total = 0.0
    free_cal = st.calendar.count(-1)
    free_cod = st.codex.count(-1)
    for r in range(nr):
        if not st.inplay[r] or st.status[r] == RESOLVED:
            continue
        active = r == st.conflict_region
        weight = 1.0 if active else 0.55
        scale = 1.2 if active else 2.0
        strengths = [st.strength(o, r) for o in range(P)]
        if r == st.blessed:
            offers = [
                max(0, st.pending_offer[o * 2]) + max(0, st.pending_offer[o * 2 + 1])
                for o in range(P)
            ]
            strengths = [strengths[o] + offers[o] for o in range(P)]
            mine = strengths[s]
            best = max(strengths[o] for o in range(P) if o != s)
            if mine > 0:
                prize = d.constants.blessed_region_vp + region_bonus(st, s, r)
                total += weight * prize * _logistic((mine - best - 0.5) / scale)
            continue
        owner = tie_owner(st, r)  # solo: the Vengeful gods outside your Champion's region
        mine = strengths[s] + (0.5 if owner == s else 0.0)
        best = max(strengths[o] + (0.5 if owner == o else 0.0) for o in range(P) if o != s)
        altar = st.altar[r]
        if mine > 0 and altar:
            prize = _reward_value(d.altar(altar).steps) + region_bonus(st, s, r)
            total += weight * prize * _logistic((mine - best) / scale)

        for t, free in ((SH, free_cal), (WA, free_cod)):
            if not free:
                continue
            mine_t = st.units_at(r, s, t)
            if mine_t == 0:
                continue
            best_t = max(st.units_at(r, o, t) for o in range(P) if o != s)
            edge = mine_t - best_t + (0.5 if owner == s else -0.3)
            total += weight * 4.5 * _logistic(edge / scale)
    return total


def action_potential(st: MezoState, s: int) -> float:
    """Value of the card options ``s`` may still play in the current conflict."""
    cid = st.kept[s]
    if cid is None or st.conflict_region < 0:
        return 0.0
    left = sum(1 for f in st.stack if type(f) is Action and f.seat == s)
    if st.glyphs[st.conflict_region * st.tribe_count + s] and any(
        type(f) is Third and f.seat == s for f in st.stack
    ):
        left += 1
    if not left:
        return 0.0
    card = st.data.cards[cid]
    vals = sorted(
        (steps_value(o.steps) for o in card.options if o.key not in st.used_rows[s]), reverse=True
    )
    return 0.8 * sum(vals[:left])


def parts(st: MezoState, me: int) -> dict[str, float]:
    """``evaluate`` by source: the seat's own parts and what its rivals' worth takes away."""
    mine = tribe_parts(st, me)
    mine[CONFLICTS] = conflict_value(st, me)
    mine[CARD] = action_potential(st, me)
    others = [
        tribe_value(st, s) + conflict_value(st, s) + action_potential(st, s)
        for s in range(st.tribe_count)
        if s != me
    ]
    if others:
        mine[RIVALS] = -0.5 * max(others) - 0.5 * sum(others) / len(others)
    return mine


def evaluate(st: MezoState, me: int) -> float:
    vals = [
        tribe_value(st, s) + conflict_value(st, s) + action_potential(st, s)
        for s in range(st.tribe_count)
    ]
    others = [vals[s] for s in range(st.tribe_count) if s != me]
    if not others:
        return vals[me]
    return vals[me] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def ability_value(st: MezoState, s: int, ability_id: str) -> float:
    """Price a Tribe ability from its hooks for the Ages left (generic over the data)."""
    a = st.data.ability(ability_id)
    ages = [x for x in range(st.age, st.data.constants.ages + 1)]
    active = [x for x in ages if not a.only_ages or x in a.only_ages]
    n = len(active)
    v = 0.0
    for hook, steps in a.hooks.items():
        per = steps_value(steps)
        if hook == "end_of_game":
            v += 1.0 * (st.counter(s, "own_pyramid_elements") + 2 * len(ages))
        elif hook == "on_destroy_for_third_action":
            v += 0.4 * n
        elif hook == "on_win_conflict_with_own_champion":
            v += per * 0.8 * n * st.nchamp
        elif hook == "start_of_blessed_conflict":
            v += 1.2 * n * max(1, st.tier(s))
        else:
            v += per * n
    for key in a.modifier:
        if key == "wins_majority_ties":
            v += 1.6 * n
        elif key == "extra_devotion_per_sacrificed_unit":
            v += 1.2 * 2.5 * n
        elif key == "champion_strength":
            v += 1.3 * n * st.nchamp
    return v


@dataclass
class HeuristicBot:
    """Greedy one-decision lookahead on a determinised sample.

    ``noise`` is the chance of playing a random option instead (the easy level);
    ``complete`` says whether sub-choices of an effect are played out before scoring.
    """

    name: str = "heuristic"
    noise: float = 0.0
    complete: bool = True

    def choose(self, ctx: BotContext) -> str:
        return self._best(ctx)[0]

    def choose_explained(self, ctx: BotContext) -> tuple[str, Reason]:
        """The option ``choose`` plays and why, from the same scoring."""
        oid, scored, st = self._scored(ctx)
        d = ctx.decision
        if len(d.options) == 1:
            return oid, Reason("Nothing else is allowed here.")
        if not scored:
            if d.kind == "colour":
                return oid, Reason(
                    "Colours make no difference to play.", "Pick any other you like better."
                )
            if d.kind == "god":
                return oid, Reason(
                    "The bot sees no clear edge between the Gods on offer.",
                    "A close call: any of the others would do as well.",
                )
            return oid, Reason(
                "A hunch: this level sometimes plays at random.", "It did not weigh the others."
            )
        alt_id, alt = scored[1]
        best = scored[0][1]
        alt_label = _short(d.option(alt_id).label)
        hidden = (
            " The bot judged this on a guess at choices you cannot see."
            if (st is not None and _hides_choices(st, ctx.seat))
            else ""
        )
        kind_words = {
            "ability": "Its powers are worth the most over the Ages left.",
            "keep_card": "Its best options are worth the most where the conflict stands.",
            "task_side": "Its circles are the likeliest to pay off against the Vengeful gods.",
        }
        if d.kind in kind_words:
            gain = kind_words[d.kind]
            versus = (
                close_call(alt_label)
                if best - alt < 0.5
                else f"{alt_label} would be worth less to you."
            )
            return oid, Reason(gain + hidden, versus)
        assert st is not None
        here = self._finished(st, ctx.seat, oid)
        there = self._finished(st, ctx.seat, alt_id)
        a, b = parts(here, ctx.seat), parts(there, ctx.seat)
        diff = {k: a.get(k, 0.0) - b.get(k, 0.0) for k in set(a) | set(b)}
        ahead = sorted((k for k in diff if diff[k] > 0.25), key=lambda k: -diff[k])[:2]
        behind = sorted((k for k in diff if diff[k] < -0.25), key=lambda k: diff[k])[:1]
        gain = f"Best for {_and(ahead)}." if ahead else "A little better on many counts."
        if best - alt < 0.5:
            versus = close_call(alt_label)
        elif behind:
            versus = f"{alt_label} would do more for {behind[0]}, but less overall."
        else:
            versus = f"{alt_label} would do less for {ahead[0] if ahead else 'you'}."
        return oid, Reason(gain + hidden, versus)

    def explain(self, ctx: BotContext) -> str:
        return str(self.choose_explained(ctx)[1])

    def _best(self, ctx: BotContext) -> tuple[str, float, float | None]:
        oid, scored, _ = self._scored(ctx)
        if not scored:
            return oid, 0.0, None
        return oid, scored[0][1], scored[1][1] if len(scored) > 1 else None

    def _scored(self, ctx: BotContext) -> tuple[str, list[tuple[str, float]], MezoState | None]:
        """The pick, every option's score best first (empty when the pick is not scored),
        and the determinised sample it was scored on."""
        d = ctx.decision
        if len(d.options) == 1:
            return d.options[0].id, [], None
        if self.noise and ctx.rng.random() < self.noise:
            return ctx.rng.choice(d.options).id, [], None
        if d.kind == "colour":
            return d.options[0].id, [], None
        if d.kind == "god":
            return ctx.rng.choice(d.options).id, [], None
        st = ctx.determinize()
        assert isinstance(st, MezoState)
        seat = ctx.seat
        if d.kind == "ability":
            scored = [(o.id, ability_value(st, seat, o.id.split(":", 1)[1])) for o in d.options]
        elif d.kind == "keep_card":
            scored = [(o.id, self._card_value(st, seat, o.id.split(":", 1)[1])) for o in d.options]
        elif d.kind == "task_side":
            scored = [(o.id, task_side_value(st, o.id)) for o in d.options]  # type: ignore[arg-type]
        elif first_action(st, d.kind):  # solo: average over the Vengeful card to come
            scored = [(o.id, expected_try(self, st, seat, o.id)) for o in d.options]  # type: ignore[arg-type]
        else:
            scored = [(o.id, self._try(st, seat, o.id, self.complete)) for o in d.options]
        scored.sort(key=lambda x: -x[1])
        return scored[0][0], scored, st

    def _finished(self, st: MezoState, seat: int, oid: str) -> MezoState:
        """The sample after ``oid`` and the seat's own follow-ups, as ``_try`` scores it."""
        child = st.clone()
        child.apply_unrecorded(oid)
        if self.complete:
            self._finish(child, seat)
        return child

    def _try(self, st: MezoState, seat: int, oid: str, complete: bool) -> float:
        child = st.clone()
        child.apply_unrecorded(oid)
        if complete:
            self._finish(child, seat)
        return evaluate(child, seat)

    def _finish(self, st: MezoState, seat: int, limit: int = 12) -> None:
        """Play the seat's own follow-up sub-choices greedily (one ply each)."""
        for _ in range(limit):
            d = st.decision()
            if d is None or d.seat != seat or d.kind not in EFFECT_KINDS:
                return
            best = max(d.options, key=lambda o: self._try(st, seat, o.id, False))
            st.apply_unrecorded(best.id)

    def _card_value(self, st: MezoState, seat: int, cid: str) -> float:
        """A card is worth its best options played now (two, three with a Glyph here)."""
        card = st.data.cards[cid]
        base = evaluate(st, seat)
        gains = []
        for opt in card.options:
            child = st.clone()
            child.stack.append(Eff(seat, opt.steps, 0, "God cards and CALL"))
            child._decision_cache = None
            child._run()
            self._finish(child, seat)
            gains.append(evaluate(child, seat) - base)
        gains.sort(reverse=True)
        k = (
            3
            if st.conflict_region >= 0 and st.glyphs[st.conflict_region * st.tribe_count + seat]
            else 2
        )
        return sum(gains[:k]) + 0.2 * steps_value(tuple(s for o in card.options for s in o.steps))


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _short(label: str) -> str:
    """An option's name without its details: "Row 2" for "Row 2: AWAKEN 1 here". Only a
    colon and a space end the name: a seat's name is ``{seat:N}`` until the screen fills it."""
    head = label.split(": ", 1)[0]
    return head if len(head) <= 40 else head[:39] + "…"


def _hides_choices(st: MezoState, seat: int) -> bool:
    """Whether another seat's secret choice (a kept card, an offer) is still hidden."""
    for s in range(st.tribe_count):
        if s == seat:
            continue
        if st.kept[s] is not None and not st.cards_shown:
            return True
        if st.pending_offer[s * 2] >= 0 or st.pending_offer[s * 2 + 1] >= 0:
            return True
    return False


def easy() -> HeuristicBot:
    return HeuristicBot(name="easy", noise=0.35, complete=False)


def medium() -> HeuristicBot:
    return HeuristicBot(name="medium", noise=0.1, complete=True)


def hard() -> HeuristicBot:
    return HeuristicBot(name="hard", noise=0.0, complete=True)
