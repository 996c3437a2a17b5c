import CLibc

/// A trace file's text ('-': standard input) handed to `parse`, every failure one message
/// (exit status 64, as for a command line the parser refuses).
func readTraceText<T, Failure: Error & CustomStringConvertible>(
    _ path: String, _ parse: (String, String) throws(Failure) -> T) throws(CommandError) -> T {
    let fd = path == "-" ? 0 : orientd_open(path, O_RDONLY | O_CLOEXEC, 0)
    guard fd >= 0, let bytes = readAll(fd) else {
        if fd > 0 { close(fd) }
        throw .invalid("cannot read trace \(path)", command: nil)
    }
    if fd > 0 { close(fd) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw .invalid("\(path): not UTF-8 text", command: nil)
    }
    do {
        return try parse(text, path == "-" ? "<stdin>" : path)
    } catch {
        throw .invalid(error.description, command: nil)
    }
}

/// Everything `fd` gives until end of file; nil on a read error (a directory, EIO).
private func readAll(_ fd: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && orientd_errno() == EINTR { continue }
        if n < 0 { return nil }
        if n == 0 { return bytes }
        bytes += chunk[0..<n]
    }
}
