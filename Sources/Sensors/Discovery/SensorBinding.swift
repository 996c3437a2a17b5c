import CallError
import Systemd

/// A kind of sensor that udev devices are recognised as (polled and buffered kinds refine
/// it): where such devices live and how one is recognised.
public protocol DiscoverableSensorKind {
    /// What recognising a device may depend on (`PolledSensorParameters`, …).
    associatedtype Parameters
    /// For logs and `orientctl sensors`: "ambient light", "compass".
    static var role: String { get }
    /// The udev subsystems devices of this kind live in.
    static var subsystems: [String] { get }
    /// nil when the device is not of this kind; a refusal (with its reason) when it is but
    /// cannot be used.
    static func describe(_ device: Device, parameters: Parameters) -> Result<Self, PolledSensorRefusal>?
    /// How the value is read, for logs and `orientctl sensors`.
    var summary: String { get }
}

/// One device of a kind, found by udev.
public struct DiscoveredSensor<Kind: DiscoverableSensorKind> {
    public let sysname: String
    public let syspath: String
    public let result: Result<Kind, PolledSensorRefusal>
    public var kind: Kind? { try? result.get() }
}

/// The first usable device of one kind, followed through hotplug: discovery through
/// sd-device, an add/change/bind uevent binds a device when none is bound (re-read from
/// udev: the event itself may not carry the udev database properties), a remove of the bound
/// one loses it. The sensor that owns the binding reads the device and is told by `changed`.
public final class SensorBinding<Kind: DiscoverableSensorKind> {
    public private(set) var bound: DiscoveredSensor<Kind>?
    /// A device was bound after a uevent (true), or the bound one was lost (false).
    var changed: ((Bool) -> Void)?
    /// Every device of the kind udev lists now (`scan(parameters:)`, or a test's fakes).
    private let scan: () -> [DiscoveredSensor<Kind>]
    private var monitors: [any Cancellable] = []

    convenience init(loop timers: any Timers, parameters: Kind.Parameters) {
        self.init(scan: { Self.scan(parameters: parameters) }) { handler in
            Kind.subsystems.compactMap { (subsystem: String) -> (any Cancellable)? in
                do throws(CallError) {
                    return try timers.watchDevices(subsystem: subsystem, handler)
                } catch {
                    Log.error("cannot watch \(subsystem) devices for \(Kind.role) sensors: \(error)")
                    return nil
                }
            }
        }
    }

    /// `hotplug` starts watching udev's events of the kind's subsystems before the first scan,
    /// so none is lost between the two (tests answer none).
    init(scan: @escaping () -> [DiscoveredSensor<Kind>],
         hotplug: (_ handler: @escaping (_ action: String, _ syspath: String) -> Void) -> [any Cancellable]) {
        self.scan = scan
        monitors = hotplug { [unowned(unsafe) self] action, syspath in self.deviceEvent(action, syspath) }
        bind(Self.select(scan()))
    }

    /// Every device of the kind udev knows now (refused ones included, with the reason).
    public static func scan(parameters: Kind.Parameters) -> [DiscoveredSensor<Kind>] {
        var found: [DiscoveredSensor<Kind>] = []
        for subsystem in Kind.subsystems {
            for device in Device.list(subsystem: subsystem) {
                guard let result = Kind.describe(device, parameters: parameters) else { continue }
                found.append(DiscoveredSensor(sysname: device.sysname, syspath: device.syspath, result: result))
            }
        }
        return found
    }

    /// The first usable device; refusals are logged.
    public static func select(_ found: [DiscoveredSensor<Kind>]) -> DiscoveredSensor<Kind>? {
        for candidate in found {
            if case .failure(let refusal) = candidate.result {
                Log.warning("\(candidate.sysname): \(Kind.role) sensor refused: \(refusal)")
                continue
            }
            return candidate
        }
        return nil
    }

    /// The bound device is given up (removed, or its reads keep failing) until udev announces
    /// one again.
    func lose(_ reason: String) {
        guard let bound else { return }
        Log.warning("\(bound.sysname): \(reason); no \(Kind.role) sensor until one appears")
        self.bound = nil
        changed?(false)
    }

    private func bind(_ candidate: DiscoveredSensor<Kind>?) {
        guard let candidate, let kind = candidate.kind else { return }
        bound = candidate
        Log.info("\(candidate.sysname): \(Kind.role) sensor, \(kind.summary)")
    }

    private func deviceEvent(_ action: String, _ syspath: String) {
        switch action {
        case "remove":
            if syspath == bound?.syspath { lose("removed") }
        case "add", "change", "bind":
            guard bound == nil else { return }
            bind(Self.select(scan()))
            if bound != nil { changed?(true) }
        default:
            break
        }
    }
}
