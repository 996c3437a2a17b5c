import CLibc
import OrientationCore

/// A text file read one line at a time through one fixed chunk: whatever the file's size (an
/// endless pipe, /dev/zero), a reader holds one chunk and one line. A line longer than
/// `Trace.longestLineBytes` is refused with its number before more is read.
public final class TraceLines {
    /// One read of the file; a line must fit in it.
    static let chunkSize = 65536

    /// Names the file in errors.
    public let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var chunk = [UInt8](repeating: 0, count: TraceLines.chunkSize)
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false
    /// Lines returned so far: the number of the last one.
    public private(set) var lineNumber = 0

    /// Reads `fd` (not closed by this reader).
    public init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        ownsDescriptor = false
    }

    /// Opens `path`; closed with the reader.
    public init(path: String) throws(SourceError) {
        self.path = path
        fd = orientd_open(path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw SourceError("cannot open trace \(path): \(String(cString: strerror(orientd_errno())))") }
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Back to the first line.
    public func rewind() throws(SourceError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw SourceError("cannot rewind trace \(path): \(String(cString: strerror(orientd_errno())))")
        }
        chunkStart = 0
        chunkEnd = 0
        atEnd = false
        lineNumber = 0
    }

    /// The next line without its newline, nil at the end of the file.
    public func next() throws(SourceError) -> Substring? {
        while true {
            if let newline = chunk[chunkStart..<chunkEnd].firstIndex(of: 0x0a) {
                let line = chunk[chunkStart..<newline]
                chunkStart = newline + 1
                return try text(line)
            }
            guard chunkEnd - chunkStart <= Trace.longestLineBytes else {
                throw SourceError("\(path):\(lineNumber + 1): line longer than \(Trace.longestLineBytes) bytes")
            }
            if atEnd {
                guard chunkStart < chunkEnd else { return nil }
                let line = chunk[chunkStart..<chunkEnd]
                chunkStart = chunkEnd
                return try text(line)
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
        lineNumber += 1
        guard bytes.count <= Trace.longestLineBytes else {
            throw SourceError("\(path):\(lineNumber): line longer than \(Trace.longestLineBytes) bytes")
        }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw SourceError("\(path):\(lineNumber): not UTF-8 text")
        }
        return Substring(line)
    }
}
