"""Maeshowe bots: a one-turn greedy planner that counts cards, and levels built on it.

The greedy bot takes a determinised copy of the game (only what its seat may see, the rest
re-dealt), plays out every way to finish the current turn on copies of it, stops each line
just before the draw, and scores the result: passages, the Excavate chain, health, food,
the cards kept and, from the public make-up of the unseen cards, the expected draw and the
odds of going mad. Card worths come from each card's effect data, never from card names.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop_tui.engine.bots import BotContext, Reason, close_call

from .data import BLUE, RED, Catalog, Effect
from .rules import GIFT, OVER, PLANNED, RETURN, MaeshoweState, draw_odds


@dataclass(frozen=True)
class Weights:
    """Weights of the evaluation, in points; one health is worth ``health``.

    The defaults are the plain one-turn greedy player whose solo win rates the design notes
    quote; ``STRONG`` values Excavates that keep a chain of one rune going more.
    """

    health: float = 12.0
    max_health: float = 5.0
    food: float = 5.0
    passage: float = 60.0
    chain: float = 9.0
    mono: float = 3.0
    low_health: float = 10.0
    hand_match: float = 1.5


PLAIN = Weights()
STRONG = Weights(hand_match=3.0)
WIN = 100_000.0
# Card worths are in units of one health of the plain weights.
HEALTH = PLAIN.health
FOOD = PLAIN.food
PASSAGE = PLAIN.passage


def _effect_worth(fx: Effect) -> float:
    op = fx.op
    if op == "health":
        return fx.amount * HEALTH * (0.5 if fx.amount > 0 else 1.0)
    if op == "food":
        return fx.amount * FOOD
    if op == "lose_all_food":
        return -2 * FOOD
    if op == "add_passages":
        return -fx.amount * PASSAGE / 2
    if op == "eat":
        return HEALTH / 2
    if op == "excavate":
        return 8.0 if fx.rune == "own" else 10.0
    if op == "go_mad":
        return -2 * HEALTH
    if op == "mill":
        return -1.0
    if op == "discard_hand":
        return -4.0
    if op == "look_top":
        return 2.0
    if op == "recover":
        return 3.0
    if op == "garner":
        return 2.0
    return 0.0


_WORTHS: dict[tuple[str, ...], tuple[float, ...]] = {}


def card_worths(cat: Catalog) -> tuple[float, ...]:
    """What holding each card is worth: the better of playing and discarding it later."""
    cached = _WORTHS.get(cat.sets)
    if cached is not None:
        return cached
    out = []
    for card in range(cat.size):
        play = sum(_effect_worth(fx) for fx in cat.play_fx[card])
        discard = sum(_effect_worth(fx) for fx in cat.discard_fx[card])
        out.append(max(play, discard))
    _WORTHS[cat.sets] = tuple(out)
    return _WORTHS[cat.sets]


def evaluate(state: MaeshoweState, seat: int, w: Weights = PLAIN) -> float:
    """Score a position reached at the end of a turn (before the draw) or a finished game."""
    cleared = state.passages_start - state.passages
    if state.outcome == 1:
        return WIN + sum(state.health)
    if state.outcome == -1:
        return -WIN + cleared * w.passage
    value = -state.passages * w.passage
    chain = state.chain
    if chain:
        value += len(chain) * w.chain
        if all(r == chain[0] for r in chain):
            value += len(chain) * w.mono
    for s in range(state.n):
        h = state.health[s]
        value += h * w.health + state.max_health[s] * w.max_health
        if h <= 1:
            value -= w.low_health
    value += state.food * w.food
    worth = card_worths(state.cat)
    cat = state.cat
    for s in range(state.n):
        hand = state.hands[s]
        value += sum(worth[c] for c in hand)
        # Excavates that can keep (or start) a chain of one rune are worth more.
        if w.hand_match:
            reds = sum(1 for c in hand if cat.excavate[c] and cat.rune[c] == RED)
            blues = sum(1 for c in hand if cat.excavate[c] and cat.rune[c] == BLUE)
            if chain and all(r == chain[0] for r in chain):
                value += w.hand_match * (reds if chain[0] == RED else blues)
            elif not chain:
                value += w.hand_match * max(reds, blues)
    if state.step != PLANNED:
        return value
    # The coming draw: expected worth and the odds of going mad, from the unseen cards.
    hand = state.hands[state.turn_seat]
    n_draw = min(state.hand_size - len(hand), len(state.deck))
    known, unseen = state.unseen_cards(seat)
    if n_draw > 0:
        first = known[:n_draw]
        value += sum(worth[c] for c in first)
        rest = n_draw - len(first)
        if rest and unseen:
            value += rest * sum(worth[c] for c in unseen) / len(unseen)
    odds = madness_odds(state, seat, (known, unseen))
    if odds:
        me = state.turn_seat
        cost = w.health + w.max_health + len(chain) * w.chain / 2
        if state.health[me] <= 1 or state.max_health[me] <= 1:
            cost = WIN / 10
        value -= odds * cost
    return value


def madness_odds(
    state: MaeshoweState, seat: int, seen: tuple[list[int], list[int]] | None = None
) -> float:
    """At the end of a turn, before the draw: the odds, as ``seat`` sees the unseen cards
    (``seen``: ``state.unseen_cards(seat)`` if already at hand), that the draw leaves the
    turn's player with a mad hand."""
    hand = state.hands[state.turn_seat]
    n_draw = state.hand_size - len(hand)
    if state.skip_check or n_draw < 0 or len(state.deck) < n_draw:
        return 0.0
    known, unseen = seen or state.unseen_cards(seat)
    runes = state.cat.rune
    return draw_odds(
        [runes[c] for c in hand],
        [runes[c] for c in known],
        [runes[c] for c in unseen],
        n_draw,
    )


@dataclass
class Plan:
    value: float
    options: list[str]
    labels: list[str]


class GreedyBot:
    """One turn ahead: the best way to finish this turn by the evaluation above.

    ``samples`` > 1 averages lines that meet chance (a Hope look, Crumble, Horror, Garner)
    over several re-deals; ``noise`` > 0 sometimes picks a near-best line instead.
    """

    name = "greedy"

    def __init__(self, weights: Weights = PLAIN, samples: int = 1, noise: float = 0.0) -> None:
        self.weights = weights
        self.samples = samples
        self.noise = noise

    def choose(self, ctx: BotContext) -> str:
        if (only := ctx.forced) is not None:
            return only
        plans = self.plans(ctx)
        self._last = (ctx, plans)
        if self.noise and len(plans) > 1 and ctx.rng.random() < self.noise:
            top = [p for p in plans if p.value >= plans[0].value - 2 * self.weights.health][:3]
            return ctx.rng.choice(top).options[0]
        return plans[0].options[0]

    def plans(self, ctx: BotContext) -> list[Plan]:
        """Every first option with the value of its best continuation, best first."""
        totals: dict[str, list[float]] = {}
        lines: dict[str, Plan] = {}
        seat = ctx.seat
        for i in range(max(1, self.samples)):
            sample = ctx.determinize()
            assert isinstance(sample, MaeshoweState)
            sample.stop_before_draw = True
            chance = False
            for option in sample.decision().options:  # type: ignore[union-attr]
                child = sample.clone()
                child.apply_unrecorded(option.id)
                value, rest, labels, met_chance = self._best(child, seat, sample.turn_no)
                chance = chance or met_chance
                totals.setdefault(option.id, []).append(value)
                if i == 0:
                    lines[option.id] = Plan(value, [option.id, *rest], [option.label, *labels])
            if not chance:
                break
        plans = []
        for oid, values in totals.items():
            plan = lines[oid]
            plan.value = sum(values) / len(values)
            plans.append(plan)
        plans.sort(key=lambda p: -p.value)
        return plans

    def _best(
        self, state: MaeshoweState, seat: int, turn: int
    ) -> tuple[float, list[str], list[str], bool]:
        """Best value reachable before this turn's draw, with the line that reaches it."""
        chance = state.barrier > 0 and state.barrier == len(state.history)
        decision = state.decision()
        if decision is None or state.step in (OVER, PLANNED) or state.turn_no != turn:
            return evaluate(state, seat, self.weights), [], [], chance
        if state.step == RETURN:
            # Garner returns: take the most useful card back, or stop (no branching here).
            worth = card_worths(state.cat)
            best = None
            for o in decision.options:
                if o.id == "return:done":
                    continue
                w = worth[state.cat.index[o.id.partition(":")[2]]]
                if w > 0 and (best is None or w > best[0]):
                    best = (w, o)
            option = best[1] if best else decision.option("return:done")
            state.apply_unrecorded(option.id)
            value, rest, labels, ch = self._best(state, seat, turn)
            return value, [option.id, *rest], [option.label, *labels], True
        if decision.seat != state.turn_seat and state.step != GIFT:
            return evaluate(state, seat, self.weights), [], [], chance
        best_value = -float("inf")
        best_line: tuple[list[str], list[str]] = ([], [])
        for option in decision.options:
            child = state.clone()
            child.apply_unrecorded(option.id)
            value, rest, labels, ch = self._best(child, seat, turn)
            chance = chance or ch
            if value > best_value:
                best_value = value
                best_line = ([option.id, *rest], [option.label, *labels])
        return best_value, best_line[0], best_line[1], chance

    def choose_explained(self, ctx: BotContext) -> tuple[str, Reason]:
        """The option ``choose`` plays and why, from the same plans: what its line gains
        this turn, the part of the line that does not hang on unseen cards, the madness risk
        it leaves, and the runner-up."""
        if (only := ctx.forced) is not None:
            return only, Reason("Nothing else is allowed here.")
        oid = self.choose(ctx)
        plans = self._last[1]
        best = next(p for p in plans if p.options[0] == oid)
        gain = self._gains(ctx, best.options)
        plan = self._plan_words(ctx, best)
        # The runner-up is another way to play the turn, not the same moves in another order
        # (discarding first, then playing the same card): named, it read as a second choice
        # between the very cards the tip had just planned.
        others = [p for p in plans if sorted(p.options) != sorted(best.options)]
        if not others:
            return oid, Reason(gain, "", plan)
        gap = (best.value - others[0].value) / self.weights.health
        alt = others[0].labels[0]
        if gap < 0.5:
            versus = close_call(alt)
        elif gap < 5:
            versus = f"Next best: {alt}, about {gap:.0f} health worse."
        else:
            versus = f"Next best: {alt}, much worse."
        return oid, Reason(gain, versus, plan)

    def explain(self, ctx: BotContext) -> str:
        return str(self.choose_explained(ctx)[1])

    def _gains(self, ctx: BotContext, line: list[str]) -> str:
        """What the line does this turn, in player words, and the madness risk it leaves."""
        before = ctx.determinize()
        assert isinstance(before, MaeshoweState)
        after = self._played(before, line)
        seat = ctx.seat
        moved = self._played(before, line[:1])
        own = self._changes(before, moved, seat)
        rest = self._changes(moved, after, seat) if len(line) > 1 else []
        if rest:
            # The steps after the move change things too (a discard's health, say): tell them
            # apart, or the tip reads as if the named move alone did all of it.
            text = (_and(own) if own else "changes nothing by itself") + "; then the rest"
            text = f"{text[0].upper()}{text[1:]} of the turn {_and(rest)}."
        elif own:
            text = _and(own)
            text = text[0].upper() + text[1:] + "."
        else:
            text = "Keeps the hand that serves the coming turns best."
        odds = madness_odds(after, seat) if after.step == PLANNED else 0.0
        if odds >= 0.005:
            text += f" The draw after it risks madness: {round(100 * odds)}%."
        elif ctx.view["viewer_mad_risks"]:
            text += " No risk of madness."
        return text

    @staticmethod
    def _changes(before: MaeshoweState, after: MaeshoweState, seat: int) -> list[str]:
        """What changed from ``before`` to ``after`` for ``seat``, in player words."""
        parts = []
        cleared = before.passages - after.passages
        if cleared > 0:
            parts.append(f"clears {cleared} passage{'s' if cleared > 1 else ''}")
        elif cleared < 0:
            parts.append(f"adds {-cleared} passage{'s' if cleared < -1 else ''}")
        chain = len(after.chain) - len(before.chain)
        if chain > 0 and cleared <= 0:
            parts.append("adds to the Excavate chain")
        health = after.health[seat] - before.health[seat]
        if health:
            parts.append(f"{'heals' if health > 0 else 'costs'} {abs(health)} health")
        food = after.food - before.food
        if food:
            parts.append(f"{'gains' if food > 0 else 'uses'} {abs(food)} food")
        return parts

    def _plan_words(self, ctx: BotContext, plan: Plan) -> str:
        """The rest of the line, up to the first step that hangs on cards the seat cannot
        see (a partner's hidden hand, a draw or a look): the line was found on one guess
        at those cards, so what follows is said as a guess."""
        samples = [ctx.determinize() for _ in range(3)]
        for sample in samples:
            assert isinstance(sample, MaeshoweState)
            sample.stop_before_draw = True
        steps: list[str] = []
        hidden_hands = [s for s, h in enumerate(ctx.view["hands"]) if h is None]
        guess = ""
        for i, (oid, label) in enumerate(zip(plan.options, plan.labels, strict=True)):
            decisions = [s.decision() for s in samples]
            first = decisions[0]
            if first is None or any(d is None for d in decisions):
                break
            if first.seat in hidden_hands and first.seat != ctx.seat:
                guess = "then your partner discards a card of their choice, which you cannot see"
                break
            ids = {tuple(sorted(d.ids)) for d in decisions if d is not None}
            if len(ids) > 1 or oid not in first.ids:
                guess = "then it depends on cards you cannot see yet"
                break
            if i > 0:
                who = "" if first.seat == ctx.seat else "your partner: "
                steps.append(who + label)
            for sample in samples:
                sample.apply_unrecorded(oid)
        text = f"Then: {', then '.join(steps)}" if steps else ""
        if guess:
            text = f"{text}; {guess}" if text else guess[0].upper() + guess[1:]
        return text + "." if text else ""

    @staticmethod
    def _played(sample: MaeshoweState, line: list[str]) -> MaeshoweState:
        """A copy of ``sample`` after ``line``, stopped before the turn's draw."""
        state = sample.clone()
        state.stop_before_draw = True
        for oid in line:
            decision = state.decision()
            if decision is None or oid not in decision.ids:
                break
            state.apply_unrecorded(oid)
        return state


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def greedy() -> GreedyBot:
    return GreedyBot()


def easy() -> GreedyBot:
    return GreedyBot(noise=0.3)


def hard() -> GreedyBot:
    return GreedyBot(STRONG, samples=4)


def play_greedy_game(config: dict, seed: int, bot: GreedyBot | None = None) -> MaeshoweState:
    """Play one game with the same bot in every seat (tests and benchmarks use it)."""
    from tabletop_tui.engine.bots import bot_rng, context_for

    bot = bot or GreedyBot()
    state = MaeshoweState.new(config, seed)
    rngs = [bot_rng(seed, s) for s in range(state.n)]
    while (d := state.decision()) is not None:
        state.apply_unrecorded(bot.choose(context_for(state, rngs[d.seat])))
    return state


__all__ = ["GreedyBot", "Plan", "card_worths", "evaluate", "madness_odds", "play_greedy_game"]
