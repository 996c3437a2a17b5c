import OrientationCore

/// What the tracker announces: the posture and the hinge angle after a change of either.
public struct PostureUpdate: Equatable, Sendable {
    /// Time of the sample (or lid event) that caused the update, µs, the samples' clock.
    public var timeUs: Int64
    public var posture: Posture
    public var previousPosture: Posture
    /// Degrees in [0, 360]; nil while it cannot be measured (`-1` on D-Bus).
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
    /// The `HingeAngle` property: degrees, or -1 while not measurable.
    public var hingeAngleOnBus: Double { hingeAngle ?? -1 }
}

/// Why the latest reading gave no angle (for logs and tests).
public enum UnmeasurableReason: String, Sendable {
    /// The display and the base samples are further apart than `maxSampleSkewMs`.
    case skew
    /// A half's magnitude is far from g, or the two magnitudes disagree.
    case accelerating
    /// Quiet, but not yet for `quietWindowMs`.
    case settling
    /// The hinge axis is near vertical: gravity has no part across it.
    case hingeVertical
    /// Closed and folded back read alike, and nothing decides between them: both ends were
    /// within reach of the last known angle, no lid switch says open, the keyboard faces
    /// neither up nor down.
    case undecided
    /// The kernel hinge sensor gave no angle (the EC's LID_ANGLE_UNRELIABLE, a value out of range).
    case sensorUnreliable
}

/// Turns display and base accelerometer samples into a hinge angle and a posture.
///
/// Feed it every sample of both sensors in time order, each as soon as it is read:
/// `process(display:)` and `process(base:)`, or `process(display:base:timeUs:)` when both were
/// read in one wake-up; or, on machines with a kernel hinge-angle sensor, its readings with
/// `process(hingeAngle:timeUs:)` (the angle is the firmware's: no gates, the same bands,
/// hysteresis and settle time). Each call returns an update when the posture changes or the announced
/// hinge angle moves (by `angleAnnounceStepDegrees`, or to/from "not measurable"); otherwise nil.
/// Tell it logind's `LidClosed` with `setLidClosed(_:atUs:)` whenever it changes (nil: no lid
/// switch): a closed lid is 0° and `closed` at once.
///
/// A reading (the newest sample of each half) yields an angle only when both samples are within
/// `maxSampleSkewMs`, both halves read gravity alone for `quietWindowMs` (magnitudes near g and
/// alike) and the hinge axis is not near vertical. Closed and folded back read alike: a reading
/// near 0°/360° is placed at the end the hinge can have reached since the last known angle
/// (`maxHingeSpeedDegreesPerSecond`),
/// else at the folded end when the lid switch says open, else by the way the keyboard faces,
/// else it is undecided. Otherwise the posture holds and, after
/// `unmeasurableAnnounceMs`, the angle is announced as not measurable. A new posture is
/// reported once its band (with hysteresis, `PostureBands`) held for `settleMs`.
///
/// Pure: no clock, no I/O; times come with the samples (µs, any monotonic clock).
public struct PostureTracker: Sendable {
    public let parameters: PostureParameters
    /// The reported posture; `unknown` until the first measured angle or closed lid.
    public private(set) var posture: Posture = .unknown
    /// The announced hinge angle; nil while not measurable.
    public private(set) var hingeAngle: Double?
    /// The angle of the latest reading (not rounded to announcement steps); nil when that
    /// reading could not be measured.
    public private(set) var measuredAngle: Double?
    /// Why the latest reading gave no angle; nil when it gave one.
    public private(set) var unmeasurableReason: UnmeasurableReason?
    /// logind's `LidClosed`; nil when the machine has no lid switch.
    public private(set) var lidClosed: Bool?

    private let bands: PostureBands
    private var display: Sample?
    private var base: Sample?
    private var smoothDisplay = Vector3.zero
    private var smoothBase = Vector3.zero
    private var quietSinceUs: Int64?
    private var quietReadings = 0
    private var lastReadingUs: Int64?
    private var hingeVertical = false
    /// The last known hinge angle and when it was known: continuity across 0°/360°.
    private var anchor: Anchor?
    private var pending: Posture?
    private var pendingSinceUs: Int64 = 0
    private var unmeasurableSinceUs: Int64?

    private let skewUs: Int64
    private let gapUs: Int64
    private let quietWindowUs: Int64
    private let settleUs: Int64
    private let unmeasurableAnnounceUs: Int64

    public init(parameters: PostureParameters = .default) {
        self.parameters = parameters
        bands = PostureBands(parameters: parameters)
        skewUs = Self.microseconds(parameters.maxSampleSkewMs)
        gapUs = Self.microseconds(parameters.gapRestartMs)
        quietWindowUs = Self.microseconds(parameters.quietWindowMs)
        settleUs = Self.microseconds(parameters.settleMs)
        unmeasurableAnnounceUs = Self.microseconds(parameters.unmeasurableAnnounceMs)
    }

    /// A display accelerometer sample (gravity in the display's §1 frame, after its matrix).
    public mutating func process(display sample: Sample) -> PostureUpdate? {
        guard sample.gravity.isFinite else { return nil }
        let previous = display
        display = sample
        smooth(&smoothDisplay, with: sample, after: previous)
        return evaluate(at: sample.timeUs)
    }

    /// A base accelerometer sample (gravity in the base's §1 frame, after its matrix).
    public mutating func process(base sample: Sample) -> PostureUpdate? {
        guard sample.gravity.isFinite else { return nil }
        let previous = base
        base = sample
        smooth(&smoothBase, with: sample, after: previous)
        return evaluate(at: sample.timeUs)
    }

    /// Both sensors read at the same time (one poll, one trace line).
    public mutating func process(display d: Vector3, base b: Vector3, timeUs: Int64) -> PostureUpdate? {
        guard d.isFinite, b.isFinite else { return nil }
        let previousDisplay = display, previousBase = base
        display = Sample(timeUs: timeUs, gravity: d)
        base = Sample(timeUs: timeUs, gravity: b)
        smooth(&smoothDisplay, with: display!, after: previousDisplay)
        smooth(&smoothBase, with: base!, after: previousBase)
        return evaluate(at: timeUs)
    }

    /// logind's `LidClosed` changed (nil: no lid switch). Closing reports 0° and `closed` at
    /// once; opening lets the sensors take over, continuing from 0°.
    public mutating func setLidClosed(_ closed: Bool?, atUs t: Int64) -> PostureUpdate? {
        lidClosed = closed
        return closed == true ? forceClosed(at: t) : nil
    }

    /// A reading of a kernel hinge-angle sensor, degrees (nil: the sensor gave no angle).
    public mutating func process(hingeAngle degrees: Double?, timeUs t: Int64) -> PostureUpdate? {
        lastReadingUs = t
        if lidClosed == true { return forceClosed(at: t) }
        let slack = parameters.kernelAngleSlackDegrees
        var angle: Double?
        if let degrees, degrees.isFinite, degrees >= -slack, degrees <= 360 + slack {
            angle = min(360, max(0, degrees))
            unmeasurableReason = nil
            anchor = Anchor(degrees: angle!, timeUs: t)
        } else {
            unmeasurableReason = .sensorUnreliable
        }
        measuredAngle = angle
        return decide(angle, at: t)
    }

    // MARK: - Per reading

    private mutating func evaluate(at t: Int64) -> PostureUpdate? {
        guard let d = display, let b = base else { return nil }
        if let last = lastReadingUs, t < last || t - last > gapUs { quietSinceUs = nil }
        lastReadingUs = t
        if lidClosed == true { return forceClosed(at: t) }

        let angle = measure(d, b, at: t)
        measuredAngle = angle
        return decide(angle, at: t)
    }

    /// Bands, hysteresis and settle time for the angle of one reading (nil: not measurable).
    private mutating func decide(_ angle: Double?, at t: Int64) -> PostureUpdate? {
        let before = posture
        var committed = false
        if let angle {
            unmeasurableSinceUs = nil
            let target = bands.propose(angle, current: posture)
            if target == posture {
                pending = nil
            } else if pending == target {
                if t - pendingSinceUs >= settleUs {
                    posture = target
                    pending = nil
                    committed = true
                }
            } else {
                pending = target
                pendingSinceUs = t
            }
        } else {
            // The band must prove itself again on measurable readings.
            pending = nil
            if unmeasurableSinceUs == nil { unmeasurableSinceUs = t }
        }
        return announce(at: t, angle: angle, committed: committed, previous: before)
    }

    /// The hinge angle of the current reading, or nil with `unmeasurableReason` set.
    private mutating func measure(_ d: Sample, _ b: Sample, at t: Int64) -> Double? {
        let p = parameters
        guard abs(d.timeUs - b.timeUs) <= skewUs else {
            return unmeasurable(.skew)
        }
        let dm = d.gravity.magnitude, bm = b.gravity.magnitude
        guard abs(dm - p.standardGravity) <= p.magnitudeToleranceMS2,
              abs(bm - p.standardGravity) <= p.magnitudeToleranceMS2,
              abs(dm - bm) <= p.magnitudeDisagreementMS2
        else {
            return unmeasurable(.accelerating)
        }
        if quietSinceUs == nil {
            quietSinceUs = t
            quietReadings = 0
            smoothDisplay = d.gravity
            smoothBase = b.gravity
        }
        quietReadings += 1
        guard quietReadings >= 2, t - quietSinceUs! >= quietWindowUs else {
            unmeasurableReason = .settling
            return nil
        }
        let elevation = max(HingeGeometry.hingeElevationDegrees(smoothDisplay),
                            HingeGeometry.hingeElevationDegrees(smoothBase))
        hingeVertical = elevation > (hingeVertical ? p.hingeVerticalLeaveDegrees : p.hingeVerticalEnterDegrees)
        guard !hingeVertical else {
            unmeasurableReason = .hingeVertical
            return nil
        }
        let raw = HingeGeometry.rawAngleDegrees(display: smoothDisplay, base: smoothBase)
        guard let angle = place(raw, at: t) else {
            unmeasurableReason = .undecided
            return nil
        }
        anchor = Anchor(degrees: angle, timeUs: t)
        unmeasurableReason = nil
        return angle
    }

    /// Places a raw angle on [0, 360]. Away from the wrap it is the raw angle. Near 0°/360° it
    /// is the end the hinge can have reached from the last known angle in the time since;
    /// when both can (or there is no last angle): the folded end if the lid switch says open
    /// and the closed end would be shut, else the end the last known angle was at, else the
    /// end the keyboard's facing suggests; else nil.
    private func place(_ raw: Double, at t: Int64) -> Double? {
        let p = parameters
        guard let ends = HingeGeometry.wrapEnds(raw: raw, wrapZone: p.wrapZoneDegrees) else { return raw }
        let closedReachable = reachable(ends.closed, at: t), foldedReachable = reachable(ends.folded, at: t)
        if closedReachable != foldedReachable { return closedReachable ? ends.closed : ends.folded }
        // Neither end: a jump no hand makes (a glitch); both: continuity cannot tell.
        guard closedReachable else { return nil }
        if lidClosed == false && ends.closed < p.lidSwitchTripDegrees { return ends.folded }
        // Last known at a stop, unseen since (hinge vertical, moving): a hinge is far likelier
        // to have stayed at its stop than to have swung through every band unseen.
        if let anchor, anchor.degrees < p.wrapZoneDegrees { return ends.closed }
        if let anchor, anchor.degrees > 360 - p.wrapZoneDegrees { return ends.folded }
        let up = HingeGeometry.keyboardUpDegrees(smoothBase)
        if up >= p.keyboardFacingPriorDegrees { return ends.closed }
        if up <= -p.keyboardFacingPriorDegrees { return ends.folded }
        return nil
    }

    /// The hinge can be at `degrees` now, given the last known angle and the fastest a hand turns it.
    private func reachable(_ degrees: Double, at t: Int64) -> Bool {
        guard let anchor else { return true }
        let seconds = Double(max(0, t - anchor.timeUs)) / 1_000_000
        return abs(degrees - anchor.degrees) - parameters.quietAngleErrorDegrees <= parameters.maxHingeSpeedDegreesPerSecond * seconds
    }

    private mutating func unmeasurable(_ reason: UnmeasurableReason) -> Double? {
        unmeasurableReason = reason
        quietSinceUs = nil
        return nil
    }

    private mutating func announce(at t: Int64, angle: Double?, committed: Bool, previous: Posture) -> PostureUpdate? {
        var announced = hingeAngle
        if committed {
            announced = angle
        } else if let angle {
            if hingeAngle.map({ abs(angle - $0) >= parameters.angleAnnounceStepDegrees }) ?? true {
                announced = angle
            }
        } else if hingeAngle != nil, let since = unmeasurableSinceUs, t - since >= unmeasurableAnnounceUs {
            announced = nil
        }
        guard committed || announced != hingeAngle else { return nil }
        hingeAngle = announced
        return PostureUpdate(timeUs: t, posture: posture, previousPosture: previous, hingeAngle: announced)
    }

    private mutating func forceClosed(at t: Int64) -> PostureUpdate? {
        anchor = Anchor(degrees: 0, timeUs: t)
        measuredAngle = 0
        unmeasurableReason = nil
        unmeasurableSinceUs = nil
        pending = nil
        let before = posture
        guard before != .closed || hingeAngle != 0 else { return nil }
        posture = .closed
        hingeAngle = 0
        return PostureUpdate(timeUs: t, posture: .closed, previousPosture: before, hingeAngle: 0)
    }

    /// One half's low-pass while the reading is quiet; `measure` restarts it otherwise.
    private func smooth(_ filtered: inout Vector3, with sample: Sample, after previous: Sample?) {
        guard quietSinceUs != nil, let previous, sample.timeUs > previous.timeUs else {
            filtered = sample.gravity
            return
        }
        let dtMs = Double(sample.timeUs - previous.timeUs) / 1000
        filtered = filtered + (sample.gravity - filtered) * (dtMs / (parameters.smoothingTimeConstantMs + dtMs))
    }

    private static func microseconds(_ ms: Double) -> Int64 { Int64(ms * 1000) }

    private struct Anchor: Sendable {
        var degrees: Double
        var timeUs: Int64
    }
}

extension PostureTracker {
    /// Convenience for traces: every update of a paired trace.
    public mutating func process(_ rows: [PostureTrace.Row]) -> [PostureUpdate] {
        var updates: [PostureUpdate] = []
        for row in rows {
            if let update = process(display: row.display, base: row.base, timeUs: row.timeUs) {
                updates.append(update)
            }
        }
        return updates
    }
}
