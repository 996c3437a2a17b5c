import OrientationCore

/// The geometry of docs/posture.md ("Frames"): `display = Rx(θ) · base`, both readings the gravity vector
/// in their own §1 frame after the mount matrices. Rx turns the (y, z) plane by θ, so θ is the
/// angle from the base reading's (y, z) part to the display reading's (y, z) part.
public enum HingeGeometry {
    /// The hinge angle the two readings imply, in [0, 360). 0° and 360° read alike (closed
    /// and folded back); `wrapEnds` names both. Meaningless while the hinge is vertical.
    public static func rawAngleDegrees(display d: Vector3, base b: Vector3) -> Double {
        let cross = b.y * d.z - b.z * d.y
        let dot = b.y * d.y + b.z * d.z
        let degrees = atan2Degrees(cross, dot)
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// How far the hinge axis (x) rises above the horizontal, in degrees [0, 90], seen from
    /// one reading: 90° when gravity runs along the hinge.
    public static func hingeElevationDegrees(_ v: Vector3) -> Double {
        atan2Degrees(abs(v.x), (v.y * v.y + v.z * v.z).squareRoot())
    }

    /// How far the reading's +z axis points down, in degrees [-90, 90]: positive when gravity
    /// has a +z part. For the base this is the keyboard facing up (a laptop on a table reads
    /// (0, 0, +g)); negative when the keyboard faces the floor.
    public static func keyboardUpDegrees(_ base: Vector3) -> Double {
        atan2Degrees(base.z, (base.x * base.x + base.y * base.y).squareRoot())
    }

    /// The two hinge positions a raw angle within `wrapZone` of 0°/360° may be: near the
    /// closed end (raw 3° is 3°; raw 357° is a lid pressed shut, 0°) or near the folded end
    /// (raw 357° is 357°; raw 3° is a tablet folded to 363°, clamped to 360° because the
    /// hinge stops there and the excess is noise). nil away from the wrap, where the hinge
    /// has one position per raw angle: the raw angle itself.
    public static func wrapEnds(raw: Double, wrapZone: Double) -> (closed: Double, folded: Double)? {
        if raw < wrapZone { return (raw, 360) }
        if raw > 360 - wrapZone { return (0, raw) }
        return nil
    }

    /// atan2 in degrees without libm (the pure modules import no C): quadrant reduction,
    /// two half-angle steps (|t| ≤ tan 11.25°) and the Taylor series to t¹⁵, error < 1e-12°.
    public static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        let radians: Double
        if abs(x) >= abs(y) {
            let a = atanUnit(y / x)
            radians = x > 0 ? a : (y >= 0 ? a + .pi : a - .pi)
        } else {
            let a = atanUnit(x / y)
            radians = y > 0 ? .pi / 2 - a : -.pi / 2 - a
        }
        return radians * 180 / .pi
    }

    /// atan for |t| ≤ 1.
    private static func atanUnit(_ t: Double) -> Double {
        var u = t
        for _ in 0..<2 { u = u / (1 + (1 + u * u).squareRoot()) }
        let u2 = u * u
        var sum = 0.0
        var k = 15.0
        while k >= 1 {
            sum = 1 / k - u2 * sum
            k -= 2
        }
        return 4 * u * sum
    }
}
