"""Mesos bots. They see only their seat's view (every Mesos view is public information).

The heuristic bot values a tribe as the PP it would end the game with: what it holds now,
what it scores at the end, what each Event still to come will give or take, and whether its
food will cover every Sustenance ahead. A card is worth the change it makes to that value;
an Offer tile is worth the cards it can still reach plus the food of the Turn Order space
the totem will come back to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop_tui.engine.bots import BotContext, Reason, close_call

from .data import (
    CavePaintingsEffect,
    Event,
    HuntEffect,
    MesosData,
    RitualEffect,
    SustenanceEffect,
    load_data,
)
from .rules import (
    ARTIST,
    HUNTER,
    OVER,
    Tribe,
    building_cost,
    effects,
    end_scoring,
    gain_building,
    gain_character,
    make_tribe,
    ritual_stars,
    sustenance_need,
)
from .views import MesosView, TribeView

__all__ = ["HeuristicBot", "LookaheadBot", "easy", "hard", "heuristic", "medium"]

# Value of a food token in PP when it is not needed for Sustenance (it buys Buildings and
# breaks ties) and a rough guess of the food a tribe collects per round from Turn Order.
SPARE_FOOD = 0.45
INCOME_PER_ROUND = 0.8
# Once the game is over food is worth nothing but the tie-break.
TIE_FOOD = 0.01


@dataclass
class Outlook:
    """What the bot knows about the rest of the game, from the view."""

    events: list[Event]  # every Event still to resolve
    rounds_left: int  # rounds still to play, this one included
    other_stars: list[int]


def outlook(view: MesosView, seat: int, data: MesosData) -> Outlook:
    """The Events the rules will still resolve, and the rounds left to play.

    Once the game is over nothing is left: the Events still lying in the rows have resolved
    already and are never counted again.
    """
    stars = [t["stars"] for t in view["tribes"] if t["seat"] != seat]
    if view["phase"] == OVER:
        return Outlook([], 0, stars)
    ids = [c["id"] for c in view["bottom"] + view["top"] if c["kind"] == "event"]
    ids += view["unseen_events"]
    return Outlook(
        [data.events[i] for i in ids],
        view["rounds"] - view["round"] + 1,
        stars,
    )


def tribe_of(view: MesosView, seat: int) -> Tribe:
    t = view["tribes"][seat]
    return make_tribe(
        [c["id"] for c in t["characters"]], [b["id"] for b in t["buildings"]], t["food"], t["pp"]
    )


def value(tribe: Tribe, out: Outlook, data: MesosData) -> float:
    """Projected final PP of ``tribe`` if it gains nothing more."""
    total = float(tribe.pp + sum(p for _, p in end_scoring(tribe, data)))
    if out.rounds_left <= 0:
        return total + TIE_FOOD * tribe.food  # the real score; food only breaks ties
    later = out.rounds_left > 1
    # Half an Artist pair and a lone Inventor icon are worth something while cards remain.
    if later and tribe.counts[ARTIST] % 2:
        total += 4.0
    food = float(tribe.food) + INCOME_PER_ROUND * (out.rounds_left - 1)
    sustenance = []
    stars = ritual_stars(tribe, data)
    for ev in out.events:
        eff = ev.effect
        if isinstance(eff, HuntEffect):
            h = tribe.counts[HUNTER]
            f, p = eff.food_per_hunter, eff.pp_per_hunter
            for b in effects(tribe, "hunt_bonus_per_hunter", data):
                f += b.food
                p += b.pp
            total += h * p
            food += h * f
        elif isinstance(eff, CavePaintingsEffect):
            a = tribe.counts[ARTIST]
            total += a * eff.pp_per_artist if a >= eff.min_artists else eff.penalty
            food += a * sum(b.food for b in effects(tribe, "cave_paintings_food_per_artist", data))
        elif isinstance(eff, RitualEffect):
            total += _ritual(tribe, stars, eff, out, data)
        elif isinstance(eff, SustenanceEffect):
            sustenance.append(eff.pp_per_unfed)
    need = sustenance_need(tribe, data)
    for penalty in sustenance:
        paid = min(need, max(0.0, food))
        food -= paid
        total += (need - paid) * penalty
    total += SPARE_FOOD * max(0.0, food)
    total += _building_prospects(tribe, out, data)
    return total


def _ritual(tribe: Tribe, stars: int, eff: RitualEffect, out: Outlook, data: MesosData) -> float:
    others = out.other_stars
    hi, lo = max(others), min(others)
    gain = 0.0
    if stars > hi:
        factor = max([b.factor for b in effects(tribe, "ritual_double_most_reward", data)] or [1])
        gain += eff.most * factor
    elif stars == hi:
        gain += eff.most * 0.6
    if not effects(tribe, "ritual_no_fewest_penalty", data):
        if stars < lo:
            gain += eff.fewest
        elif stars == lo:
            gain += eff.fewest * 0.6
    return gain


def _building_prospects(tribe: Tribe, out: Outlook, data: MesosData) -> float:
    """Rough worth of the effects that pay over the rounds still to come."""
    left = out.rounds_left - 1
    worth = 0.0
    for bid in tribe.buildings:
        eff = data.buildings[bid].effect
        if eff.kind == "extra_top_row_pick_each_round":
            worth += 3.0 * eff.cards * out.rounds_left
        elif eff.kind == "extra_food_on_turn_order_bonus_space":
            worth += SPARE_FOOD * 0.6 * eff.food * left
        elif eff.kind == "food_per_new_full_set":
            missing = sum(1 for c in tribe.counts if c <= tribe.full_sets)
            if missing <= left:
                worth += SPARE_FOOD * eff.food * 0.5
        elif eff.kind == "food_per_new_same_icon_inventor_pair":
            singles = sum(1 for v in tribe.icons.values() if v == 1)
            worth += SPARE_FOOD * eff.food * min(singles, left) * 0.25
    return worth


def take(tribe: Tribe, cid: str, data: MesosData) -> Tribe:
    """A copy of ``tribe`` after taking card ``cid``."""
    t = tribe.copy()
    b = data.buildings.get(cid)
    if b is not None:
        gain_building(t, b)
    else:
        gain_character(t, data.characters[cid], data)
    return t


class HeuristicBot:
    """Greedy on the projected final score; ``noise`` (0..1) makes it err on purpose."""

    def __init__(self, name: str = "heuristic", noise: float = 0.0) -> None:
        self.name = name
        self.noise = noise
        self.data = load_data()

    # ---- the protocol ---------------------------------------------------------------------

    def choose(self, ctx: BotContext) -> str:
        scored = self.score_options(ctx)
        if self.noise and ctx.rng.random() < self.noise:
            return ctx.rng.choice(ctx.decision.options).id
        return max(scored, key=lambda s: s[1])[0]

    def choose_explained(self, ctx: BotContext) -> tuple[str, Reason]:
        """The option ``choose`` would play (noise aside) and why, from one scoring."""
        scored = sorted(self.score_options(ctx), key=lambda s: -s[1])
        best_id, best, why = scored[0]
        if len(scored) == 1:
            return best_id, Reason("Nothing else is allowed here.")
        gain = f"{why[0].upper()}{why[1:]}: the most for your final score."
        alt_id, alt, _ = scored[1]
        alt_name = short_name(alt_id, ctx.decision.option(alt_id).label, self.data)
        if best - alt < 1.0:
            return best_id, Reason(gain, close_call(alt_name))
        return best_id, Reason(gain, f"{alt_name} would add less to your final score.")

    def explain(self, ctx: BotContext) -> str:
        return str(self.choose_explained(ctx)[1])

    # ---- scoring --------------------------------------------------------------------------

    def score_options(self, ctx: BotContext) -> list[tuple[str, float, str]]:
        view, seat, decision = ctx.view, ctx.seat, ctx.decision
        out = outlook(view, seat, self.data)
        me = tribe_of(view, seat)
        if decision.kind == "place":
            return [
                (o.id, *self._tile_value(view, seat, o.id.split(":", 1)[1], me, out))
                for o in decision.options
            ]
        base = value(me, out, self.data)
        need_top = decision.context.get("need_top", 1)
        need_bottom = decision.context.get("need_bottom", 0)
        rows = self._rows(view)
        res = []
        for o in decision.options:
            if o.id == "pass":
                res.append((o.id, 0.0, "nothing worth taking"))
                continue
            _, row, cid = o.id.split(":", 2)
            after = take(me, cid, self.data)
            gain = value(after, out, self.data) - base
            # One step ahead: the best card the remaining picks could add after this one.
            left_top = need_top - (row == "top")
            left_bottom = need_bottom - (row == "bottom")
            if left_top > 0 or left_bottom > 0:
                rest = {r: [c for c in cards if c != cid] for r, cards in rows.items()}
                picks = [(r, c) for r in ("top", "bottom") for c in rest[r]]
                picks = [(r, c) for r, c in picks if (left_top if r == "top" else left_bottom) > 0]
                v_after = value(after, out, self.data)
                nxt = [
                    value(take(after, c, self.data), out, self.data) - v_after
                    for r, c in picks
                    if self._affordable(after, c)
                ]
                if nxt:
                    gain += max(nxt)
            res.append((o.id, gain, self._card_name(cid)))
        return res

    def _rows(self, view: MesosView) -> dict[str, list[str]]:
        return {
            "top": [c["id"] for c in view["top"] + view["top_buildings"] if c["kind"] != "event"],
            "bottom": [
                c["id"] for c in view["bottom"] + view["bottom_buildings"] if c["kind"] != "event"
            ],
        }

    def _affordable(self, tribe: Tribe, cid: str) -> bool:
        b = self.data.buildings.get(cid)
        return b is None or building_cost(tribe, b) <= tribe.food

    def _card_name(self, cid: str) -> str:
        b = self.data.buildings.get(cid)
        if b is not None:
            return b.name
        return self.data.characters[cid].type.capitalize()

    def _greedy(
        self, tribe: Tribe, rows: dict[str, list[str]], top: int, bottom: int, out: Outlook
    ) -> tuple[float, Tribe, list[str]]:
        """Take the best cards one at a time for a tile; returns the gain and the cards."""
        base = value(tribe, out, self.data)
        now = tribe
        taken: list[str] = []
        need = {"top": top, "bottom": bottom}
        for _ in range(top + bottom):
            best = None
            cur = value(now, out, self.data)
            for r in ("top", "bottom"):
                if need[r] <= 0:
                    continue
                for c in rows[r]:
                    if c in taken or not self._affordable(now, c):
                        continue
                    v = value(take(now, c, self.data), out, self.data) - cur
                    if best is None or v > best[0]:
                        best = (v, r, c)
            if best is None:
                break
            _, r, c = best
            need[r] -= 1
            taken.append(c)
            now = take(now, c, self.data)
        return value(now, out, self.data) - base, now, taken

    def _tile_value(
        self, view: MesosView, seat: int, letter: str, me: Tribe, out: Outlook
    ) -> tuple[float, str]:
        tiles = view["tiles"]
        rows = self._rows(view)
        # Opponents already on tiles to the left act first: take their likely cards away.
        for t in tiles:
            if t["letter"] == letter:
                break
            who = t["totem"]
            if who is None or (not t["top"] and not t["bottom"]):
                continue
            _, _, gone = self._greedy(tribe_of(view, who), rows, t["top"], t["bottom"], out)
            rows = {r: [c for c in cards if c not in gone] for r, cards in rows.items()}
        tile = next(t for t in tiles if t["letter"] == letter)
        mine = me.copy()
        mine.food += tile["food"]
        gain, after, taken = self._greedy(mine, rows, tile["top"], tile["bottom"], out)
        gain += value(mine, out, self.data) - value(me, out, self.data)
        # Where the totem will return: tiles taken to the left, plus some of the free ones
        # the players still to place may choose.
        idx = [t["letter"] for t in tiles].index(letter)
        taken_left = sum(1 for t in tiles[:idx] if t["totem"] is not None)
        free_left = sum(1 for t in tiles[:idx] if t["totem"] is None)
        free_total = sum(1 for t in tiles if t["totem"] is None)
        still = sum(1 for s in view["turn_order"] if s["seat"] is not None) - 1
        pos = taken_left + (still * free_left / max(1, free_total - 1) if still > 0 else 0)
        gain += self._space_value(view, after, pos, out)
        names = ", ".join(self._card_name(c) for c in taken) or "food"
        return gain, f"tile {letter}: {names}"

    def _space_value(self, view: MesosView, tribe: Tribe, pos: float, out: Outlook) -> float:
        spaces = view["turn_order"]
        lo = min(int(pos), len(spaces) - 1)
        hi = min(lo + 1, len(spaces) - 1)
        frac = pos - int(pos)

        def worth(i: int) -> float:
            sp = spaces[i]
            if sp["last"]:
                return -1.0 if tribe.food > 0 else -2.0
            if not sp["food"]:
                return 0.0
            extra = sum(e.food for e in effects(tribe, "extra_food_on_turn_order_bonus_space"))
            t = tribe.copy()
            base = value(t, out, self.data)
            t.food += sp["food"] + extra
            return value(t, out, self.data) - base

        return (1 - frac) * worth(lo) + frac * worth(hi)


def heuristic(name: str = "heuristic", noise: float = 0.0) -> HeuristicBot:
    return HeuristicBot(name, noise)


def easy() -> HeuristicBot:
    return HeuristicBot("easy", noise=0.35)


def medium() -> HeuristicBot:
    return HeuristicBot("medium", noise=0.0)


@dataclass
class RoundOutcome:
    """What one option leads to for the deciding seat once the round is played out."""

    margin: float  # projected PP minus the best rival's
    cards: list[str]  # names of the cards gained this round
    food: int  # food change over the round
    pp: int  # PP earned or lost over the round (Events included)
    short: int  # Characters left unfed by the Sustenances still ahead, as things stand

    def words(self, would: bool = False) -> str:
        """The round's gains, in player words (``would``: after "X would")."""
        take, gain, spend, score, lose = (
            ("take", "gain", "spend", "score", "lose")
            if would
            else ("takes", "gains", "spends", "scores", "loses")
        )
        parts = []
        if self.cards:
            parts.append(f"{take} " + _and(self.cards))
        if self.food > 0:
            parts.append(f"{gain} {self.food} food")
        elif self.food < 0:
            parts.append(f"{spend} {-self.food} food")
        if self.pp:
            parts.append(f"{score if self.pp > 0 else lose} {abs(self.pp)} PP this round")
        if parts:
            return _and(parts)
        return "change little this round" if would else "changes little this round"

    def food_words(self, sustenance_ahead: bool) -> str:
        if not sustenance_ahead:
            return ""
        if self.short:
            return f"leaves you {self.short} food short for the Sustenance ahead"
        return "keeps enough food for every Sustenance ahead"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def unfed_ahead(tribe: Tribe, out: Outlook, data: MesosData) -> int:
    """Characters the Sustenances still ahead would leave unfed, with the food in hand and
    the food a tribe usually collects in the rounds left."""
    need = sustenance_need(tribe, data)
    food = tribe.food + int(INCOME_PER_ROUND * max(0, out.rounds_left - 1))
    unfed = 0
    for ev in out.events:
        if isinstance(ev.effect, SustenanceEffect):
            paid = min(need, max(0, food))
            food -= paid
            unfed += need - paid
    return unfed


def short_name(option_id: str, label: str, data: MesosData) -> str:
    """An option's name in a sentence: "Tile E", "Hunter from the top row"."""
    if option_id == "pass":
        return "taking nothing"
    if option_id.startswith("take:"):
        _, row, cid = option_id.split(":", 2)
        b = data.buildings.get(cid)
        name = b.name if b is not None else label.split(": ", 1)[-1]
        return f"{name} from the {row} row"
    return label.split(":", 1)[0]


class LookaheadBot(HeuristicBot):
    """Plays each option out to the end of the round with the heuristic in every seat.

    Within a round nothing is hidden, so a determinised copy from the context is exact until
    the refill; the round's outcome is scored as the bot's projected PP minus the best
    opponent's, which also values denying a rival the card it wants. In the last round the
    play-out reaches the end of the game, where the projection is the real final score.
    """

    # Below this margin (in projected PP) two options are a close call.
    CLOSE = 1.0

    def __init__(self, name: str = "lookahead", rival_weight: float = 1.0) -> None:
        super().__init__(name, noise=0.0)
        self._policy = HeuristicBot("rollout")
        # How the rivals count: 1 is the best rival alone, 0 their mean. Against four
        # medium bots the best rival alone won more 5-player games (37% against 28% over
        # the same 120 deals), so that is the default.
        self.rival_weight = rival_weight

    def choose(self, ctx: BotContext) -> str:
        if (only := ctx.forced) is not None:
            return only
        return self.rank(ctx)[0][0]

    def rank(self, ctx: BotContext) -> list[tuple[str, float]]:
        """Every option with its playout score, best first (ties keep option order)."""
        return [(oid, o.margin) for oid, o in self.outcomes(ctx)]

    def outcomes(self, ctx: BotContext) -> list[tuple[str, RoundOutcome]]:
        """Every option with what its round played out gives, best margin first."""
        base = ctx.determinize()
        before = ctx.view["tribes"][ctx.seat]
        scored = []
        for opt in ctx.decision.options:
            state = base.clone()
            state.apply_unrecorded(opt.id)
            scored.append((opt.id, self._playout(state, ctx, before)))
        return sorted(scored, key=lambda s: -s[1].margin)

    def choose_explained(self, ctx: BotContext) -> tuple[str, Reason]:
        """The best option and, from the same play-outs, what it gives and what the next
        best would have given."""
        if (only := ctx.forced) is not None:
            return only, Reason("Nothing else is allowed here.")
        ranked = self.outcomes(ctx)
        (best_id, best), (alt_id, alt) = ranked[0], ranked[1]
        out = outlook(ctx.view, ctx.seat, self.data)
        ahead = any(isinstance(e.effect, SustenanceEffect) for e in out.events)
        gain = best.words()
        food = best.food_words(ahead)
        if food:
            gain += f"; {food}"
        gain = gain[0].upper() + gain[1:] + "."
        alt_name = short_name(alt_id, ctx.decision.option(alt_id).label, self.data)
        if ctx.decision.option(alt_id).label == ctx.decision.option(best_id).label:
            return best_id, Reason(gain, "Its twin in the row would do as well.")
        if best.margin - alt.margin < self.CLOSE:
            return best_id, Reason(gain, close_call(alt_name))
        versus = f"{alt_name} would {alt.words(would=True)}"
        if ahead and alt.short > best.short:
            versus += f", and leave you {alt.short} food short for Sustenance"
        else:
            versus += ", and leave your strongest rival better placed against you"
        return best_id, Reason(gain, versus + ".")

    def explain(self, ctx: BotContext) -> str:
        return str(self.choose_explained(ctx)[1])

    def _playout(self, state: Any, ctx: BotContext, before: TribeView) -> RoundOutcome:
        seat = ctx.seat
        start_round = state.round_no
        while (d := state.decision()) is not None and state.round_no == start_round:
            sub = BotContext(d.seat, state.view(d.seat), d, ctx.rng, lambda: state)
            state.apply_unrecorded(self._policy.choose(sub))
        view = state.view(seat)
        values = []
        for t in view["tribes"]:
            out = outlook(view, t["seat"], self.data)
            values.append(value(tribe_of(view, t["seat"]), out, self.data))
        mine = values[seat]
        after = view["tribes"][seat]
        had = {c["id"] for c in before["characters"] + before["buildings"]}
        gained = [
            self._card_name(c["id"])
            for c in after["characters"] + after["buildings"]
            if c["id"] not in had
        ]
        others = [v for s, v in enumerate(values) if s != seat]
        w = self.rival_weight
        return RoundOutcome(
            margin=mine - w * max(others) - (1 - w) * sum(others) / len(others),
            cards=gained,
            food=after["food"] - before["food"],
            pp=after["pp"] - before["pp"],
            short=unfed_ahead(tribe_of(view, seat), outlook(view, seat, self.data), self.data),
        )


def hard() -> LookaheadBot:
    return LookaheadBot("hard")
