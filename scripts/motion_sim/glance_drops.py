"""glance_drop_* and drop_turn_*: glances in the hand, standing or walking, each with a gap in
the samples (a dropout) before its apex, across it or on the way back; and the same hand turning
for real (staying at the other edge pose) under a dropout placed around the turn's end (the
truth changes: an end the dropout hid is due after it, scripts/dropout_latency.py)."""

from .shapes import *  # noqa: F401,F403
from .bodies import *  # noqa: F401,F403
from .script import *  # noqa: F401,F403
from .families import rotation_to_new_pose

# Where a glance's dropout falls: the data come back on the way out (the gap may begin in the
# hold before the glance), the gap covers the apex, or it begins on the way back (and may reach
# into the hold after it: the whole return hidden).
PLACES = ("before", "across", "after")
# Dropouts of a glance: from one sample lost at 10 Hz to the 0.8 s a suspended bus read or a
# resumed sensor takes. Those hiding a turn are at least GAP_MS (300) of scripts/dropout_latency.py,
# so that the scorer counts each as a dropout.
GLANCE_GAP_MS, TURN_GAP_MS = (100, 800), (300, 800)


def places(rnd, n):
    """n placements, as even a share of each as n allows, in a random order."""
    out = [PLACES[i % len(PLACES)] for i in range(n)]
    rnd.shuffle(out)
    return out


def gap_at(rnd, t0, apex, end, place, gap):
    """(start, end) ms of a dropout of `gap` ms in a movement from t0 whose apex (the turning
    point, or a turn's end) is at `apex` and which ends at `end`."""
    if place == "before":
        back = rnd.uniform(t0 + 0.2 * (apex - t0), apex)
        return back - gap, back
    if place == "across":
        first = rnd.uniform(apex - 0.9 * gap, apex - 0.1 * gap)
        return first, first + gap
    first = rnd.uniform(apex, end - 0.2 * (end - apex))
    return first, first + gap


def note(place, gap, t0, apex="apex"):
    return f"dropout {place} the {apex} {gap[0] - t0:.0f}+{gap[1] - gap[0]:.0f}ms"


def glance_with_gap(sc, rnd, toward, place):
    """A glance of 40-90 degrees in 0.4-1.2 s, as the other families' glances (one smooth bump, a raised cosine, or, up to 70
    degrees, out-stop-back) with a dropout placed as `place` says."""
    amp, ms = rnd.uniform(40, 90), rnd.uniform(400, 1200)
    shape = rnd.choice((bump, raised_cosine, stop_and_go) if amp <= 70 else (bump, raised_cosine))
    t0 = sc.t
    gap = gap_at(rnd, t0, t0 + ms / 2, t0 + ms, place, rnd.uniform(*GLANCE_GAP_MS))
    sc.glance(toward * amp, ms, shape, f"{shape.__name__} {toward * amp:.0f}deg/{ms / 1000:.2f}s " + note(place, gap, t0))
    sc.gaps.append(gap)


def glance_drops(out, rnd):
    """glance_drop_*: 12 traces x 18 glances (6 of each placement), from portrait (standing
    and walking) and landscapeLeft, at 10, 25, 50 and 100 Hz, hand tremor and sway; the screen
    must keep its first answer. drop_turn_*: 8 traces of 9 turns, each with a dropout, by
    hand and walking, at the same rates."""
    for start, walking in (("portrait", False), ("portrait", True), ("landscapeLeft", False)):
        for rate in (10, 25, 50, 100):
            sc = Script(POSE_PHI[start], rnd.uniform(5, 25))
            kind, tag = ("keep", "walk") if walking else ("hold", "hand")
            sc.hold(2500, kind, tag)
            toward = rnd.choice((1, -1)) if start == "portrait" else -1
            for place in places(rnd, 18):
                glance_with_gap(sc, rnd, toward, place)
                sc.hold(rnd.uniform(2000, 3000), kind, tag)
            name = f"glance_drop_{start}_{'walk' if walking else 'hand'}_{rate}hz"
            write(out, name, render(sc, rate, rnd, Hand(rnd, True), moving_with(rnd, walking)), sc,
                  f"18 glances with dropouts from {start}, {'walking' if walking else 'in the hand'}, {rate} Hz")
    for walking in (False, True):
        for rate in (10, 25, 50, 100):
            sc = hidden_turns(rnd, walking)
            write(out, f"drop_turn_{'walk' if walking else 'hand'}_{rate}hz",
                  render(sc, rate, rnd, Hand(rnd, True), moving_with(rnd, walking)), sc,
                  f"turns like glances that stay, each with a dropout, {rate} Hz")


def moving_with(rnd, walking):
    act = Activity("walk", rnd)
    return (lambda t: act) if walking else None


def hidden_turns(rnd, walking):
    """9 turns to another edge pose (ending within 10 degrees of its axis) in 0.6-1.5 s, the
    hand moving as for a glance but staying; each turn's dropout ends before the turn's end,
    covers it, or begins in the 0.3 s after it (a third each)."""
    sc = Script(0.0, rnd.uniform(10, 25))
    kind, tag = ("keep", "walk") if walking else ("hold", "hand")
    sc.hold(3000, kind, tag)
    for place in places(rnd, 9):
        d, ms, t0 = rotation_to_new_pose(sc, rnd, 10), rnd.uniform(600, 1500), sc.t
        ms *= 1.3 if abs(d) > 120 else 1
        gap = gap_at(rnd, t0, t0 + ms, t0 + ms + 300, place, rnd.uniform(*TURN_GAP_MS))
        sc.turn(d, ms, tag="move")
        sc.truth[-1].append(f"turn {d:.0f}deg/{ms / 1000:.2f}s " + note(place, gap, t0, "end"))
        sc.gaps.append(gap)
        sc.hold(rnd.uniform(3500, 5000), kind, tag, event=1)
    return sc
