/// Turns timestamped gravity readings into orientation changes.
///
/// It looks at how the device moves and picks the gravity estimate that is trustworthy now:
/// - **still** (every sample within `stillToleranceMS2` of the short-term estimate for
///   `stillWindowMs`, magnitude near g): the short-term estimate, reported at once;
/// - **quiet** (turning in the hand: no linear acceleration for `quietWindowMs`): the
///   short-term estimate, reported once it held `quietSettleMs`;
/// - **busy** (walking, vehicles, shaking): the average over one stride, reported once it
///   held `busySettleMs`, and only while its magnitude is near g;
/// - **heading on the move** (`PlanarHeading`, first of the busy readings): the strong readings
///   of the last 200 ms agree on an edge-up pose in the screen's plane, where bounce and
///   fore-aft swing do not turn them: that pose at once (a half turn only after the heading
///   passed a side pose), and the reported pose kept while they agree with it;
/// - **settled on the move**: the same stride average, reported after only
///   `settledSettleMs` when the average over the last step (`stepWindowMs`) points well
///   inside the same pose (`settledAxisDegrees`): the device has stopped turning, and the
///   stride average is only catching up (its length may then be short of g by a rotation
///   inside the window, `settledMagnitudeDeficitMS2`);
/// - **step-led on the move**: the last step's average, reported after `settledSettleMs`, when
///   it points well inside a new edge-up pose and the stride average is past the midpoint
///   toward it (`stepLedMagnitudeDeficitMS2`), or, after a half turn (the opposite pose), points
///   within `halfTurnStrideAxisDegrees` of it in the screen's plane whatever its length; after a
///   half turn, running, the step alone after `halfTurnStepSettleMs`; after a quarter turn,
///   running, the step alone when it held still (`steadyStepLagMs`) for `steadyTurnSettleMs`.
/// Right after a violent sample a still reading of a new pose needs the settled evidence too (the
/// step average agrees, the stride average as long as g): a shake's turning point and a
/// vibration motor's aliased buzz are still only for an instant. Every step average used must
/// be as long as g within `settledStepMagnitudeToleranceMS2` / `busyStepMagnitudeToleranceMS2`;
/// step-led and settled, it may lean back if within `leaningStepAxisDegrees` in the plane.
/// After a jump from one rest to another faster than a hand moves (`restJump.maxMs`: a vibration
/// motor spinning up, or an offset of one size since such a jump) no new pose but the one before
/// is taken until the reading is back, lands from a rest that was not gravity at another
/// distance, or rests put away from the offset's circle (`RestJumpGuard`).
/// Whatever the estimate, a new pose must win by the hysteresis margin (`PoseHysteresis`).
/// A gap in samples restarts the filters and keeps the reported pose; the first data after it
/// may answer at once (`ResumeWindow`).
///
/// Pure: no clock, no I/O. Feed it samples in time order with `process(_:)`.
public struct OrientationClassifier: Sendable {
    public let parameters: ClassifierParameters
    /// What is reported now; `unknown` until the first stable reading.
    public private(set) var orientation: Orientation = .unknown

    // Internal, not private, for the busy path's readings (BusyReadings.swift, RunningTurns.swift).
    let hysteresis: PoseHysteresis
    private var restJump: RestJumpGuard
    private var poseBeforeJump: Orientation = .unknown
    private(set) var stride: StrideAverage  // and the step average (`stepWindowMs`) of its newest samples
    private(set) var gait: GaitRhythm
    private(set) var heading: PlanarHeading
    private(set) var onTheMove: OnTheMove
    private var resume: ResumeWindow
    private var samplesSinceReset = 0
    private(set) var lastTimeUs: Int64 = 0
    private var shortEstimate = Vector3.zero
    private var lastViolentUs: Int64 = 0
    /// The first violent reading after a stride window measured without one (`shakeOnsetAgrees`).
    private(set) var violentOnsetUs: Int64 = .min / 2
    /// When the heading (`headingReading`) gave the pose reported now; nil when another path did.
    private(set) var headingAnsweredUs: Int64?
    private(set) var candidate: Orientation?
    private var candidateSinceUs: Int64 = 0

    // Parameters converted once to the units of the per-sample path.
    private let gapUs: Int64
    private let stillWindowUs: Int64
    private let firstAnswerWindowUs: Int64
    private let firstAnswerMinCos: Double
    private let quietWindowUs: Int64
    private let strideWindowUs: Int64
    private let strideMinimumSpanUs: Int64
    private let stillToleranceSquared: Double
    let settledAxisCos: Double
    let leaningStepAxisCos: Double
    let halfTurnStrideAxisCos: Double
    let steadyStepLagUs: Int64
    let steadyStepAxisCos: Double
    let headingLeanCos: Double
    let headingMaximumLeanMS2: Double
    let stepWindowUs: Int64
    private var lastResetUs: Int64 = 0

    public init(parameters: ClassifierParameters = .default) {
        self.parameters = parameters
        hysteresis = PoseHysteresis(parameters: parameters)
        restJump = RestJumpGuard(parameters: parameters)
        gait = GaitRhythm(parameters: parameters)
        heading = PlanarHeading(parameters: parameters.heading)
        onTheMove = OnTheMove(parameters: parameters.onTheMove)
        resume = ResumeWindow(parameters: parameters.resume)
        stepWindowUs = Self.microseconds(parameters.stepWindowMs)
        stride = StrideAverage(windowUs: Self.microseconds(parameters.strideWindowMs), stepWindowUs: stepWindowUs)
        settledAxisCos = cosineApproximation(parameters.settledAxisDegrees * .pi / 180)
        leaningStepAxisCos = cosineApproximation(parameters.leaningStepAxisDegrees * .pi / 180)
        halfTurnStrideAxisCos = cosineApproximation(parameters.halfTurnStrideAxisDegrees * .pi / 180)
        steadyStepLagUs = Self.microseconds(parameters.steadyStepLagMs)
        steadyStepAxisCos = cosineApproximation(parameters.steadyStepAxisDegrees * .pi / 180)
        headingLeanCos = cosineApproximation(parameters.heading.maximumLeanDegrees * .pi / 180)
        headingMaximumLeanMS2 = standardGravity * cosineApproximation((90 - parameters.heading.maximumLeanDegrees) * .pi / 180)
        gapUs = Self.microseconds(parameters.gapResetMs)
        stillWindowUs = Self.microseconds(parameters.stillWindowMs)
        firstAnswerWindowUs = Self.microseconds(parameters.firstAnswerWindowMs)
        firstAnswerMinCos = cosineApproximation(parameters.firstAnswerMaxTiltDegrees * .pi / 180)
        quietWindowUs = Self.microseconds(parameters.quietWindowMs)
        strideWindowUs = Self.microseconds(parameters.strideWindowMs)
        strideMinimumSpanUs = Self.microseconds(parameters.strideMinimumSpanMs)
        stillToleranceSquared = parameters.stillToleranceMS2 * parameters.stillToleranceMS2
    }

    /// Feeds one sample. Returns the new orientation when the reported one changes.
    /// Samples with non-finite components are ignored.
    public mutating func process(_ sample: Sample) -> Orientation? {
        let g = sample.gravity
        guard g.isFinite else { return nil }
        let t = sample.timeUs
        let p = parameters

        if samplesSinceReset == 0 || t < lastTimeUs || t - lastTimeUs > gapUs {
            restartFilters(at: t, with: g)
        } else {
            let dtMs = Double(t - lastTimeUs) / 1000
            shortEstimate = shortEstimate + (g - shortEstimate) * (dtMs / (p.shortTimeConstantMs + dtMs))
        }
        let offG = abs(g.magnitude - standardGravity)
        if offG > p.violentMagnitudeToleranceMS2 {
            if t - max(lastViolentUs, lastResetUs) >= strideWindowUs { violentOnsetUs = t }
            lastViolentUs = t
        }
        stride.append(g, at: t)
        heading.append(g, at: t, leanZ: stride.mean.z)
        onTheMove.observe(offG: offG, at: t)
        gait.observe(excess: g.magnitude - standardGravity, at: t)
        lastTimeUs = t
        samplesSinceReset += 1

        let rest = restingSpread(at: t)
        if restJump.observe(rest: rest, reading: g, at: t) { poseBeforeJump = orientation }
        if let resumed = resume.append(g, at: t), hysteresis.propose(resumed.mean, current: orientation) == resumed.pose,
           let change = consider(resumed.pose, at: t, settleMs: 0) { return change }
        let estimate: Vector3
        let settleMs: Double
        if let rest, let still = stillReading(rest) {
            estimate = still
            settleMs = p.stillSettleMs
        } else if orientation == .unknown, let quick = quickFirstReading(at: t) {
            estimate = quick
            settleMs = 0
        } else if t - onTheMove.lastLoudUs >= quietWindowUs {
            estimate = shortEstimate
            settleMs = p.quietSettleMs
        } else if stride.span(at: t) >= strideMinimumSpanUs, let busy = busyReading() {
            let change = consider(hysteresis.propose(busy.estimate, current: orientation), at: t, settleMs: busy.settleMs)
            if change != nil, busy.byHeading { headingAnsweredUs = t }
            return change
        } else {
            // No trustworthy gravity (free fall, violent motion): keep the answer, and a pose
            // seen before this moment must prove itself again afterwards, unless the stride
            // average still proposes it (`strideKeepsCandidate`).
            if !strideKeepsCandidate() { candidate = nil }
            return nil
        }
        return consider(hysteresis.propose(estimate, current: orientation), at: t, settleMs: settleMs)
    }

    /// Convenience for traces: every change as (time in µs, orientation).
    public mutating func process<S: Sequence>(_ samples: S) -> [(timeUs: Int64, orientation: Orientation)]
    where S.Element == Sample {
        var changes: [(timeUs: Int64, orientation: Orientation)] = []
        for sample in samples {
            if let change = process(sample) { changes.append((sample.timeUs, change)) }
        }
        return changes
    }

    /// The still window's mean (`restingSpread`) when its magnitude is that of gravity: the
    /// device is at rest. A step to a new pose is recognised as soon as the window holds only new samples.
    /// After violent motion (a sample off g by `violentMagnitudeToleranceMS2` still inside the
    /// stride window) the last step's
    /// average must agree too (`stepAgrees`): a shake's turning point or a vibration motor's
    /// slow alias is still for an instant, while the step around it is not gravity alone. So must
    /// it for a new edge-up pose just after a shake's onset (`shakeOnsetAgrees`: a quiet device
    /// turned loud, or the first violent reading after a stride window without one).
    private func stillReading(_ spread: (mean: Vector3, maxDistanceSquared: Double)) -> Vector3? {
        guard abs(spread.mean.magnitude - standardGravity) <= parameters.stillMagnitudeToleranceMS2
        else { return nil }
        if lastTimeUs - lastViolentUs < strideWindowUs {
            guard let pose = hysteresis.propose(spread.mean, current: orientation),
                  pose == orientation || stepAgrees(with: pose) && strideLengthAllowsRotation()
            else { return nil }
        }
        if let pose = hysteresis.propose(spread.mean, current: orientation), !shakeOnsetAgrees(with: pose) { return nil }
        if orientation.isEdgeUp, onTheMove.longerThanAGlance(at: lastTimeUs),
           let pose = hysteresis.propose(spread.mean, current: orientation), !pose.isEdgeUp, !stepAgrees(with: pose) {
            return nil
        }
        return spread.mean
    }

    /// The last `stillWindowMs` (at least two samples) when every sample is within
    /// `stillToleranceMS2` of their mean, whatever its length.
    private func restingSpread(at t: Int64) -> (mean: Vector3, maxDistanceSquared: Double)? {
        guard samplesSinceReset >= 2, t - lastResetUs >= stillWindowUs,
              let spread = stride.recentSpread(since: t - stillWindowUs, minimumCount: 2),
              spread.maxDistanceSquared <= stillToleranceSquared else { return nil }
        return spread
    }

    /// The first answer's shortcut (see `firstAnswerWindowMs`): the newest two or more samples
    /// of the last `firstAnswerWindowMs` agree, have the length of g and point within
    /// `firstAnswerMaxTiltDegrees` of a pose's axis.
    private func quickFirstReading(at t: Int64) -> Vector3? {
        guard samplesSinceReset >= 2, t - lastResetUs >= firstAnswerWindowUs,
              let spread = stride.recentSpread(since: t - firstAnswerWindowUs, minimumCount: 2),
              spread.maxDistanceSquared <= stillToleranceSquared,
              abs(spread.mean.magnitude - standardGravity) <= parameters.stillMagnitudeToleranceMS2,
              let pose = hysteresis.propose(spread.mean, current: .unknown), let axis = pose.gravityAxis,
              spread.mean.dot(axis) / spread.mean.magnitude >= firstAnswerMinCos
        else { return nil }
        return spread.mean
    }

    private mutating func consider(_ proposal: Orientation?, at t: Int64, settleMs: Double) -> Orientation? {
        guard let proposal, proposal != orientation,
              orientation == .unknown || proposal == poseBeforeJump || !restJump.isSuspect(at: t) else {
            candidate = nil
            return nil
        }
        if candidate != proposal {
            candidate = proposal
            candidateSinceUs = t
        }
        guard Double(t - candidateSinceUs) >= settleMs * 1000 else { return nil }
        orientation = proposal
        headingAnsweredUs = nil
        candidate = nil
        return proposal
    }

    private mutating func restartFilters(at t: Int64, with g: Vector3) {
        stride.reset()
        heading.reset()
        onTheMove.reset(at: t)
        gait.reset()
        samplesSinceReset = 0
        shortEstimate = g
        lastResetUs = t
        headingAnsweredUs = nil
        lastViolentUs = t - strideWindowUs  // a start is not violent: the first answer stays quick
        candidate = nil
        restJump.reset()
        if orientation != .unknown { resume.open(at: t) }  // the first data after a pause
    }

    private static func microseconds(_ ms: Double) -> Int64 { Int64(ms * 1000) }
}

extension OrientationClassifier {
    /// The orientation of a single reading, for a query while no stream runs: the nearest
    /// pose with hysteresis relative to `previous`, or `unknown` when the reading is not
    /// gravity alone (magnitude far from g, not finite).
    public static func classifySingle(_ gravity: Vector3, previous: Orientation,
                                      parameters: ClassifierParameters = .default) -> Orientation {
        guard gravity.isFinite,
              abs(gravity.magnitude - standardGravity) <= parameters.stillMagnitudeToleranceMS2
        else { return .unknown }
        return PoseHysteresis(parameters: parameters).propose(gravity, current: previous) ?? .unknown
    }
}
