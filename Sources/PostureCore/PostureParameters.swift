import OrientationCore

/// Every tunable of the posture tracker, in physical units, with the reason for its default.
/// Times are in milliseconds so that 10 Hz polled, 50 Hz and 100 Hz streams behave alike.
public struct PostureParameters: Equatable, Sendable {
    // MARK: Hinge axis near vertical

    /// The hinge angle is the rotation of gravity about the hinge axis (x). With the axis
    /// this many degrees above horizontal, only sin(25°) = 42 % of g lies across the axis, and
    /// 1° of misalignment between the two chips already moves the angle by 2.4°: beyond it
    /// the angle is not measurable (a tablet held in landscape, a laptop stood on its side).
    public var hingeVerticalEnterDegrees: Double = 65
    /// The angle is measurable again once the axis is this low (5° below the limit above), so
    /// hand tremor near the limit does not toggle measurability.
    public var hingeVerticalLeaveDegrees: Double = 60

    // MARK: Validity of one sample

    /// A sample weaker than this is not gravity: the device is dropping or being lifted hard
    /// (|a| below half of g tilts the reading by 30° or more). It is left out, and the posture
    /// holds on what came before.
    public var sampleMagnitudeLowMS2: Double = 0.5 * standardGravity
    /// A sample stronger than this is not gravity either: setting a device down stops it with a
    /// 2–8 g pulse of 6–15 ms that clips a ±2 g chip at its range and leaves the direction
    /// meaningless; a knock or a step's heel strike. Left out like the weak ones.
    public var sampleMagnitudeHighMS2: Double = 1.5 * standardGravity

    // MARK: Filtering each half

    /// Each half's samples go through a median over this span before the low-pass: a set-down's
    /// pulse and its 40–110 Hz ringing last 6–30 ms, one or two samples at 100 Hz, which a
    /// median over 50 ms (five samples at 100 Hz) removes.
    public var medianWindowMs: Double = 50
    /// At lower rates the median takes the last three samples instead (a single bad sample at
    /// 10 Hz outvoted by its neighbours)…
    public var medianMinimumSamples: Int = 3
    /// …when they lie within this span: three 10 Hz polls, one of them up to 60 ms late
    /// (timer slack), span 260 ms. Slower streams (the daemon's 2 Hz at rest) use the newest
    /// sample alone: a median over a second would lag the hinge.
    public var medianMaxSpanMs: Double = 300
    /// Time constant of each half's low-pass after the median. Chip noise of 0.05–0.2 m/s² rms
    /// per axis is up to 1.7° of angle per sample; 100 ms averages it below 0.5° at 100 Hz and
    /// halves it at 10 Hz, and adds 100 ms to a decision, far inside the settle time.
    public var smoothingTimeConstantMs: Double = 100
    /// A half whose previous usable sample is older than this starts its filters afresh: the
    /// hinge may have turned 300° in that time (`maxHingeSpeedDegreesPerSecond`), and smoothing
    /// across the gap would invent angles between the old and the new direction.
    public var filterRestartMs: Double = 300
    /// When a half's median moves further than this from its low-pass value, both halves start
    /// afresh from their medians: the device or the hinge moved (3 m/s² is 18° of direction,
    /// ten times the chip noise), and a low-pass that started from a reading taken during the
    /// motion would drift along the short arc from it (the wrong way round the hinge).
    public var filterJumpMS2: Double = 3

    // MARK: Gates on the filtered readings

    /// Each half's filtered magnitude must lie this close to g. Shared linear acceleration (a
    /// step, a bus, a knee) leaves the angle right, since both halves feel it; what is left
    /// after the filters must still be mostly gravity. 0.6 m/s² of the margin is a chip's gain
    /// error (2–5 % common plus 1.2 % per axis), the rest walking's bob (1–3 m/s²) that the
    /// low-pass did not remove.
    public var filteredMagnitudeToleranceMS2: Double = 0.25 * standardGravity

    // MARK: Pairing the two sensors

    /// A display and a base sample further apart in time than this are not one posture:
    /// turning the device at 90°/s moves gravity by 11° in 120 ms. 120 ms is one period of
    /// a 10 Hz poll plus timer slack, so two sensors read in the same wake-up always pair.
    public var maxSampleSkewMs: Double = 120

    // MARK: Posture bands (docs/posture.md) and hysteresis

    /// Below this the lid is closed.
    public var closedBelowDegrees: Double = 15
    /// Up to this the device is a laptop (keyboard usable).
    public var laptopBelowDegrees: Double = 165
    /// Up to this it lies open flat.
    public var flatBelowDegrees: Double = 195
    /// Up to this it is folded into a tent or stand; beyond, a tablet.
    public var tentBelowDegrees: Double = 335
    /// To leave the reported posture the angle must be this far past the band's edge. The
    /// filtered angle's error is the chips' calibration (offsets up to 0.25 m/s², misalignment
    /// up to 1.5°, per-axis gain: together up to 3°) plus noise and lid wobble left after the
    /// filters (about 1°): 6° keeps a hinge resting on an edge from flickering, and still
    /// reports a hinge resting 10° inside a band, as people leave it (a lid at 176°, a stand
    /// at 205°), with 4° to spare for the calibration error.
    public var bandHysteresisDegrees: Double = 6
    /// A new posture is reported after its band held this long on measurable readings: a
    /// hinge swept from laptop to tablet does not announce every band it passes at a normal
    /// speed (a quick fold takes under a second); a glance (a display pushed past flat and let
    /// go, a pen pressing an easel) stays past the edge for up to 0.3 s and is no posture,
    /// with the low-pass's 0.1 s on top; and the answer still comes within half a second of
    /// the hinge coming to rest.
    public var settleMs: Double = 400

    // MARK: Continuity at 0°/360°

    /// Closed (0°) and folded back (360°) give identical readings. A reading within this
    /// many degrees of the wrap is placed at one end or the other; it covers the angle's
    /// error (±5°) and the closed band (15°) with margin.
    public var wrapZoneDegrees: Double = 20
    /// The fastest a hand turns the hinge: a quick flip from laptop to tablet (about 250°)
    /// takes half a second at the least, and a hand's move (minimum jerk) peaks at 1.9 times
    /// its mean speed: 940°/s. An angle farther from the last known one than this speed
    /// covers in the time since cannot be where the hinge is now: a reading that implies it
    /// is a glitch (a knock, a reading taken mid-flip) and holds; at the wrap it rules out
    /// one end. When both ends can be reached (a flip between two reads at the low rate),
    /// continuity says nothing and the lid switch or the keyboard's facing decides.
    public var maxHingeSpeedDegreesPerSecond: Double = 1000
    /// The error of a last known angle (a filtered reading's, with the bands' hysteresis
    /// margin): a lid resting at one stop cannot be thought to have reached the other
    /// within a quarter of a second, nor a tent at 290° to have been shut between two 10 Hz
    /// readings (285° at 1000°/s takes 0.28 s).
    public var quietAngleErrorDegrees: Double = 5
    /// A lid switch (a magnet in the display's edge over a Hall sensor in the base) reports
    /// the lid shut within the last few degrees of closing. With logind's `LidClosed` false,
    /// a closed-end angle below this contradicts the switch: the reading is the folded end.
    /// Above it (a lid held nearly shut) the switch says nothing about the end.
    public var lidSwitchTripDegrees: Double = 5
    /// When continuity cannot decide and the lid switch does not either, a reading in the wrap zone is
    /// taken as closed when the keyboard faces up by this much (a closed laptop lies on a
    /// table or a lap), as a tablet when it faces down by this much (a folded tablet shows
    /// its screen, tilted back), and is left undecided in between (the posture holds).
    public var keyboardFacingPriorDegrees: Double = 20

    // MARK: Kernel hinge sensors

    /// A kernel hinge-angle sensor (cros-ec-lid-angle, the ISH hinge) reports degrees the
    /// firmware computed; values beyond [0, 360] by more than this are not angles (the EC's
    /// LID_ANGLE_UNRELIABLE is 500), within it they are clamped (rounding of the firmware).
    public var kernelAngleSlackDegrees: Double = 5

    // MARK: Announcing

    /// `HingeAngle` is announced when it moved by this much since the last announcement
    /// (or on a posture change): finer steps would only carry noise over the bus.
    public var angleAnnounceStepDegrees: Double = 5
    /// The last announced angle stays through unmeasurable spells shorter than this, so a
    /// step or a tap does not make `HingeAngle` flicker to -1 and back.
    public var unmeasurableAnnounceMs: Double = 500

    public init() {}

    public static let `default` = PostureParameters()
}
