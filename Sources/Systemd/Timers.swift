import CallError

/// Time, one-shot timers, fd watches and udev events, as the event loop provides them. Everything above the C edge
/// that waits (the hub's first-answer bound, the sensor linger, the replay pacing) asks this
/// seam, so unit tests drive it with a manual clock instead of the real loop.
public protocol Timers: AnyObject {
    /// CLOCK_MONOTONIC in µs, as the loop saw it when the current event was dispatched.
    var now: UInt64 { get }
    /// Calls `handler` once at `usec` (CLOCK_MONOTONIC) unless the returned handle is
    /// cancelled or released first.
    func addTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable
    /// Calls `handler` with the poll events each time `fd` is ready for `events` (POLLIN, …),
    /// until the returned handle is cancelled or released.
    func watch(fd: Int32, events: UInt32, _ handler: @escaping (UInt32) -> Void) throws(CallError) -> any Cancellable
    /// `addTimer(at:)` at idle priority: once due, it fires only when nothing else is pending
    /// (bus messages, fds, other timers), so work it does never delays theirs.
    func addIdleTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable
    /// Calls `handler` with each udev event's action and device path in `subsystem`, until the
    /// returned handle is cancelled or released.
    func watchDevices(subsystem: String, _ handler: @escaping (_ action: String, _ syspath: String) -> Void) throws(CallError) -> any Cancellable
    /// CLOCK_MONOTONIC read afresh, in µs: readings are stamped with it (`now` is the time of
    /// the last wake-up, which work since may have left milliseconds behind).
    var clock: UInt64 { get }
}

/// Something scheduled that can be called off. Releasing the last reference cancels it too.
public protocol Cancellable: AnyObject {
    func cancel()
}

extension Timers {
    // Emitted in each caller: Embedded Swift compiles this module's own copy of a generic
    // method that nothing here calls as a trap, and that strong copy would replace the
    // callers' working ones at link time.
    @_alwaysEmitIntoClient
    public func addTimer(afterUs delay: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        try addTimer(at: now + delay, handler)
    }
}

extension Timers {
    /// `addTimer(at:)` for callers that can only log a failure: logged as "cannot arm the
    /// `what` timer", and nil returned (nothing fires).
    @_alwaysEmitIntoClient
    public func schedule(at usec: UInt64, _ what: String, _ handler: @escaping () -> Void) -> (any Cancellable)? {
        do throws(CallError) {
            return try addTimer(at: usec, handler)
        } catch {
            Log.error("cannot arm the \(what) timer: \(error)")
            return nil
        }
    }

    @_alwaysEmitIntoClient
    public func schedule(afterUs delay: UInt64, _ what: String, _ handler: @escaping () -> Void) -> (any Cancellable)? {
        schedule(at: now + delay, what, handler)
    }
}
