/// The 3×3 matrix that rotates sensor-frame readings into the device frame (docs/sensor-inputs.md):
/// `corrected[i] = row[i] · reading`. Text form as in systemd's hwdb and the kernel's
/// `mount_matrix` attributes: `x1, y1, z1; x2, y2, z2; x3, y3, z3`.
public struct MountMatrix: Equatable, Sendable, CustomStringConvertible {
    public let rows: (Vector3, Vector3, Vector3)

    public static let identity = MountMatrix(uncheckedRows: (Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)))

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String {
            "mount matrix \"\(DecimalNumber.ParseError.printable(text))\": \(reason)"
        }
    }

    /// How far the determinant may be from ±1. A mount matrix only turns or mirrors the
    /// sensor's axes: hwdb and kernel matrices hold 0 and ±1, or cosines written to a few
    /// decimals (0.7071), whose determinants are ±1 within 0.01; 0.05 leaves room for
    /// two-decimal rounding, while a singular matrix (0) or one that scales (2, 0.5) — which
    /// would flatten or distort gravity — is far outside.
    public static let determinantTolerance = 0.05

    private init(uncheckedRows rows: (Vector3, Vector3, Vector3)) { self.rows = rows }

    /// Validates the rows (all finite, none zero) and that the matrix only turns or mirrors.
    public init(parsing text: String) throws(ParseError) {
        let rowTexts = DecimalNumber.trimBlanks(text).utf8.split(separator: 0x3b, omittingEmptySubsequences: false)  // ;
        guard rowTexts.count == 3 else {
            throw ParseError(text: text, reason: "expected 3 rows separated by ';', found \(rowTexts.count)")
        }
        var parsed: [Vector3] = []
        for (index, rowText) in rowTexts.enumerated() {
            let cells = rowText.split(separator: 0x2c, omittingEmptySubsequences: false).map { Substring($0) }  // ,
            guard cells.count == 3 else {
                throw ParseError(text: text, reason: "row \(index + 1) has \(cells.count) elements, expected 3")
            }
            var values: [Double] = []
            for cell in cells {
                do {
                    values.append(try DecimalNumber.parseDouble(cell))
                } catch {
                    throw ParseError(text: text, reason: "row \(index + 1): \(error)")
                }
            }
            let row = Vector3(values[0], values[1], values[2])
            guard row != .zero else { throw ParseError(text: text, reason: "row \(index + 1) is zero") }
            parsed.append(row)
        }
        let determinant = parsed[0].dot(Vector3(parsed[1].y * parsed[2].z - parsed[1].z * parsed[2].y,
                                                 parsed[1].z * parsed[2].x - parsed[1].x * parsed[2].z,
                                                 parsed[1].x * parsed[2].y - parsed[1].y * parsed[2].x))
        guard abs(abs(determinant) - 1) <= Self.determinantTolerance else {
            throw ParseError(text: text, reason: "determinant \(determinant) is not ±1: not a rotation or reflection")
        }
        rows = (parsed[0], parsed[1], parsed[2])
    }

    @inlinable public func apply(_ v: Vector3) -> Vector3 {
        Vector3(rows.0.dot(v), rows.1.dot(v), rows.2.dot(v))
    }

    public static func == (a: MountMatrix, b: MountMatrix) -> Bool {
        a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2
    }

    public var description: String {
        func row(_ r: Vector3) -> String { "\(format(r.x)), \(format(r.y)), \(format(r.z))" }
        return "\(row(rows.0)); \(row(rows.1)); \(row(rows.2))"
    }

    private func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}

/// Per-axis conversion of raw counts to m/s²: `(raw + offset) × scale` (docs/sensor-inputs.md).
public struct AxisCalibration: Equatable, Sendable {
    public var scale: Double
    public var offset: Double

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case scaleNotPositive(Double)
        case notFinite
        public var description: String {
            switch self {
            case .scaleNotPositive(let s): return "scale \(s) is not positive"
            case .notFinite: return "scale or offset is not finite"
            }
        }
    }

    public init(scale: Double, offset: Double = 0) throws(Problem) {
        guard scale.isFinite, offset.isFinite else { throw .notFinite }
        guard scale > 0 else { throw .scaleNotPositive(scale) }
        self.scale = scale
        self.offset = offset
    }

    /// Raw counts are 64-bit integers; the sum is formed in Double so an extreme raw value
    /// can neither overflow nor change sign.
    @inlinable public func convert(_ raw: Int64) -> Double { (Double(raw) + offset) * scale }
}
