/// Logs at most `burst` messages per interval and counts the rest, like journald's own
/// RateLimitBurst=, so a sensor spewing garbage or a hotplug storm cannot flood the journal.
/// The first message after a quiet interval says how many were suppressed.
public struct RateLimitedLog {
    public let intervalUs: UInt64
    public let burst: Int
    private var windowStartUs: UInt64?
    private var inWindow = 0
    private var suppressed = 0

    public init(intervalUs: UInt64 = 10_000_000, burst: Int = 1) {
        self.intervalUs = intervalUs
        self.burst = burst
    }

    public mutating func warning(_ message: @autoclosure () -> String, now: UInt64) {
        log(Log.warning, message(), now: now)
    }

    /// Writes `message` with `write` (Log.info, Log.warning, …) unless the burst is spent.
    public mutating func log(_ write: (String) -> Void, _ message: @autoclosure () -> String, now: UInt64) {
        if let start = windowStartUs, now - start < intervalUs {
            guard inWindow < burst else {
                suppressed += 1
                return
            }
        } else {
            windowStartUs = now
            inWindow = 0
        }
        inWindow += 1
        let repeats = suppressed > 0 ? " (\(suppressed) similar messages suppressed before this one)" : ""
        write(message() + repeats)
        suppressed = 0
    }
}
