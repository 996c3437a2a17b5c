/// A vector in the device frame, in m/s².
public struct Vector3: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(0, 0, 0)

    @inlinable public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

    @inlinable public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }

    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    public var description: String { "(\(x), \(y), \(z))" }
}

/// One accelerometer reading: the gravity vector in m/s² (after offset, scale and mount matrix)
/// and the monotonic time it was taken, in microseconds. Time travels with the sample so the
/// classifier never reads a clock.
public struct Sample: Equatable, Sendable {
    public var timeUs: Int64
    public var gravity: Vector3

    public init(timeUs: Int64, gravity: Vector3) {
        self.timeUs = timeUs
        self.gravity = gravity
    }

    public init(timeMs: Int64, _ x: Double, _ y: Double, _ z: Double) {
        self.init(timeUs: timeMs * 1000, gravity: Vector3(x, y, z))
    }
}

extension Vector3 {
    /// Leans back from the screen's plane no more than the angle whose cosine is `cosine`: its
    /// part in the plane is at least that share of its length (and not zero).
    func leansBackWithin(cosine: Double) -> Bool {
        let planar = (x * x + y * y).squareRoot()
        return planar > 0 && planar >= magnitude * cosine
    }
}
