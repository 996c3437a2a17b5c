/// What the tracker announces: the posture and the hinge angle after a change of either.
public struct PostureUpdate: Equatable, Sendable {
    /// Time of the sample (or lid event) that caused the update, µs, the samples' clock.
    public var timeUs: Int64
    public var posture: Posture
    public var previousPosture: Posture
    /// Degrees in [0, 360]; nil while it cannot be measured.
    public var hingeAngle: Double?

    public init(timeUs: Int64, posture: Posture, previousPosture: Posture, hingeAngle: Double?) {
        self.timeUs = timeUs
        self.posture = posture
        self.previousPosture = previousPosture
        self.hingeAngle = hingeAngle
    }

    /// True when `Posture` changed (emit `PostureDidChange(posture, previousPosture)`).
    public var postureChanged: Bool { posture != previousPosture }
    /// The `TabletMode` property and the `SW_TABLET_MODE` state.
    public var tabletMode: Bool { posture.isTabletMode }
}

/// Why the latest reading gave no angle (for logs and tests).
public enum UnmeasurableReason: String, Sendable {
    /// The display and the base samples are further apart than `maxSampleSkewMs`.
    case skew
    /// A half's latest sample is not gravity (its magnitude is outside
    /// `sampleMagnitudeLowMS2`…`sampleMagnitudeHighMS2`: a drop, a set-down's pulse, a clipped
    /// chip), or a half's filtered magnitude is further than `filteredMagnitudeToleranceMS2`
    /// from g, or a half's latest sample jumped away from its filtered value (`filterJumpMS2`)
    /// and no sample has confirmed the new value yet.
    case accelerating
    /// The hinge axis is near vertical: gravity has no part across it.
    case hingeVertical
    /// The angle is one the hinge cannot have reached from the last known angle in the time
    /// since (`maxHingeSpeedDegreesPerSecond`): a reading taken mid-motion.
    case unreachable
    /// Closed and folded back read alike, and nothing decides between them: both ends were
    /// within reach of the last known angle, no lid switch says open, the keyboard faces
    /// neither up nor down.
    case undecided
    /// The kernel hinge sensor gave no angle (the EC's LID_ANGLE_UNRELIABLE, a value out of range).
    case sensorUnreliable
}
