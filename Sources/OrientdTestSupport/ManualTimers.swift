import CallError
import Systemd

/// A clock that moves only when a test says so (the daemon's `Timers` seam), so timers fire
/// deterministically and instantly. As on the real loop, releasing the handle a timer, watch
/// or device watch returned cancels it.
public final class ManualTimers: Timers {
    public private(set) var now: UInt64 = 1_000_000
    private var pending: [Scheduled] = []
    private var nextID = 0

    /// One entry the clock holds; the caller holds a `Handle` to it.
    final class Scheduled {
        let id: Int
        let due: UInt64
        var handler: (() -> Void)?
        init(id: Int, due: UInt64, handler: @escaping () -> Void) {
            self.id = id
            self.due = due
            self.handler = handler
        }
    }

    /// What `addTimer`, `watch` and `watchDevices` return: cancelled when cancelled or released.
    final class Handle: Cancellable {
        let entry: Scheduled
        init(_ entry: Scheduled) { self.entry = entry }
        func cancel() { entry.handler = nil }
        deinit { cancel() }
    }

    public init() {}

    private func schedule(at due: UInt64, _ handler: @escaping () -> Void) -> Scheduled {
        nextID += 1
        return Scheduled(id: nextID, due: due, handler: handler)
    }

    public func addTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        let timer = schedule(at: usec, handler)
        pending.append(timer)
        return Handle(timer)
    }

    /// No other event source competes here: an idle timer is a timer.
    public func addIdleTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        try addTimer(at: usec, handler)
    }

    /// The fd watches armed, by descriptor; `ready(fd:)` calls them as the loop would.
    private var watches: [(fd: Int32, watch: Scheduled, handler: (UInt32) -> Void)] = []

    public func watch(fd: Int32, events: UInt32, _ handler: @escaping (UInt32) -> Void) throws(CallError) -> any Cancellable {
        let watch = schedule(at: .max, {})
        watches.append((fd, watch, handler))
        return Handle(watch)
    }

    /// The udev subsystems watched; `uevent(_:subsystem:syspath:)` delivers to them.
    private var deviceWatches: [(subsystem: String, watch: Scheduled, handler: (String, String) -> Void)] = []

    public func watchDevices(subsystem: String, _ handler: @escaping (String, String) -> Void) throws(CallError) -> any Cancellable {
        let watch = schedule(at: .max, {})
        deviceWatches.append((subsystem, watch, handler))
        return Handle(watch)
    }

    /// The clock never moves by itself.
    public var clock: UInt64 { now }

    /// `fd` polls readable: every watch still armed on it is called.
    public func ready(fd: Int32, events: UInt32 = 1) {
        for entry in watches where entry.fd == fd && entry.watch.handler != nil { entry.handler(events) }
        watches.removeAll { $0.watch.handler == nil }
    }

    /// udev announces `action` ("add", "remove", …) for the device at `syspath`.
    public func uevent(_ action: String, subsystem: String, syspath: String) {
        for entry in deviceWatches where entry.subsystem == subsystem && entry.watch.handler != nil { entry.handler(action, syspath) }
        deviceWatches.removeAll { $0.watch.handler == nil }
    }

    /// Fd watches still armed.
    public var watching: Int { watches.filter { $0.watch.handler != nil }.count }

    /// Device watches still armed.
    public var watchingDevices: Int { deviceWatches.filter { $0.watch.handler != nil }.count }

    /// Timers still armed.
    public var armed: Int { pending.filter { $0.handler != nil && $0.due != .max }.count }

    /// Moves the clock forward, firing every timer that falls due, in time order.
    public func advance(byUs delta: UInt64) {
        let end = now + delta
        while let next = pending.filter({ $0.handler != nil && $0.due <= end }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            now = max(now, next.due)
            let handler = next.handler
            next.handler = nil
            handler?()
        }
        pending.removeAll { $0.handler == nil }
        now = end
    }
}
