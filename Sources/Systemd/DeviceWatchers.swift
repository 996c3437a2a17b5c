import CallError

/// One udev monitor per subsystem, shared by everyone who watches it: each monitor is a
/// netlink socket the kernel copies every uevent into, and a wake-up of the loop per event, so
/// seven sensors on `iio` hold one, not seven. The first watch of a subsystem opens its
/// monitor; the last handle cancelled (or released) closes it.
///
/// `open` makes a monitor (`DeviceMonitor` on the event loop; a fake in tests): it calls the
/// handler it is given with each event's action and device path until cancelled.
public final class DeviceWatchers {
    public typealias Handler = (_ action: String, _ syspath: String) -> Void
    public typealias Open = (_ subsystem: String, _ deliver: @escaping Handler) throws(CallError) -> any Cancellable

    /// One subsystem's monitor and who listens to it, in the order they subscribed.
    final class Fanout {
        let subsystem: String
        var monitor: (any Cancellable)?
        var entries: [Entry] = []
        /// Events being delivered: a monitor whose last watcher went meanwhile is closed
        /// after the delivery, not from inside its own callback.
        var delivering = 0
        init(subsystem: String) { self.subsystem = subsystem }
    }

    /// One watcher's handler; nil once cancelled.
    final class Entry {
        var handler: Handler?
        init(_ handler: @escaping Handler) { self.handler = handler }
    }

    /// What `watch` returns: cancelled when cancelled or released. It keeps the watchers
    /// alive, so a handle may outlive whoever made it.
    final class Handle: Cancellable {
        private let owner: DeviceWatchers
        private let fanout: Fanout
        private let entry: Entry
        init(owner: DeviceWatchers, fanout: Fanout, entry: Entry) {
            self.owner = owner
            self.fanout = fanout
            self.entry = entry
        }
        func cancel() {
            guard entry.handler != nil else { return }
            entry.handler = nil
            owner.remove(entry, from: fanout)
        }
        deinit { cancel() }
    }

    private let open: Open
    private var fanouts: [Fanout] = []

    public init(open: @escaping Open) { self.open = open }

    /// Calls `handler` with each udev event of `subsystem` until the handle is cancelled or
    /// released. A handler may cancel any handle, or watch again, while it is called: a watch
    /// added during a delivery hears the next event, one cancelled hears no more.
    public func watch(subsystem: String, _ handler: @escaping Handler) throws(CallError) -> any Cancellable {
        let fanout: Fanout
        if let existing = fanouts.first(where: { $0.subsystem == subsystem }) {
            fanout = existing
        } else {
            fanout = Fanout(subsystem: subsystem)
            fanout.monitor = try open(subsystem) { [unowned(unsafe) self, unowned(unsafe) fanout] action, syspath in
                self.deliver(fanout, action, syspath)
            }
            fanouts.append(fanout)
            Log.debug("udev: watching \(subsystem) events (\(fanouts.count) monitor\(fanouts.count == 1 ? "" : "s"))")
        }
        let entry = Entry(handler)
        fanout.entries.append(entry)
        return Handle(owner: self, fanout: fanout, entry: entry)
    }

    /// The subsystems with a monitor open, in the order they were first watched.
    public var subsystems: [String] { fanouts.map { $0.subsystem } }

    /// Handlers listening to `subsystem`.
    public func watcherCount(subsystem: String) -> Int {
        fanouts.first { $0.subsystem == subsystem }?.entries.count ?? 0
    }

    private func deliver(_ fanout: Fanout, _ action: String, _ syspath: String) {
        fanout.delivering += 1
        // The list as it was: watches added by a handler wait for the next event.
        for entry in fanout.entries {
            entry.handler?(action, syspath)
        }
        fanout.delivering -= 1
        closeIfUnwatched(fanout)
    }

    fileprivate func remove(_ entry: Entry, from fanout: Fanout) {
        fanout.entries.removeAll { $0 === entry }
        closeIfUnwatched(fanout)
    }

    private func closeIfUnwatched(_ fanout: Fanout) {
        guard fanout.entries.isEmpty, fanout.delivering == 0, let monitor = fanout.monitor else { return }
        fanout.monitor = nil
        fanouts.removeAll { $0 === fanout }
        monitor.cancel()
        Log.debug("udev: no longer watching \(fanout.subsystem) events")
    }
}
