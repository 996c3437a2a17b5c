import CallError
import CSystemd

// A loop of its own (`EventLoop(shared: false)`) inside the caller's loop: sd-event's epoll fd
// becomes readable whenever one of its sources is ready, so GLib, Qt or another sd-event can
// watch that one fd and dispatch (sd_event_get_fd(3)).

extension EventLoop {
    /// The loop's epoll file descriptor: readable while something is ready to dispatch.
    public var fileDescriptor: Int32 { sd_event_get_fd(handle) }

    /// Runs one iteration: waits up to `timeoutUs` (`UInt64.max`: without limit) and dispatches
    /// one ready source. Returns whether one was dispatched.
    @discardableResult
    public func runOnce(timeoutUs: UInt64) throws(CallError) -> Bool {
        try check(sd_event_run(handle, timeoutUs), "sd_event_run") > 0
    }
}
