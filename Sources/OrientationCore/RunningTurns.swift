/// The busy path's readings for a runner's turns (see `OrientationClassifier`'s notes).
extension OrientationClassifier {
    /// The half-turn reading: the last step's average proposes the pose opposite the reported
    /// one. It is reported after `settledSettleMs` when it agrees (`stepAgrees`) and the stride
    /// average, two opposite poses cancelling to any length, points within
    /// `halfTurnStrideAxisDegrees` of that pose's axis in the screen's plane; after
    /// `halfTurnStepSettleMs` when it agrees only leaning back, or the stride average lags, while
    /// running (`GaitRhythm`).
    func halfTurnReading() -> (estimate: Vector3, settleMs: Double)? {
        let p = parameters
        let recent = stride.stepMean, mean = stride.mean
        guard mean.magnitude - standardGravity <= p.strideMagnitudeToleranceMS2,
              let pose = hysteresis.propose(recent, current: orientation), pose.isEdgeUp,
              let axis = pose.gravityAxis, pose.isOpposite(to: orientation) else { return nil }
        let planar = (mean.x * mean.x + mean.y * mean.y).squareRoot()
        if planar >= p.halfTurnMinimumLengthMS2, (mean.x * axis.x + mean.y * axis.y) / planar >= halfTurnStrideAxisCos,
           stepAgrees(with: pose) { return (recent, p.settledSettleMs) }
        return gait.isRunning(at: lastTimeUs) && stepAgrees(with: pose, leaning: true) ? (recent, p.halfTurnStepSettleMs) : nil
    }

    /// The steady-turn reading (`steadyTurnSettleMs`): while running, the last step's average
    /// proposes an edge-up pose 90° from the reported edge-up one and agrees with it (leaning),
    /// and the step's average `steadyStepLagMs` before proposed it too, within
    /// `steadyStepAxisDegrees`: the device has stopped turning in the new pose, whatever the
    /// stride average, two poses 90° apart mixed by the turn, says yet.
    func steadyTurnReading() -> (estimate: Vector3, settleMs: Double)? {
        let p = parameters
        let recent = stride.stepMean, t = lastTimeUs
        guard gait.isRunning(at: t), orientation.isEdgeUp, let reported = orientation.gravityAxis,
              let pose = hysteresis.propose(recent, current: orientation), pose != orientation, pose.isEdgeUp,
              let axis = pose.gravityAxis, abs(reported.dot(axis)) < 0.5, stepAgrees(with: pose, leaning: true) else { return nil }
        guard let before = stride.mean(from: t - steadyStepLagUs - stride.stepWindowUs, before: t - steadyStepLagUs + 1),
              hysteresis.propose(before, current: orientation) == pose,
              recent.dot(before) / (recent.magnitude * before.magnitude)
                >= steadyStepAxisCos else { return nil }
        return (recent, p.steadyTurnSettleMs)
    }
}
