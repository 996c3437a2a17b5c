/// The corpus trace format (`t_ms,x,y,z`, one sample a line; blank lines, `#` comments and a
/// header line are ignored) and the change log format (`t_ms,orientation`).
public enum Trace {
    /// The longest line a trace reader accepts, in bytes. A sample line (`t_ms,x,y,z`) is
    /// under 100 bytes and a posture line (`t_ms,dx,dy,dz,bx,by,bz`) under 200, even with
    /// every number at a double's full precision; 4096 leaves room for comments and
    /// whitespace. A longer line is not a trace line: readers refuse it with its line number
    /// instead of buffering it (endless input without a newline, such as /dev/zero, would
    /// otherwise grow without bound).
    public static let longestLineBytes = 4096

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let source: String
        public let line: Int
        public let reason: String
        public var description: String { "\(source):\(line): \(reason)" }
    }

    /// Parses a whole trace. `source` names it in errors (usually the file path).
    public static func parse(_ text: String, source: String) throws(ParseError) -> [Sample] {
        try LineParser.parseAll(text, source: source)
    }

    /// The trace format one line at a time, for readers that stream a file: blank lines,
    /// comments and one header before the first sample are skipped; times must not go back.
    public struct LineParser: TraceLineParser {
        private var rows: TimedRowParser

        public init(source: String) { rows = TimedRowParser(source: source, header: "t_ms,x,y,z") }

        public var lineNumber: Int { rows.lineNumber }

        /// The sample on the next line, or nil for a line that holds none.
        public mutating func parse(_ rawLine: Substring) throws(ParseError) -> Sample? {
            guard let row = try rows.parse(rawLine) else { return nil }
            return Sample(timeMs: row.timeMs, row.values[0], row.values[1], row.values[2])
        }
    }

    /// One line of the change log: `t_ms,orientation`.
    public static func logLine(timeUs: Int64, orientation: Orientation) -> String {
        "\(timeUs / 1000),\(orientation.rawValue)"
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a }
}

/// A trace format read one line at a time (`Trace.LineParser`, `PostureTrace.LineParser`).
public protocol TraceLineParser {
    associatedtype Row
    init(source: String)
    /// The row on the next line, or nil for a line that holds none.
    mutating func parse(_ rawLine: Substring) throws(Trace.ParseError) -> Row?
}

extension TraceLineParser {
    /// Every row of a whole trace. `source` names it in errors (usually the file path). Lines
    /// are split on bytes: no Unicode processing on the daemon's path.
    public static func parseAll(_ text: String, source: String) throws(Trace.ParseError) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(text.utf8.count / 32)
        var parser = Self(source: source)
        for rawLine in text.utf8.split(separator: 0x0a, omittingEmptySubsequences: false) {
            if let row = try parser.parse(Substring(rawLine)) { rows.append(row) }
        }
        return rows
    }
}

/// Lines of `t_ms,v1,…,vN` after a header of N + 1 names (the sample trace, the posture trace):
/// numbers parsed locale-independently, times in order, blank lines and `#` comments skipped.
public struct TimedRowParser {
    public let source: String
    public let header: String
    public private(set) var lineNumber = 0
    private let fieldCount: Int
    private var previousMs: Int64?

    public init(source: String, header: String) {
        self.source = source
        self.header = header
        fieldCount = header.utf8.reduce(1) { $0 + ($1 == 0x2c ? 1 : 0) }
    }

    /// The time and values on the next line, or nil for a line that holds none.
    public mutating func parse(_ rawLine: Substring) throws(Trace.ParseError) -> (timeMs: Int64, values: [Double])? {
        lineNumber += 1
        let line = DecimalNumber.trimBlanks(rawLine)
        if line.isEmpty || line.utf8.first == 0x23 { return nil }  // '#'
        if previousMs == nil, let first = line.utf8.first, Trace.isLetter(first) {
            guard line == header else { throw failure("unexpected header \"\(line)\", expected \(header)") }
            return nil
        }
        // Count the commas before splitting: a line of a million commas costs no memory.
        let fields = line.utf8.reduce(1) { $0 + ($1 == 0x2c ? 1 : 0) }
        guard fields == fieldCount else { throw failure("expected \(fieldCount) fields \(header), found \(fields)") }
        let cells = line.utf8.split(separator: 0x2c, omittingEmptySubsequences: false).map { Substring($0) }
        let timeMs: Int64
        var values: [Double] = []
        values.reserveCapacity(fieldCount - 1)
        do {
            timeMs = try DecimalNumber.parseInteger(cells[0])
            for cell in cells.dropFirst() { values.append(try DecimalNumber.parseDouble(cell)) }
        } catch {
            throw failure("\(error)")
        }
        guard timeMs >= 0, timeMs <= Int64.max / 1000 else { throw failure("time \(timeMs) ms is out of range") }
        if let previousMs, timeMs < previousMs {
            throw failure("time goes backwards (\(timeMs) ms after \(previousMs) ms)")
        }
        previousMs = timeMs
        return (timeMs, values)
    }

    private func failure(_ reason: String) -> Trace.ParseError {
        Trace.ParseError(source: source, line: lineNumber, reason: reason)
    }
}
