/// The heading on the move (`PlanarHeading`), for the device (`ClassifierParameters.heading`)
/// and the screen (`ScreenParameters.heading`).
///
/// The physics: a carried device's linear acceleration is mostly along gravity (a walker's or
/// runner's bounce, 0.5–2 g) and fore-aft (along the screen's normal when it leans back).
/// Both lie in the plane of gravity and the screen's normal, so they change the length of
/// gravity's part in the screen's plane, not its direction. Only sideways acceleration turns
/// that direction: a stride's lateral sway of 1–2.5 m/s², a vehicle's cornering up to 3.
/// One strong reading therefore tells which edge is up within about 20°, where averages over a
/// step or a stride, dominated by the bounce, need that long to settle. Device running p95
/// (scripts/score-motion, release builds) went from 262–352 ms to 100–311 on seeds 101–112 and
/// from 175–477 to 21–331 on gait3 seeds 0–23; the tuning set's is in docs/benchmarks.md.
public struct HeadingParameters: Equatable, Sendable {
    /// A reading counts when its part in the screen's plane is at least this long: lateral
    /// sway of 2.5 m/s² then turns it by 23° at most. A runner's flight (the reading near zero)
    /// falls below it. 5 let in readings the sway turns too far (seeds 101–112: one more
    /// third-pose pass, default running 207 → 308 ms); 7 left 10 Hz runners too few.
    public var minimumPlanarMS2: Double = 6
    /// A weaker reading at least this long in the plane is a witness, not a flight: when it
    /// points within `axisDegrees` of the pose's axis it saw the device there, and the strong
    /// readings around it need only `minimumSpanMs` (the flights of the default model's 10 Hz
    /// runs read 1.9–2.2 m/s² in the plane; a 10 Hz runner's stance readings often fall at 4–6).
    /// Device running p95 of 10 Hz gait2 seeds 7 and 8: 326/342 → 224/230 ms, seed 110 311 →
    /// 222; 3.5 left seed 7 at 261, 2.5 changed nothing more.
    public var witnessPlanarMS2: Double = 3
    /// The readings of this last span decide: two or three of a 10 Hz stream.
    public var windowMs: Double = 200
    /// … at least this many of them …
    public var minimumCount: Int = 2
    /// … spanning at least this: a 10 Hz stream's two readings, one up to 25 ms late and the
    /// next on time (scripts/make-motion-traces.py --variant gait4 polls 10 Hz with jitter: 4 %
    /// of its intervals under 85 ms; a quarter turn's pair 78 ms apart, 7° apart, waited 300 ms
    /// more at 85). `spreadDegrees` over it still bounds the turn at 267°/s.
    public var minimumSpanMs: Double = 75
    /// … or at least this when a weak reading falls inside the window (a runner's flight): the
    /// strong readings then saw only part of it, and 90 ms of them at a half turn's fastest
    /// (200°/s) turn less than `spreadDegrees` (RunnerStallTests' recorded half turn showed
    /// its side pose with 85).
    public var interruptedSpanMs: Double = 150
    /// The strong reading before the newest still counts, though older than `windowMs`, when
    /// the two are at most this far apart with only weaker readings between them: a runner's
    /// step (150–180 steps a minute: 330–400 ms), its flight between two stances. A 10 Hz
    /// runner has 3–4 readings a step and 30–42 % of them are flights (gait4), so the stance
    /// readings that agree are often 200–350 ms apart; agreeing within `spreadDegrees` over that
    /// long, the device turned slower than 67°/s. Device running p95 of gait4 seeds 0–9, with
    /// `minimumSpanMs` at 75 and `slowAfterFlightDegreesPerSecond`: max 394 → 231 ms (300
    /// here: seed 6 248; 400 as 350); held out, seeds 20–27: max 581 → 397.
    public var stepPairMs: Double = 350
    /// After a flight or a witness off the axis in the window, the strong readings also count
    /// over less than `interruptedSpanMs` when they turn slower than this, and no such reading
    /// came after the newest of them: a flight before them hid nothing they do not show. 0
    /// (here, for the screen: a glance's far end stands still for an instant, a deep one near
    /// an axis; taken there, gait4 seeds 0–9 glance changes 54 → 64) keeps the longer span; the
    /// device's (`device`) is the bound the longer span gives, `spreadDegrees` per
    /// `interruptedSpanMs`. gait4 10 Hz runs: a flight reading pointing away (the arm's spring
    /// in free fall, 3–5 m/s² at 150–165° from the pose) kept pairs 0.6° and 2.9° apart over
    /// 100 ms waiting 300–400 ms more. Taken with a flight after them too, a half turn's strong
    /// readings turning 124°/s into a flight showed its side pose (default seed 109, 50 Hz).
    public var slowAfterFlightDegreesPerSecond: Double = 0
    /// Every one points within this of the pose's axis in the screen's plane: a turn on the
    /// move stops within 7° of square, plus the hand's wander and the sway. 35° (45° less the
    /// edge hysteresis) took an arm swinging to 60° and back while running for a turn
    /// (SettledOnTheMoveTests.slowSwing), 25° did at 100 Hz.
    public var axisDegrees: Double = 20
    /// … or, when three or more of the last `windowMs` agree, each within this and their mean
    /// direction within `axisDegrees`: a 10 Hz runner's lateral sway (up to 2.5 m/s² on 6 m/s² in
    /// the plane: 23°) turns single stance readings past `axisDegrees` while the device stays put
    /// (gait2 seed 35 ends a quarter turn at −10°, −16°, −22°, −20°). The screen keeps 20 (no
    /// stray). Device (`device`, 25): running p95 of gait2 seed 35 334 → 276 ms, 41 of 135 sets
    /// down, none up; third-pose passes 1477 → 1479 (gait3 seeds 74, 75). Without three
    /// readings (each within 25, step pairs too) gait4 seed 8's hanging phone lifted to read
    /// took portrait then faceUp (a bad change); 23° for all let it through as well.
    public var strayDegrees: Double = 20
    /// … and all within this of each other: the device has stopped turning. A turn on the move
    /// (90–180° in 0.4–1.3 s) sweeps more in 200 ms of its middle, so a half turn's side pose
    /// does not pass for a stop. 25° let 4 more side poses through on seeds 101–112 and gait3
    /// 0–23; 15° cost up to 80 ms.
    public var spreadDegrees: Double = 20
    /// The device leans back from the screen's plane less than this: its stride average, or
    /// after a half turn, whose two poses cancel in the plane, the stride average's z part
    /// against g. Steeper, faceUp is near and a lumbar sensor walking at 42–55° (real corpus,
    /// R02) went to landscape for 0.5 s before faceUp. While running (`GaitRhythm`: quick
    /// turns) a new edge-up pose is also taken when the last step's average leans back less: a
    /// quarter turn inside the stride window shortens the stride average's part in the plane
    /// (two poses 90° apart mixed: to 0.71 of it), not its z, and the step holds less of the
    /// turn. gait2 seed 71: a device leaning back 35° read as 42°, a turn at 23 205 ms taken at
    /// 23 572 where its readings agreed at 23 265. Taken walking too, the real corpus' R02 went
    /// landscapeRight, faceUp, landscapeRight (a bad change).
    public var maximumLeanDegrees: Double = 40
    /// A reading whose z opposes the lean and is longer than the lean's is still kept when its z
    /// is at most this part of its in-plane length (it lies within 27° of the screen's plane):
    /// read as is, it needs an upward specific force of P·(cos β − 0.5·sin β) > 0 for a lean β
    /// under `maximumLeanDegrees`, a stance; reversed, the device falling faster than g by
    /// P·cos β, 4.6 m/s² or more for a strong one. Of such readings 6 m/s² or longer in gait3
    /// 10 Hz run keeps (seeds 0–35) 0 of 1132 pointed more than 20° off the pose, of those from
    /// 0.5 to 1, 451 of 1375 (reversed). Device running p95: gait3 seed 34 401 → 165 ms, seed
    /// 21 331 → 241, seed 15 268 → 115 (0.4: 250, screen 469 → 451 where 0.5 gives 115).
    public var opposedLeanRatio: Double = 0.5
    /// A half turn is taken only when a reading this long in the plane pointed nearest a side
    /// pose since one last pointed nearest the pose left: the device turned through the plane.
    /// A watch on an arm swinging to and fro (real corpus, R_watch_ABD, R_watch_FEL) shrinks
    /// through zero and grows back the other way (24 bad changes without this; 3 m/s² still let
    /// the swing's readings near zero count).
    public var turnEvidenceMS2: Double = 4.5
    /// … and the pose left counts as seen again, ending that evidence, only when this many such
    /// readings in a row pointed nearest it: a device back there reads it more than once, while
    /// one reading pointing back in the middle of a turn is the turn's own acceleration (a 10 Hz
    /// runner's arm spring in a flight, 6–8 m/s² with z against the lean; a fore-aft swing
    /// reversing the in-plane part). Device running p95, 1 → 2: gait4 seed 14 303 → 251 ms, 20
    /// 397 → 310, 12 227 → 201, gait3 seed 11 236 → 89, 16 208 → 100 (gait3 seed 67's worst
    /// trace 418 → 88); no set's went up, and the real corpus' watch swings score as before.
    public var turnBackReadings: Int = 2
    /// A runner's lateral sway swings single strong readings to and fro about the pose's axis
    /// at the stride rate (1.2–1.6 Hz: one side a step), up to `swayDegrees` off it, so that
    /// right after a turn no `windowMs` holds readings `spreadDegrees` together (a 10 Hz gait2
    /// runner: 15°, 25°, 21° off one side, then 11° the other). Over this long (about a step,
    /// the time of a swing from one side to the other; 0: never, the screen's) the heading is
    /// taken when its strong readings, spanning at least `swaySpanMs`, all lie within
    /// `swayDegrees` of an edge-up pose's axis, their mean direction within `axisDegrees`, and
    /// the newest came back by `swayReturnDegrees` from the farthest, which is neither the
    /// newest nor the oldest: the heading turned back. A turn into the pose comes in from one
    /// side (its farthest reading is the oldest); one through it (a half turn's side pose,
    /// 150°/s or more) leaves the cone within 170 ms and moves on; an arm swinging to 60° and
    /// back (SettledOnTheMoveTests.slowSwing) turns back 30° from the neighbouring pose's axis,
    /// its mean further. Device (`device`, 400): running p95 of gait2 seeds 50–55, 60–75, 80–83,
    /// 4 sets over 300 ms (max 358) → none (max 264, with `maximumLeanDegrees`' step);
    /// third-pose passes and bad changes as before, the corpora unchanged.
    public var swayWindowMs: Double = 0
    /// … its strong readings spanning at least this: two stances of a 10 Hz runner, so that a
    /// flight does not hide readings outside the cone.
    public var swaySpanMs: Double = 200
    /// … each within this of the pose's axis: lateral sway of 2.5 m/s² on 6 m/s² in the plane
    /// (23°) plus the arm's swing in the plane (gait2: up to 9.5°).
    public var swayDegrees: Double = 35
    /// … and the newest back from the farthest by at least this (a turn's noise and the hand's
    /// tremor move a reading 1–3°).
    public var swayReturnDegrees: Double = 10

    public init() {}

    /// The device's (`ClassifierParameters.heading`): a slow pair counts after a flight.
    public static var device: HeadingParameters {
        var parameters = HeadingParameters()
        parameters.slowAfterFlightDegreesPerSecond = parameters.spreadDegrees / parameters.interruptedSpanMs * 1000
        parameters.strayDegrees = 25
        parameters.swayWindowMs = 400
        return parameters
    }
}
