/// Nearest pose with hysteresis relative to the pose currently reported.
///
/// The angle between gravity and each pose's axis decides. A pose other than the current one
/// is proposed only when it is nearer by the configured margin, so the switching angle going
/// one way is not the switching angle coming back: readings near a 45° boundary never make
/// the answer oscillate.
public struct PoseHysteresis: Sendable {
    public let edgeMarginRadians: Double
    public let faceMarginRadians: Double

    public init(parameters: ClassifierParameters) {
        edgeMarginRadians = parameters.edgeHysteresisDegrees * .pi / 180
        faceMarginRadians = parameters.faceHysteresisDegrees * .pi / 180
    }

    /// The pose `gravity` points to, given that `current` is reported. `nil` when the vector
    /// has no direction (zero or not finite).
    public func propose(_ gravity: Vector3, current: Orientation) -> Orientation? {
        let length = gravity.magnitude
        guard length > 0, length.isFinite else { return nil }
        // Cosine of the angle to each pose axis, in `Orientation.poses` order.
        let x = gravity.x / length, y = gravity.y / length, z = gravity.z / length
        var best = Orientation.portrait
        var bestCos = -y
        if y > bestCos { best = .portraitUpsideDown; bestCos = y }
        if -x > bestCos { best = .landscapeLeft; bestCos = -x }
        if x > bestCos { best = .landscapeRight; bestCos = x }
        if -z > bestCos { best = .faceUp; bestCos = -z }
        if z > bestCos { best = .faceDown; bestCos = z }
        guard current != .unknown, best != current, let axis = current.gravityAxis else { return best }

        let currentCos = x * axis.x + y * axis.y + z * axis.z
        let margin = (best.isEdgeUp && current.isEdgeUp) ? edgeMarginRadians : faceMarginRadians
        let gain = clampedAcos(currentCos) - clampedAcos(bestCos)
        return gain >= margin ? best : current
    }
}

@inline(__always) private func clampedAcos(_ c: Double) -> Double {
    acosApproximation(min(1, max(-1, c)))
}

/// acos without libm: the pure module imports no C. Abramowitz–Stegun 4.4.46 gives
/// |error| < 2e-8 rad, far below any threshold here.
@inline(__always) func acosApproximation(_ c: Double) -> Double {
    let a = c < 0 ? -c : c
    var p = -0.0012624911
    p = p * a + 0.0066700901
    p = p * a - 0.0170881256
    p = p * a + 0.0308918810
    p = p * a - 0.0501743046
    p = p * a + 0.0889789874
    p = p * a - 0.2145988016
    p = p * a + 1.5707963050
    let r = p * (1 - a).squareRoot()
    return c < 0 ? .pi - r : r
}
