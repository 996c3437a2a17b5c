import CLibc

/// Log lines on stderr. The daemon prefixes them with sd-daemon(3) priorities so journald
/// keeps the levels; a command-line tool turns the prefixes off. Libraries log; only `main`
/// decides verbosity and prefixes.
public enum Log {
    nonisolated(unsafe) public static var verbose = false
    nonisolated(unsafe) public static var priorityPrefixes = true

    public static func error(_ message: String) { write(3, message) }
    public static func warning(_ message: String) { write(4, message) }
    public static func notice(_ message: String) { write(5, message) }
    public static func info(_ message: String) { write(6, message) }
    public static func debug(_ message: @autoclosure () -> String) {
        if verbose { write(7, message()) }
    }

    private static func write(_ priority: Int, _ message: String) {
        var line = priorityPrefixes ? "<\(priority)>" + message : message
        line.append("\n")
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = CLibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 {
                    if n < 0 && orientd_errno() == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}
