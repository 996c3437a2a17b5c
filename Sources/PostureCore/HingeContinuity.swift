import OrientationCore

/// Continuity of the hinge angle (docs/posture.md, "The lid switch and closed versus folded
/// back"): the last known angle and when it was known, and the placement of a new raw angle on
/// [0, 360] from it. A hinge turns at `maxHingeSpeedDegreesPerSecond` at most, so an angle
/// farther than that from the last known one is no angle (a glitch), and near 0°/360° it rules
/// out the end the hinge cannot have reached.
struct HingeContinuity: Sendable {
    /// The last known hinge angle, degrees, and when it was known, µs.
    private(set) var anchor: (degrees: Double, timeUs: Int64)?
    private let parameters: PostureParameters

    init(parameters: PostureParameters) {
        self.parameters = parameters
    }

    /// The hinge is known to be at `degrees` at `t` (a placed reading, a kernel sensor's angle,
    /// a closed lid).
    mutating func know(_ degrees: Double, at t: Int64) {
        anchor = (degrees, t)
    }

    enum Placement: Equatable {
        case angle(Double)
        /// No hand turns a hinge that fast: a reading taken mid-motion.
        case unreachable
        /// Closed and folded back, and nothing tells them apart.
        case undecided
    }

    /// Places a raw angle on [0, 360]. Away from the wrap it is the raw angle, if the hinge can
    /// have reached it. Near 0°/360° it is the end the hinge can have reached from the last
    /// known angle in the time since; when both can (or there is no last angle): the folded
    /// end if the lid switch says open and the closed end would be shut, else the end the last
    /// known angle was at, else the end the keyboard's facing (`base`, filtered) suggests.
    func place(_ raw: Double, at t: Int64, lidClosed: Bool?, base: Vector3) -> Placement {
        let p = parameters
        guard let ends = HingeGeometry.wrapEnds(raw: raw, wrapZone: p.wrapZoneDegrees) else {
            return reachable(raw, at: t) ? .angle(raw) : .unreachable
        }
        let closedReachable = reachable(ends.closed, at: t), foldedReachable = reachable(ends.folded, at: t)
        if closedReachable != foldedReachable { return .angle(closedReachable ? ends.closed : ends.folded) }
        // Neither end: a jump no hand makes (a glitch); both: continuity cannot tell.
        guard closedReachable else { return .unreachable }
        if lidClosed == false && ends.closed < p.lidSwitchTripDegrees { return .angle(ends.folded) }
        // Last known at a stop, unseen since (hinge vertical, moving): a hinge is far likelier
        // to have stayed at its stop than to have swung through every band unseen.
        if let anchor, anchor.degrees < p.wrapZoneDegrees { return .angle(ends.closed) }
        if let anchor, anchor.degrees > 360 - p.wrapZoneDegrees { return .angle(ends.folded) }
        let up = HingeGeometry.keyboardUpDegrees(base)
        if up >= p.keyboardFacingPriorDegrees { return .angle(ends.closed) }
        if up <= -p.keyboardFacingPriorDegrees { return .angle(ends.folded) }
        return .undecided
    }

    /// The hinge can be at `degrees` now, given the last known angle and the fastest a hand turns it.
    private func reachable(_ degrees: Double, at t: Int64) -> Bool {
        guard let anchor else { return true }
        let seconds = Double(max(0, t - anchor.timeUs)) / 1_000_000
        return abs(degrees - anchor.degrees) - parameters.quietAngleErrorDegrees <= parameters.maxHingeSpeedDegreesPerSecond * seconds
    }
}
