"""Task cards (B3.4, B10.2, D12): every condition, its check moment, the tracks and scoring."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.frames import EndOfAge, Majority, Strength, TaskScore
from tabletop_tui.games.mezo.rules import SOURCES, SRC_TASK
from tabletop_tui.games.mezo.solo import CAL, COD, PLAYER, VG, VG_WON, WON

from .helpers import REG, clear_board, play_until, put, run_effect, steps
from .solo_helpers import at_action, calm, run_frames, solo, vg_run


def with_task(card: int, side: str, seed: int = 0):
    st = at_action(seed)
    st.task_card, st.task_side = card, side
    st.task_tokens = [0, 0]
    return st


def test_conquest_needs_the_win_and_both_tracks_in_one_conflict():
    st = with_task(1, "A")
    st.flags[WON] = st.flags[CAL] = True
    st._tasks("after_conflict")
    assert st.task_tokens == [0, 0]
    st.flags[COD] = True
    st._tasks("after_conflict")
    st._tasks("end_of_age")  # not its moment
    assert st.task_tokens == [1, 0]


def test_conquest_vengeful_goal_is_a_win_in_your_champions_region():
    st = with_task(1, "A")
    st.champs[0] = REG["A"]
    st.flags[VG_WON] = True
    st._tasks("after_conflict")  # here is F
    assert st.task_tokens == [0, 0]
    st.champs[0] = st.conflict_region
    st._tasks("after_conflict")
    assert st.task_tokens == [0, 1]


def test_conquest_is_met_through_a_real_conflict():
    st = with_task(1, "A")
    clear_board(st)
    st.champs[0] = st.conflict_region
    put(st, "F", PLAYER, shamans=1, warriors=1)
    lines = run_frames(st, Strength(), Majority(0))
    assert st.flags[WON] and st.decision().kind == "space"
    st.apply(st.decision().ids[0])
    while st.decision().kind != "space":
        st.apply(st.decision().ids[0])
    assert st.flags[CAL]
    st.apply(st.decision().ids[0])  # the Warrior to the Codex; the conflict then ends
    assert lines and st.task_tokens[PLAYER] == 1


def test_sacred_rites_counts_blessed_region_wins_only():
    st = with_task(1, "B")
    st.flags[WON] = True
    st._tasks("after_conflict")  # a normal region
    assert st.task_tokens == [0, 0]
    st.blessed = st.conflict_region
    st._tasks("after_conflict")
    st.flags = [False, True, False, False]
    st._tasks("after_conflict")
    assert st.task_tokens == [1, 1]


def test_sacred_rites_in_a_real_blessed_conflict():
    st = solo(0)
    play_until(st, "task_side")
    st.task_card = 1
    st._decision_cache = None
    st.apply("task:B")
    play_until(st, "offer", chooser=calm)
    st.apply("offer:0")
    if st.decision() and st.decision().kind == "offer":
        st.apply("offer:0")
    assert sorted(st.task_tokens) == [0, 1]  # exactly one side won the Blessed Region


def test_builders_of_stone_counts_new_pyramids_when_they_start():
    st = with_task(2, "A")
    r = st.conflict_region
    run_effect(st, PLAYER, steps({"op": "build_pyramid", "n": 1}))
    if st.decision().kind == "build":
        st.apply("size:4")
    assert st.pyr[r * 2 + PLAYER] == (4,) and st.task_tokens == [1, 0]
    run_effect(st, PLAYER, steps({"op": "build_pyramid", "n": 1}))
    st.apply(st.decision().ids[0])
    assert len(st.pyr[r * 2 + PLAYER]) == 2 and st.task_tokens == [1, 0]  # not a new one
    vg_run(st, {"op": "build_pyramid", "n": 1})
    vg_run(st, {"op": "build_pyramid", "n": 1})
    assert st.task_tokens == [1, 1]


def test_keepers_of_the_count_is_checked_at_end_of_age_before_the_tracks_empty():
    st = with_task(2, "B")
    st.calendar[:3] = [PLAYER, PLAYER, PLAYER]
    st.reserve[0] -= 3
    st.vg_calendar[:] = [1, 1, 0, 0]
    st.vg_codex[:] = [1, 1, 0, 0]
    st.reserve[VG * 2] -= 2
    st.reserve[VG * 2 + 1] -= 2
    st.stack = [EndOfAge()]
    st._decision_cache = None
    st._run()
    assert st.task_tokens == [1, 1]
    assert st.calendar.count(PLAYER) == 0 and st.vg_calendar == [0] * 4


def test_keepers_of_the_count_thresholds():
    st = with_task(2, "B")
    st.calendar[:2] = [PLAYER, PLAYER]
    st.reserve[0] -= 2
    st.vg_codex[:] = [1, 1, 1, 0]
    st.reserve[VG * 2 + 1] -= 3
    st._tasks("end_of_age")
    assert st.task_tokens == [0, 0]


def test_a_full_track_takes_no_more_tokens():
    st = with_task(1, "B")
    st.blessed = st.conflict_region
    st.flags[WON] = True
    for _ in range(5):
        st._tasks("after_conflict")
    assert st.task_tokens == [3, 0]
    st.check_invariants()


@pytest.mark.parametrize(
    ("tokens", "player_vp", "vengeful_vp"), [((0, 0), 0, 0), ((1, 2), 4, 9), ((3, 3), 15, 15)]
)
def test_each_side_scores_its_rightmost_covered_circle(tokens, player_vp, vengeful_vp):
    st = with_task(1, "B")  # both tracks 4 / 9 / 15
    st.task_tokens = list(tokens)
    before = (st.vp[PLAYER], st.vp[VG])
    run_frames(st, TaskScore())
    assert st.vp[PLAYER] - before[0] == player_vp
    assert st.vp[VG] - before[1] == vengeful_vp
    assert st.vpsrc[PLAYER][SOURCES.index(SRC_TASK)] == player_vp


def test_the_task_card_is_in_the_view_with_its_tokens():
    st = with_task(2, "A")
    st.task_tokens = [2, 1]
    task = st.view(PLAYER)["solo"]["task"]
    assert task["name"] == "Builders of Stone"
    assert task["player"]["tokens"] == 2 and task["player"]["value"] == 7
    assert task["vengeful"]["tokens"] == 1 and task["vengeful"]["value"] == 4
    assert task["player"]["check"] == "on_event"
