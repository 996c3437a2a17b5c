/// What may enter the filters: a reading whose components are all finite and within the
/// range of any accelerometer. A driver bug or a scale gone wrong (a reading of 1.7e308 m/s²)
/// would otherwise overflow the classifier's sums to infinity, and its averages stay NaN
/// long after the garbage stops. Rejected readings are counted; the caller logs them.
///
/// Pure: no clock, no I/O.
public struct SampleGate: Sendable {
    public struct Parameters: Equatable, Sendable {
        /// The largest magnitude an accelerometer axis can report: ±400 g, the widest
        /// full-scale range of MEMS accelerometers sold (ST H3LIS331DL; the ADXL375 reaches
        /// ±200 g, phone and laptop parts ±2–16 g). Anything beyond is not a reading.
        public var maxAxisMS2: Double = 400 * standardGravity
        public init() {}
    }

    public let parameters: Parameters
    /// Readings refused since this gate was made.
    public private(set) var rejected: UInt64 = 0

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// Whether `gravity` is a reading at all (no counting).
    public func admits(_ gravity: Vector3) -> Bool {
        let limit = parameters.maxAxisMS2
        // Written so that NaN fails every comparison and is refused with the infinities.
        return abs(gravity.x) <= limit && abs(gravity.y) <= limit && abs(gravity.z) <= limit
    }

    /// Whether the sample may enter the filters; a refused one is counted.
    public mutating func admit(_ sample: Sample) -> Bool {
        if admits(sample.gravity) { return true }
        rejected &+= 1
        return false
    }
}
