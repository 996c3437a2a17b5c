import OrientationCore
import Testing

/// AccelerometerTilt in iio-sensor-proxy 3.7's bands (vertical within 20°, face from 70°, whole
/// degrees), with the sign of the axis convention: a screen leaning back is tilted-up.
@Suite struct TiltTests {
    /// Gravity of a portrait device whose screen leans back by `degrees` (forward when negative).
    static func leaning(_ degrees: Double) -> Vector3 {
        let r = degrees * Double.pi / 180
        // Upright portrait reads (0, -g, 0); lying screen up, (0, 0, -g).
        return Vector3(0, -9.81 * cosine(r), -9.81 * sine(r))
    }
    static func sine(_ r: Double) -> Double { cosine(Double.pi / 2 - r) }
    static func cosine(_ r: Double) -> Double {
        // Taylor series: enough for these test angles (|r| ≤ π/2 + a little).
        var term = 1.0, sum = 1.0
        for n in 1...20 { term *= -r * r / Double((2 * n - 1) * (2 * n)); sum += term }
        return sum
    }

    @Test("bands and sign", arguments: [
        (0.0, Tilt.vertical), (20.0, .vertical), (20.4, .vertical), (20.6, .tiltedUp), (30.0, .tiltedUp),
        (55.0, .tiltedUp), (69.4, .tiltedUp), (69.6, .faceUp), (90.0, .faceUp),
        (-30.0, .tiltedDown), (-55.0, .tiltedDown), (-80.0, .faceDown), (-90.0, .faceDown),
    ])
    func bands(degrees: Double, expected: Tilt) {
        #expect(Tilt.classify(gravity: Self.leaning(degrees), orientation: .portrait) == expected, "\(degrees)°")
    }

    @Test func noReadingIsUndefined() {
        #expect(Tilt.classify(gravity: nil, orientation: .portrait) == .undefined)
        #expect(Tilt.classify(gravity: Self.leaning(30), orientation: .unknown) == .undefined)
        #expect(Tilt.classify(gravity: Vector3(0, 0, 0), orientation: .faceUp) == .undefined)
    }
}
