import Glibc
import OrientationCore

/// Deterministic generator of accelerometer streams for tests: poses, rotations, noise,
/// shaking, free fall, at any rate with timestamp jitter.
struct SyntheticMotion {
    static let g = 9.80665

    var rateHz: Double
    var jitterMs: Double = 0
    var noise: Double = 0.03
    private(set) var timeMs: Double = 0
    private(set) var samples: [Sample] = []
    private var random: SeededRandom

    init(rateHz: Double, jitterMs: Double = 0, noise: Double = 0.03, seed: UInt64 = 1) {
        self.rateHz = rateHz
        self.jitterMs = jitterMs
        self.noise = noise
        random = SeededRandom(seed: seed)
    }

    /// Unit gravity vector of a pose tilted by `tiltDegrees` toward `toward`.
    static func direction(_ pose: Orientation, tiltDegrees: Double = 0, toward: Orientation? = nil) -> Vector3 {
        let a = pose.gravityAxis!
        guard let toward, let b = toward.gravityAxis else { return a }
        let r = tiltDegrees * .pi / 180
        return a * cos(r) + b * sin(r)
    }

    mutating func hold(_ direction: Vector3, forMs duration: Double, magnitude: Double = g) {
        emit(forMs: duration) { _, _ in direction * magnitude }
    }

    /// Rotates in a straight line between two directions (great circle), then stops.
    mutating func rotate(from a: Vector3, to b: Vector3, overMs duration: Double) {
        let angle = acos(max(-1, min(1, a.dot(b))))
        emit(forMs: duration) { fraction, _ in
            let t = fraction * angle
            let s = sin(angle)
            let v = s < 1e-9 ? a : a * (sin(angle - t) / s) + b * (sin(t) / s)
            return v * Self.g
        }
    }

    /// Gravity plus a sinusoidal linear acceleration (shaking, walking bob).
    mutating func shake(_ direction: Vector3, along axis: Vector3, amplitude: Double, hz: Double, forMs duration: Double) {
        let start = timeMs
        emit(forMs: duration) { _, now in
            let phase = 2 * Double.pi * hz * (now - start) / 1000
            return direction * Self.g + axis * (amplitude * sin(phase))
        }
    }

    /// No samples for a while (sensor dropout, suspend).
    mutating func gap(ms: Double) { timeMs += ms }

    private mutating func emit(forMs duration: Double, value: (Double, Double) -> Vector3) {
        let period = 1000 / rateHz
        let end = timeMs + duration
        while timeMs < end {
            let v = value((timeMs - (end - duration)) / duration, timeMs)
            let jitter = jitterMs > 0 ? random.uniform(-jitterMs, jitterMs) : 0
            let stamp = Int64((timeMs + jitter).rounded())
            let noisy = Vector3(v.x + random.gaussian() * noise, v.y + random.gaussian() * noise, v.z + random.gaussian() * noise)
            if let last = samples.last, stamp <= last.timeUs / 1000 {
                samples.append(Sample(timeUs: last.timeUs + 1000, gravity: noisy))
            } else {
                samples.append(Sample(timeMs: stamp, noisy.x, noisy.y, noisy.z))
            }
            timeMs += period
        }
    }
}

/// splitmix64: reproducible across platforms and runs.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
    mutating func gaussian() -> Double {
        let u = max(uniform(0, 1), 1e-12), v = uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

/// Runs a classifier over samples and returns every change.
func classify(_ samples: [Sample], parameters: ClassifierParameters = .default) -> [(timeMs: Int64, orientation: Orientation)] {
    var classifier = OrientationClassifier(parameters: parameters)
    return classifier.process(samples).map { ($0.timeUs / 1000, $0.orientation) }
}
