/// Logs a recurring problem once, then at most once per interval with the number of
/// repeats in between, so a sensor spewing garbage cannot flood the journal.
public struct RateLimitedLog {
    public let intervalUs: UInt64
    private var lastUs: UInt64?
    private var suppressed = 0

    public init(intervalUs: UInt64 = 10_000_000) { self.intervalUs = intervalUs }

    public mutating func warning(_ message: @autoclosure () -> String, now: UInt64) {
        if let lastUs, now - lastUs < intervalUs {
            suppressed += 1
            return
        }
        let repeats = suppressed > 0 ? " (\(suppressed) more since the last report)" : ""
        Log.warning(message() + repeats)
        lastUs = now
        suppressed = 0
    }
}
