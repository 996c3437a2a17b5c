"""The scenarios: what a user does with a 2-in-1, each a script built from a random source."""
from .physics import *  # noqa: F401,F403
from .script import Script


DESK = [0, 0, 1]          # base flat on a table, keyboard up
def R(down, yaw=0.0):
    return pose(down, yaw)


def tilt_down(base_down, deg_about_x):
    return mv(rx(deg_about_x), base_down)


def tent_down(theta):
    """Base reading direction of a symmetric tent at theta (both far edges on the table)."""
    half = math.radians(theta) / 2
    return normalize([0, 1, -math.tan(half)]) if math.cos(half) < 0 else normalize([0, -1, math.tan(half)])


def hand_tablet(kind, back=20):
    """Reading direction of a tablet held in the hand: display and base read alike at 360°."""
    s, c = math.sin(math.radians(back)), math.cos(math.radians(back))
    return {"portrait": [0, -c, -s], "upsideDown": [0, c, -s], "landscapeLeft": [-c, 0, -s],
            "landscapeRight": [c, 0, -s], "faceUp": [0, 0, -1], "faceDown": [0, 0, 1]}[kind]


def sc_desk_open_close(r):
    s = Script(r, R(DESK), 0)
    s.hold(3, "table", tag="closed-desk")
    s.move(r.uniform(0.8, 1.5), theta=r.uniform(100, 125), where="table", tag="open")
    s.hold(6, "table", "typing")
    s.move(0.5, theta=s.theta + r.uniform(5, 15), where="table", tag="adjust")
    s.hold(4, "table")
    s.move(r.uniform(0.7, 1.2), theta=0, where="table", tag="close")
    s.hold(4, "table", tag="closed-desk")
    s.move(1.0, theta=r.uniform(95, 115), where="table", tag="open")
    s.hold(4, "table")
    return s


def sc_fold_360(r):
    s = Script(r, R(DESK), 110)
    s.hold(4, "table")
    s.move(1.5, theta=180, where="table", tag="open-flat")
    s.hold(4, "table", "typing")
    th = r.uniform(285, 310)
    s.move(1.5, theta=th, R=R(tent_down(th)), where="table", tag="fold-tent")
    s.hold(5, "table", "touch", tag="tent")
    s.move(1.5, theta=360, R=R(hand_tablet("portrait", 25)), where="hand", tag="fold-tablet")
    s.hold(5, "hand", tag="tablet-portrait")
    s.move(1.2, theta=110, R=R(DESK), where="hand", tag="unfold")
    s.hold(4, "table")
    return s


def sc_walk_carry(r):
    s = Script(r, R(DESK), r.uniform(100, 120))
    s.hold(4, "table", "typing")
    s.move(1.0, R=R(tilt_down(DESK, 10)), where="hand", tag="pick-up")
    s.hold(15, "hand", "walk", tag="walk-open")
    s.move(0.6, R=R(DESK), where="hand", tag="put-down")
    s.hold(3, "table", "setdown", tag="set-down-hard")
    s.hold(4, "table", "typing")
    return s


def sc_lap_shake(r):
    s = Script(r, R(tilt_down(DESK, r.uniform(5, 15))), r.uniform(105, 125))
    s.hold(3, "lap", tag="lap")
    s.hold(4, "lap", "typing", tag="lap")
    s.hold(10, "lap", "shake", tag="lap-shake")
    s.hold(3, "lap", "typing", tag="lap")
    s.hold(8, "lap", "shake", tag="lap-shake")
    s.hold(4, "lap", tag="lap")
    return s


def sc_side_stand(r):
    s = Script(r, R(DESK), r.uniform(95, 110))
    s.hold(4, "table")
    side = r.choice([[1, 0, 0], [-1, 0, 0]])
    s.move(1.2, R=R(side), where="hand", tag="stand-on-side")
    s.hold(6, "table", tag="on-side")
    s.hold(2, "table", "setdown", tag="on-side")
    s.move(1.2, R=R(DESK), where="hand", tag="lay-down")
    s.hold(3, "table")
    s.move(1.0, theta=0, where="table", tag="close")
    s.hold(3, "table", tag="closed-desk")
    s.move(1.2, R=R([0, -1, 0]), where="hand", tag="stand-on-edge")
    s.hold(4, "table", tag="closed-on-edge")
    s.move(1.2, R=R([-side[0], 0, 0]), where="hand", tag="stand-on-side")
    s.hold(5, "table", tag="closed-on-side")
    s.move(1.2, R=R(DESK), where="hand", tag="lay-down")
    s.hold(3, "table", tag="closed-desk")
    return s


def sc_tent_table(r):
    s = Script(r, R(DESK), 110)
    s.hold(4, "table")
    th = r.uniform(290, 315)
    s.move(2.0, theta=th, R=R(tent_down(th)), where="hand", tag="fold-tent")
    s.hold(8, "table", "touch", tag="tent")
    th2 = th - r.uniform(15, 25)
    s.move(0.6, theta=th2, R=R(tent_down(th2)), where="hand", tag="adjust")
    s.hold(5, "table", "touch", tag="tent")
    s.move(2.0, theta=115, R=R(DESK), where="hand", tag="unfold")
    s.hold(4, "table")
    return s


def sc_stand_table(r):
    s = Script(r, R(DESK), 115)
    s.hold(4, "table")
    th = r.uniform(245, 280)
    s.move(2.0, theta=th, R=R([0, 0, -1]), where="hand", tag="fold-stand")
    s.hold(8, "table", "touch", tag="stand")
    s.hold(2, "table", "setdown", tag="stand")
    s.hold(4, "table", "touch", tag="stand")
    s.move(2.0, theta=110, R=R(DESK), where="hand", tag="unfold")
    s.hold(4, "table")
    return s


def sc_tablet_orientations(r):
    s = Script(r, R([0, 0, -1]), 360)
    s.hold(4, "table", tag="tablet-flat")
    for k in ["portrait", "landscapeLeft", "upsideDown", "landscapeRight", "portrait", "faceDown"]:
        back = r.uniform(10, 35) if k.startswith("landscape") else r.uniform(15, 40)
        s.move(r.uniform(0.6, 1.2), R=R(hand_tablet(k, back), r.uniform(-30, 30)), where="hand", tag="turn")
        s.hold(4, "hand", "touch" if r.random() < 0.5 else None, tag=f"tablet-{k}")
    s.move(1.0, R=R(hand_tablet("landscapeLeft", 5)), where="hand", tag="turn")
    s.hold(5, "hand", tag="tablet-landscape-upright")
    return s


def sc_tablet_walk(r):
    s = Script(r, R(hand_tablet("portrait", 30)), 360)
    s.hold(3, "hand", tag="tablet-portrait")
    s.hold(10, "hand", "walk", tag="walk-tablet")
    s.move(1.0, R=R(hand_tablet("landscapeRight", 15)), where="hand", tag="turn")
    s.hold(10, "hand", "walk", tag="walk-tablet-landscape")
    s.move(1.0, R=R(hand_tablet("portrait", 30)), where="hand", tag="turn")
    s.hold(4, "hand", tag="tablet-portrait")
    return s


def sc_boundaries(r):
    s = Script(r, R(DESK), 120)
    s.hold(3, "table")
    for th in [158 + r.uniform(-2, 2), 172 + r.uniform(-3, 3), 200 + r.uniform(-3, 3)]:
        s.move(1.0, theta=th, R=R(DESK) if th <= 180 else R(tent_down(th)), where="hand", tag="to-edge")
        s.hold(5, "hand", tag="at-edge")
    th = 330 + r.uniform(-3, 3)
    s.move(1.5, theta=th, R=R(tent_down(th)), where="hand", tag="to-edge")
    s.hold(5, "table", "touch", tag="at-edge")
    s.move(1.5, theta=22 + r.uniform(-3, 3), R=R(DESK), where="hand", tag="to-edge")
    s.hold(5, "table", tag="at-edge")
    s.move(0.8, theta=110, where="table", tag="open")
    s.hold(3, "table")
    return s


def sc_slow_sweep(r):
    s = Script(r, R(tilt_down(DESK, 5)), 100)
    s.hold(3, "lap")
    s.move(r.uniform(8, 12), theta=359, R=R(hand_tablet("portrait", 30)), where="hand", tag="slow-fold")
    s.hold(4, "hand", tag="tablet-portrait")
    s.move(r.uniform(0.6, 0.9), theta=105, R=R(tilt_down(DESK, 5)), where="hand", tag="fast-unfold")
    s.hold(4, "lap")
    s.move(r.uniform(0.5, 0.8), theta=0, where="lap", tag="fast-close")
    s.hold(4, "lap", tag="closed-lap")
    return s


def sc_closed_carry(r):
    s = Script(r, R(DESK), 0)
    s.hold(3, "table", tag="closed-desk")
    s.move(1.0, R=R([0, -1, 0.2]), where="hand", tag="pick-up")
    s.hold(8, "hand", "walk", tag="walk-closed")
    s.move(0.8, R=R([1, 0.1, 0.1]), where="hand", tag="turn")
    s.hold(8, "hand", "walk", tag="walk-closed-hinge-vertical")
    s.move(1.0, R=R(DESK), where="hand", tag="put-down")
    s.hold(3, "table", "setdown", tag="set-down-hard")
    s.move(1.0, theta=r.uniform(100, 120), where="table", tag="open")
    s.hold(4, "table", "typing")
    return s


def sc_tent_to_lap_tablet(r):
    th = r.uniform(295, 315)
    s = Script(r, R(tent_down(th)), th)
    s.hold(4, "table", "touch", tag="tent")
    s.move(1.2, theta=360, R=R(hand_tablet("portrait", 50)), where="hand", tag="fold-tablet")
    s.hold(5, "lap", tag="tablet-lap")
    s.hold(8, "lap", "shake", tag="tablet-lap-shake")
    s.move(1.0, theta=180, R=R(DESK), where="hand", tag="unfold-flat")
    s.hold(4, "table", tag="flat")
    s.move(0.8, theta=120, where="table", tag="close-some")
    s.hold(4, "table", "typing")
    return s


def sc_fast_flip(r):
    """Quick flips between two low-rate reads: laptop to tablet in under half a second (the
    hinge crosses the whole tent band between two 2 Hz reads), back, and a quick close. The
    raw angles of 'closed' and 'tablet' are the same; only continuity, the lid switch or the
    way the keyboard faces tells them apart."""
    s = Script(r, R(DESK), r.uniform(100, 120))
    s.hold(4, "table", "typing")
    s.move(r.uniform(0.35, 0.5), theta=360, R=R(hand_tablet("portrait", r.uniform(25, 40))), where="hand", tag="fast-flip")
    s.hold(6, "hand", tag="tablet-portrait")
    s.move(r.uniform(0.4, 0.6), theta=r.uniform(100, 120), R=R(DESK), where="hand", tag="fast-unflip")
    s.hold(4, "table", "typing")
    s.move(r.uniform(0.3, 0.45), theta=0, where="table", tag="fast-close")
    s.hold(4, "table", tag="closed-desk")
    s.move(r.uniform(0.4, 0.6), theta=r.uniform(290, 310), R=R(tent_down(300)), where="hand", tag="fast-tent")
    s.hold(5, "table", "touch", tag="tent")
    s.move(r.uniform(0.3, 0.45), theta=360, R=R([0, 0, -1]), where="hand", tag="fast-fold-flat-tablet")
    s.hold(5, "table", tag="tablet-flat")
    return s


SCENARIOS = [
    ("desk_open_close", sc_desk_open_close),
    ("fold_360", sc_fold_360),
    ("walk_carry", sc_walk_carry),
    ("lap_shake", sc_lap_shake),
    ("side_stand", sc_side_stand),
    ("tent_table", sc_tent_table),
    ("stand_table", sc_stand_table),
    ("tablet_orientations", sc_tablet_orientations),
    ("tablet_walk", sc_tablet_walk),
    ("boundaries", sc_boundaries),
    ("slow_sweep", sc_slow_sweep),
    ("closed_carry", sc_closed_carry),
    ("tent_to_lap_tablet", sc_tent_to_lap_tablet),
    ("fast_flip", sc_fast_flip),
]
RATES = [10, 50, 100]
# Scenarios also (or only) traced at other rates. "low" is the daemon's low rate as it runs
# with nobody listening (PostureHubParameters): both halves read in one wake-up every 500 ms,
# every 100 ms from a reading that moved until one second passes without movement.
SCENARIO_RATES = {"fast_flip": ["low", 10, 100]}
