/// A reading that holds still is gravity, whatever its length (docs/sensor-inputs.md, "No
/// scale, or a wrong one"). An accelerometer without a scale attribute, or whose driver states
/// a wrong one (g instead of m/s², a wrong full-scale range), still points its steady vector
/// along gravity: this finds the factor that gives that vector the length of g, so the
/// classifier's magnitude gates judge motion relative to the steady length.
///
/// A stated scale is kept while the steady length agrees with g within `trustedRatio`; an
/// unknown one (no attribute) is found from the first steady readings, and readings are held
/// back until then. Pure: no clock, no I/O.
public struct SteadyLengthScale: Sendable {
    public struct Parameters: Equatable, Sendable {
        /// Readings in a row that must agree to count as steady: three (60 ms at the fast
        /// rate, under a second at rest) tell a device lying still from one passing through.
        public var steadyReadings = 3
        /// How far, relative to their length, steady readings may lie from their mean: the
        /// noise of a phone or laptop part at rest is about 1 % of g; a held device moves more.
        public var steadySpread = 0.03
        /// A stated scale is trusted while the steady length is within this factor of g: a
        /// working part's sensitivity and zero-g offset errors stay within 10–20 % of g; a
        /// factor of two is a unit or range error (g reported as m/s², 26 g at rest), not
        /// calibration.
        public var trustedRatio = 2.0
        /// Once the scale is found (or the stated one proved wrong), a steady length further
        /// than this from g (relative) is found again: within it the classifier's own
        /// magnitude tolerances (0.1 g and more) take the difference.
        public var refindRatio = 0.05
        public init() {}
    }

    public let parameters: Parameters
    /// Multiplies every reading; nil while an unknown scale is not found yet.
    public private(set) var factor: Double?
    /// The steady length (before `factor`) that set the factor, m/s².
    public private(set) var foundLength: Double?
    /// The stated scale holds (no steady reading has contradicted it).
    public private(set) var trustsStatedScale: Bool
    private var recent: [Vector3] = []

    /// `scaleKnown`: the device states a scale (false: counts are taken as m/s², scale 1).
    public init(scaleKnown: Bool, parameters: Parameters = Parameters()) {
        self.parameters = parameters
        factor = scaleKnown ? 1 : nil
        trustsStatedScale = scaleKnown
    }

    /// The reading scaled, or nil while the scale is unknown; `found` is true when this
    /// reading set a new factor (the caller logs it).
    public mutating func scale(_ reading: Vector3) -> (reading: Vector3?, found: Bool) {
        recent.append(reading)
        if recent.count > parameters.steadyReadings { recent.removeFirst(recent.count - parameters.steadyReadings) }
        var found = false
        if recent.count == parameters.steadyReadings, let length = steadyLength(), needsFinding(length) {
            adopt(length)
            found = true
        }
        return (factor.map { reading * $0 }, found)
    }

    /// A single reading (a one-shot read) with nothing found yet is taken as steady: it is
    /// all there is. It does not set the factor for the stream.
    public func scaleOneShot(_ reading: Vector3) -> Vector3? {
        if let factor { return reading * factor }
        let length = reading.magnitude
        guard length.isFinite, length > 0 else { return nil }
        return reading * (standardGravity / length)
    }

    private func steadyLength() -> Double? {
        var sum = Vector3(0, 0, 0)
        for v in recent { sum = sum + v }
        let mean = sum * (1 / Double(recent.count))
        let length = mean.magnitude
        guard length.isFinite, length > 0 else { return nil }
        for v in recent where (v - mean).magnitude > parameters.steadySpread * length { return nil }
        return length
    }

    private func needsFinding(_ rawLength: Double) -> Bool {
        guard let factor else { return true }
        let ratio = rawLength * factor / standardGravity
        if trustsStatedScale {
            return ratio > parameters.trustedRatio || ratio < 1 / parameters.trustedRatio
        }
        return abs(ratio - 1) > parameters.refindRatio
    }

    private mutating func adopt(_ rawLength: Double) {
        factor = standardGravity / rawLength
        foundLength = rawLength
        trustsStatedScale = false
    }
}
