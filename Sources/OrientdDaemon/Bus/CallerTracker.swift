import OrientationCore
import Systemd

/// Callers holding references to one resource (Begin, a compatibility claim, a screen lock),
/// each with its own sd_bus_track so that a caller leaving the bus is noticed by name. Limits
/// are checked before anything is tracked, with the trackers of every other resource counted
/// through the shared `CallerBudget`.
public final class CallerTracker {
    /// What callers hold, for messages: "BeginGeneratingNotifications references".
    public let resource: String
    private let bus: Bus
    private let recursive: Bool
    private let budget: CallerBudget
    private var entries: [String: Entry] = [:]
    /// Called after the references of any caller changed (added, removed, caller left). Set
    /// after the owner is built, so that it may reach the owner without an optional.
    public var changed: ((_ caller: String) -> Void)?

    struct Entry {
        let track: BusTrack
        let uid: UInt32
    }

    /// `recursive`: n adds need n removes (Begin/End); otherwise adding is idempotent (claims).
    public init(bus: Bus, resource: String, recursive: Bool, budget: CallerBudget,
                changed: ((_ caller: String) -> Void)? = nil) {
        self.bus = bus
        self.resource = resource
        self.recursive = recursive
        self.budget = budget
        self.changed = changed
        budget.register(self)
    }

    deinit { budget.unregister(self) }

    /// Distinct callers holding references.
    public var callers: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    var uids: Dictionary<String, Entry>.Values { entries.values }

    /// The unique names of the callers holding references, in a stable order.
    public var names: [String] { entries.keys.sorted() }

    /// Whether the caller with this unique name holds a reference.
    public func holds(_ caller: String) -> Bool { entries[caller] != nil }

    /// References the caller of `call` holds.
    public func count(_ call: BusMessage) -> Int {
        guard let sender = call.sender, let entry = entries[sender] else { return 0 }
        return entry.track.count(senderOf: call)
    }

    /// Adds one reference for the caller; returns the references it now holds.
    @discardableResult
    public func add(_ call: BusMessage) throws(BusError) -> Int {
        guard let sender = call.sender else {
            throw BusError(name: Contract.ErrorName.failed, message: "the call has no sender")
        }
        let entry: Entry
        if let existing = entries[sender] {
            entry = existing
            let held = entry.track.count(senderOf: call)
            if recursive && held >= budget.limits.referencesPerCaller {
                throw BusError(name: Contract.ErrorName.limitExceeded,
                               message: "caller holds \(held) \(resource), the limit is \(budget.limits.referencesPerCaller)")
            }
        } else {
            entry = try newEntry(for: call, sender: sender)
        }
        do {
            try entry.track.add(senderOf: call)
        } catch {
            throw BusError(name: Contract.ErrorName.failed, message: "cannot track \(sender): \(error)")
        }
        entries[sender] = entry
        changed?(sender)
        return entry.track.count(senderOf: call)
    }

    /// Drops one reference of the caller; false when it held none.
    public func remove(_ call: BusMessage) -> Bool {
        guard let sender = call.sender, let entry = entries[sender], entry.track.remove(senderOf: call) else { return false }
        if entry.track.callers == 0 { entries[sender] = nil }
        changed?(sender)
        return true
    }

    private func newEntry(for call: BusMessage, sender: String) throws(BusError) -> Entry {
        if entries.count >= budget.limits.callers {
            throw BusError(name: Contract.ErrorName.limitExceeded,
                           message: "\(entries.count) callers hold \(resource), the limit is \(budget.limits.callers)")
        }
        let uid: UInt32
        do {
            uid = try call.senderUID()
        } catch {
            throw BusError(name: Contract.ErrorName.failed, message: "cannot identify \(sender): \(error)")
        }
        try budget.admit(uid: uid)
        let track: BusTrack
        do {
            track = try BusTrack(bus: bus, recursive: recursive) { [unowned(unsafe) self] in self.left(sender) }
        } catch {
            throw BusError(name: Contract.ErrorName.failed, message: "cannot track \(sender): \(error)")
        }
        return Entry(track: track, uid: uid)
    }

    /// The caller's track emptied: it left the bus (or its last reference went).
    private func left(_ sender: String) {
        guard entries.removeValue(forKey: sender) != nil else { return }
        Log.debug("\(sender) left: its \(resource) are released")
        changed?(sender)
    }
}

/// What all trackers together cost the daemon on the bus, bounded in total and per user.
public final class CallerBudget {
    public let limits: CallerLimits
    private var trackers: [Unowned] = []

    public init(limits: CallerLimits) { self.limits = limits }

    private struct Unowned {
        unowned(unsafe) let tracker: CallerTracker
    }

    func register(_ tracker: CallerTracker) { trackers.append(Unowned(tracker: tracker)) }
    func unregister(_ tracker: CallerTracker) { trackers.removeAll { $0.tracker === tracker } }

    /// Tracked (resource, caller) pairs, each one match rule on the bus.
    public var tracked: Int { trackers.reduce(0) { $0 + $1.tracker.callers } }

    /// Throws LimitExceeded when one more tracked pair for `uid` would pass a bound.
    func admit(uid: UInt32) throws(BusError) {
        let total = tracked
        if total >= limits.trackedNames {
            throw BusError(name: Contract.ErrorName.limitExceeded,
                           message: "orientd tracks \(total) callers, the limit is \(limits.trackedNames)")
        }
        guard uid != 0 else { return }
        let ofUser = trackers.reduce(0) { sum, entry in sum + entry.tracker.uids.filter { $0.uid == uid }.count }
        if ofUser >= limits.trackedNamesPerUser {
            throw BusError(name: Contract.ErrorName.limitExceeded,
                           message: "uid \(uid) holds \(ofUser) tracked references, the limit per user is \(limits.trackedNamesPerUser)")
        }
    }
}
