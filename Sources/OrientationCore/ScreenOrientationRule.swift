/// The interface orientation: what a compositor rotates the screen to (docs/dbus-api.md
/// `ScreenOrientation`), as opposed to the device orientation the classifier reports.
///
/// It takes the classifier's edge-up pose (in `supported`, other than the screen's) once the
/// motion says the device stays there (`ScreenParameters` gives the physics):
/// - **still** (nothing moves): the raw direction has stayed within `stillDegrees` for
///   `stillMs`, within `holdAxisDegrees` of the pose's axis in the screen's plane;
/// - **hold** (still or quiet hand): the smoothed direction has held — angular velocity and
///   acceleration both small — for `holdMs`, within `holdAxisDegrees` of the pose's axis in
///   the screen's plane;
/// - **steady** (a stop away from the axis): it has turned slower than
///   `steadyDegreesPerSecond` for `dwellMs`, pointing to the pose;
/// - hold and steady are measured twice: also on a direction smoothed over
///   `vibrationSmoothingTimeConstantMs`, where a vehicle's vibration no longer hides them;
/// - **stride** (walking, running, riding: no hold comes): the stride-averaged gravity has
///   pointed within `strideAxisDegrees` of the pose's axis in the screen's plane for
///   `strideHoldMs`;
/// - **step** (on the move for longer than any glance lasts, `onTheMove`): the last step's
///   average has pointed within `strideAxisDegrees` of the pose's axis in the screen's plane,
///   with about the length of g, for `stepHoldMs` (`oppositeStepHoldMs` for the pose opposite
///   the screen's), and the vibration-smoothed direction points to it now: the step average
///   lags a glance's way back by up to its window;
/// - **persistent**: the classifier has reported the pose for `unsteadyFallbackMs`.
/// After a pause in samples (`gapRestartMs`) every measurement starts again from the samples
/// after it, and the first of them may answer at once (`ResumeWindow`). `faceUp`, `faceDown`,
/// `unknown` and unsupported poses keep the previous value. The first supported edge-up pose is
/// taken at once: there is no previous screen to protect.
///
/// Pure: no clock, no I/O. Feed it every sample the classifier sees, in time order, together
/// with the classifier's orientation after that sample.
public struct ScreenOrientationRule: Sendable {
    public let parameters: ScreenParameters
    public let supported: SupportedOrientations
    /// The screen orientation now; `unknown` before the first supported edge-up pose.
    public private(set) var orientation: Orientation = .unknown

    private var motion: HoldDetector
    private var damped: HoldDetector  // the same measurement through the vibration smoothing
    private var still: StillWindow
    private var latest = Vector3.zero
    private var stride: StrideAverage  // and the step average (`stepWindowMs`) of its newest samples
    private var heading: PlanarHeading
    private var headingNear: Orientation = .unknown  // the pose the heading was last steady at
    private var headingNearSinceUs: Int64 = 0  // … first, since it was steady at another pose
    private var headingNearLastUs: Int64 = 0  // … and last
    private var stepNear: Orientation = .unknown
    private var stepNearSinceUs: Int64 = 0
    private var onTheMove: OnTheMove
    private var strideNear: Orientation = .unknown
    private var strideNearSinceUs: Int64 = 0
    private var devicePose: Orientation = .unknown
    private var devicePoseSinceUs: Int64 = 0
    private var resume: ResumeWindow
    private var resumedPose: Orientation = .unknown  // the first data's answer after a pause, at that sample

    // Parameters converted once to the units of the per-sample path.
    private let holdUs: Int64
    private let dwellUs: Int64
    private let fallbackUs: Int64
    private let strideMinimumSpanUs: Int64
    private let strideMinimumSpanInHandUs: Int64
    private var strideSpanNeededUs: Int64  // one of the two, chosen at the last restart
    private let strideHoldUs: Int64
    private let stepHoldUs: Int64
    private let headingHoldUs: Int64
    private let oppositeStepHoldUs: Int64
    private let stepMinimumSpanUs: Int64
    private let holdAxisCos: Double
    private let strideAxisCos: Double

    public init(parameters: ScreenParameters = .default, supported: SupportedOrientations = .all) {
        self.parameters = parameters
        self.supported = supported
        motion = HoldDetector(parameters: parameters)
        damped = HoldDetector(parameters: parameters, smoothingMs: parameters.vibrationSmoothingTimeConstantMs)
        still = StillWindow(spanUs: Int64(parameters.stillMs * 1000),
                            cosLimit: Self.cosine(degrees: parameters.stillDegrees),
                            minimumSamples: parameters.stillMinimumSamples)
        resume = ResumeWindow(parameters: parameters.resume)
        heading = PlanarHeading(parameters: parameters.heading)
        stride = StrideAverage(windowUs: Int64(parameters.strideWindowMs * 1000),
                               stepWindowUs: Int64(parameters.stepWindowMs * 1000))
        stepHoldUs = Int64(parameters.stepHoldMs * 1000)
        oppositeStepHoldUs = Int64(parameters.oppositeStepHoldMs * 1000)
        stepMinimumSpanUs = Int64(parameters.stepMinimumSpanMs * 1000)
        onTheMove = OnTheMove(parameters: parameters.onTheMove)
        headingHoldUs = Int64(parameters.headingHoldMs * 1000)
        holdUs = Int64(parameters.holdMs * 1000)
        dwellUs = Int64(parameters.dwellMs * 1000)
        fallbackUs = Int64(parameters.unsteadyFallbackMs * 1000)
        strideMinimumSpanUs = Int64(parameters.strideMinimumSpanMs * 1000)
        strideMinimumSpanInHandUs = Int64(parameters.strideMinimumSpanInHandMs * 1000)
        strideSpanNeededUs = strideMinimumSpanUs
        strideHoldUs = Int64(parameters.strideHoldMs * 1000)
        holdAxisCos = Self.cosine(degrees: parameters.holdAxisDegrees)
        strideAxisCos = Self.cosine(degrees: parameters.strideAxisDegrees)
    }

    /// Feeds one sample and the classifier's orientation after it. Returns the new screen
    /// orientation when it changes. Samples with non-finite or zero readings only update the
    /// classifier's pose.
    public mutating func process(_ sample: Sample, deviceOrientation: Orientation) -> Orientation? {
        let t = sample.timeUs
        if deviceOrientation != devicePose {
            devicePose = deviceOrientation
            devicePoseSinceUs = t
        }
        let g = sample.gravity
        resumedPose = .unknown
        if g.isFinite, g != .zero { track(g, at: t) }

        guard deviceOrientation.isEdgeUp, deviceOrientation != orientation,
              supported.contains(deviceOrientation) else { return nil }
        guard orientation == .unknown || resumedPose == deviceOrientation
              || held(deviceOrientation, at: t) || strideNear == deviceOrientation
              && t - strideNearSinceUs >= strideHoldUs || steppedInto(deviceOrientation, at: t)
              || headedInto(deviceOrientation, at: t)
              || t - devicePoseSinceUs >= fallbackUs
        else { return nil }
        orientation = deviceOrientation
        return deviceOrientation
    }

    /// The still, hold and steady paths: the raw direction is still near `pose`'s axis, or a
    /// smoothed direction (either smoothing) points to `pose` and has held near its axis, or
    /// turned slowly for the dwell.
    private func held(_ pose: Orientation, at t: Int64) -> Bool {
        guard motion.started, let axis = pose.gravityAxis else { return false }
        if still.isStill, Self.nearestPose(latest) == pose, nearAxis(latest, axis, holdAxisCos) { return true }
        return held(pose, axis, by: motion, at: t) || held(pose, axis, by: damped, at: t)
    }

    private func held(_ pose: Orientation, _ axis: Vector3, by motion: HoldDetector, at t: Int64) -> Bool {
        let v = motion.smoothed
        guard Self.nearestPose(v) == pose else { return false }
        if motion.steadyUs(at: t) >= dwellUs { return true }
        return motion.heldUs(at: t) >= holdUs && nearAxis(v, axis, holdAxisCos)
    }

    /// The step path: on the move for `onTheMove` and the step average near `pose`'s axis
    /// for `stepHoldMs`, or `oppositeStepHoldMs` when `pose` is opposite the screen's; the
    /// vibration-smoothed direction points to `pose` too. The step average of a deep glance made
    /// while walking stayed near the far pose's axis 250 ms and more after the readings had
    /// turned back (WalkingGlanceTests).
    private func steppedInto(_ pose: Orientation, at t: Int64) -> Bool {
        guard onTheMoveLongerThanAGlance(at: t), stepNear == pose, pose != .unknown,
              Self.nearestPose(damped.smoothed) == pose else { return false }
        return t - stepNearSinceUs >= (pose.isOpposite(to: orientation) ? oppositeStepHoldUs : stepHoldUs)
    }

    /// The heading path: on the move for `onTheMove` and the strong readings' heading last
    /// steady at `pose` (`PlanarHeading`; a 10 Hz runner's is steady only now and then), and
    /// steady there from first to last for `headingHoldMs`.
    private func headedInto(_ pose: Orientation, at t: Int64) -> Bool {
        onTheMoveLongerThanAGlance(at: t) && headingNear == pose
            && headingNearLastUs - headingNearSinceUs >= headingHoldUs
    }

    /// On the move for `onTheMove` (longer than any glance), with a screen orientation shown.
    private func onTheMoveLongerThanAGlance(at t: Int64) -> Bool {
        onTheMove.longerThanAGlance(at: t) && orientation != .unknown
    }

    /// `v` points within the angle whose cosine is `cosLimit` of `axis` in the screen's plane
    /// (the axis has no z component: leaning back does not count).
    private func nearAxis(_ v: Vector3, _ axis: Vector3, _ cosLimit: Double) -> Bool {
        let planar = (v.x * v.x + v.y * v.y).squareRoot()
        return planar > 0 && (v.x * axis.x + v.y * axis.y) / planar >= cosLimit
    }

    /// Updates the motion measurements and the stride evidence. A restart (first sample, or a
    /// pause) makes the classifier's pose count as new: the device could have turned and come
    /// back unseen. The first data after a pause answer at once only for a device carried on the
    /// move before it (`ResumeParameters.carriedBounceMS2`).
    private mutating func track(_ g: Vector3, at t: Int64) {
        damped.track(g, at: t)  // restarts with `motion`: same samples, same gap limit
        if motion.track(g, at: t) {
            still.reset()
            stride.reset()
            heading.reset()
            headingNear = .unknown
            strideNear = .unknown
            stepNear = .unknown
            onTheMove.reset(at: t)
            devicePoseSinceUs = t
            let carried = resume.bounceMS2 >= parameters.resume.carriedBounceMS2
            if orientation != .unknown, carried { resume.open(at: t) }
            strideSpanNeededUs = orientation == .unknown || carried ? strideMinimumSpanUs : strideMinimumSpanInHandUs
        }
        if let resumed = resume.append(g, at: t) { resumedPose = resumed.pose }
        still.append(g, at: t)
        latest = g
        stride.append(g, at: t)
        heading.append(g, at: t, leanZ: stride.mean.z)
        if let steady = heading.steadyPose(at: t) {
            if steady.pose != headingNear { headingNearSinceUs = t }
            headingNear = steady.pose
            headingNearLastUs = t
        }
        onTheMove.observe(offG: abs(g.magnitude - standardGravity), at: t)
        let near = nearPose(stride.mean, span: stride.span(at: t),
                            tolerance: parameters.strideMagnitudeToleranceMS2, minimumSpanUs: strideSpanNeededUs)
        // Only the length failed, and the stride still points there: the evidence stays. (A
        // pose near within the tight tolerance is near within the loose one too.)
        let kept = near != .unknown ? near : nearPose(stride.mean, span: stride.span(at: t),
                                                      tolerance: parameters.strideKeepsEvidenceMS2, minimumSpanUs: strideSpanNeededUs)
        if near != strideNear, near != .unknown || kept != strideNear {
            strideNear = near
            strideNearSinceUs = t
        }
        let stepPose = nearPose(stride.stepMean, span: stride.stepSpan(at: t),
                                tolerance: parameters.stepMagnitudeToleranceMS2, minimumSpanUs: stepMinimumSpanUs)
        if stepPose != stepNear, stepPose != .unknown || kept != stepNear {
            stepNear = stepPose
            stepNearSinceUs = t
        }
    }

    /// The edge-up pose whose axis an average (`mean` over `span` µs) points within
    /// `strideAxisDegrees` of in the screen's plane, once it spans `minimumSpanUs` and is as
    /// long as g within `tolerance`.
    private func nearPose(_ mean: Vector3, span: Int64, tolerance: Double, minimumSpanUs: Int64) -> Orientation {
        let length = mean.magnitude
        guard span >= minimumSpanUs, length > 0, abs(length - standardGravity) <= tolerance
        else { return .unknown }
        let pose = Self.nearestPose(mean)
        guard pose.isEdgeUp, let axis = pose.gravityAxis, nearAxis(mean, axis, strideAxisCos) else { return .unknown }
        return pose
    }

    /// The pose whose axis is nearest to `v`, without hysteresis.
    private static func nearestPose(_ v: Vector3) -> Orientation {
        var best = Orientation.unknown
        var bestCos = -Double.infinity
        for pose in Orientation.poses {
            let c = v.dot(pose.gravityAxis!)
            if c > bestCos { best = pose; bestCos = c }
        }
        return best
    }

    private static func cosine(degrees: Double) -> Double { cosineApproximation(degrees * .pi / 180) }
}

extension ScreenOrientationRule {
    /// Convenience for traces: runs `classifier` and the rule over `samples` and returns every
    /// screen orientation change as (time in µs, orientation).
    public mutating func process<S: Sequence>(_ samples: S, classifier: inout OrientationClassifier)
        -> [(timeUs: Int64, orientation: Orientation)] where S.Element == Sample {
        var changes: [(timeUs: Int64, orientation: Orientation)] = []
        for sample in samples {
            _ = classifier.process(sample)
            if let change = process(sample, deviceOrientation: classifier.orientation) {
                changes.append((sample.timeUs, change))
            }
        }
        return changes
    }
}
