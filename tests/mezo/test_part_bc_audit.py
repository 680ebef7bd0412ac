"""Audit of the solo and module rulings (E.3, E.4 and the [RULING] tags of Parts B and C).

Each test is named after the ruling it pins down and covers a point the other solo and module
tests leave open or only touch in passing.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop_tui.games.mezo.solo import SoloState

from .helpers import play_until
from .module_helpers import mod_state, to_kind
from .solo_helpers import PLAYER, VG, board_units, calm, solo


class _Recorder(random.Random):
    """A Random that notes every list it shuffles, with the game phase at that moment."""

    def __init__(self, st: SoloState) -> None:
        super().__init__()
        self.setstate(st.rng.getstate())
        self.st = st
        self.seen: list[tuple[str, int, list[Any]]] = []

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        super().shuffle(x)
        self.seen.append((self.st.phase, self.st.age, list(x)))


def _stage_vengeful(st: SoloState, god: str, vertex: int) -> None:
    """Make ``god`` the only Vengeful god, standing on ``vertex``."""
    st.vg_pool = sorted((set(st.vg_pool) | set(st.vg_gods)) - {god})
    st.vg_gods = [god]
    st.vg_vertex = [vertex]


def _vertex_by(st: SoloState, touch: int, avoid: int) -> int:
    """An empty vertex touching region ``touch`` but not region ``avoid``."""
    d = st.data
    mine = {st.vertex[PLAYER]}
    for v in range(len(d.vertex_ids)):
        regs = d.vertex_regions[v]
        if touch in regs and avoid not in regs and v not in mine:
            return v
    raise AssertionError("no such vertex on the board")


def test_e3_ruling_44_solo_tribe_step_deploys_up_to_3():
    st = solo(3)
    play_until(st, "deploy", chooser=calm)
    d = st.decision()
    region = d.context["region"]
    sizes = {int(i[7:].split("W")[0]) + int(i.split("W")[1]) for i in d.ids}
    assert sizes == {0, 1, 2, 3}  # nothing, or any number up to 3
    before = board_units(st, region, PLAYER)
    st.apply("split:S1W0")
    after = board_units(st, region, PLAYER)
    assert (after[0] - before[0], after[1] - before[1]) == (1, 0)


def test_e3_ruling_47_uayeb_bury_comes_before_the_vengeful_abilities():
    for seed in range(40):
        st = solo(seed, god="uayeb")
        play_until(st, "bury", chooser=calm)
        if (
            st.conflict_region != st.blessed
            and st.conflict_stack
            and st.conflict_stack[0] != st.blessed
        ):
            break
    else:
        raise AssertionError("no normal conflict with a bury choice among the seeds")
    buried, nxt = st.conflict_region, st.conflict_stack[0]
    assert st.tokens[VG] == 0  # nothing of the automaton has resolved yet

    # A Vengeful god by the buried region only: after the bury it is not present.
    gone = st.clone()
    _stage_vengeful(gone, "kukulkan", _vertex_by(gone, buried, nxt))
    lines = [e.text for e in gone.apply("bury")]
    assert gone.conflict_region == nxt
    assert not any("VENGEFUL" in x for x in lines) and gone.tokens[VG] == 0

    # A Vengeful god by the next region only: its VENGEFUL resolves for that region.
    st2 = st.clone()
    _stage_vengeful(st2, "kukulkan", _vertex_by(st2, nxt, buried))
    lines = [e.text for e in st2.apply("bury")]
    assert st2.conflict_region == nxt and st2.tokens[VG] >= 3
    bury_at = next(i for i, x in enumerate(lines) if "at the bottom of the Conflict stack" in x)
    wrath_at = next(i for i, x in enumerate(lines) if "VENGEFUL Kukulkan" in x)
    assert bury_at < wrath_at
    assert not any("keeps a God card" in x for x in lines[:wrath_at])


def test_e3_ruling_52_conflict_tiles_are_shuffled_once_at_end_of_age():
    st = solo(5)
    rec = _Recorder(st)
    st.rng = rec
    inplay = {r for r in range(len(st.inplay)) if st.inplay[r]}
    while st.age == 1:
        d = st.decision()
        assert d is not None
        st.apply(calm(d))
    at_end = [(items, ph) for ph, age, items in rec.seen if age == 1 and ph == "End of Age"]
    stacks = [items for items, _ in at_end if set(items) == inplay]
    assert len(stacks) == 1  # B9.6 is printed twice; it happens once
    # B9.4-6 order: your God deck, then the whole Vengeful deck, then the Conflict stack
    kinds = [
        "conflict" if set(items) == inplay else "vengeful" if items[0].startswith("VG") else "god"
        for items, _ in at_end
        if items
    ]
    assert kinds == ["god", "vengeful", "conflict"]
    assert sorted(st.vg_deck) == [f"VG{i}" for i in range(1, 7)] and not st.vg_discard


def test_e4_ruling_61_tribe_powers_are_dealt_at_random():
    deals = set()
    first = set()
    for seed in range(12):
        st = to_kind(mod_state(2, seed, tribe_powers=True), "ability")
        tokens = tuple(st.power_token)
        assert len(set(tokens)) == 2 and None not in tokens  # one each, no repeat
        deals.add(tokens)
        first.add(tokens[0])
    assert len(deals) > 4 and len(first) >= 3


def test_b2_ruling_random_draws_follow_the_fixed_setup_order():
    """B2: Conflict stack, Altars, Wrathful tiles by Age, Task card, God deck, Vengeful deck."""
    for seed in (0, 9, 23):
        st = solo(seed, god="xolotl")
        play_until(st, "task_side", chooser=calm)
        d, so = st.data, st.solo
        rng = random.Random(seed)
        rng.shuffle([0])  # the one-seat ring
        tiles = list(range(len(d.region_ids)))
        rng.shuffle(tiles)
        assert st.inplay == [r != tiles[0] for r in range(len(tiles))]
        assert st.conflict_stack == tiles[1:]
        pool = [a.id for a in d.altars if st.config.content == "full" or a.set == "base"]
        rng.shuffle(pool)
        assert [a for a in st.altar if a is not None] == pool[:5]
        for age, tile in enumerate(st.wrath_tiles, start=1):
            wp = [
                w.id
                for w in d.wrathful
                if w.age == age and (st.config.content == "full" or w.set == "base")
            ]
            rng.shuffle(wp)
            assert tile == wp[0]
        assert st.task_card == rng.choice(sorted(so.tasks))
        st.apply(st.decision().ids[0])
        deck = list(d.god("xolotl").cards)
        rng.shuffle(deck)
        vdeck = sorted(c.id for c in so.cards)
        rng.shuffle(vdeck)
        assert st.deck[PLAYER] == deck and st.vg_deck == vdeck
