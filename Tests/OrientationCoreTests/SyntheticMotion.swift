import Glibc
import OrientationCore

/// Deterministic generator of accelerometer streams for tests: poses, rotations, noise,
/// shaking, free fall, at any rate with timestamp jitter.
struct SyntheticMotion {
    static let g = 9.80665

    var rateHz: Double
    var jitterMs: Double = 0
    var noise: Double = 0.03
    /// Hand tremor and sway added to every direction (nil: a perfectly steady hand).
    var tremor: Tremor?
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

    /// A deliberate hand movement from `a` to `b`: minimum jerk (Flash & Hogan 1985), the hand
    /// speeds up and stops smoothly, along the great circle.
    mutating func turn(from a: Vector3, to b: Vector3, overMs duration: Double) {
        emit(forMs: duration) { fraction, _ in Self.slerp(a, b, Self.minimumJerk(fraction)) * Self.g }
    }

    /// A glance: from `a`, `degrees` toward `toward`, and straight back, out and back each a
    /// minimum-jerk movement of half of `duration` (the hand stops only at the turning point).
    mutating func glance(from a: Vector3, toward b: Vector3, degrees: Double, overMs duration: Double) {
        let peak = Self.slerp(a, b, degrees / (acos(max(-1, min(1, a.dot(b)))) * 180 / .pi))
        emit(forMs: duration) { fraction, _ in
            let s = fraction < 0.5 ? 2 * fraction : 2 - 2 * fraction
            return Self.slerp(a, peak, Self.minimumJerk(s)) * Self.g
        }
    }

    /// A glance made as one movement out and back (a minimum-jerk bump, 64·s³(1−s)³): the hand
    /// reverses at `degrees` with its largest acceleration, 24·degrees/duration².
    mutating func smoothGlance(from a: Vector3, toward b: Vector3, degrees: Double, overMs duration: Double) {
        let total = acos(max(-1, min(1, a.dot(b)))) * 180 / .pi
        emit(forMs: duration) { fraction, _ in
            let u = fraction * (1 - fraction)
            return Self.slerp(a, b, degrees / total * 64 * u * u * u) * Self.g
        }
    }

    static func minimumJerk(_ s: Double) -> Double { s * s * s * (10 - 15 * s + 6 * s * s) }

    /// Point at `fraction` of the great circle from unit vector `a` to unit vector `b`.
    static func slerp(_ a: Vector3, _ b: Vector3, _ fraction: Double) -> Vector3 {
        let angle = acos(max(-1, min(1, a.dot(b))))
        let s = sin(angle)
        guard s > 1e-9 else { return a }
        return a * (sin(angle * (1 - fraction)) / s) + b * (sin(angle * fraction) / s)
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
            var v = value((timeMs - (end - duration)) / duration, timeMs)
            if let tremor { v = tremor.apply(to: v, atMs: timeMs, random: &random) }
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

/// A hand holding a device: physiological tremor (9 Hz, ±0.8°), postural sway (0.7 and 1.3 Hz,
/// ±2.5°) about two axes, and a little linear jitter.
struct Tremor {
    var tremorDegrees = 0.8
    var tremorHz = 9.0
    var swayDegrees = 2.5
    var linearMS2 = 0.15

    static let hand = Tremor()

    func apply(to v: Vector3, atMs ms: Double, random: inout SeededRandom) -> Vector3 {
        let s = ms / 1000
        let aboutX = tremorDegrees * sin(2 * .pi * tremorHz * s) + swayDegrees * sin(2 * .pi * 0.7 * s + 1)
        let aboutZ = tremorDegrees * sin(2 * .pi * tremorHz * s + 2) + swayDegrees * sin(2 * .pi * 1.3 * s)
        let turned = Self.rotate(Self.rotate(v, about: Vector3(1, 0, 0), degrees: aboutX), about: Vector3(0, 0, 1), degrees: aboutZ)
        return turned + Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * linearMS2
    }

    /// Rodrigues' rotation of `v` about the unit vector `axis`.
    static func rotate(_ v: Vector3, about axis: Vector3, degrees: Double) -> Vector3 {
        let r = degrees * .pi / 180
        let cross = Vector3(axis.y * v.z - axis.z * v.y, axis.z * v.x - axis.x * v.z, axis.x * v.y - axis.y * v.x)
        return v * cos(r) + cross * sin(r) + axis * (axis.dot(v) * (1 - cos(r)))
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

/// Runs the classifier and the screen rule over samples and returns every screen change.
func screenChanges(_ samples: [Sample], supported: SupportedOrientations = .all,
                   parameters: ScreenParameters = .default) -> [(timeMs: Int64, orientation: Orientation)] {
    var classifier = OrientationClassifier()
    var rule = ScreenOrientationRule(parameters: parameters, supported: supported)
    return rule.process(samples, classifier: &classifier).map { ($0.timeUs / 1000, $0.orientation) }
}

extension ClassifierParameters {
    /// The defaults with the heading path off (`PlanarHeading`: no reading is strong enough),
    /// for tests of the busy paths it answers before.
    static var withoutHeading: ClassifierParameters {
        var parameters = ClassifierParameters()
        parameters.heading.minimumPlanarMS2 = .infinity
        return parameters
    }
}

extension ScreenParameters {
    /// The defaults with the screen's heading path off, as `ClassifierParameters.withoutHeading`.
    static var withoutHeading: ScreenParameters {
        var parameters = ScreenParameters()
        parameters.heading.minimumPlanarMS2 = .infinity
        return parameters
    }
}
