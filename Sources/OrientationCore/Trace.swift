/// The corpus trace format (`t_ms,x,y,z`, one sample a line; blank lines, `#` comments and a
/// header line are ignored) and the change log format (`t_ms,orientation`).
public enum Trace {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let source: String
        public let line: Int
        public let reason: String
        public var description: String { "\(source):\(line): \(reason)" }
    }

    /// Parses a whole trace. `source` names it in errors (usually the file path).
    public static func parse(_ text: String, source: String) throws(ParseError) -> [Sample] {
        var samples: [Sample] = []
        samples.reserveCapacity(text.utf8.count / 32)
        var parser = LineParser(source: source)
        // Lines and fields are split on bytes: no Unicode processing on the daemon's path.
        for rawLine in text.utf8.split(separator: 0x0a, omittingEmptySubsequences: false) {
            if let sample = try parser.parse(Substring(rawLine)) { samples.append(sample) }
        }
        return samples
    }

    /// The trace format one line at a time, for readers that stream a file: blank lines,
    /// comments and one header before the first sample are skipped; times must not go back.
    public struct LineParser {
        public let source: String
        public private(set) var lineNumber = 0
        private var previousMs: Int64?

        public init(source: String) { self.source = source }

        /// The sample on the next line, or nil for a line that holds none.
        public mutating func parse(_ rawLine: Substring) throws(ParseError) -> Sample? {
            lineNumber += 1
            let line = DecimalNumber.trimBlanks(rawLine)
            if line.isEmpty || line.utf8.first == 0x23 { return nil }  // '#'
            if previousMs == nil, let first = line.utf8.first, Trace.isLetter(first) {
                guard line == "t_ms,x,y,z" else {
                    throw ParseError(source: source, line: lineNumber,
                                     reason: "unexpected header \"\(line)\", expected t_ms,x,y,z")
                }
                return nil
            }
            // Count the commas before splitting: a line of a million commas costs no memory.
            let commas = line.utf8.reduce(0) { $0 + ($1 == 0x2c ? 1 : 0) }
            guard commas == 3 else {
                throw ParseError(source: source, line: lineNumber,
                                 reason: "expected 4 fields t_ms,x,y,z, found \(commas + 1)")
            }
            let fields = line.utf8.split(separator: 0x2c, omittingEmptySubsequences: false).map { Substring($0) }
            let timeMs: Int64
            let values: (Double, Double, Double)
            do {
                timeMs = try DecimalNumber.parseInteger(fields[0])
                values = (try DecimalNumber.parseDouble(fields[1]),
                          try DecimalNumber.parseDouble(fields[2]),
                          try DecimalNumber.parseDouble(fields[3]))
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
            return Sample(timeMs: timeMs, values.0, values.1, values.2)
        }
    }

    /// One line of the change log: `t_ms,orientation`.
    public static func logLine(timeUs: Int64, orientation: Orientation) -> String {
        "\(timeUs / 1000),\(orientation.rawValue)"
    }

    fileprivate static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a }
}
