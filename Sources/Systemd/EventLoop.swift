import CallError
import CSystemd
import CLibc

/// The daemon's single event loop (sd-event): timers, file descriptors and signals, all
/// dispatched on the thread that calls `run()`.
public final class EventLoop: Timers {
    public let handle: OpaquePointer
    /// The udev monitors, one per subsystem, that `watchDevices` shares.
    public let devices: DeviceWatchers

    /// `shared`: the thread's default loop (the daemon's); otherwise a loop of its own, for a
    /// library that must not take over its caller's default loop.
    public init(shared: Bool = true) throws(CallError) {
        var event: OpaquePointer?
        if shared {
            try check(sd_event_default(&event), "sd_event_default")
        } else {
            try check(sd_event_new(&event), "sd_event_new")
        }
        let loop = event!
        handle = loop
        devices = DeviceWatchers { subsystem, deliver throws(CallError) -> any Cancellable in
            try DeviceMonitor(event: loop, subsystem: subsystem) { action, device in deliver(action, device.syspath) }
        }
    }

    deinit { sd_event_unref(handle) }

    /// Runs until `exit(_:)`; returns the exit code.
    public func run() throws(CallError) -> Int32 {
        try check(sd_event_loop(handle), "sd_event_loop")
    }

    public func exit(_ code: Int32) { sd_event_exit(handle, code) }

    /// CLOCK_MONOTONIC as the loop sees it, in µs.
    public var now: UInt64 {
        var usec: UInt64 = 0
        sd_event_now(handle, CLOCK_MONOTONIC, &usec)
        return usec
    }

    /// CLOCK_MONOTONIC read afresh, in µs. `now` is the time the loop last woke up; work done
    /// since (loading libiio, scanning sysfs) can take milliseconds, so a reading is stamped
    /// with this instead, and what is timed from a reading is timed from it.
    public var clock: UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
    }

    /// A one-shot timer at an absolute CLOCK_MONOTONIC time, with 1 µs accuracy (0 would
    /// mean sd-event's default of 250 ms of slack).
    public func addTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        try timerSource(at: usec, handler)
    }

    private func timerSource(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> EventSource {
        let source = EventSource(callback: .plain(handler))
        var raw: OpaquePointer?
        try check(sd_event_add_time(handle, &raw, CLOCK_MONOTONIC, usec, 1, { _, _, userdata in
            EventSource.from(userdata).fire()
            return 0
        }, source.userdata), "sd_event_add_time")
        source.attach(raw!)
        return source
    }

    public func addIdleTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        let source = try timerSource(at: usec, handler)
        try source.setIdlePriority()
        return source
    }

    public func watchDevices(subsystem: String, _ handler: @escaping (_ action: String, _ syspath: String) -> Void) throws(CallError) -> any Cancellable {
        try devices.watch(subsystem: subsystem, handler)
    }

    /// Watches a file descriptor; `handler` receives the poll events.
    public func addIO(fd: Int32, events: UInt32, _ handler: @escaping (UInt32) -> Void) throws(CallError) -> EventSource {
        let source = EventSource(callback: .io(handler))
        var raw: OpaquePointer?
        try check(sd_event_add_io(handle, &raw, fd, events, { _, _, revents, userdata in
            EventSource.from(userdata).fire(revents: revents)
            return 0
        }, source.userdata), "sd_event_add_io")
        source.attach(raw!)
        return source
    }

    /// `addIO` as the `Timers` seam has it.
    public func watch(fd: Int32, events: UInt32, _ handler: @escaping (UInt32) -> Void) throws(CallError) -> any Cancellable {
        try addIO(fd: fd, events: events, handler)
    }

    /// The signal no longer terminates the process (SIGPIPE: a failed write returns EPIPE).
    public func ignore(_ signal: Int32) {
        orientd_ignore_signal(signal)
    }

    /// Handles a signal on the loop; the signal is blocked for the process so that only the
    /// loop sees it.
    public func addSignal(_ signal: Int32, _ handler: @escaping () -> Void) throws(CallError) -> EventSource {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_BLOCK, &set, nil)
        let source = EventSource(callback: .plain(handler))
        var raw: OpaquePointer?
        try check(sd_event_add_signal(handle, &raw, signal, { _, _, userdata in
            EventSource.from(userdata).fire()
            return 0
        }, source.userdata), "sd_event_add_signal")
        source.attach(raw!)
        return source
    }
}

/// Owns one sd-event source and the Swift closure it calls. Dropping the last reference
/// disables and frees the source before the closure goes away.
public final class EventSource: Cancellable {
    enum Callback {
        /// Timers and signals: no arguments.
        case plain(() -> Void)
        case io((UInt32) -> Void)
    }

    private let callback: Callback
    private var raw: OpaquePointer?

    init(callback: Callback) { self.callback = callback }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> EventSource {
        Unmanaged<EventSource>.fromOpaque(userdata!).takeUnretainedValue()
    }

    func attach(_ raw: OpaquePointer) { self.raw = raw }

    func fire(revents: UInt32 = 0) {
        // Keep self alive while the closure runs: it may drop the last outside reference.
        withExtendedLifetime(self) {
            switch callback {
            case .plain(let handler): handler()
            case .io(let handler): handler(revents)
            }
        }
    }

    func setIdlePriority() throws(CallError) {
        try check(sd_event_source_set_priority(raw, Int64(SD_EVENT_PRIORITY_IDLE)), "sd_event_source_set_priority")
    }

    /// Stops and frees the source now.
    public func cancel() {
        if let raw { sd_event_source_disable_unref(raw) }
        raw = nil
    }

    deinit { cancel() }
}
