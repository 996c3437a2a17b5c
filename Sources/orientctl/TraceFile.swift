import CLibc
import Sensors

/// A trace file ('-': standard input) read a line at a time (`TraceLines`: a line longer than
/// any trace line is refused with its number, so endless input costs bounded memory), each
/// line handed to `parse` with the name errors give the file; every failure is one message
/// (exit status 64, as for a command line the parser refuses).
func readTraceLines<Parser, Row, Failure: Error & CustomStringConvertible>(
    _ path: String, parser makeParser: (String) -> Parser, _ parse: (inout Parser, Substring) throws(Failure) -> Row?
) throws(CommandError) -> [Row] {
    let fd = path == "-" ? 0 : orientd_open(path, O_RDONLY | O_CLOEXEC, 0)
    guard fd >= 0 else { throw .invalid("cannot read trace \(path)", command: nil) }
    defer { if fd > 0 { close(fd) } }
    let source = path == "-" ? "<stdin>" : path
    let lines = TraceLines(fd: fd, path: source)
    var parser = makeParser(source)
    var rows: [Row] = []
    while true {
        let line: Substring?
        do {
            line = try lines.next()
        } catch {
            throw .invalid(error.description, command: nil)
        }
        guard let line else { return rows }
        do {
            if let row = try parse(&parser, line) { rows.append(row) }
        } catch {
            throw .invalid(error.description, command: nil)
        }
    }
}
