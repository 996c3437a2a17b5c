import CallError
import Systemd

/// A clock that moves only when a test says so (the daemon's `Timers` seam), so timers fire
/// deterministically and instantly.
final class ManualTimers: Timers {
    private(set) var now: UInt64 = 1_000_000
    private var pending: [Scheduled] = []
    private var nextID = 0

    final class Scheduled: Cancellable {
        let id: Int
        let due: UInt64
        var handler: (() -> Void)?
        init(id: Int, due: UInt64, handler: @escaping () -> Void) {
            self.id = id
            self.due = due
            self.handler = handler
        }
        func cancel() { handler = nil }
    }

    func addTimer(at usec: UInt64, _ handler: @escaping () -> Void) throws(CallError) -> any Cancellable {
        nextID += 1
        let timer = Scheduled(id: nextID, due: usec, handler: handler)
        pending.append(timer)
        return timer
    }

    /// Timers still armed.
    var armed: Int { pending.filter { $0.handler != nil }.count }

    /// Moves the clock forward, firing every timer that falls due, in time order.
    func advance(byUs delta: UInt64) {
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
