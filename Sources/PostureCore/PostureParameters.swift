/// Every tunable of the posture tracker, in physical units, with the reason for its default.
/// Times are in milliseconds so that 10 Hz polled, 50 Hz and 100 Hz streams behave alike.
public struct PostureParameters: Equatable, Sendable {
    /// Standard gravity, m/s². Real chips read 9.6–10.2 at rest (gain error), which the
    /// magnitude tolerances below allow for.
    public var standardGravity: Double = 9.80665

    // MARK: Hinge axis near vertical

    /// The hinge angle is the rotation of gravity about the hinge axis (x). With the axis
    /// this many degrees above horizontal, only sin(25°) = 42 % of g lies across the axis, and
    /// 1° of misalignment between the two chips already moves the angle by 2.4°: beyond it
    /// the angle is not measurable (a tablet held in landscape, a laptop stood on its side).
    public var hingeVerticalEnterDegrees: Double = 65
    /// The angle is measurable again once the axis is this low (5° below the limit above), so
    /// hand tremor near the limit does not toggle measurability.
    public var hingeVerticalLeaveDegrees: Double = 60

    // MARK: Acceleration gates

    /// A reading whose magnitude is further than this from g is not gravity alone (a step,
    /// a tap, setting the device down). 0.4 m/s² of it is chip gain error; the remaining
    /// 0.6 m/s² of linear acceleration tilts the vector by at most 3.5°.
    public var magnitudeToleranceMS2: Double = 1.0
    /// The two halves read different magnitudes while one accelerates relative to the other:
    /// the display swinging on its hinge, or wobbling after a knock (a ±3° lid wobble at 6 Hz
    /// gives the display 10 m/s² that the base does not feel). A rigid device shares linear
    /// acceleration, which leaves the angle correct. Two chips' gain errors differ by up to
    /// 0.6 m/s², hence the margin.
    public var magnitudeDisagreementMS2: Double = 0.8
    /// Both halves must have passed both gates for this long (two readings at the least)
    /// before an angle counts: one step's impact or a lid bounce lasts less than this.
    public var quietWindowMs: Double = 200
    /// Smoothing of each half's gravity vector while quiet. 60 ms averages chip noise
    /// (about 0.03 m/s² rms, 0.3° of angle) without delaying a decision perceptibly.
    /// The filters restart at every reading that fails a gate, so a knock never lingers.
    public var smoothingTimeConstantMs: Double = 60

    // MARK: Pairing the two sensors

    /// A display and a base sample further apart in time than this are not one posture:
    /// turning the device at 90°/s moves gravity by 11° in 120 ms. 120 ms is one period of
    /// a 10 Hz poll plus timer slack, so two sensors read in the same wake-up always pair.
    public var maxSampleSkewMs: Double = 120
    /// A pause in readings longer than this (sensors stopped, system suspended) makes the
    /// quiet window meaningless: it restarts. Longer than the one-second period of the
    /// daemon's low rate at rest, with margin.
    public var gapRestartMs: Double = 2500

    // MARK: Posture bands (CONVENTIONS §5) and hysteresis

    /// Below this the lid is closed.
    public var closedBelowDegrees: Double = 15
    /// Up to this the device is a laptop (keyboard usable).
    public var laptopBelowDegrees: Double = 165
    /// Up to this it lies open flat.
    public var flatBelowDegrees: Double = 195
    /// Up to this it is folded into a tent or stand; beyond, a tablet.
    public var tentBelowDegrees: Double = 335
    /// To leave the reported posture the angle must be this far past the band's edge: the
    /// angle's error under hand tremor, lid wobble and chip misalignment is about ±5°, so a
    /// hinge resting on a boundary never flickers.
    public var bandHysteresisDegrees: Double = 10
    /// A new posture is reported after its band held this long on measurable readings: a
    /// hinge swept from laptop to tablet does not announce every band it passes at a normal
    /// speed (a quick fold takes under a second), and the answer still comes within a
    /// second of the hinge coming to rest.
    public var settleMs: Double = 250

    // MARK: Continuity at 0°/360°

    /// Closed (0°) and folded back (360°) give identical readings. A reading within this
    /// many degrees of the wrap is placed at one end or the other; it covers the angle's
    /// error (±5°) and the closed band (15°) with margin.
    public var wrapZoneDegrees: Double = 20
    /// The fastest a hand turns the hinge: a quick flip from laptop to tablet (about 250°)
    /// takes half a second at the least. An end of the wrap farther from the last known
    /// angle than this speed covers in the time since cannot be where the hinge is now; when
    /// both ends can be reached (a flip between two reads at the low rate: 250° in 0.5 s),
    /// continuity says nothing and the lid switch or the keyboard's facing decides.
    public var maxHingeSpeedDegreesPerSecond: Double = 540
    /// The error of a last known angle (a quiet reading's: the ±5° of the bands'
    /// hysteresis): a lid resting at one stop cannot be thought to have reached the other
    /// within a few hundred milliseconds, nor a tent at 290° to have been shut in one 0.5 s
    /// interval of the low rate (285° at 540°/s takes 0.53 s).
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
