/// The busy path's readings (see `OrientationClassifier`'s notes): which average of the last
/// stride or step is trusted on the move, and how long its pose must hold.
extension OrientationClassifier {
    /// Between two samples whose step average passes, one whose step average does not (a 10 Hz
    /// runner's 3 Hz step: 3-4 samples a step, each step average another part of it) keeps the
    /// candidate when the stride average proposes it too (`strideKeepsCandidateMS2`).
    func strideKeepsCandidate() -> Bool {
        guard let candidate, abs(stride.mean.magnitude - standardGravity) <= parameters.strideKeepsCandidateMS2
        else { return false }
        return hysteresis.propose(stride.mean, current: orientation) == candidate
    }

    /// The stride average is as long as g, or shorter only by a rotation inside its window
    /// (`settledMagnitudeDeficitMS2`): the linear acceleration of the last stride averaged out.
    func strideLengthAllowsRotation() -> Bool {
        let p = parameters
        let length = stride.mean.magnitude
        return length - standardGravity <= p.strideMagnitudeToleranceMS2
            && standardGravity - length <= p.settledMagnitudeDeficitMS2
    }

    /// The busy path's estimate and how long its pose must hold: the step average after
    /// `settledSettleMs` when it leads (`stepLedReading`), the stride average after
    /// `settledSettleMs` when the device is settled on the move, or after `busySettleMs` when
    /// it has the length of g and the last step's average does not keep a reported edge-up pose
    /// (the newer half of the stride still in it: the stride average lags a turn that ended
    /// there, as a rider's turn the still path answered early, scripts/make-motion-traces.py
    /// --variant gait3 --seed 9, cycling at 100 Hz; a reported faceUp is left alone, as a step's
    /// lean sways 15–50° on stairs, --variant gait2); nil (no decision) otherwise.
    func busyReading() -> (estimate: Vector3, settleMs: Double, byHeading: Bool)? {
        let p = parameters
        let length = stride.mean.magnitude
        if let headed = headingReading() { return (headed.estimate, headed.settleMs, true) }
        // For a step window after the heading's answer the averages below still hold readings
        // from before it: a lift from hanging to reading passes faceUp, and the step and stride
        // averages proposed it 80 ms after the strong readings had said portrait.
        if let answered = headingAnsweredUs, lastTimeUs - answered < stepWindowUs { return nil }
        if let led = stepLedReading() { return (led, p.settledSettleMs, false) }
        if let turned = halfTurnReading() ?? steadyTurnReading() { return (turned.estimate, turned.settleMs, false) }
        if strideLengthAllowsRotation(), settledOnTheMove() { return (stride.mean, p.settledSettleMs, false) }
        guard abs(length - standardGravity) <= p.strideMagnitudeToleranceMS2,
              abs(stride.stepMean.magnitude - standardGravity) <= p.busyStepMagnitudeToleranceMS2,
              !orientation.isEdgeUp || hysteresis.propose(stride.stepMean, current: orientation) != orientation
        else { return nil }
        return (stride.mean, p.busySettleMs, false)
    }

    /// The heading reading (`PlanarHeading`): an edge-up pose is reported, the stride average
    /// leans back less than `HeadingParameters.maximumLeanDegrees` (faceUp is not near; or,
    /// running, the last step's average does: a quick turn inside the stride window shortened
    /// the stride average's part in the plane),
    /// and the strong readings of the last 200 ms agree on an edge-up pose: that pose, at once.
    /// When it is the reported one the answer stays, whatever the slower averages say.
    func headingReading() -> (estimate: Vector3, settleMs: Double)? {
        let mean = stride.mean
        guard orientation.isEdgeUp, let steady = heading.steadyPose(at: lastTimeUs),
              shakeOnsetAgrees(with: steady.pose) else { return nil }
        if steady.pose.isOpposite(to: orientation) {
            guard abs(mean.z) <= headingMaximumLeanMS2, heading.turnedAway(from: orientation)
            else { return nil }
        } else {
            guard mean.leansBackWithin(cosine: headingLeanCos)
                    || gait.isRunning(at: lastTimeUs) && stride.stepMean.leansBackWithin(cosine: headingLeanCos)
            else { return nil }
        }
        return (steady.direction, 0)
    }

    /// The step-led reading (`stepLedMagnitudeDeficitMS2`): the last step's average proposes a
    /// new edge-up pose and agrees with it (`stepAgrees`), the stride average points nearest to
    /// that pose too and is no shorter than a half-and-half mix of two poses 90° apart.
    func stepLedReading() -> Vector3? {
        let p = parameters
        let recent = stride.stepMean, length = stride.mean.magnitude
        guard length - standardGravity <= p.strideMagnitudeToleranceMS2,
              standardGravity - length <= p.stepLedMagnitudeDeficitMS2,
              let pose = hysteresis.propose(recent, current: orientation), pose != orientation, pose.isEdgeUp,
              hysteresis.propose(stride.mean, current: .unknown) == pose, stepAgrees(with: pose, leaning: true) else { return nil }
        return recent
    }

    /// The stride average proposes a new pose and the last step's average points within
    /// `settledAxisDegrees` of that pose's axis: two estimates of different lag agree.
    func settledOnTheMove() -> Bool {
        guard let pose = hysteresis.propose(stride.mean, current: orientation), pose != orientation
        else { return false }
        return stepAgrees(with: pose, leaning: true)
    }

    /// A new edge-up pose, from a reported edge-up one, seen less than a step window after a
    /// shake's onset needs the last step's average to agree. The onset: the device, held quietly,
    /// turned loud (`OnTheMove`), or the first violent reading (`violentMagnitudeToleranceMS2`)
    /// after a stride window without one, as in a vehicle already loud. A shake's first swing is
    /// in the screen's plane; its turning point reads still for 60 ms at 60 Hz, and two strong
    /// 10 Hz readings agree on the edge it swung toward (`scripts/make-motion-traces.py --only
    /// shakes`, ShakeOnsetTests). A turn from faceUp is left alone: a real hand's turn over the
    /// edge read 2.3 m/s² off g (real corpus, R01).
    func shakeOnsetAgrees(with pose: Orientation) -> Bool {
        pose == orientation || !orientation.isEdgeUp || !pose.isEdgeUp
            || !onTheMove.startedFromQuiet(within: stepWindowUs, at: lastTimeUs)
            && lastTimeUs - violentOnsetUs >= stepWindowUs
            || stepAgrees(with: pose, leaning: true)
    }

    /// The last step's average has about the length of g (`settledStepMagnitudeToleranceMS2`)
    /// and points within `settledAxisDegrees` of `pose`'s axis (`leaning`: see the type's notes).
    func stepAgrees(with pose: Orientation, leaning: Bool = false) -> Bool {
        guard let axis = pose.gravityAxis else { return false }
        let recent = stride.stepMean, length = recent.magnitude
        guard abs(length - standardGravity) <= parameters.settledStepMagnitudeToleranceMS2 else { return false }
        if recent.dot(axis) / length >= settledAxisCos { return true }
        guard leaning, pose.isEdgeUp, hysteresis.propose(recent, current: orientation) == pose else { return false }
        let planar = (recent.x * recent.x + recent.y * recent.y).squareRoot()
        return planar > 0 && (recent.x * axis.x + recent.y * axis.y) / planar >= leaningStepAxisCos
    }
}
