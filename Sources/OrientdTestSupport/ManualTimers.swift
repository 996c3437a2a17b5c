import CallError
import Systemd

/// A clock that moves only when a test says so (the daemon's `Timers` seam), so timers fire
/// deterministically and instantly.
public final class ManualTimers: Timers {
    public private(set) var now: UInt64 = 1_000_000
    private var pending: [Scheduled] = []
    private var nextID = 0

    public final class Scheduled: Cancellable {
        let id: Int
        let due: UInt64
        var handler: (() -> Void)?
        init(id: Int, due: UInt64, handler: @escaping () -> Void) {
            self.id = id
            self.due = due
            self.handler = handler
        }
        public func cancel() { handler = nil }
    }

    public init() {}

    public func addTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        nextID += 1
        let timer = Scheduled(id: nextID, due: usec, handler: handler)
        pending.append(timer)
        return timer
    }

    /// The fd watches armed, by descriptor; `ready(fd:)` calls them as the loop would.
    private var watches: [(fd: Int32, watch: Scheduled, handler: (UInt32) -> Void)] = []

    public func watch(fd: Int32, events: UInt32, _ handler: @escaping (UInt32) -> Void) throws(CallError) -> any Cancellable {
        nextID += 1
        let watch = Scheduled(id: nextID, due: .max, handler: {})
        watches.append((fd, watch, handler))
        return watch
    }

    /// The clock never moves by itself.
    public var clock: UInt64 { now }

    /// `fd` polls readable: every watch still armed on it is called.
    public func ready(fd: Int32, events: UInt32 = 1) {
        for entry in watches where entry.fd == fd && entry.watch.handler != nil { entry.handler(events) }
        watches.removeAll { $0.watch.handler == nil }
    }

    /// Fd watches still armed.
    public var watching: Int { watches.filter { $0.watch.handler != nil }.count }

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
