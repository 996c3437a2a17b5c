/// The seven answers orientd gives (docs/axes-and-names.md). The raw values are the names used on
/// D-Bus, in logs and in trace output.
public enum Orientation: String, CaseIterable, Sendable {
    case portrait
    case portraitUpsideDown
    case landscapeLeft
    case landscapeRight
    case faceUp
    case faceDown
    case unknown

    /// The six physical poses, in the order the classifier scores them.
    public static let poses: [Orientation] = [
        .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp, .faceDown,
    ]

    /// True for the four poses with an edge up: the ones a compositor rotates the screen to.
    public var isEdgeUp: Bool {
        switch self {
        case .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight: return true
        case .faceUp, .faceDown, .unknown: return false
        }
    }

    /// True when `other`'s gravity axis points against this pose's: a half turn apart.
    public func isOpposite(to other: Orientation) -> Bool {
        guard let axis = gravityAxis, let otherAxis = other.gravityAxis else { return false }
        return axis.dot(otherAxis) < 0
    }

    /// The unit gravity vector of this pose at rest, in the device frame (docs/axes-and-names.md).
    /// This table is the one place that fixes the sign convention, z included.
    public var gravityAxis: Vector3? {
        switch self {
        case .portrait: return Vector3(0, -1, 0)
        case .portraitUpsideDown: return Vector3(0, 1, 0)
        case .landscapeLeft: return Vector3(-1, 0, 0)
        case .landscapeRight: return Vector3(1, 0, 0)
        case .faceUp: return Vector3(0, 0, -1)
        case .faceDown: return Vector3(0, 0, 1)
        case .unknown: return nil
        }
    }
}
