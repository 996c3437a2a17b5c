/// Per-axis conversion of raw counts to m/s²: `(raw + offset) × scale` (docs/sensor-inputs.md).
public struct AxisCalibration: Equatable, Sendable {
    public var scale: Double
    public var offset: Double

    /// The largest scale of a real accelerometer, m/s² per count: a ±400 g part (the widest
    /// full scale sold) read with 8 bits is about 30; 100 leaves room.
    public static let largestScale = 100.0
    /// The smallest: a ±2 g part read with 32 bits is about 9e-9 m/s² per count.
    public static let smallestScale = 1e-9
    /// An offset is in counts of a converter of at most 32 bits.
    public static let largestOffset = 4_294_967_296.0

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case scaleNotPositive(Double)
        case notFinite
        case scaleOutOfRange(Double)
        case offsetOutOfRange(Double)
        public var description: String {
            switch self {
            case .scaleNotPositive(let s): return "scale \(s) is not positive"
            case .notFinite: return "scale or offset is not finite"
            case .scaleOutOfRange(let s):
                return "scale \(s) m/s² per count is outside what an accelerometer has (\(AxisCalibration.smallestScale) to \(AxisCalibration.largestScale))"
            case .offsetOutOfRange(let o):
                return "offset \(o) counts is beyond a 32-bit converter"
            }
        }
    }

    public init(scale: Double, offset: Double = 0) throws(Problem) {
        guard scale.isFinite, offset.isFinite else { throw .notFinite }
        guard scale > 0 else { throw .scaleNotPositive(scale) }
        guard scale >= Self.smallestScale && scale <= Self.largestScale else { throw .scaleOutOfRange(scale) }
        guard abs(offset) <= Self.largestOffset else { throw .offsetOutOfRange(offset) }
        self.scale = scale
        self.offset = offset
    }

    /// Raw counts are 64-bit integers; the sum is formed in Double so an extreme raw value
    /// can neither overflow nor change sign.
    @inlinable public func convert(_ raw: Int64) -> Double { (Double(raw) + offset) * scale }
}
