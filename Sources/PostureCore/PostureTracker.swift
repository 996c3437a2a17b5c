import OrientationCore

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
/// Each half's samples are filtered on their own (`GravityFilter`: samples that are not gravity
/// left out, a short median, a low-pass). A reading (the two filtered halves) yields an angle
/// when both latest samples were gravity-like and within `maxSampleSkewMs` of each other, both
/// filtered magnitudes lie near g, and the hinge axis is not near vertical; shared linear
/// acceleration (walking, a lap) leaves the angle right and is not refused. `HingeContinuity`
/// then places the angle: one the hinge cannot have reached from the last known angle is a
/// glitch, and near 0°/360° the reachable end is taken, else the folded end when the lid switch
/// says open, else the stop the hinge was last seen at, else the keyboard's facing decides,
/// else it is undecided. Otherwise the posture holds and, after `unmeasurableAnnounceMs`, the
/// angle is announced as not measurable. A new posture is reported once its band (with
/// hysteresis, `PostureBands`) held for `settleMs`.
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
    private var display: GravityFilter
    private var base: GravityFilter
    private var hingeVertical = false
    /// A half's latest usable sample jumped away from its low-pass; none has agreed since.
    private var displayUnconfirmed = false, baseUnconfirmed = false
    /// The last known hinge angle and when it was known: continuity across 0°/360°.
    private var continuity: HingeContinuity
    private var pending: Posture?
    private var pendingSinceUs: Int64 = 0
    private var unmeasurableSinceUs: Int64?

    private let skewUs: Int64
    private let settleUs: Int64
    private let unmeasurableAnnounceUs: Int64

    public init(parameters: PostureParameters = .default) {
        self.parameters = parameters
        bands = PostureBands(parameters: parameters)
        display = GravityFilter(parameters: parameters)
        base = GravityFilter(parameters: parameters)
        continuity = HingeContinuity(parameters: parameters)
        skewUs = Self.microseconds(parameters.maxSampleSkewMs)
        settleUs = Self.microseconds(parameters.settleMs)
        unmeasurableAnnounceUs = Self.microseconds(parameters.unmeasurableAnnounceMs)
    }

    /// A display accelerometer sample (gravity in the display's §1 frame, after its matrix).
    public mutating func process(display sample: Sample) -> PostureUpdate? {
        guard sample.gravity.isFinite else { return nil }
        restartIfJumped(display.add(sample), nil)
        return evaluate(at: sample.timeUs)
    }

    /// A base accelerometer sample (gravity in the base's §1 frame, after its matrix).
    public mutating func process(base sample: Sample) -> PostureUpdate? {
        guard sample.gravity.isFinite else { return nil }
        restartIfJumped(nil, base.add(sample))
        return evaluate(at: sample.timeUs)
    }

    /// Both sensors read at the same time (one poll, one trace line).
    public mutating func process(display d: Vector3, base b: Vector3, timeUs: Int64) -> PostureUpdate? {
        guard d.isFinite, b.isFinite else { return nil }
        restartIfJumped(display.add(Sample(timeUs: timeUs, gravity: d)), base.add(Sample(timeUs: timeUs, gravity: b)))
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
        if lidClosed == true { return forceClosed(at: t) }
        let slack = parameters.kernelAngleSlackDegrees
        var angle: Double?
        if let degrees, degrees.isFinite, degrees >= -slack, degrees <= 360 + slack {
            angle = min(360, max(0, degrees))
            unmeasurableReason = nil
            continuity.know(angle!, at: t)
        } else {
            unmeasurableReason = .sensorUnreliable
        }
        measuredAngle = angle
        return decide(angle, at: t)
    }

    // MARK: - Per reading

    private mutating func evaluate(at t: Int64) -> PostureUpdate? {
        guard display.latestUs != nil, base.latestUs != nil else { return nil }
        if lidClosed == true { return forceClosed(at: t) }

        let angle = measure(at: t)
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

    /// A jump in either half's median (m/s² from its low-pass) restarts both low-passes, so the
    /// pair stays one moment's, and leaves the reading unconfirmed until a sample agrees with
    /// the new value: a single sample taken while the hinge swings (a flip's centripetal and
    /// tangential acceleration on the display's arm) can read any angle.
    private mutating func restartIfJumped(_ displayJump: Double?, _ baseJump: Double?) {
        let limit = parameters.filterJumpMS2
        if let displayJump { displayUnconfirmed = displayJump > limit }
        if let baseJump { baseUnconfirmed = baseJump > limit }
        guard (displayJump ?? 0) > limit || (baseJump ?? 0) > limit else { return }
        display.restartLowPass()
        base.restartLowPass()
    }

    /// The hinge angle of the current reading, or nil with `unmeasurableReason` set.
    private mutating func measure(at t: Int64) -> Double? {
        let p = parameters
        guard let dUs = display.latestUs, let bUs = base.latestUs, abs(dUs - bUs) <= skewUs else {
            return unmeasurable(.skew)
        }
        let d = display.filtered, b = base.filtered
        guard display.usable, base.usable, !displayUnconfirmed, !baseUnconfirmed,
              abs(d.magnitude - standardGravity) <= p.filteredMagnitudeToleranceMS2,
              abs(b.magnitude - standardGravity) <= p.filteredMagnitudeToleranceMS2
        else {
            return unmeasurable(.accelerating)
        }
        let elevation = max(HingeGeometry.hingeElevationDegrees(d), HingeGeometry.hingeElevationDegrees(b))
        hingeVertical = elevation > (hingeVertical ? p.hingeVerticalLeaveDegrees : p.hingeVerticalEnterDegrees)
        guard !hingeVertical else { return unmeasurable(.hingeVertical) }
        let raw = HingeGeometry.rawAngleDegrees(display: d, base: b)
        switch continuity.place(raw, at: t, lidClosed: lidClosed, base: b) {
        case .angle(let angle):
            continuity.know(angle, at: t)
            unmeasurableReason = nil
            return angle
        case .unreachable:
            return unmeasurable(.unreachable)
        case .undecided:
            return unmeasurable(.undecided)
        }
    }

    private mutating func unmeasurable(_ reason: UnmeasurableReason) -> Double? {
        unmeasurableReason = reason
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
        continuity.know(0, at: t)
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

    private static func microseconds(_ ms: Double) -> Int64 { Int64(ms * 1000) }
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
