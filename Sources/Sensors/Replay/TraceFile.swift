import OrientationCore

/// A sample trace read a line at a time (`TraceLines`): whatever the file's size, a replay
/// holds one chunk and one line in memory.
final class TraceFile {
    let path: String
    private let lines: TraceLines
    private var parser: Trace.LineParser

    init(path: String) throws(SourceError) {
        self.path = path
        lines = try TraceLines(path: path)
        parser = Trace.LineParser(source: path)
    }

    /// Back to the first line.
    func rewind() throws(SourceError) {
        try lines.rewind()
        parser = Trace.LineParser(source: path)
    }

    /// The next sample, nil at the end of the file.
    func next() throws(SourceError) -> Sample? {
        while let line = try lines.next() {
            do {
                if let sample = try parser.parse(line) { return sample }
            } catch {
                throw SourceError("\(error)")
            }
        }
        return nil
    }
}
