"""The Maeshowe engine: solo and 2-player co-op, the expansion sets, variants and rulings.

A turn is a short chain of decisions: the first action (play or discard/give a card, or
pass the Jarl), the sub-choices its effect asks for (Eat, Hope's rune and look, Conservation,
Garner), then the other action, then the draw and the madness check. Card effects are lists
of operations from ``assets/maeshowe/cards.json``; this module interprets the operations and
never names a card. The state is plain lists and ints so that ``clone`` is cheap.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations
from math import comb
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
)

from .data import ANY, BLUE, EXPANSIONS, NONE, RED, RUNES, Catalog, Effect, catalog_for, load_data
from .views import MaeshoweView

FIRST, SECOND, EAT, RUNE, LOOK, TAKE, SPEND, RETURN, GIFT, OVER, PLANNED = (
    "first",
    "second",
    "eat",
    "rune",
    "look",
    "take",
    "spend",
    "return",
    "gift",
    "over",
    "planned",
)
Difficulty = Literal["easy", "medium", "hard", "ridiculous", "custom"]

# What the board's inspector says about the parts of the table that are not cards.
RULE_TEXTS = {
    "health": "Health: each player has their own. Cards that cost health take it from the "
    "player who plays or discards them; at 0 the game is lost. Going mad also lowers the "
    "maximum by 1.",
    "food": "Food is shared by the team, up to its maximum. Eat turns it into health, Garner spends "
    "it, Goose brings more, Run out of Food empties it; Gluttony may only be discarded "
    "with food left.",
    "passages": "Passages still blocked. Four Excavates played in a row clear one, two if "
    "all four share a rune. Clear the last one to escape; Passage collapse brings some back.",
    "chain": "The Excavate chain: Excavates played one after another. The fourth clears a "
    "passage (two if all four share a rune); playing any other card breaks the chain.",
    "row": "The row: every card played so far, oldest first. Its runes are shown as played "
    "(Hope as the rune it was given).",
    "deck": "The deck: at the end of a turn the player draws back up to five cards. When it "
    "is empty there are no more draws, and a player who cannot both play and discard a "
    "card loses the game for the team.",
    "madness": "Madness: ending a turn with five cards that all share one rune (Horror "
    "counts as both, Hope as none) drives the player mad: hand and discards are shuffled "
    "into the deck, a new hand is drawn, and health and its maximum drop by 1.",
    "jarl": "The Jarl token (co-op): its holder may pass the turn to the partner instead of "
    "taking it, but the turn cannot come straight back by another pass.",
    "fear": "Fear of the Dark: hands are secret, there is no Jarl, and instead of "
    "discarding a player may give a card to the partner, who then discards one.",
    "discards": "A discard pile: cards discarded, plus what Crumble, Hope or madness sends "
    "there. Conservation can take a card back; Garner returns cards to the deck.",
    "runes": "Runes: R red, B blue, * Horror (both runes), - Hope (no rune).",
}


class MaeshoweConfig(GameConfig):
    players: int = Field(1, ge=1, le=2, description="1 for solo, 2 for co-op.")
    difficulty: Difficulty = Field(
        "easy",
        description=(
            "Passages to clear: solo 3/4/5/6, co-op 4/5/6/7 for easy/medium/hard/ridiculous; "
            "custom uses the passages option."
        ),
    )
    passages: int = Field(4, ge=1, le=7, description="Passages when the difficulty is custom.")
    gluttony_garner: bool = Field(False, description="Shuffle in the Gluttony/Garner set.")
    crumble_conservation: bool = Field(
        False, description="Shuffle in the Crumble/Conservation set."
    )
    horror_hope: bool = Field(False, description="Shuffle in the Horror/Hope set.")
    discard_five: bool = Field(
        False, description="Setup variant (Crumble/Conservation): 5 cards start in the discards."
    )
    lean_start: bool = Field(
        False,
        description="Setup variant (Gluttony/Garner): start with less health and 3 food.",
    )
    extra_passage: bool = Field(
        False, description="Setup variant (Horror/Hope): one more passage (at most 7)."
    )
    fear_of_the_dark: bool = Field(
        False,
        description="Co-op variant: secret hands, no Jarl; give a card instead of discarding.",
    )

    # For the new-game form: fields that apply only in some setups (see ``ui/setup.py``).
    applies_when: ClassVar[dict[str, dict[str, tuple[Any, ...]]]] = {
        "passages": {"difficulty": ("custom",)},
        "fear_of_the_dark": {"mode": ("coop",)},
    }

    @model_validator(mode="after")
    def _fear_needs_two(self) -> MaeshoweConfig:
        if self.fear_of_the_dark and self.players != 2:
            raise ValueError("Fear of the Dark is a 2-player co-op variant: play it with 2 players")
        return self


def draw_odds(kept: list[int], known: list[int], pool: list[int], n: int) -> float:
    """Chance that ``kept`` plus ``n`` drawn cards form a mad hand (all one rune).

    ``known`` are the runes of the cards known to come first, ``pool`` the runes of the
    unseen cards the rest are drawn from uniformly. Horror (ANY) matches both runes; a
    Hope (NONE) anywhere makes madness impossible.
    """
    if n < 0 or n > len(known) + len(pool):
        return 0.0
    first = known[:n]
    rest = n - len(first)
    fixed = kept + first
    if NONE in fixed:
        return 0.0
    # The odds depend only on which runes are fixed and how many of each the pool holds.
    return _mad_odds(
        frozenset(fixed), rest, pool.count(RED), pool.count(BLUE), pool.count(ANY), len(pool)
    )


@cache
def _mad_odds(fixed: frozenset[int], rest: int, red: int, blue: int, any_: int, size: int) -> float:
    """``draw_odds`` from rune counts, memoised: views and bots ask the same few questions."""

    def ways(allowed: tuple[int, ...], in_pool: int) -> int:
        if any(r not in allowed for r in fixed):
            return 0
        return comb(in_pool, rest)

    total = comb(size, rest)
    if total == 0:
        return 0.0
    good = ways((RED, ANY), red + any_) + ways((BLUE, ANY), blue + any_) - ways((ANY,), any_)
    return good / total


# Each catalog's cards as JSON, made once per catalog (catalogs are shared by every state of
# a deck): views list the same cards over and over. Keyed by identity; the entry keeps its
# catalog alive.
_CARD_JSON: dict[int, tuple[Catalog, tuple[dict[str, Any], ...]]] = {}


def _card_jsons(cat: Catalog) -> tuple[dict[str, Any], ...]:
    hit = _CARD_JSON.get(id(cat))
    if hit is not None and hit[0] is cat:
        return hit[1]
    table = []
    for card in range(len(cat.ids)):
        t = cat.type_of(card)
        table.append(
            {
                "id": cat.ids[card],
                "type": t.id,
                "code": t.code,
                "name": t.name,
                "short": t.short,
                "rune": RUNES[cat.rune[card]],
                "play": t.play_short,
                "discard": t.discard_short,
                "play_text": t.play_text,
                "discard_text": t.discard_text,
                "excavate": cat.excavate[card],
            }
        )
    if len(_CARD_JSON) > 32:
        _CARD_JSON.clear()
    _CARD_JSON[id(cat)] = (cat, tuple(table))
    return _CARD_JSON[id(cat)][1]


class MaeshoweState(GameState):
    game_id: ClassVar[str] = "maeshowe"
    config_model: ClassVar[type[GameConfig]] = MaeshoweConfig
    config: MaeshoweConfig

    # ---- setup ---------------------------------------------------------------------------

    def _setup(self) -> None:
        cfg = self.config
        data = load_data()
        setup = data.setup
        self.cat: Catalog = catalog_for(tuple(s for s in EXPANSIONS if getattr(cfg, s)))
        self.n = cfg.players
        self.mode = "solo" if self.n == 1 else "coop"
        self.fotd = cfg.fear_of_the_dark
        self.hand_size = setup.hand_size
        self.chain_len = setup.chain_length
        preset = setup.mode(self.mode)  # type: ignore[arg-type]
        health, food = preset.health, preset.food
        extra = 0
        discard_top = 0
        for variant in setup.variants:
            if not getattr(cfg, variant.id):
                continue
            for start in variant.start:
                if start.mode == self.mode:
                    health, food = start.health, start.food
            extra += variant.extra_passages
            discard_top += variant.discard_top
        if cfg.difficulty == "custom":
            passages = cfg.passages
        else:
            passages = setup.passages(cfg.difficulty, self.mode)  # type: ignore[arg-type]
        passages = min(setup.max_passages, passages + extra)

        self._rng_shared = False
        self.max_food = preset.max_food
        self.health = [health] * self.n
        self.max_health = [preset.max_health] * self.n
        self.start_max = preset.max_health
        self.food = min(food, self.max_food)
        self.passages = passages
        self.passages_start = passages
        self.deck = list(range(self.cat.size))
        self._shuffle(self.deck)
        # Masks of the seats that know each of the top cards (aligned with the deck's end).
        self.known_top: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(self.n)]
        for _ in range(min(discard_top, len(self.deck))):
            self.piles[0].append(self.deck.pop())
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        for seat in range(self.n):
            for _ in range(self.hand_size):
                if self.deck:
                    self.hands[seat].append(self.deck.pop())
        self.row: list[int] = []
        self.row_rune: list[int] = []
        self.chain: list[int] = []
        self.sets_done = 0
        self.jarl = 0 if preset.jarl and not self.fotd else -1
        self.last_pass = False
        self.jarl_locked = False
        self.turn_seat = 0
        self.turn_no = 0
        self.step = FIRST
        self.actor = 0
        self.played = False
        self.discarded = False
        self.gift_pending = False
        self.skip_check = False
        self.queue: list[tuple[Effect, int, int]] = []
        self.pending_card = -1  # the card whose effect waits for a choice
        self.pending_fx: Effect | None = None
        self.looking: list[int] = []
        self.look_masks: list[int] = []
        self.garner_left = 0
        self.garner_returned: list[int] = []
        self.outcome = 0  # 1 won, -1 lost
        self.end_reason = ""
        self.mad_count = [0] * self.n
        # Simulation hook for bots: stop at the end of the turn, before the draw.
        self.stop_before_draw = False
        self._start_turn(0)

    # ---- cheap copies --------------------------------------------------------------------

    def clone(self) -> MaeshoweState:
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d["deck"] = self.deck.copy()
        d["known_top"] = self.known_top.copy()
        d["piles"] = [p.copy() for p in self.piles]
        d["hands"] = [h.copy() for h in self.hands]
        d["row"] = self.row.copy()
        d["row_rune"] = self.row_rune.copy()
        d["chain"] = self.chain.copy()
        d["health"] = self.health.copy()
        d["max_health"] = self.max_health.copy()
        d["queue"] = self.queue.copy()
        d["looking"] = self.looking.copy()
        d["look_masks"] = self.look_masks.copy()
        d["garner_returned"] = self.garner_returned.copy()
        d["mad_count"] = self.mad_count.copy()
        d["history"] = self.history.copy()
        d["_log_buffer"] = None
        # The random stream is shared until one side uses it (copy on first use).
        d["_rng_shared"] = True
        self._rng_shared = True
        new.__dict__ = d
        return new

    def _shuffle(self, cards: list[int]) -> None:
        """Shuffle in place. The cards are sorted first so that the result depends only on
        which cards are shuffled, not on how they happened to lie (the solver relies on it)."""
        cards.sort()
        if self._rng_shared:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._rng_shared = False
        self.rng.shuffle(cards)

    def full_state(self) -> Any:
        return (
            self.deck,
            self.known_top,
            self.piles,
            self.hands,
            self.row,
            self.row_rune,
            self.chain,
            self.sets_done,
            self.health,
            self.max_health,
            self.food,
            self.passages,
            self.jarl,
            self.last_pass,
            self.jarl_locked,
            self.turn_seat,
            self.turn_no,
            self.step,
            self.actor,
            self.played,
            self.discarded,
            self.gift_pending,
            self.skip_check,
            [(e.op, c, s) for e, c, s in self.queue],
            self.pending_card,
            self.pending_fx.op if self.pending_fx else None,
            self.looking,
            self.look_masks,
            self.garner_left,
            self.garner_returned,
            self.outcome,
            self.end_reason,
            self.mad_count,
        )

    def determinize(self, seat: int, rng: random.Random) -> MaeshoweState:
        """Re-deal what ``seat`` cannot see: the unknown deck cards (and in Fear of the Dark
        the partner's hand), and give the copy a fresh random stream, since future
        shuffles are hidden too."""
        new = self.clone()
        bit = 1 << seat
        first_known = len(new.deck) - len(new.known_top)
        # Each slot is a (list, index) whose card the seat cannot see.
        slots: list[tuple[list[int], int]] = []
        for i in range(len(new.deck)):
            if i < first_known or not new.known_top[i - first_known] & bit:
                slots.append((new.deck, i))
        if self.fotd:
            for p in range(self.n):
                if p != seat:
                    hidden = len(new.hands[p]) - (1 if self._gives_to(seat, p) else 0)
                    slots.extend((new.hands[p], j) for j in range(hidden))
            if new.step == LOOK and new.actor != seat:
                slots.extend((new.looking, j) for j in range(len(new.looking)))
        cards = sorted(place[i] for place, i in slots)
        rng.shuffle(cards)
        for (place, i), card in zip(slots, cards, strict=True):
            place[i] = card
        new.rng = random.Random(rng.getrandbits(64))
        new._rng_shared = False
        new._decision_cache = None
        return new

    # ---- helpers -------------------------------------------------------------------------

    def who(self, seat: int) -> str:
        """How logs and labels name a seat: "You" alone, the seat's name (filled in by the
        frame) in co-op."""
        return "You" if self.n == 1 else f"{{seat:{seat}}}"

    def _says(self, seat: int, you: str, they: str) -> str:
        """``who`` with the verb agreeing: "You lose" / "Ann loses"."""
        return f"{self.who(seat)} {you if self.n == 1 else they}"

    def _whose(self, seat: int) -> str:
        return "your" if self.n == 1 else f"{{seat:{seat}}}'s"

    def _all_mask(self) -> int:
        return (1 << self.n) - 1

    def _draw(self, seat: int, count: int) -> list[int]:
        drawn = []
        hand = self.hands[seat]
        for _ in range(count):
            if not self.deck:
                break
            card = self.deck.pop()
            if self.known_top:
                self.known_top.pop()
            hand.append(card)
            drawn.append(card)
        return drawn

    def _log_draw(self, seat: int, cards: list[int]) -> None:
        """The cards drawn, for all to read; in Fear of the Dark only their number."""
        if not cards or self._log_buffer is None:
            return
        names = ", ".join(self.cat.names[c] for c in cards)
        if self.fotd:
            count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
            self.log(f"{self.who(seat)} drew {count}.", seat)
            self.log(f"You drew {names}.", seat, private_to=seat)
        else:
            self.log(f"{self.who(seat)} drew {names}.", seat)

    def _lose(self, reason: str) -> None:
        self.outcome = -1
        self.end_reason = reason
        self.step = OVER
        self.queue.clear()
        self.log(f"Lost: {reason}.")

    def _win(self) -> None:
        self.outcome = 1
        self.end_reason = "every passage is clear"
        self.step = OVER
        self.queue.clear()
        self.log("Won: the last passage is clear and the way out is open!")

    def _check_health(self, cause: str) -> bool:
        """True (and the game lost) when some player's health or maximum reached 0;
        ``cause`` ("after playing Raven [R]") goes into the reason."""
        for seat in range(self.n):
            if self.max_health[seat] <= 0:
                self._lose(f"{self._whose(seat)} maximum health fell to 0 {cause}")
                return True
            if self.health[seat] <= 0:
                self._lose(f"{self._whose(seat)} health fell to 0 {cause}")
                return True
        return False

    def _change_health(self, seat: int, amount: int) -> None:
        before = self.health[seat]
        top = self.max_health[seat]
        after = self.health[seat] = max(0, min(top, before + amount))
        if self._log_buffer is None:
            return
        if amount >= 0 and after == before:
            self.log(f"{self._says(seat, 'are', 'is')} already at maximum health ({top}).", seat)
            return
        if amount >= 0:
            lost = " (the rest is over the maximum)" if after - before < amount else ""
            text = f"{self._says(seat, 'gain', 'gains')} {after - before} health{lost}"
        else:
            text = f"{self._says(seat, 'lose', 'loses')} {before - after} health"
        self.log(f"{text}: {before} -> {after}.", seat)

    def _set_food(self, value: int) -> None:
        before = self.food
        self.food = max(0, min(self.max_food, value))
        if self._log_buffer is None:
            return
        if self.food == before:
            full = " (the most there can be)" if value > before else ""
            self.log(f"Food stays at {before}{full}.")
        else:
            self.log(f"Food {before} -> {self.food}.")

    def is_mad_hand(self, hand: list[int]) -> bool:
        """Exactly a full hand whose runes all match (Horror matches both, Hope neither)."""
        if len(hand) != self.hand_size:
            return False
        red = blue = True
        runes = self.cat.rune
        for card in hand:
            r = runes[card]
            if r == NONE:
                return False
            if r == RED:
                blue = False
            elif r == BLUE:
                red = False
        return red or blue

    def can_discard(self, card: int, second: bool) -> bool:
        if self.food < self.cat.discard_min_food[card]:
            return False
        return second or not self.cat.discard_after_play[card]

    def _food_after_play(self, card: int) -> int:
        food = self.food
        for fx in self.cat.play_fx[card]:
            if fx.op == "food":
                food = max(0, min(self.max_food, food + fx.amount))
            elif fx.op == "lose_all_food":
                food = 0
            elif fx.op == "go_mad":
                return self.max_food  # a new hand: judged when it comes
        return food

    def has_legal_pair(self, seat: int) -> bool:
        """Whether ``seat`` can both play and discard (or give) this turn in some order."""
        hand = self.hands[seat]
        if len(hand) < 2:
            return False
        if self.fotd:
            return True
        if any(self.can_discard(b, second=False) for b in hand):
            return True  # discard it first, then play any other card
        return not all(self._play_strands(seat, a) for a in hand)

    def _play_strands(self, seat: int, card: int) -> bool:
        """Whether playing ``card`` first leaves no card that may then be discarded (only
        Gluttony with the food gone can do that); such a play loses the game."""
        cat = self.cat
        if self.fotd or any(fx.op == "recover" for fx in cat.play_fx[card]):
            return False  # a gift is always possible; a card taken back may be discarded
        food = self._food_after_play(card)
        return not any(b != card and food >= cat.discard_min_food[b] for b in self.hands[seat])

    def _stuck_reason(self, seat: int) -> str:
        held = len(self.hands[seat])
        if held < 2:
            cards = "no card" if held == 0 else "one card"
            empty = " and the deck is empty" if not self.deck else ""
            why = f"{cards} in hand{empty}"
        else:
            why = "no card in hand may be discarded"
        return f"{self._says(seat, 'cannot', 'cannot')} both play and discard a card: {why}"

    def can_pass_jarl(self) -> bool:
        return self.jarl == self.turn_seat and not self.jarl_locked and self.n > 1

    # ---- turn flow -----------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.actor = seat
        self.turn_no += 1
        self.played = self.discarded = self.gift_pending = self.skip_check = False
        self.jarl_locked = self.last_pass
        self.last_pass = False
        self.step = FIRST
        if not self.has_legal_pair(seat) and not self.can_pass_jarl():
            self._lose(self._stuck_reason(seat))

    def _advance(self) -> None:
        """Carry the turn on once the current card's effects are done."""
        if self.outcome:
            return
        if self.gift_pending:
            self.step = GIFT
            self.actor = 1 - self.turn_seat
            return
        self.actor = self.turn_seat
        if not (self.played and self.discarded):
            self.step = SECOND
            if not self._action_options(self.turn_seat, not self.played, self.played):
                self._lose(
                    f"{self._says(self.turn_seat, 'have', 'has')} no card left that may be "
                    "discarded: the turn cannot be finished"
                )
            return
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.turn_seat
        if self.stop_before_draw:
            self.step = PLANNED
            return
        hand = self.hands[seat]
        drawn = self._draw(seat, self.hand_size - len(hand))
        if drawn:
            self.mark_barrier()
            self._log_draw(seat, drawn)
        if not self.skip_check and self.is_mad_hand(hand):
            self.log(f"{self._says(seat, 'have', 'has')} five cards of one rune: madness!", seat)
            self._go_mad(seat)
            if self.outcome:
                return
        if drawn and not self.deck:
            self.log("That was the last card of the deck: no more draws.")
        self._start_turn((seat + 1) % self.n)

    def _go_mad(self, seat: int) -> None:
        """Hand and own discards back into the deck, shuffle, new hand, lose 1 max health."""
        self.mad_count[seat] += 1
        pile = self.piles[seat]
        pile.extend(self.hands[seat])
        self.hands[seat].clear()
        self.deck.extend(pile)
        pile.clear()
        self._shuffle(self.deck)
        self.known_top.clear()
        self.mark_barrier()
        drawn = self._draw(seat, self.hand_size)
        top, before = self.max_health[seat], self.health[seat]
        self.max_health[seat] = max(0, top - 1)
        self.health[seat] = max(0, min(self.max_health[seat], before - 1))
        self.log(
            f"Madness: {self._whose(seat)} hand and discards are shuffled into the deck; "
            f"maximum health {top} -> {self.max_health[seat]}, "
            f"health {before} -> {self.health[seat]}.",
            seat,
        )
        self._log_draw(seat, drawn)
        self._check_health("after going mad")

    # ---- actions -------------------------------------------------------------------------

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.row.append(card)
        self.row_rune.append(self.cat.rune[card])
        self.played = True
        self.log(f"{self.who(seat)} played {self.cat.names[card]}.", seat)
        if not self.cat.excavate[card] and self.chain:
            self.log(f"The Excavate chain of {len(self.chain)} is broken.")
            self.chain.clear()
        self.queue = [(fx, card, seat) for fx in self.cat.play_fx[card]]
        self._run()

    def _discard(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.piles[seat].append(card)
        self.log(f"{self.who(seat)} discarded {self.cat.names[card]}.", seat)
        self.queue = [(fx, card, seat) for fx in self.cat.discard_fx[card]]
        self._run()

    def _give(self, seat: int, card: int) -> None:
        partner = 1 - seat
        self.hands[seat].remove(card)
        self.hands[partner].append(card)
        self.discarded = True
        self.log(f"{self.who(seat)} gave a card to {self.who(partner)}.", seat)
        self.log(f"You gave {self.cat.names[card]}.", seat, private_to=seat)
        self.log(f"You received {self.cat.names[card]}.", partner, private_to=partner)
        if len(self.hands[partner]) > self.hand_size:
            self.gift_pending = True
        self._advance()

    def _run(self) -> None:
        """Resolve queued effects until one needs a choice or all are done."""
        while self.queue:
            if self.outcome:
                return
            fx, card, seat = self.queue.pop(0)
            if self._effect(fx, card, seat):
                return  # waiting for a decision
        if not self.outcome:
            self._advance()

    def _effect(self, fx: Effect, card: int, seat: int) -> bool:
        """Carry out one effect; True when it now waits for a decision."""
        op = fx.op
        self.pending_card = card
        self.pending_fx = fx
        if op == "health":
            self._change_health(seat, fx.amount)
            if self.health[seat] <= 0:
                verb = "playing" if card in self.row else "discarding"
                self._check_health(f"after {verb} {self.cat.names[card]}")
        elif op == "food":
            self._set_food(self.food + fx.amount)
        elif op == "lose_all_food":
            self._set_food(0)
        elif op == "add_passages":
            before = self.passages
            self.passages = min(self.passages_start, self.passages + fx.amount)
            self.log(f"Passages {before} -> {self.passages}.")
        elif op == "eat":
            if self.food == 0:
                self.log("No food to eat.")
                return False
            self.step, self.actor = EAT, seat
            return True
        elif op == "excavate":
            if fx.rune == "choose":
                self.step, self.actor = RUNE, seat
                return True
            self._excavate(self.cat.rune[card])
        elif op == "go_mad":
            # The fresh hand is never checked; but when the discard is still to come, the
            # turn goes on as usual and its draw is checked, so one turn can bring madness
            # twice (the rulebook's hint on Horror).
            self.skip_check = self.discarded
            self._go_mad(seat)
        elif op == "mill":
            milled = []
            for _ in range(fx.count):
                if not self.deck:
                    break
                milled.append(self.deck.pop())
                if self.known_top:
                    self.known_top.pop()
            self.piles[seat].extend(milled)
            if milled:
                self.mark_barrier()
            names = ", ".join(self.cat.names[c] for c in milled) or "nothing"
            self.log(f"From the deck to {self._whose(seat)} discard pile: {names}.", seat)
        elif op == "discard_hand":
            rest = self.hands[seat]
            self.piles[seat].extend(rest)
            names = ", ".join(self.cat.names[c] for c in rest) or "nothing"
            self.log(f"The rest of {self._whose(seat)} hand is discarded: {names}.", seat)
            rest.clear()
        elif op == "look_top":
            self.looking = []
            self.look_masks = []
            for _ in range(fx.count):
                if not self.deck:
                    break
                self.looking.append(self.deck.pop())
                self.look_masks.append(self.known_top.pop() if self.known_top else 0)
            if not self.looking:
                self.log("The deck is empty: nothing to look at.")
                return False
            self.mark_barrier()
            self.step, self.actor = LOOK, seat
            return True
        elif op == "recover":
            if not self._take_targets(fx.where, card):
                self.log("There is no card to take back.")
                return False
            self.step, self.actor = TAKE, seat
            return True
        elif op == "garner":
            self.garner_left = 0
            self.garner_returned = []
            if self.food == 0:
                self._garner_shuffle(seat)
                return False
            self.step, self.actor = SPEND, seat
            return True
        else:  # pragma: no cover - the data model lists every op
            raise ValueError(f"unknown effect {op}")
        return False

    def _excavate(self, rune: int) -> None:
        self.chain.append(rune)
        if len(self.chain) < self.chain_len:
            self.log(f"Excavate chain: {len(self.chain)} of {self.chain_len}.")
            return
        same = all(r == self.chain[0] for r in self.chain)
        removed = min(self.passages, 2 if same else 1)
        self.passages -= removed
        self.chain.clear()
        self.sets_done += 1
        kind = "of one rune" if same else "mixed"
        cleared = "a passage" if removed == 1 else f"{removed} passages"
        self.log(f"Four Excavates ({kind}) clear {cleared}: {self.passages} left.")
        if self.passages == 0:
            self._win()

    def _take_targets(self, where: str, card: int) -> list[tuple[int, int]]:
        """(pile owner or -1 for the row, card) pairs that may be taken back; one per
        kind of card and place."""
        out: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        if where == "row":
            for c in self.row:
                key = (-1, self.cat.cls[c])
                if c != card and key not in seen:
                    seen.add(key)
                    out.append((-1, c))
        else:
            for owner in range(self.n):
                for c in self.piles[owner]:
                    key = (owner, self.cat.cls[c])
                    if c != card and key not in seen:
                        seen.add(key)
                        out.append((owner, c))
        return out

    # ---- decisions -----------------------------------------------------------------------

    def _distinct(self, cards: list[int]) -> list[int]:
        seen: set[int] = set()
        out = []
        cls = self.cat.cls
        for c in cards:
            if cls[c] not in seen:
                seen.add(cls[c])
                out.append(c)
        return out

    # ---- option labels: what a choice does, and the warnings it needs -------------------

    def _lose_words(self) -> str:
        return "you lose" if self.n == 1 else "the team loses"

    def _label(self, head: str, notes: list[str]) -> str:
        """``head`` with its notes in one pair of parentheses (never nested)."""
        notes = [n for n in notes if n]
        return f"{head} ({'; '.join(notes)})" if notes else head

    def _health_note(self, seat: int, effects: tuple[Effect, ...]) -> str:
        """The loss the health effects of a card bring ``seat``, if they take it to 0."""
        health, top = self.health[seat], self.max_health[seat]
        for fx in effects:
            if fx.op == "health":
                health = max(0, min(top, health + fx.amount))
            elif fx.op == "go_mad":
                top -= 1
                health = max(0, min(top, health - 1))
                if top <= 0:
                    return f"maximum health falls to 0: {self._lose_words()}"
            if health <= 0:
                who = "your" if self.n == 1 or seat == self.actor else self._whose(seat)
                return f"{who} health falls to 0: {self._lose_words()}"
        return ""

    def _asks(self, fx: Effect, food: int, deck: int, card: int) -> bool:
        """Whether effect ``fx`` stops for a choice (so the turn goes on after it)."""
        if fx.op == "eat" or fx.op == "garner":
            return food > 0
        if fx.op == "excavate":
            return fx.rune == "choose"
        if fx.op == "look_top":
            return deck > 0
        if fx.op == "recover":
            return bool(self._take_targets(fx.where, card))
        return fx.op == "go_mad"  # a fresh hand of five: nothing to foresee

    def _card_end_note(self, seat: int, card: int, effects: tuple[Effect, ...], give: bool) -> str:
        """For a card that is the last action of the turn: the loss waiting at the next
        turn's start, if its effects run through without a choice."""
        t = self.turn_seat
        food, deck = self.food, len(self.deck)
        hand = [c for c in self.hands[seat] if c != card]
        for fx in effects:
            if self._asks(fx, food, deck, card):
                return ""
            if fx.op == "food":
                food = max(0, min(self.max_food, food + fx.amount))
            elif fx.op == "lose_all_food":
                food = 0
            elif fx.op == "mill":
                deck -= min(fx.count, deck)
            elif fx.op == "discard_hand":
                hand = []
            elif fx.op == "excavate" and self._wins(self.cat.rune[card]):
                return ""
        if seat == t:
            partner = len(self.hands[1 - t]) + (1 if give else 0) if self.n > 1 else 0
            if give and partner > self.hand_size:
                return ""  # the partner discards one first: that choice carries the note
            return self._end_note(hand, partner, deck, food)
        # The partner discards after a gift: the turn seat's hand does not change.
        return self._end_note(list(self.hands[t]), len(hand), deck, food)

    def _wins(self, rune: int) -> bool:
        """Whether one more Excavate of ``rune`` clears the last passage."""
        if len(self.chain) + 1 < self.chain_len:
            return False
        removed = 2 if all(r == rune for r in self.chain) else 1
        return removed >= self.passages

    def _end_note(self, kept: list[int], partner: int, deck: int, food: int) -> str:
        """The loss at the next turn's start for a turn that ends with ``kept`` in the turn
        seat's hand (before its draw), ``partner`` cards in the other hand, ``deck`` cards
        to draw from and ``food`` left; empty when the next turn can be taken."""
        t = self.turn_seat
        drawn = min(max(0, self.hand_size - len(kept)), deck)
        after = len(kept) + drawn
        lose = self._lose_words()
        if self.n == 1:
            if after < 2:
                return f"then fewer than 2 cards and no deck: {lose}"
            if not drawn and not self._can_turn(t, kept, food):
                return f"then no card may be discarded next turn: {lose}"
            return ""
        p = 1 - t
        if self.fotd:
            if partner < 2:
                return f"{self.who(p)} cannot take a turn: {lose}"
            if after == 0 and not deck:
                who = "your" if self.actor == t else self._whose(t)
                return f"{who} hand ends empty: {lose} at {self._whose(t)} next turn"
            return ""
        if self.jarl != p and not self._can_turn(p, list(self.hands[p]), food):
            return f"{self.who(p)} cannot take a turn: {lose}"
        return ""

    def _can_turn(self, seat: int, hand: list[int], food: int) -> bool:
        """``has_legal_pair`` for ``seat`` holding ``hand`` with ``food`` left."""
        saved_hand, saved_food = self.hands[seat], self.food
        self.hands[seat], self.food = hand, food
        try:
            return self.has_legal_pair(seat)
        finally:
            self.hands[seat], self.food = saved_hand, saved_food

    def _turn_ends_after_choice(self) -> bool:
        """Whether the pending choice is the last thing of the turn."""
        return self.played and self.discarded and not self.queue and not self.gift_pending

    def _choice_end_note(
        self, extra: tuple[int, ...] = (), deck_delta: int = 0, food: int | None = None
    ) -> str:
        """The end-of-turn note for a sub-choice (Eat, Hope, Conservation, Garner) that
        finishes the turn: ``extra`` cards come to the chooser's hand, ``deck_delta`` to
        the deck, ``food`` is what is left."""
        if not self._turn_ends_after_choice():
            return ""
        t = self.turn_seat
        food = self.food if food is None else food
        deck = len(self.deck) + deck_delta
        kept = list(self.hands[t])
        partner = len(self.hands[1 - t]) if self.n > 1 else 0
        if self.actor == t:
            kept += extra
        else:
            partner += len(extra)
        return self._end_note(kept, partner, deck, food)

    def _play_label(self, card: int, seat: int, first: bool) -> str:
        cat = self.cat
        ctype = cat.type_of(card)
        notes: list[str] = []
        if cat.excavate[card] and any(fx.rune == "own" for fx in cat.play_fx[card]):
            notes.append(self._chain_note(cat.rune[card]))
        elif cat.excavate[card]:
            n = len(self.chain) + 1
            notes.append(f"{ctype.play_short}, chain {n}/{self.chain_len}")
        else:
            notes.append(ctype.play_short)
            if self.chain:
                notes.append(f"breaks the Excavate chain at {len(self.chain)}/{self.chain_len}")
        loss = self._health_note(seat, cat.play_fx[card])
        if not loss and first and self._play_strands(seat, card):
            loss = f"then nothing may be discarded: {self._lose_words()}"
        if not loss and not first:
            loss = self._card_end_note(seat, card, cat.play_fx[card], give=False)
        notes.append(loss)
        return self._label(f"Play {cat.names[card]}", notes)

    def _chain_note(self, rune: int) -> str:
        """What one more Excavate of ``rune`` does to the chain, for option labels."""
        n = len(self.chain) + 1
        if n < self.chain_len:
            return f"chain {n}/{self.chain_len}"
        removed = 2 if all(r == rune for r in self.chain) else 1
        if removed >= self.passages:
            return f"chain {n}/{n}: clears the last passage!"
        return f"chain {n}/{n}: clears {'a passage' if removed == 1 else '2 passages'}"

    def _give_label(self, card: int, first: bool = False) -> str:
        seat = self.actor
        note = "" if first else self._card_end_note(seat, card, (), give=True)
        return self._label(f"Give {self.cat.names[card]} to {self.who(1 - self.turn_seat)}", [note])

    def _discard_label(self, card: int, first: bool = False) -> str:
        seat = self.actor
        effects = self.cat.discard_fx[card]
        loss = self._health_note(seat, effects)
        if not loss and not first:
            loss = self._card_end_note(seat, card, effects, give=False)
        return self._label(
            f"Discard {self.cat.names[card]}", [self.cat.type_of(card).discard_short, loss]
        )

    def _action_options(self, seat: int, play: bool, discard: bool) -> list[Option]:
        """Options to play and/or to discard (or, in Fear of the Dark, give) a hand card,
        one per kind of card. Each label says what the card does and warns when the choice
        breaks the Excavate chain or loses the game (a first play that would strand the
        turn, health at 0, or a next turn that cannot be taken)."""
        cat = self.cat
        first = not (self.played or self.discarded)
        hand = self._distinct(self.hands[seat])
        opts: list[Option] = []
        if play:
            for c in hand:
                label = self._play_label(c, seat, first)
                opts.append(Option(f"play:{cat.ids[c]}", label, cat.ids[c]))
        if discard:
            for c in hand:
                if self.can_discard(c, second=not first):
                    label = self._discard_label(c, first)
                    opts.append(Option(f"discard:{cat.ids[c]}", label, cat.ids[c]))
            if self.fotd:
                opts += [
                    Option(f"give:{cat.ids[c]}", self._give_label(c, first), cat.ids[c])
                    for c in hand
                ]
        return opts

    def _decision(self) -> Decision | None:
        step = self.step
        if step in (OVER, PLANNED):
            return None
        cat = self.cat
        seat = self.actor
        secret = self.fotd
        ctx = {"turn": self.turn_no, "step": step}
        if step == FIRST:
            # A Jarl holder who cannot take a full turn may only pass.
            able = self.has_legal_pair(seat)
            opts = self._action_options(seat, able, able)
            if self.can_pass_jarl():
                notes = ["skip this turn"]
                if not self.has_legal_pair(1 - seat):
                    notes.append(f"{self.who(1 - seat)} cannot take a turn: the team loses")
                label = self._label(f"Pass the Jarl to {self.who(1 - seat)}", notes)
                opts.append(Option("jarl", label, "jarl"))
            prompt = "Play a card and discard another: which comes first?"
            if self.fotd:
                prompt = "Play a card and discard (or give) another: which comes first?"
            return Decision(seat, prompt, tuple(opts), secret, "first", ctx)
        if step == SECOND:
            prompt = "Now discard a card." if self.played else "Now play a card."
            if self.played and self.fotd:
                prompt = f"Now discard a card or give one to {self.who(1 - seat)}."
            opts = self._action_options(seat, not self.played, self.played)
            return Decision(seat, prompt, tuple(opts), secret, "second", ctx)
        if step == EAT:
            per = self.pending_fx.amount
            opts = []
            for k in range(self.food + 1):
                gain = min(k * per, self._room(seat))
                over = f"{k * per - gain} over the maximum" if k * per > gain else ""
                end = self._choice_end_note(food=self.food - k)
                label = self._label(f"Eat {k} food", [f"+{gain} health", over, end])
                opts.append(Option(f"eat:{k}", label))
            return Decision(seat, "Eat: how much food?", tuple(opts), secret, "eat", ctx)
        if step == RUNE:
            opts = [
                Option(
                    f"rune:{RUNES[r]}",
                    self._label(
                        f"Hope as a {RUNES[r]} [{'R' if r == RED else 'B'}] Excavate",
                        [self._chain_note(r), "" if self._wins(r) else self._choice_end_note()],
                    ),
                )
                for r in (RED, BLUE)
            ]
            return Decision(seat, "Hope: which rune?", tuple(opts), secret, "rune", ctx)
        if step == LOOK:
            return Decision(
                seat,
                "Hope: keep each card on top of the deck, or discard it?",
                self._look_options(),
                secret,
                "look",
                ctx,
            )
        if step == TAKE:
            where = self.pending_fx.where
            opts = []
            for owner, c in self._take_targets(where, self.pending_card):
                place = "row" if owner < 0 else self._pile_name(owner, seat)
                label = self._label(
                    f"Take {cat.names[c]} from the {place}", [self._choice_end_note((c,))]
                )
                opts.append(Option(f"take:{cat.ids[c]}", label, cat.ids[c]))
            opts.append(Option("take:none", self._label("Take nothing", [self._choice_end_note()])))
            return Decision(
                seat, "Conservation: take a card back?", tuple(opts), secret, "take", ctx
            )
        if step == SPEND:
            per = self._garner_rate()
            pile = len(self.piles[seat])
            end = self._choice_end_note()
            opts = [
                Option("spend:0", self._label("Spend no food", ["the deck is only shuffled", end]))
            ]
            for k in range(1, self.food + 1):
                most = f"{k * per} cards" if k * per < pile else f"{pile}: all your discards"
                notes = [f"return up to {most}"]
                if not pile:
                    notes.append(self._choice_end_note(food=self.food - k))
                opts.append(Option(f"spend:{k}", self._label(f"Spend {k} food", notes)))
            return Decision(seat, "Garner: how much food?", tuple(opts), secret, "spend", ctx)
        if step == RETURN:
            back = len(self.garner_returned)
            opts = []
            for c in self._distinct(self.piles[seat]):
                last = self.garner_left <= 1 or len(self.piles[seat]) <= 1
                end = self._choice_end_note(deck_delta=back + 1) if last else ""
                label = self._label(f"Return {cat.names[c]} to the deck", [end])
                opts.append(Option(f"return:{cat.ids[c]}", label, cat.ids[c]))
            end = self._choice_end_note(deck_delta=back)
            opts.append(Option("return:done", self._label("Done: shuffle the deck", [end])))
            prompt = f"Garner: return up to {self.garner_left} more card(s)"
            return Decision(seat, prompt, tuple(opts), secret, "return", ctx)
        if step == GIFT:
            hand = self._distinct(self.hands[seat])
            opts = [
                Option(f"discard:{cat.ids[c]}", self._discard_label(c), cat.ids[c])
                for c in hand
                if self.food >= cat.discard_min_food[c]
            ]
            if not opts:  # cannot happen with six cards, but never leave a decision empty
                opts = [
                    Option(f"discard:{cat.ids[c]}", self._discard_label(c), cat.ids[c])
                    for c in hand
                ]
            gift = self.cat.names[self.hands[seat][-1]]
            prompt = f"{self.who(self.turn_seat)} gave you {gift}: discard any one card"
            return Decision(seat, prompt, tuple(opts), secret, "gift", ctx)
        raise AssertionError(f"unknown step {step}")

    def _room(self, seat: int) -> int:
        return self.max_health[seat] - self.health[seat]

    def _pile_name(self, owner: int, viewer: int) -> str:
        if self.n == 1:
            return "discards"
        return "your discards" if owner == viewer else f"{self.who(owner)}'s discards"

    def _garner_rate(self) -> int:
        return self.pending_fx.amount

    def _look_options(self) -> tuple[Option, ...]:
        cat = self.cat
        cards = self.looking
        names = [cat.names[c] for c in cards]
        ids = [cat.ids[c] for c in cards]

        def option(oid: str, head: str, kept: int) -> Option:
            return Option(oid, self._label(head, [self._choice_end_note(deck_delta=kept)]))

        if len(cards) == 1:
            return (
                option("look:none", f"Discard {names[0]}", 0),
                option(f"look:{ids[0]}", f"Keep {names[0]} on top", 1),
            )
        a, b = cards[0], cards[1]
        opts = [option("look:none", f"Discard both, {names[0]} and {names[1]}", 0)]
        opts.append(option(f"look:{ids[0]}", f"Keep {names[0]} on top, discard {names[1]}", 1))
        if cat.cls[a] != cat.cls[b]:
            opts.append(option(f"look:{ids[1]}", f"Keep {names[1]} on top, discard {names[0]}", 1))
        opts.append(option(f"look:{ids[0]},{ids[1]}", f"Keep both, {names[0]} on top", 2))
        if cat.cls[a] != cat.cls[b]:
            opts.append(option(f"look:{ids[1]},{ids[0]}", f"Keep both, {names[1]} on top", 2))
        return tuple(opts)

    # ---- applying ------------------------------------------------------------------------

    def _apply(self, option: Option) -> None:
        kind, _, arg = option.id.partition(":")
        step = self.step
        seat = self.actor
        idx = self.cat.index
        if step in (FIRST, SECOND):
            if kind == "jarl":
                self._pass_jarl(seat)
            elif kind == "play":
                self._play(seat, idx[arg])
            elif kind == "discard":
                self.discarded = True
                self._discard(seat, idx[arg])
            elif kind == "give":
                self._give(seat, idx[arg])
        elif step == GIFT:
            self.gift_pending = False
            self._discard(seat, idx[arg])
        elif step == EAT:
            k = int(arg)
            per = self.pending_fx.amount
            self._set_food(self.food - k)
            if k:
                self._change_health(seat, k * per)
            self._run()
        elif step == RUNE:
            rune = RUNES.index(arg)
            self.row_rune[self.row.index(self.pending_card)] = rune
            self.log(f"Hope counts as a {arg} Excavate.", seat)
            self._excavate(rune)
            self._run()
        elif step == LOOK:
            self._resolve_look(seat, arg)
            self._run()
        elif step == TAKE:
            if arg != "none":
                self._take(seat, idx[arg])
            self._run()
        elif step == SPEND:
            k = int(arg)
            self._set_food(self.food - k)
            self.garner_left = k * self._garner_rate()
            self._garner_next(seat)
        elif step == RETURN:
            if arg == "done":
                self._garner_finish(seat)
            else:
                card = idx[arg]
                self.piles[seat].remove(card)
                self.garner_returned.append(card)
                self.garner_left -= 1
                self._garner_next(seat)

    def _pass_jarl(self, seat: int) -> None:
        partner = 1 - seat
        self.jarl = partner
        self.last_pass = True
        self.log(f"{self.who(seat)} passes the Jarl token to {self.who(partner)}.", seat)
        self._start_turn(partner)

    def _resolve_look(self, seat: int, arg: str) -> None:
        keep = [] if arg == "none" else [self.cat.index[c] for c in arg.split(",")]
        masks = dict(zip(self.looking, self.look_masks, strict=True))
        for card in self.looking:
            if card not in keep:
                self.piles[seat].append(card)
        know = self._all_mask() if not self.fotd else 1 << seat
        for card in reversed(keep):  # the first kept card ends on top
            self.deck.append(card)
            self.known_top.append(masks[card] | know)
        dropped = [c for c in self.looking if c not in keep]
        if self.fotd:
            self.log(
                f"{self.who(seat)} kept {len(keep)} card(s) on top and discarded "
                f"{', '.join(self.cat.names[c] for c in dropped) or 'none'}.",
                seat,
            )
        else:
            kept = ", ".join(self.cat.names[c] for c in keep) or "none"
            gone = ", ".join(self.cat.names[c] for c in dropped) or "none"
            self.log(f"{self.who(seat)} kept on top: {kept}; discarded: {gone}.", seat)
        self.looking = []
        self.look_masks = []

    def _take(self, seat: int, card: int) -> None:
        if card in self.row:
            i = self.row.index(card)
            del self.row[i]
            del self.row_rune[i]
            place = "the row"
        else:
            owner = next(p for p in range(self.n) if card in self.piles[p])
            self.piles[owner].remove(card)
            place = "the discards"
        self.hands[seat].append(card)
        self.log(f"{self.who(seat)} took {self.cat.names[card]} back from {place}.", seat)

    def _garner_next(self, seat: int) -> None:
        if self.garner_left > 0 and self.piles[seat]:
            self.step = RETURN
            return
        self._garner_finish(seat)

    def _garner_finish(self, seat: int) -> None:
        self._garner_shuffle(seat)
        self._run()

    def _garner_shuffle(self, seat: int) -> None:
        back = self.garner_returned
        self.deck.extend(back)
        self._shuffle(self.deck)
        self.known_top.clear()
        self.mark_barrier()
        names = ", ".join(self.cat.names[c] for c in back) or "no cards"
        self.log(f"{self.who(seat)} returned {names} to the deck and shuffled it.", seat)
        self.garner_returned = []
        self.garner_left = 0

    # ---- results and views ---------------------------------------------------------------

    def _result(self) -> GameResult:
        won = self.outcome == 1
        cleared = self.passages_start - self.passages
        seats = tuple(
            SeatResult(
                seat,
                cleared,
                1,
                (ScoreLine(f"Passages cleared (of {self.passages_start})", cleared),),
                won,
            )
            for seat in range(self.n)
        )
        return GameResult(seats, cooperative=True, won=won, summary=self._summary())

    def _summary(self) -> str:
        """One paragraph for the results: when and why the game ended, and how it went."""
        if self.outcome == 0:  # a planning copy stopped mid-game
            return "unfinished"
        start = self.passages_start
        cleared = start - self.passages
        if self.outcome == 1:
            text = f"Escaped on turn {self.turn_no}: all {start} passages cleared."
        else:
            reason = self.end_reason[0].upper() + self.end_reason[1:]
            text = f"Lost on turn {self.turn_no}. {reason}. {cleared} of {start} passages cleared."
        health = ", ".join(
            f"{'' if self.n == 1 else self.who(s) + ' '}{self.health[s]}/{self.max_health[s]}"
            for s in range(self.n)
        )
        text += f" Health at the end: {health}."
        for s in range(self.n):
            times = self.mad_count[s]
            if times:
                went = self._says(s, "went", "went")
                text += f" {went} mad {'once' if times == 1 else f'{times} times'}."
        return text

    def card_json(self, card: int) -> dict[str, Any]:
        """The card as JSON (a fresh copy of the catalog's cached entry)."""
        return dict(_card_jsons(self.cat)[card])

    def _gives_to(self, viewer: int | None, seat: int) -> bool:
        """Whether ``viewer`` has just given ``seat`` the last card of its hand (and so
        knows that card) while ``seat`` decides what to discard."""
        return self.step == GIFT and viewer == self.turn_seat and seat == self.actor

    def visible_hand(self, seat: int, viewer: int | None) -> bool:
        """Hands are open (solo, plain co-op: a spectator sees them too) except in Fear of
        the Dark, where only their owner sees them."""
        return not self.fotd or viewer == seat

    def unseen_cards(self, viewer: int | None) -> tuple[list[int], list[int]]:
        """(cards known to come first from the deck, cards unseen by ``viewer``)."""
        bit = 0 if viewer is None else 1 << viewer
        first_known = len(self.deck) - len(self.known_top)
        known: list[int] = []
        for i in range(len(self.deck) - 1, first_known - 1, -1):
            if self.known_top[i - first_known] & bit:
                known.append(self.deck[i])
            else:
                break
        known_set = set(known)
        unseen = [c for c in self.deck if c not in known_set]
        for seat in range(self.n):
            if not self.visible_hand(seat, viewer):
                hand = self.hands[seat]
                unseen.extend(hand[:-1] if self._gives_to(viewer, seat) else hand)
        if self.looking and (viewer is None or (self.fotd and viewer != self.actor)):
            unseen.extend(self.looking)
        return known, unseen

    def madness_risks(self, viewer: int) -> list[dict[str, Any]]:
        """For the viewer's pending play/discard choice: the hands it could keep that share
        a rune, with that rune and the odds that the coming draw makes the hand mad."""
        if self.step not in (FIRST, SECOND) or self.actor != viewer or self.skip_check:
            return []
        hand = self.hands[viewer]
        removed = 2 if self.step == FIRST else 1
        n_draw = self.hand_size - (len(hand) - removed)
        if len(hand) < removed or n_draw < 0 or len(self.deck) < n_draw:
            return []  # the hand cannot hold exactly five cards after the draw
        known, unseen = self.unseen_cards(viewer)
        runes = self.cat.rune
        known_r = [runes[c] for c in known]
        pool_r = [runes[c] for c in unseen]
        out: list[dict[str, Any]] = []
        seen: set[tuple[int, ...]] = set()
        for combo in combinations(range(len(hand)), removed):
            kept = [c for k, c in enumerate(hand) if k not in combo]
            key = tuple(sorted(self.cat.cls[c] for c in kept))
            if key in seen:
                continue
            seen.add(key)
            kept_r = [runes[c] for c in kept]
            odds = draw_odds(kept_r, known_r, pool_r, n_draw)
            if odds > 0:
                if all(r == ANY for r in kept_r):
                    rune = "any"
                else:
                    rune = RUNES[RED] if all(r in (RED, ANY) for r in kept_r) else RUNES[BLUE]
                out.append(
                    {
                        "keep": [self.cat.ids[c] for c in kept],
                        "rune": rune,
                        "draw": n_draw,
                        "odds": round(odds, 4),
                    }
                )
        out.sort(key=lambda r: -r["odds"])
        return out

    def view(self, seat: int | None) -> MaeshoweView:
        cj = self.card_json
        known, unseen = self.unseen_cards(seat)
        counts: dict[tuple[str, str], int] = {}
        names = {t.id: t.short for t in self.cat.types}
        types = {t.id: t for t in self.cat.types}
        for c in unseen:
            key = (self.cat.type_of(c).id, RUNES[self.cat.rune[c]])
            counts[key] = counts.get(key, 0) + 1
        unseen_list = [
            {
                "type": t,
                "rune": r,
                "short": names[t],
                "name": types[t].name,
                "count": k,
                "play_text": types[t].play_text,
                "discard_text": types[t].discard_text,
            }
            for (t, r), k in sorted(counts.items())
        ]
        looking_visible = (
            bool(self.looking) and seat is not None and (not self.fotd or seat == self.actor)
        )
        chain_kind = None
        if self.chain:
            chain_kind = RUNES[self.chain[0]] if len(set(self.chain)) == 1 else "mixed"
        turns_left = None
        if not self.deck:
            # Turns each seat can still start (this one included): two cards a turn, one
            # still to come in a turn half done.
            turns_left = [len(h) // 2 for h in self.hands]
            if self.step == SECOND:
                turns_left[self.turn_seat] = (len(self.hands[self.turn_seat]) + 1) // 2
        return {
            "game": self.game_id,
            "players": self.n,
            "mode": self.mode,
            "fear_of_the_dark": self.fotd,
            "difficulty": self.config.difficulty,
            "viewer": seat,
            "turn": self.turn_seat,
            "turn_no": self.turn_no,
            "step": self.step,
            "actor": self.actor,
            "health": list(self.health),
            "max_health": list(self.max_health),
            "food": self.food,
            "max_food": self.max_food,
            "passages": self.passages,
            "passages_start": self.passages_start,
            "chain": {
                "count": len(self.chain),
                "target": self.chain_len,
                "runes": [RUNES[r] for r in self.chain],
                "kind": chain_kind,
                "sets_done": self.sets_done,
            },
            "row": [
                {**cj(c), "as": RUNES[r]} for c, r in zip(self.row, self.row_rune, strict=True)
            ],
            "hands": [
                [cj(c) for c in h] if self.visible_hand(s, seat) else None
                for s, h in enumerate(self.hands)
            ],
            "hand_sizes": [len(h) for h in self.hands],
            "discards": [[cj(c) for c in p] for p in self.piles],
            "deck_size": len(self.deck),
            "known_top": [cj(c) for c in known],
            "unseen": {
                "count": len(unseen),
                "cards": unseen_list,
                "includes_hidden_hand": self.fotd,
            },
            "looking": [cj(c) for c in self.looking] if looking_visible else [],
            # The card just given, while its receiver decides what to discard (both the
            # giver and the receiver know it).
            "received": (
                self.cat.ids[self.hands[self.actor][-1]]
                if self.step == GIFT and seat is not None
                else None
            ),
            "jarl": self.jarl if self.jarl >= 0 else None,
            "jarl_can_pass": self.can_pass_jarl() and self.step == FIRST,
            "turns_left": turns_left,
            "viewer_mad_risks": self.madness_risks(seat) if seat is not None else [],
            "mad_count": list(self.mad_count),
            # The card whose effect asks the pending choice (Eat, Hope, Conservation, Garner).
            "pending": (
                cj(self.pending_card)
                if self.step in (EAT, RUNE, LOOK, TAKE, SPEND, RETURN) and self.pending_card >= 0
                else None
            ),
            "texts": RULE_TEXTS,
            "over": self.step == OVER,
            "won": None if self.outcome == 0 else self.outcome == 1,
            "end_reason": self.end_reason,
        }

    # ---- invariants ----------------------------------------------------------------------

    def check_invariants(self) -> None:
        places = [
            *self.deck,
            *self.row,
            *self.looking,
            *self.garner_returned,
            *(c for h in self.hands for c in h),
            *(c for p in self.piles for c in p),
        ]
        assert sorted(places) == list(range(self.cat.size)), "a card was lost or duplicated"
        assert len(self.row) == len(self.row_rune)
        assert len(self.known_top) <= len(self.deck)
        assert 0 <= self.food <= self.max_food
        assert 0 <= self.passages <= self.passages_start <= load_data().setup.max_passages
        assert len(self.chain) < self.chain_len
        for seat in range(self.n):
            assert 0 <= self.health[seat] <= self.max_health[seat] <= self.start_max
        if self.outcome == 0:
            assert all(h > 0 for h in self.health), "alive players have health"
            assert self.passages > 0
        if self.jarl >= 0:
            assert not self.fotd and self.n == 2
