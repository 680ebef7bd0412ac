"""The conflict procedure of A8: cards, turn order, actions, Strength, ties, majorities."""

from __future__ import annotations

from tabletop_tui.games.mezo.rules import RESOLVED, SH, WA

from ..bounded import bounded
from .helpers import (
    at_first_action,
    clear_board,
    gods_config,
    ids,
    kind,
    new,
    play_until,
    put,
    run_effect,
    steps,
    units,
)


def pass_all(st, stop_kinds=("action", "third")):
    """Everyone passes for Devotion and declines the third action."""
    while kind(st) in (*stop_kinds, "split"):
        d = st.decision()
        if d.kind == "split":  # Ixchel's pass also recovers
            st.apply(d.ids[0])
        elif d.kind == "third":
            st.apply("third:no")
        else:
            st.apply(
                next(i for i in d.ids if i.startswith("pass") and i.endswith(("devotion", "both")))
            )


def test_turn_order_starts_left_of_the_champion_owner_4p():
    st = at_first_action(4, seed=11)
    owner = st.champion_owner(st.conflict_region)
    ring = st.ring
    k = ring.index(owner)
    assert list(st.turn) == [ring[(k + 1 + i) % 4] for i in range(4)]
    assert st.turn[-1] == owner
    assert st.decision().seat == st.turn[0]


def test_two_players_the_one_without_champion_here_starts():
    for seed in range(4):
        st = at_first_action(2, seed=seed)
        owner = st.champion_owner(st.conflict_region)
        assert st.turn == (1 - owner, owner)


def test_keep_one_of_three_others_back_on_top_secretly():
    st = play_until(new(3, seed=2), "keep_card")
    s = st.decision().seat
    d = st.decision()
    assert d.secret
    top3 = st.deck[s][:3]
    assert [o.id for o in d.options] == [f"card:{c}" for c in top3]
    entries = st.apply(f"card:{top3[1]}")
    assert st.kept[s] == top3[1]
    named = [e for e in entries if st.data.cards[top3[1]].name in e.text]
    assert named and all(e.private_to == s for e in named)
    assert st.deck[s][:2] == [top3[0], top3[2]]  # drawn order kept, back on top
    assert len(st.deck[s]) == 4
    # other seats see no card yet; the owner does
    other = next(o for o in range(3) if o != s)
    assert st.view(other)["tribes"][s]["card"] is None
    assert st.view(s)["tribes"][s]["card"]["id"] == top3[1]


def test_kept_cards_revealed_then_played_pile_then_reshuffled_at_end_of_age():
    st = play_until(new(2, seed=4), "action")
    seats = st.turn
    kept = {s: st.kept[s] for s in seats}
    assert st.view(None)["tribes"][seats[0]]["card"]["id"] == kept[seats[0]]
    pass_all(st)
    while kind(st) not in ("keep_card", "offer", "ability"):
        st.apply(ids(st)[0])
    for s in seats:
        assert kept[s] in st.played[s]
    # each card is used at most once per Age
    st2 = new(2, seed=4)
    seen: dict[int, list[str]] = {0: [], 1: []}
    for _step in bounded():
        if not (st2.age == 1 and st2.decision() is not None):
            break
        d = st2.decision()
        if d.kind == "keep_card":
            seen[d.seat].append(d.options[0].id)
        st2.apply(d.options[0].id)
    for s in (0, 1):
        assert len(seen[s]) == len(set(seen[s]))
        assert sorted(st2.deck[s]) == sorted(st2.data.god(st2.god[s]).cards)
        assert st2.played[s] == []


def test_action_options_play_or_pass_and_marking():
    st = at_first_action(2, seed=5, gods=("kukulkan", "zotz"))
    s = st.decision().seat
    has_xib = st.xib[s * 2] + st.xib[s * 2 + 1] > 0
    assert has_xib
    assert {"play:a", "play:b", "play:c"} <= set(ids(st))
    assert {"pass:a:devotion", "pass:a:recover"} <= set(ids(st))
    dev = st.dev[s]
    st.apply("pass:b:devotion")
    assert st.dev[s] == dev + 1
    assert st.used_rows[s] == "b"
    # second round: b is spent
    while st.decision().seat != s:
        st.apply("pass:a:devotion")
    assert "play:b" not in ids(st) and "pass:b:devotion" not in ids(st)
    assert "play:a" in ids(st)


def test_pass_recover_needs_a_unit_in_xibalba():
    st = at_first_action(2, seed=5, gods=("kukulkan", "zotz"))
    s = st.decision().seat
    st.reserve[s * 2] += st.xib[s * 2]
    st.reserve[s * 2 + 1] += st.xib[s * 2 + 1]
    st.xib[s * 2] = st.xib[s * 2 + 1] = 0
    st._decision_cache = None
    st.stack.append(st.stack.pop())
    st._run()
    assert not any(i.endswith("recover") for i in ids(st))


def test_ixchel_pass_gives_both():
    st = at_first_action(2, seed=5, gods=("ixchel", "zotz"))
    while st.decision().seat != 0:
        st.apply("pass:a:devotion")
    assert "pass:a:both" in ids(st)
    assert not any(i.endswith(":devotion") for i in ids(st))
    xs = st.xib[0] + st.xib[1]
    dev = st.dev[0]
    st.apply("pass:a:both")
    assert kind(st) == "split"  # which unit to RECOVER
    st.apply("split:S1W0")
    assert st.dev[0] == dev + 1
    assert st.xib[0] + st.xib[1] == xs - 1


def test_third_action_needs_own_glyph_here_and_destroys_it():
    st = at_first_action(2, seed=6, gods=("ixchel", "kukulkan"))
    first, second = st.turn
    st.glyphs[st.conflict_region * 2 + first] = 1
    st.abil[first] = st.abil[first] + ("glyph_carvers",)
    pass_all(st, stop_kinds=("action",))
    assert kind(st) == "third" and st.decision().seat == first
    free = [k for k in "abc" if k not in st.used_rows[first]]
    assert len(free) == 1
    assert ids(st) == ["third:no", f"third:{free[0]}"]
    vp = st.vp[first]
    st.apply(f"third:{free[0]}")
    assert st.glyphs[st.conflict_region * 2 + first] == 0
    assert free[0] in st.used_rows[first]
    assert st.vp[first] >= vp + 1  # Glyph Carvers
    # the other player has no Glyph here: no third-action decision for them
    while kind(st) not in ("tie", "space", "keep_card", "offer", "ability", "champion"):
        assert not (kind(st) == "third" and st.decision().seat == second)
        st.apply(ids(st)[0])


def test_strength_counts_champion_units_glyphs_tokens_not_pyramids():
    st = at_first_action(2, seed=7, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    r = st.conflict_region
    put(st, st.rid(r), other, 1, 1)
    st.glyphs[r * 2 + other] = 2
    st.pyr[r * 2 + other] = (4, 3, 2)
    st.tokens[other] = 1
    assert st.strength(other, r) == 5
    assert st.strength(owner, r) == 2
    st.abil[owner] = ("chosen_champion",)
    st.dev[owner] = 12
    assert st.strength(owner, r) == 2 + 2
    assert st.strength_parts(other, r) == (0, 2, 2, 1, 0)
    assert st.strength_text(owner, r).endswith(" 4 (Champion 4)")


def test_log_explains_strength_and_majorities():
    """The log names each tribe's Strength with its sources, then the unit counts behind the
    Calendar and Codex majorities, so a player can see why the conflict went as it did."""
    st = at_first_action(2, seed=7, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 2, 1)
    texts = []
    while kind(st) in ("action", "third", "split"):
        d = st.decision()
        oid = "third:no" if d.kind == "third" else d.ids[0] if d.kind == "split" else None
        passes = [i for i in d.ids if i.startswith("pass") and i.endswith(("devotion", "both"))]
        oid = oid or passes[0]
        texts += [e.text for e in st.apply(oid)]
    log = "\n".join(texts)
    assert f"{{seat:{other}}} 3 (units 3)" in log
    assert f"{{seat:{owner}}} 2 (Champion 2)" in log
    assert f"Shamans here: {{seat:{other}}} 2." in log
    assert "passes on row" in log


def _to_strength(st):
    pass_all(st)


def test_strength_winner_takes_the_altar():
    st = at_first_action(2, seed=7, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 2, 2)
    st.altar[st.conflict_region] = "AL01"  # Jade Altar: 4 VP
    vp = st.vp[other]
    devs = list(st.dev)
    _to_strength(st)
    assert st.vpsrc[other][0] == 4
    assert st.vp[other] >= vp + 4
    assert st.dev[other] >= devs[other]


def test_strength_tie_is_settled_by_the_champion_owner_even_when_not_tied():
    st = at_first_action(3, seed=8, gods=("ixchel", "kukulkan", "uayeb"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    a, b = [s for s in range(3) if s != owner]
    put(st, st.rid(st.conflict_region), a, 2, 1)
    put(st, st.rid(st.conflict_region), b, 3, 0)
    st.altar[st.conflict_region] = "AL01"
    _to_strength(st)
    assert kind(st) == "tie"
    d = st.decision()
    assert d.seat == owner
    assert sorted(d.ids) == sorted([f"winner:{a}", f"winner:{b}"])
    st.apply(f"winner:{b}")
    assert st.vpsrc[b][0] == 4 and st.vpsrc[a][0] == 0


def test_owner_may_choose_themself_when_tied():
    st = at_first_action(2, seed=8, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 1, 1)
    st.altar[st.conflict_region] = "AL01"
    _to_strength(st)
    assert kind(st) == "tie"
    assert sorted(ids(st)) == sorted([f"winner:{owner}", f"winner:{other}"])
    st.apply(f"winner:{owner}")
    assert st.vpsrc[owner][0] == 4


def test_no_winner_without_strength_and_no_champion():
    st = at_first_action(2, seed=9, gods=("ixchel", "kukulkan"))
    clear_board(st)
    for i, r in enumerate(st.champs):
        if r == st.conflict_region:
            st.champs[i] = -1
    st.altar[st.conflict_region] = "AL01"  # Jade Altar: 4 VP at once, so a wrong win would show
    vp, tracks = list(st.vp), (list(st.calendar), list(st.codex))
    src = [list(row) for row in st.vpsrc]  # Ixchel's CALL already gave 1 VP
    _to_strength(st)
    assert st.last_strength == {0: 0, 1: 0}
    assert kind(st) not in ("tie", "win")  # nobody settles a tie, nobody wins the region
    assert st.vp == vp and [list(row) for row in st.vpsrc] == src  # no VP from any source
    assert (st.calendar, st.codex) == tracks  # no majority placed a unit on a track


def test_fallback_without_champion_fewest_vp_wins_tie():
    st = at_first_action(2, seed=9, gods=("ixchel", "kukulkan"))
    clear_board(st)
    for i, r in enumerate(st.champs):
        if r == st.conflict_region:
            st.champs[i] = -1
    put(st, st.rid(st.conflict_region), 0, 1, 0)
    put(st, st.rid(st.conflict_region), 1, 1, 0)
    st.vp = [5, 3]
    st.vpsrc = [[0] * 8 + [5], [0] * 8 + [3]]
    st.altar[st.conflict_region] = "AL01"
    _to_strength(st)
    assert st.vpsrc[1][0] == 4


def test_shaman_majority_goes_to_the_calendar_any_free_space():
    st = at_first_action(2, seed=10, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 2, 0)
    put(st, st.rid(st.conflict_region), owner, 1, 1)
    st.calendar[0] = owner  # CAL1 taken
    st.reserve[owner * 2] -= 1
    _to_strength(st)
    while kind(st) != "space":
        st.apply(ids(st)[0])
    assert st.decision().seat == other
    assert ids(st) == ["space:CAL2", "space:CAL3", "space:CAL4", "space:CAL5"]
    vp = st.vp[other]
    st.apply("space:CAL5")  # Chikchan: 3 VP
    assert st.calendar[4] == other
    assert st.vp[other] == vp + 3


def test_majority_needs_a_unit_and_a_free_space():
    st = at_first_action(2, seed=10, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 0, 2)
    for i in range(5):
        st.codex[i] = owner
    st.reserve[owner * 2 + 1] -= 5
    _to_strength(st)
    while kind(st) in ("tie", "region", "split", "build", "hit", "move_god", "space"):
        assert kind(st) != "space"
        st.apply(ids(st)[0])
    assert units(st, st.rid(st.conflict_order[-1]), other) == (0, 0)


def test_shaman_circle_wins_the_tie_and_several_holders_fall_back():
    st = at_first_action(3, seed=12, gods=("ixchel", "kukulkan", "uayeb"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    a, b = [s for s in range(3) if s != owner]
    put(st, st.rid(st.conflict_region), a, 2, 0)
    put(st, st.rid(st.conflict_region), b, 2, 0)
    st.abil[b] = ("shaman_circle",)
    _to_strength(st)
    while kind(st) != "space":
        assert kind(st) != "tie" or st.decision().context["what"] != "Shaman majority"
        st.apply(ids(st)[0])
    assert st.decision().seat == b
    # both hold it: the Champion owner chooses between them
    st2 = at_first_action(3, seed=12, gods=("ixchel", "kukulkan", "uayeb"))
    clear_board(st2)
    put(st2, st2.rid(st2.conflict_region), a, 2, 0)
    put(st2, st2.rid(st2.conflict_region), b, 2, 0)
    put(st2, st2.rid(st2.conflict_region), owner, 2, 0)
    st2.abil[a] = ("shaman_circle",)
    st2.abil[b] = ("shaman_circle",)
    _to_strength(st2)
    while not (kind(st2) == "tie" and st2.decision().context["what"] == "Shaman majority"):
        st2.apply(ids(st2)[0])
    assert sorted(ids(st2)) == sorted([f"winner:{a}", f"winner:{b}"])
    assert st2.decision().seat == owner


def test_war_drums_for_warriors():
    st = at_first_action(2, seed=12, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 0, 1)
    put(st, st.rid(st.conflict_region), owner, 0, 1)
    st.abil[other] = ("war_drums",)
    _to_strength(st)
    while not (kind(st) == "space" and "COD" in ids(st)[0]):
        st.apply(ids(st)[0])
    assert st.decision().seat == other


def test_end_of_conflict_returns_units_and_champion_sacrifices_to_xibalba():
    st = at_first_action(2, seed=13, gods=("ixchel", "kukulkan"))
    clear_board(st)
    r = st.conflict_region
    owner = st.champion_owner(r)
    put(st, st.rid(r), owner, 2, 1)
    st.wrath[owner * 2] = 1
    st.reserve[owner * 2] -= 1
    st.glyphs[r * 2 + owner] = 1
    st.tokens[owner] = 3
    res = list(st.reserve)
    xib = list(st.xib)
    _to_strength(st)
    while st.status[r] != RESOLVED:
        st.apply(ids(st)[0])
    assert units(st, st.rid(r), owner) == (0, 0)
    assert owner * 2 in range(4) and st.champion_owner(r) == -1
    assert st.reserve[owner * 2] + st.calendar.count(owner) == res[owner * 2] + 2
    assert st.xib[owner * 2] >= xib[owner * 2] + 1
    assert st.wrath == [0, 0, 0, 0]
    assert st.glyphs[r * 2 + owner] == 1  # Glyphs stay
    assert st.tokens == [0, 0]
    assert st.kept == [None, None]


def test_kukulkan_may_move_at_the_start_of_each_normal_conflict():
    st = MezoStateFactory.kukulkan()
    d = st.decision()
    assert d.kind == "move_god" and "stay" in d.ids
    g = st.god.index("kukulkan")
    assert d.seat == g
    target = next(i for i in d.ids if i.startswith("vertex:"))
    st.apply(target)
    assert st.data.vertex_ids[st.vertex[g]] == target.split(":")[1]
    assert kind(st) == "keep_card"


class MezoStateFactory:
    @staticmethod
    def kukulkan():
        st = new(2, seed=1, god_1="kukulkan", god_2="ixchel")
        for _step in bounded():
            d = st.decision()
            if d.kind == "move_god" and st.in_conflicts:
                return st
            st.apply(d.options[0].id)


def test_uayeb_buries_once_per_age():
    from tabletop_tui.games.mezo.rules import MezoState

    st = MezoState.new(gods_config(2, "uayeb", "ixchel"), 3)
    st = play_until(st, "bury")
    first = st.conflict_region
    n = len(st.conflict_stack)
    st.apply("bury")
    assert st.conflict_stack[-1] == first
    assert st.conflict_region != first and len(st.conflict_stack) == n
    assert st.bury_used[0]
    # no second offer this Age; the ability is back in Age 2
    while st.age == 1:
        d = st.decision()
        assert d.kind != "bury"
        st.apply(d.options[0].id)
    assert not st.bury_used[0]
    st = play_until(st, "bury")
    assert st.age == 2


def test_ah_puch_gains_1_vp_for_the_first_smite_of_a_conflict_only():
    st = at_first_action(2, seed=3, gods=("ah_puch", "ixchel"))
    clear_board(st)
    put(st, st.rid(st.conflict_region), 1, 3, 0)
    vp = st.vp[0]
    run_effect(st, 0, steps({"op": "smite", "n": 1}))
    assert st.vp[0] == vp + 1
    run_effect(st, 0, steps({"op": "smite", "n": 1}))
    assert st.vp[0] == vp + 1
    assert st.vpsrc[0][7] == 1


def test_cabrakan_gains_1_vp_per_demolish_effect():
    st = at_first_action(2, seed=3, gods=("cabrakan", "ixchel"))
    r = st.conflict_region
    st.glyphs[r * 2 + 1] = 2
    vp = st.vp[0]
    run_effect(st, 0, steps({"op": "demolish", "n": 2}))
    assert st.glyphs[r * 2 + 1] == 0
    assert st.vp[0] == vp + 1
    run_effect(st, 0, steps({"op": "demolish", "n": 1}))
    assert st.vp[0] == vp + 1  # nothing demolished, nothing gained


def test_xolotl_sacrifice_vp_capped_at_2_per_conflict():
    st = at_first_action(2, seed=3, gods=("xolotl", "ixchel"))
    clear_board(st)
    put(st, st.rid(st.conflict_region), 0, 3, 0)
    st.wrath_tiles[0] = "W1-2"  # Obsidian Rain: Strength per unit, no VP
    vp = st.vp[0]
    run_effect(st, 0, steps({"op": "sacrifice", "n": 3}))
    assert st.vp[0] == vp + 2
    assert st.tokens[0] == 3
    assert st.wrath[0] == 3


def test_sacrificed_units_go_to_xibalba_at_end_of_conflict():
    st = at_first_action(2, seed=3, gods=("xolotl", "ixchel"))
    clear_board(st)
    r = st.conflict_region
    put(st, st.rid(r), 0, 2, 0)
    run_effect(st, 0, steps({"op": "sacrifice", "n": 2}))
    xs = st.xib[0]
    pass_all(st)
    while st.status[r] != RESOLVED:
        st.apply(ids(st)[0])
    assert st.xib[0] == xs + 2
    assert st.wrath[0] == 0 and st.wrath[1] == 0
    assert SH == 0 and WA == 1
