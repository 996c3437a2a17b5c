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

    public typealias ParseError = Trace.ParseError

    /// Parses a whole trace. `source` names it in errors (usually the file path).
    public static func parse(_ text: String, source: String) throws(ParseError) -> [Row] {
        try LineParser.parseAll(text, source: source)
    }

    /// The posture trace format one line at a time, for readers that stream a file.
    public struct LineParser: TraceLineParser {
        private var rows: TimedRowParser

        public init(source: String) { rows = TimedRowParser(source: source, header: header) }

        /// The row on the next line, or nil for a line that holds none.
        public mutating func parse(_ rawLine: Substring) throws(ParseError) -> Row? {
            guard let row = try rows.parse(rawLine) else { return nil }
            let v = row.values
            return Row(timeUs: row.timeMs * 1000, display: Vector3(v[0], v[1], v[2]), base: Vector3(v[3], v[4], v[5]))
        }
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
}
