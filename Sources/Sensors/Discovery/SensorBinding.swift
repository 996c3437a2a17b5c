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

/// One device of a kind, found by udev; its readings come through `device` (sd-device, or a
/// test's fake).
public struct DiscoveredSensor<Kind: DiscoverableSensorKind> {
    public let device: any SysfsDevice
    public let result: Result<Kind, PolledSensorRefusal>
    public var sysname: String { device.sysname }
    public var syspath: String { device.syspath }
    public var kind: Kind? { try? result.get() }
}

extension DiscoveredSensor: BindableDevice {}

/// The first usable device of one kind, followed through hotplug (`DeviceBinding`). The
/// sensor that owns the binding reads the device and is told by `changed`.
public final class SensorBinding<Kind: DiscoverableSensorKind>: DeviceBinding<DiscoveredSensor<Kind>> {
    convenience init(loop timers: any Timers, parameters: Kind.Parameters) {
        self.init(scan: { Self.scan(parameters: parameters) }, hotplug: Self.udev(timers, Kind.subsystems, role: Kind.role))
    }

    /// `hotplug` starts watching udev's events of the kind's subsystems before the first scan,
    /// so none is lost between the two (tests answer none).
    init(scan: @escaping () -> [DiscoveredSensor<Kind>],
         hotplug: (_ handler: @escaping (_ action: String, _ syspath: String) -> Void) -> [any Cancellable]) {
        super.init(absence: "\(Kind.role) sensor", scan: scan)
        select = { Self.select($0) }
        accept = { candidate in
            guard let kind = candidate.kind else { return false }
            Log.info("\(candidate.sysname): \(Kind.role) sensor, \(kind.summary)")
            return true
        }
        watch(hotplug)
    }

    /// Every device of the kind udev knows now (refused ones included, with the reason).
    public static func scan(parameters: Kind.Parameters) -> [DiscoveredSensor<Kind>] {
        var found: [DiscoveredSensor<Kind>] = []
        for subsystem in Kind.subsystems {
            for device in Device.list(subsystem: subsystem) {
                guard let result = Kind.describe(device, parameters: parameters) else { continue }
                found.append(DiscoveredSensor(device: device, result: result))
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
}
