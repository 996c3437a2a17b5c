import OrientationCore

/// The posture trace format (`t_ms,dx,dy,dz,bx,by,bz`: the display then the base reading, m/s²,
/// each in its §1 frame after its mount matrix; blank lines, `#` comments and a header line are
/// ignored) and the change log format (`t_ms,posture,hinge_deg`, -1 when not measurable).
public enum PostureTrace {
    public static let header = "t_ms,dx,dy,dz,bx,by,bz"
    public static let logHeader = "t_ms,posture,hinge_deg"

    public struct Row: Equatable, Sendable {
        public var timeUs: Int64
        public var display: Vector3
        public var base: Vector3

        public init(timeUs: Int64, display: Vector3, base: Vector3) {
            self.timeUs = timeUs
            self.display = display
            self.base = base
        }
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let source: String
        public let line: Int
        public let reason: String
        public var description: String { "\(source):\(line): \(reason)" }
    }

    /// Parses a whole trace. `source` names it in errors (usually the file path).
    public static func parse(_ text: String, source: String) throws(ParseError) -> [Row] {
        var rows: [Row] = []
        var lineNumber = 0
        var previousMs: Int64?
        for rawLine in text.utf8.split(separator: 0x0a, omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = trimmed(Substring(rawLine))
            if line.isEmpty || line.utf8.first == 0x23 { continue }  // '#'
            if rows.isEmpty, let first = line.utf8.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7a {
                guard line == header else {
                    throw ParseError(source: source, line: lineNumber,
                                     reason: "unexpected header \"\(line)\", expected \(header)")
                }
                continue
            }
            let fields = line.utf8.split(separator: 0x2c, omittingEmptySubsequences: false).map { Substring($0) }
            guard fields.count == 7 else {
                throw ParseError(source: source, line: lineNumber,
                                 reason: "expected 7 fields \(header), found \(fields.count)")
            }
            let timeMs: Int64
            var v = [Double](repeating: 0, count: 6)
            do {
                timeMs = try DecimalNumber.parseInteger(fields[0])
                for i in 0..<6 { v[i] = try DecimalNumber.parseDouble(fields[i + 1]) }
            } catch {
                throw ParseError(source: source, line: lineNumber, reason: "\(error)")
            }
            guard timeMs >= 0, timeMs <= Int64.max / 1000 else {
                throw ParseError(source: source, line: lineNumber, reason: "time \(timeMs) ms is out of range")
            }
            if let previousMs, timeMs < previousMs {
                throw ParseError(source: source, line: lineNumber,
                                 reason: "time goes backwards (\(timeMs) ms after \(previousMs) ms)")
            }
            previousMs = timeMs
            rows.append(Row(timeUs: timeMs * 1000, display: Vector3(v[0], v[1], v[2]), base: Vector3(v[3], v[4], v[5])))
        }
        return rows
    }

    /// One line of the change log: `t_ms,posture,hinge_deg`, the angle to 0.1°.
    public static func logLine(_ update: PostureUpdate) -> String {
        let angle: String
        if let degrees = update.hingeAngle {
            let tenths = Int64((degrees * 10).rounded())
            angle = "\(tenths / 10).\(tenths % 10)"
        } else {
            angle = "-1"
        }
        return "\(update.timeUs / 1000),\(update.posture.rawValue),\(angle)"
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0d }
        var start = bytes.startIndex, end = bytes.endIndex
        while start != end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end != start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return text[start..<end]
    }
}
