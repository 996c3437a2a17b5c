import CLibc
import OrientationCore

/// A trace file read a chunk at a time: whatever the file's size, a replay holds one chunk
/// and one line in memory.
final class TraceFile {
    /// A `t_ms,x,y,z` line is under 100 bytes; a longer one is not a trace line, and the
    /// bound keeps what one line costs small.
    static let longestLine = 4096
    static let chunkSize = 65536

    let path: String
    private let fd: Int32
    private var chunk = [UInt8](repeating: 0, count: TraceFile.chunkSize)
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false
    private var parser: Trace.LineParser

    init(path: String) throws(SourceError) {
        self.path = path
        fd = orientd_open(path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw SourceError("cannot open trace \(path): \(String(cString: strerror(orientd_errno())))") }
        parser = Trace.LineParser(source: path)
    }

    deinit { close(fd) }

    /// Back to the first line.
    func rewind() throws(SourceError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw SourceError("cannot rewind trace \(path): \(String(cString: strerror(orientd_errno())))")
        }
        chunkStart = 0
        chunkEnd = 0
        atEnd = false
        parser = Trace.LineParser(source: path)
    }

    /// The next sample, nil at the end of the file.
    func next() throws(SourceError) -> Sample? {
        while let line = try nextLine() {
            do {
                if let sample = try parser.parse(line) { return sample }
            } catch {
                throw SourceError("\(error)")
            }
        }
        return nil
    }

    private func nextLine() throws(SourceError) -> Substring? {
        while true {
            if let newline = chunk[chunkStart..<chunkEnd].firstIndex(of: 0x0a) {
                let line = chunk[chunkStart..<newline]
                chunkStart = newline + 1
                return try text(line)
            }
            if atEnd {
                guard chunkStart < chunkEnd else { return nil }
                let line = chunk[chunkStart..<chunkEnd]
                chunkStart = chunkEnd
                return try text(line)
            }
            guard chunkEnd - chunkStart < Self.longestLine else {
                throw SourceError("\(path):\(parser.lineNumber + 1): line longer than \(Self.longestLine) bytes")
            }
            // Keep the partial line, fill the rest of the chunk.
            let partial = chunkEnd - chunkStart
            if chunkStart > 0 {
                for i in 0..<partial { chunk[i] = chunk[chunkStart + i] }
                chunkStart = 0
                chunkEnd = partial
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress! + chunkEnd, $0.count - chunkEnd) }
            if n < 0 {
                if orientd_errno() == EINTR { continue }
                throw SourceError("cannot read trace \(path): \(String(cString: strerror(orientd_errno())))")
            }
            if n == 0 { atEnd = true } else { chunkEnd += n }
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>) throws(SourceError) -> Substring {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw SourceError("\(path):\(parser.lineNumber + 1): not UTF-8 text")
        }
        return Substring(line)
    }
}
