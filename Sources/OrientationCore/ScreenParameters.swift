/// Every tunable of the screen orientation (`ScreenOrientationRule`), in physical units, with
/// the reason for its default. Times are in milliseconds, like `ClassifierParameters`.
///
/// The design problem: a glance (a tilt of 40–90° toward another pose that comes straight back
/// within 0.4–1.2 s) and a deliberate rotation both make the classifier report the new pose
/// while the device still turns. They differ in how they stop. A turn decelerates into a hold:
/// angular velocity and acceleration both fade, tremor stays. A glance made as one movement
/// reverses with its largest acceleration (a smooth out-and-back of amplitude A over D seconds
/// peaks at about 20·A/D²: over 1 000°/s² for the slowest deep glance, 90° in 1.2 s). A glance
/// made as two movements (out, stop, back: Flash & Hogan's minimum jerk, A − 10·A·|δ/T|³ near
/// the stop) does stand still for an instant, like the end of a turn; it is told apart by where
/// it stops (40–70° glances stop 20° or more from the axis, turns end within a few degrees in
/// the screen's plane) and, away from the axis, by time: its turning point turns slower than
/// `steadyDegreesPerSecond` over `speedIntervalMs` (3.2°) for 144 ms at most (A = 50°,
/// T = 0.6 s), 244 ms as a 10 Hz stream sees it; `dwellMs` is above that.
/// Measured with `scripts/score-motion` (scripts/make-motion-traces.py) and the corpora.
public struct ScreenParameters: Equatable, Sendable {
    // MARK: The smoothed direction and how it turns

    /// Smoothing of the gravity direction before its turning is measured. 25 ms halves
    /// physiological hand tremor (8–12 Hz, under 1°) and sensor noise, and lags a real movement
    /// by only 25 ms: the end of a turn is seen soon after it.
    public var smoothingTimeConstantMs: Double = 25
    /// A second measurement of the same hold and steady paths smooths this much. A vehicle's
    /// vibration (engine and road, 8–30 Hz) passes the 25 ms smoothing at half its size or more
    /// and makes the direction seem to turn at 20–60°/s after a turn has ended in a car or bus,
    /// above the hold's 30°/s and often the steady 40°/s: the screen waited for the steady dwell
    /// or the stride average, 400–1 000 ms after the turn while the device had followed at once
    /// (scripts/score-motion, move_car and move_bus). 75 ms quarters the slowest of that band
    /// (8 Hz: 1/√(1 + (2π·8·0.075)²)). Glances stay out: a linear smoothing turns the parabola of
    /// a reversal into a parabola of the same angular acceleration, only later, so its time under
    /// `holdDegreesPerSecond` stays 2·ω/α; the turn's end is seen later than through 25 ms, so
    /// this adds a path and removes none. No glance of seeds 1–16 (288 each) turned the screen
    /// with 75 ms nor with 150 ms.
    public var vibrationSmoothingTimeConstantMs: Double = 75
    /// The turning speed is measured between the smoothed direction now and the newest one at
    /// least this old. Just under the 10 Hz polling
    /// period (100 ms ± timer jitter), so a 10 Hz stream compares consecutive samples; close to
    /// the period of physiological tremor (83–125 ms), which therefore mostly cancels out.
    public var speedIntervalMs: Double = 80

    // MARK: Hold: a turn that has ended (quick path, near the pose's axis)

    /// A hold turns slower than this. Hand sway (0.5–1.5 Hz, 1–3°) turns at up to 25°/s and
    /// the smoothed tremor adds a few; a minimum-jerk turn of 90° decelerates through 30°/s
    /// only 40–90 ms before it stops.
    public var holdDegreesPerSecond: Double = 30
    /// The hold speed is measured in the screen's plane (which edge is up); leaning back and
    /// forth may go on, slower than this. A hand settling its lean after a turn moves at
    /// 30–60°/s (the real corpus, R01); a turn over the top (portrait to upside down through
    /// faceUp, which keeps the in-plane direction) turns at 150°/s or more.
    public var holdLeanDegreesPerSecond: Double = 90
    /// How long the speed must stay below `holdDegreesPerSecond`. A reversal with angular
    /// acceleration α stays below a speed ω for 2·ω/α: 90 ms at 30°/s means α under 670°/s².
    /// The smooth glances that reverse within `holdAxisDegrees` of an axis (75–90° out and back
    /// within 1.2 s) reverse at 1 000°/s² or more (a raised cosine of 75° over 1.2 s: 58 ms
    /// under 30°/s), while the end of a turn, whose acceleration fades to zero, stays below it
    /// for good. Tremor (8–12 Hz) can cancel part of a glance's speed near its turning point
    /// and stretch that: 60 ms let one through on the tuning set, 80 ms one or two on 5 of 25
    /// other draws (scripts/make-motion-traces.py --seed N), 85 ms none; 90 ms keeps a margin.
    /// It costs 4 ms of screen p95 on the public corpus (243 → 247 ms); 100 ms cost 32.
    public var holdMs: Double = 90
    /// The quick path asks the smoothed direction to be this near the pose's axis in the
    /// screen's plane (leaning back does not count). A glance that stops (40–70°) stops 20° or
    /// more from the axis; hand sway moves it up to 3°. Deeper glances pass the axis without a
    /// hold.
    public var holdAxisDegrees: Double = 15

    // MARK: Still: the device does not move at all (quickest path, near the pose's axis)

    /// The raw gravity direction (no smoothing, so no lag) stays within this of where it is now
    /// for `stillMs`. 0.25° is 0.04 m/s² across g: a quiet chip's noise (0.01 m/s² RMS) and its
    /// 1 mg steps mostly stay inside, so a device on a stand or a mount takes this path; a
    /// noisier chip (0.02 m/s² and more) or a hand's tremor (up to 1°) often does not, and then
    /// the hold below decides, as if this path were not there.
    public var stillDegrees: Double = 0.25
    /// How long. A glance reversing with angular acceleration α stays within δ of one point for
    /// at most √(8·δ/α): 45 ms at 0.25° for the gentlest glance that reaches an axis (75° out
    /// and back in 1.2 s, 1 000°/s²). Sensor noise blurs that: the generated chips' 0.03 m/s²
    /// is 0.18° per sample, so the samples ±30 ms around a turning point (0.5° apart at
    /// 1 100°/s²) can agree within 0.25° by chance: 60 ms let a 80° glance through on one of 25
    /// other draws, 65 ms none, 70 ms none on 40 draws (±35 ms: 0.67° apart). The polled
    /// reader's fast reads come 15 ms after the first that moved, then every 20 ms, so 70 ms is
    /// reached at the same read as 60 ms (the fifth); 80 ms cost a read, +20–80 ms on the
    /// polled step median of scripts/bench-iio. A minimum-jerk turn of 90° in 0.4 s is within
    /// 0.25° of its stop 26 ms before it ends, so the screen follows about 45 ms after the
    /// motion ends (plus the next read); a step, once the readings at the new direction span
    /// 70 ms. A stop-and-go glance does stand still at its turning point, but 20° or more from
    /// the axis: the still path asks `holdAxisDegrees` too.
    public var stillMs: Double = 70
    /// … and over at least this many samples, the newest included. Two samples straddling a
    /// glance's turning point symmetrically agree however far it went between them (10 Hz:
    /// each 50 ms from the turning point); a third, 100 ms from it, is ½·α·t² = 5° away at
    /// α = 1 000°/s². Two let 90° glances at 10 Hz turn the screen (scripts/make-motion-traces.py
    /// --seed 3 and 5). At 50 Hz and faster the 70 ms hold more than three samples anyway.
    public var stillMinimumSamples: Int = 3

    // MARK: Steady: an ambiguous stop (slow path, anywhere in the pose)

    /// Turning slower than this counts as held steadily. A hand holding a device sways at
    /// 5–30°/s; a deliberate rotation turns at 100–600°/s.
    public var steadyDegreesPerSecond: Double = 40
    /// How long the device must have turned slower than `steadyDegreesPerSecond`, in the pose
    /// the classifier reports, when it stopped away from the axis. Above the 244 ms a
    /// stop-and-go glance's turning point can look steady (see above).
    public var dwellMs: Double = 300

    // MARK: On the move: stride-averaged gravity

    /// While walking, running or riding no hold comes: gravity is averaged over this window,
    /// one stride of walking (a step is 0.5 s), which cancels the periodic accelerations.
    public var strideWindowMs: Double = 1000
    /// The stride average counts only once it spans this much (after a start or a gap).
    public var strideMinimumSpanMs: Double = 500
    /// … but after a gap in the hand (not carried before it: `ResumeParameters.carriedBounceMS2`)
    /// only once it spans nearly the whole window (a 10 Hz stream's samples span 900–1000 ms of
    /// it). A glance's average keeps 25° from the far pose's axis only over the whole window
    /// (`strideAxisDegrees`): 500 ms around the apex of a 90° glance in 1.2 s average 78° (12°
    /// from the axis), 800 ms 64°, 950 ms 56°. A dropout hiding a glance's way out left only
    /// its apex and way back to average, and the screen took the glance (10 Hz, data back
    /// 250 ms before the apex). In the hand, the hold answers a turn long before.
    public var strideMinimumSpanInHandMs: Double = 900
    /// … and when its length is that of g within this (linear acceleration averaged out).
    public var strideMagnitudeToleranceMS2: Double = 1.5
    /// A stride or step average that fails only its length check keeps the pose it was near
    /// (and how long) while the stride average, within this of g, still points near that pose's
    /// axis. Sampled at 10 or 25 Hz a runner's 3 Hz step gives a few readings a step, so both
    /// averages over-weight one phase and swing 8-14 m/s² long (make-motion-traces.py
    /// --variant gait3), and each swing restarted the stride and step holds: the screen
    /// followed a turn 0.6-1.3 s after the device. The classifier's `strideKeepsCandidateMS2`.
    public var strideKeepsEvidenceMS2: Double = 4
    /// The stride average must point within this of the pose's axis in the screen's plane
    /// (which edge is up; leaning back does not count: people read leaning the device back
    /// 30–45° while walking, and 35° in space kept the screen of a device leaned 40° back
    /// waiting for `unsteadyFallbackMs`, 2.0–2.1 s p95 while running,
    /// scripts/make-motion-traces.py --variant gait2). The flattest glance, a raised cosine of
    /// 90° over 1.2 s, brings the one-second average to about 31° of the axis in that plane
    /// at best (39° in space with a 25° lean); 35° let a glance through on one of 26 draws of
    /// the glance generator, 30° none; 25° keeps a margin. A rotation made on the move ends
    /// within ±8° of the axis and walking sway adds ±3–8°.
    public var strideAxisDegrees: Double = 25
    /// … for this long: the average's nearest approach during a glance is an instant, a
    /// rotation made while walking stays. No generated glance brings the 1 s average inside
    /// 35° at all, so this is only a margin against a stride's residual (±6°, changing over a
    /// stride, not within 50 ms); 100 ms cost 7 ms of on-the-move p95 (804 against 797 ms),
    /// 0 ms makes the screen wait for nothing but the device pose (scripts/score-motion).
    public var strideHoldMs: Double = 50

    // MARK: On the move for longer than a glance: the last step's average

    /// Loud readings for longer than a glance lasts: the step and heading paths' condition.
    public var onTheMove = OnTheMoveParameters()
    /// The step average: the classifier's (`stepWindowMs`, a running step), which holds only the
    /// new pose soon after a rotation made on the move while the 1 s stride average still mixes.
    public var stepWindowMs: Double = 350
    /// The step average counts only once its samples span this much: four readings of a
    /// 10 Hz stream (300 ms, ±16 ms of timer jitter), so three (200 ms) never do. 90 % of the
    /// window (315 ms) let a 10 Hz stream take the step path only when jitter stretched its four
    /// readings: screen on the move p95 at 10 Hz 701 → 583 ms, running 692 → 534 ms
    /// (scripts/score-motion, seeds 0–8), glances and bad changes unchanged (0).
    public var stepMinimumSpanMs: Double = 250
    /// Its length may be this far from g: a runner's residual, 0.9 m/s over 0.35 s
    /// (`ClassifierParameters.settledStepMagnitudeToleranceMS2`).
    public var stepMagnitudeToleranceMS2: Double = 3
    /// It must point within `strideAxisDegrees` of the pose's axis for this long: longer than
    /// the step average of a glance made while walking stays there. The deepest and slowest
    /// (80–90° in 1.05–1.2 s) held it there 150–200 ms at 10 and 25 Hz (`--variant gait4`
    /// seeds 0–9, with `headingHoldMs`: screen glance changes 12 at 150 ms, 8 at 200, 2 at
    /// 250); held out, seeds 10–15: 32 changes before both holds, 4 with `headingHoldMs` alone,
    /// 0 with both. Cost, on the 78 sets of `headingHoldMs`: screen p95 on the move outside
    /// dropouts at most 426 → 434 ms (mean of the sets' p95 225 → 251 ms), screen running at
    /// most 512 → 563 ms. (Before, 80 and 150 ms gave the same figures: a margin against the
    /// step's residual sway, ±6° changing within a step.)
    public var stepHoldMs: Double = 250
    /// … but only this long for the pose opposite the screen's (a half turn: portrait to upside
    /// down, landscape to landscape). No glance reaches it (40–90° out and back), and a half
    /// turn's side pose, which the step average passes and can stand in for 150–200 ms while
    /// running (RunnerStallTests), keeps `stepHoldMs`: 100 ms for every pose let the screen show
    /// that side pose 3 more times (seeds 202–204). 50 ms is the stride path's margin
    /// (`strideHoldMs`). Screen running p95 (scripts/score-motion) gait2 302 → 288 ms, seeds
    /// 202 253 → 220, 203 322 → 308, 205 228 → 221, 206 316 → 307, held out 101–112 ≤ 352 (102
    /// 351 → 270, 104 296 → 262); no new third-pose pass, bad change or glance change, corpora
    /// unchanged.
    public var oppositeStepHoldMs: Double = 50
    /// On the move for `onTheMove`, the strong readings' heading (`PlanarHeading`) is taken
    /// at once, as the classifier takes it.
    public var heading = HeadingParameters()
    /// … once it has been steady there for this long, from the first steady reading to the
    /// last: a glance made while walking (40–90° out and back in 0.4–1.2 s, the device carried
    /// for longer than `onTheMove` before it) makes the heading steady at once where it dwells
    /// near the far pose, 200 ms past 70° for the deepest and slowest. With 0 the screen took
    /// 21 of 26 such glances of `--variant gait4` seeds 0–9 (52 changes); 30–60 ms left 16
    /// changes, 100–250 ms 12 (the rest by the step path, `stepHoldMs`). Cost: screen running
    /// p95 on 78 sets (default, gait2, seeds 101–121, gait3 0–35, gait2 5–9, gait4 0–9) at most
    /// 394 → 512 ms, as a 10 Hz runner's heading is steady only at some steps.
    public var headingHoldMs: Double = 100

    // MARK: Gaps and the last resort

    /// A pause in samples longer than this restarts the motion measurements (the device could
    /// have turned and come back unseen): the hold must be seen again after it. Two 10 Hz
    /// polling periods and a late wake-up.
    public var gapRestartMs: Double = 250
    /// After such a pause the hold counts from the first sample, once the speed has been
    /// measured below `holdDegreesPerSecond` twice and over this many `speedIntervalMs` (three
    /// readings of a 10 Hz stream). One measurement is not enough: two readings straddling a
    /// glance's turning point agree however far it went; nor do overlapping ones (at 25 Hz and
    /// faster a speed is measured at every sample, over the last 80 ms: with one interval's
    /// span, glances a dropout hid turned the screen, HandResumeTests). Two disjoint intervals below 30°/s mean an angular
    /// acceleration under 750°/s² (a parabola centred between them moves ½·α·(80 ms)² in each),
    /// about what `holdMs` asks. Before, the hold started at the first measurement and a 10 Hz
    /// stream held in the hand waited for its fourth reading after a dropout (300 ms;
    /// `--variant gait4 --seed 14`, drop_hand_10hz).
    public var restartHoldSpanIntervals: Int = 2
    /// … and no hold is measured before this many smoothing time constants have passed since the
    /// first sample. The smoothing starts at that sample and lags more with every one after it,
    /// so a turn reads slower than it is: over the first 10 Hz period the vibration smoothing
    /// (75 ms) moves 57 % of the way and a glance turning at 52°/s reads 30°/s; two time
    /// constants in, the speed reads above 80 % of the truth. A deep glance a dropout hid, back
    /// 90 ms before its apex at 10 Hz, turned the screen through that smoothing.
    public var restartSettleTimeConstants: Double = 2
    /// After such a pause the first data may answer at once, when the classifier reports the
    /// pose they agree on and the device was carried on the move before the pause
    /// (`ResumeParameters.carriedBounceMS2`, ResumeAfterDropoutTests).
    public var resume = ResumeParameters()
    /// A pose the classifier has reported this long is taken whatever the evidence: longer than
    /// the longest glance (1.2 s, out and back).
    public var unsteadyFallbackMs: Double = 1500

    public init() {}

    public static let `default` = ScreenParameters()
}
