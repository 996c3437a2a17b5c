import CallError
import Systemd

/// One device udev found, usable or refused: what a binding follows.
public protocol BindableDevice {
    var sysname: String { get }
    var syspath: String { get }
    /// How logs name it: its sysname, or more ("event3 (ST LIS3LV02DL Accelerometer)").
    var label: String { get }
}

extension BindableDevice {
    public var label: String { sysname }
}

/// The first usable device, followed through hotplug: one monitor/bind/lose pattern for every
/// kind. An add/change/bind uevent binds a device when none is bound (re-read from udev: the
/// event itself may not carry the udev database properties), a remove of the bound one loses
/// it. What a kind needs beyond that it declares: its selection (`select`), what binding a
/// device takes (`accept`: custody, logs), a `change` of the bound device (`boundChanged`), an
/// `add` of the bound syspath (`boundAddedAgain`) and how binding and losing are logged
/// (`report`, rate-limited for the accelerometer).
public class DeviceBinding<Found: BindableDevice> {
    public internal(set) var bound: Found?
    /// A device was bound after a uevent (true), or the bound one was lost (false).
    var changed: ((Bool) -> Void)?
    /// The device to bind among those udev lists now (none: nothing usable).
    var select: ([Found]) -> Found? = { $0.first }
    /// Takes the selected device; false leaves it unbound (a custody that cannot be taken).
    var accept: (Found) -> Bool = { _ in true }
    /// A `change` uevent for the bound device (its udev configuration may differ).
    var boundChanged: (() -> Void)?
    /// An `add` uevent for the bound syspath: removed and added again, the remove unseen.
    var boundAddedAgain: (() -> Void)?
    var report: (_ write: (String) -> Void, _ message: String) -> Void = { write, message in write(message) }
    /// Every device of the kind udev lists now (or a test's fakes).
    let scan: () -> [Found]
    /// What is missing once the bound device is lost: "accelerometer", "compass sensor".
    private let absence: String
    private var monitors: [any Cancellable] = []

    init(absence: String, scan: @escaping () -> [Found]) {
        self.absence = absence
        self.scan = scan
    }

    /// Watches udev's events before the first scan, so none is lost between the two (tests
    /// answer none), and binds the first usable device.
    func watch(_ hotplug: (_ handler: @escaping (_ action: String, _ syspath: String) -> Void) -> [any Cancellable]) {
        monitors = hotplug { [unowned(unsafe) self] action, syspath in self.deviceEvent(action, syspath) }
        bind(select(scan()))
    }

    /// Watches the devices of `subsystems` on the loop (a subsystem that cannot be watched is
    /// logged and read without hotplug).
    static func udev(_ timers: any Timers, _ subsystems: [String], role: String)
    -> (_ handler: @escaping (_ action: String, _ syspath: String) -> Void) -> [any Cancellable] {
        { handler in
            subsystems.compactMap { (subsystem: String) -> (any Cancellable)? in
                do throws(CallError) {
                    return try timers.watchDevices(subsystem: subsystem, handler)
                } catch {
                    Log.error("cannot watch \(subsystem) devices for \(role) sensors: \(error)")
                    return nil
                }
            }
        }
    }

    /// The bound device is given up (removed, refused after a change, or its reads keep
    /// failing) until udev announces one again.
    func lose(_ reason: String) {
        guard let bound else { return }
        report(Log.warning, "\(bound.label): \(reason); no \(absence) until one appears")
        self.bound = nil
        changed?(false)
    }

    private func bind(_ candidate: Found?) {
        guard let candidate, accept(candidate) else { return }
        bound = candidate
    }

    func deviceEvent(_ action: String, _ syspath: String) {
        let isBound = bound != nil && syspath == bound?.syspath
        switch action {
        case "remove":
            if isBound { lose("removed") }
        case "change" where isBound:
            boundChanged?()
        case "add" where isBound:
            boundAddedAgain?()
        case "add", "change", "bind":
            guard bound == nil else { return }
            bind(select(scan()))
            if bound != nil { changed?(true) }
        default:
            break
        }
    }
}
