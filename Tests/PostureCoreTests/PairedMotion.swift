import Glibc
import OrientationCore
import PostureCore

/// Builds display/base readings from docs/posture.md (`display = Rx(θ) · base`) and feeds them
/// to a tracker, keeping the time.
struct PairedMotion {
    static let g = 9.80665
    var tracker = PostureTracker()
    var timeMs: Double = 0
    var rateHz: Double = 50
    var updates: [PostureUpdate] = []

    init(rateHz: Double = 50, parameters: PostureParameters = .default) {
        self.rateHz = rateHz
        tracker = PostureTracker(parameters: parameters)
    }

    /// Rx(θ) · v.
    static func rotateAboutHinge(_ v: Vector3, degrees: Double) -> Vector3 {
        let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180)
        return Vector3(v.x, c * v.y - s * v.z, s * v.y + c * v.z)
    }

    /// The display reading for a base reading and a hinge angle.
    static func display(base: Vector3, theta: Double) -> Vector3 {
        rotateAboutHinge(base, degrees: theta)
    }

    /// A unit direction scaled to g.
    static func gravity(_ x: Double, _ y: Double, _ z: Double) -> Vector3 {
        let n = (x * x + y * y + z * z).squareRoot()
        return Vector3(x / n * g, y / n * g, z / n * g)
    }

    /// Holds a pose for `ms`. `disturb(tSeconds)` returns extra readings added to the display
    /// and to the base (minus linear acceleration, lid wobble...).
    mutating func hold(base: Vector3, theta: Double, ms: Double,
                       disturb: ((Double) -> (display: Vector3, base: Vector3))? = nil) {
        let end = timeMs + ms
        while timeMs < end {
            timeMs += 1000 / rateHz
            let extra: (display: Vector3, base: Vector3) = disturb?(timeMs / 1000) ?? (Vector3.zero, Vector3.zero)
            let d = Self.display(base: base, theta: theta) + extra.display
            let b = base + extra.base
            if let update = tracker.process(display: d, base: b, timeUs: Int64(timeMs * 1000)) {
                updates.append(update)
            }
        }
    }

    /// Turns the hinge from `from` to `to` over `ms` at constant speed, base fixed.
    mutating func sweep(base: Vector3, from: Double, to: Double, ms: Double) {
        let steps = max(1, Int(ms * rateHz / 1000))
        for i in 1...steps {
            hold(base: base, theta: from + (to - from) * Double(i) / Double(steps), ms: 1000 / rateHz)
        }
    }

    var postureChanges: [Posture] { updates.filter(\.postureChanged).map(\.posture) }
}
