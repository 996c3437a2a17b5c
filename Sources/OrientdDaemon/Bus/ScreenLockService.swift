import OrientationCore
import Systemd

/// Screen orientation locks on the bus (docs/dbus-api.md): `LockScreenOrientation`,
/// `UnlockScreenOrientation`, `ScreenOrientationLock` and `SupportedScreenOrientations`, served
/// as members of `org.orientd.Orientation1` by `OrientationService`. The locks themselves are
/// the hub's (`ScreenLockStack`); here each locker is tracked on the bus with a
/// `CallerTracker` of its own, so that the shared `CallerBudget` counts locks with Begins and
/// claims, and a caller that leaves the bus loses its lock. Every lock and release is logged
/// with the caller's unique name and pid.
final class ScreenLockService {
    private typealias API = Contract.Orientation1

    private let bus: Bus
    private let hub: OrientationHub
    private let lockers: CallerTracker
    /// Pids of the lockers, asked of the bus when they lock: for the log line when they leave.
    private var pids: [String: Int32] = [:]
    /// What ScreenOrientationLock last announced.
    private var announcedLock: Orientation?

    init(bus: Bus, hub: OrientationHub, budget: CallerBudget) {
        self.bus = bus
        self.hub = hub
        lockers = CallerTracker(bus: bus, resource: "screen orientation locks", recursive: false, budget: budget)
        lockers.changed = { [unowned(unsafe) self] caller in self.lockersChanged(caller) }
        hub.observe { [unowned(unsafe) self] event in
            if case .supportedOrientationsChanged = event {
                self.bus.announce(path: API.objectPath, interface: API.interface, [(API.supportedScreenOrientations, self.supported)])
                self.announceLock()
            }
        }
    }

    /// The members of `org.orientd.Orientation1` this service answers.
    static var rows: [BusRow<ScreenLockService>] {
        [
            .method(name: API.lockMethod, signature: "s", inNames: [API.lockArgument]) { (service, call) throws(BusError) in try service.lock(call) },
            .method(name: API.unlockMethod) { (service, call) throws(BusError) in try service.unlock(call) },
            .property(name: API.screenOrientationLock, signature: "s", emitsChange: true) { ScreenLockService.lockValue($0.hub.locks.lockedOrientation) },
            .property(name: API.supportedScreenOrientations, signature: "as", emitsChange: true) { $0.supported },
        ]
    }

    /// `ScreenOrientationLock`: the locked orientation, "" when none.
    private static func lockValue(_ lock: Orientation?) -> BusValue { .string(lock?.rawValue ?? "") }

    /// `SupportedScreenOrientations`.
    private var supported: BusValue { .strings(hub.supportedOrientations.orientations.map { $0.rawValue }) }

    private func lock(_ call: BusMessage) throws(BusError) {
        guard let caller = call.sender else {
            throw BusError(name: Contract.ErrorName.failed, message: "the call has no sender")
        }
        let name: String
        do {
            name = try call.readString()
        } catch {
            throw BusError(name: Contract.ErrorName.invalidArgs, message: "\(error)")
        }
        // Checked before tracking, so that a refused lock changes nothing.
        do throws(ScreenLockStack.LockError) {
            try hub.checkLock(caller, to: name)
        } catch {
            throw Self.busError(error)
        }
        if lockers.count(call) == 0 {
            try lockers.add(call)
            pids[caller] = try? call.senderPID()
        }
        let locked: Orientation
        do throws(ScreenLockStack.LockError) {
            locked = try hub.lockScreen(caller, to: name)
        } catch {
            _ = lockers.remove(call)
            throw Self.busError(error)
        }
        Log.info("screen orientation locked to \(locked.rawValue) by \(describe(caller))")
        announceLock()
        do {
            try call.replyEmpty()
        } catch {
            Log.debug("\(API.lockMethod) reply to \(caller) failed: \(error)")
        }
    }

    private func unlock(_ call: BusMessage) throws(BusError) {
        guard let caller = call.sender else {
            throw BusError(name: Contract.ErrorName.failed, message: "the call has no sender")
        }
        do throws(ScreenLockStack.LockError) {
            try hub.unlockScreen(caller)
        } catch {
            // A lock dropped when the supported set changed leaves the caller tracked: untrack it.
            _ = lockers.remove(call)
            throw Self.busError(error)
        }
        Log.info("screen orientation lock of \(describe(caller)) released: unlocked")
        pids[caller] = nil
        _ = lockers.remove(call)
        announceLock()
        do {
            try call.replyEmpty()
        } catch {
            Log.debug("\(API.unlockMethod) reply to \(caller) failed: \(error)")
        }
    }

    /// A locker left the bus (or was removed): its lock goes with it.
    private func lockersChanged(_ caller: String) {
        guard !lockers.holds(caller) else { return }
        if hub.releaseScreenLock(caller) {
            Log.info("screen orientation lock of \(describe(caller)) released: it left the bus")
            announceLock()
        }
        pids[caller] = nil
    }

    private func describe(_ caller: String) -> String {
        "\(caller) (pid \(pids[caller].map { String($0) } ?? "unknown"))"
    }

    private func announceLock() {
        let lock = hub.locks.lockedOrientation
        guard lock != announcedLock else { return }
        announcedLock = lock
        bus.announce(path: API.objectPath, interface: API.interface, [(API.screenOrientationLock, Self.lockValue(lock))])
    }


    static func busError(_ error: ScreenLockStack.LockError) -> BusError {
        let name: String
        switch error {
        case .noOrientation: name = Contract.ErrorName.noOrientation
        case .invalidName, .unsupported: name = Contract.ErrorName.invalidArgs
        case .limitExceeded: name = Contract.ErrorName.limitExceeded
        case .notLocked: name = Contract.ErrorName.notLocked
        }
        return BusError(name: name, message: error.description)
    }
}
