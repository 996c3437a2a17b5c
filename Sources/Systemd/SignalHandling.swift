import CallError

/// Process signals as the event loop handles them, and the loop's end: what the daemon's
/// signal handling asks of the loop, so it is handed this and not the loop itself.
public protocol SignalHandling: AnyObject {
    /// The signal no longer terminates the process.
    func ignore(_ signal: Int32)
    /// Calls `handler` on the loop each time `signal` arrives, until the source is cancelled.
    func addSignal(_ signal: Int32, _ handler: @escaping () -> Void) throws(CallError) -> EventSource
    /// Ends the loop's run with `code`.
    func exit(_ code: Int32)
}

extension EventLoop: SignalHandling {}
