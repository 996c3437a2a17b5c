import CallError
import CLibc
import OrientationCore
import Systemd

/// The bus faces of one run: the context every served object's rows are called with (one
/// context object, as systemd's small daemons keep), and the watches that live as long.
final class BusFaces {
    let orientation: OrientationService
    let posture: PostureService
    /// With the compatibility option only.
    let sensorProxy: SensorProxyService?
    let compass: CompassService?
    let catalogued: CataloguedFaces
    private let sleep: SleepWatch
    private let lid: LidWatch

    init(bus: Bus, sensors: DaemonSensors, options: DaemonOptions) throws(CallError) {
        let registry = sensors.registry
        let demand = registry.demand(.accelerometer)
        let sleep = try SleepWatch(bus: bus, registry: registry)
        registry.observeLevels { _, _, _ in sleep.sensorsChanged() }
        self.sleep = sleep
        let budget = CallerBudget(limits: options.limits)
        orientation = OrientationService(bus: bus, hub: sensors.orientation, demand: demand, budget: budget)
        posture = PostureService(bus: bus, hub: sensors.posture.hub, demand: demand)
        lid = try LidWatch(bus: bus, hub: sensors.posture.hub)
        catalogued = CataloguedFaces(bus: bus, sensors: sensors.catalogued, registry: registry, budget: budget)
        if let light = sensors.light, let proximity = sensors.proximity, let compass = sensors.compass {
            let ambient = AmbientSensorsService(bus: bus, light: light, proximity: proximity, inputProximity: sensors.inputProximity, registry: registry, budget: budget)
            sensorProxy = SensorProxyService(bus: bus, hub: sensors.orientation, demand: demand, budget: budget, ambient: ambient)
            self.compass = CompassService(bus: bus, compass: compass, registry: registry, budget: budget)
        } else {
            (sensorProxy, self.compass) = (nil, nil)
        }
    }
}

/// Every object orientd serves, declared once: `BusObjects` exports them and filters calls to
/// their paths, the daemon owns their bus names, `orientd --bus-introspect` writes dbus/*.xml.
enum DaemonObjects {
    private typealias Proxy = Contract.SensorProxy

    static var table: [BusObjectDeclaration<BusFaces>] {
        [
            BusObjectDeclaration(busName: Contract.Orientation1.busName, path: Contract.Orientation1.objectPath, interfaces: [
                OrientationService.interface.served { $0.orientation },
                PostureService.interface.served { $0.posture },
            ]),
            BusObjectDeclaration(busName: Proxy.busName, path: Proxy.objectPath,
                                 interfaces: [SensorProxyService.interface.served { $0.sensorProxy! }],
                                 isServed: { $0.sensorProxy != nil }),
            BusObjectDeclaration(busName: Proxy.busName, path: Proxy.compassPath,
                                 interfaces: [CompassService.interface.served { $0.compass! }],
                                 isServed: { $0.compass != nil }),
        ] + CataloguedFaces.declarations { $0.catalogued }
    }
}

extension Daemon {
    /// `orientd --bus-introspect DIR|INTERFACE`: every introspection file written into DIR, or
    /// the file of one interface printed; 0, or 1 with the reason on stderr.
    public static func introspect(_ target: String) -> Int32 {
        let files = BusIntrospection.files(DaemonObjects.table)
        if let file = files.first(where: { $0.name == target + ".xml" }) {
            print(file.text, terminator: "")
            return 0
        }
        for file in files {
            do throws(CallError) {
                try writeFile(target + "/" + file.name, file.text)
            } catch {
                Log.error("orientd: \(error) (--bus-introspect takes a directory or one of: "
                          + files.map { String($0.name.dropLast(4)) }.joined(separator: ", ") + ")")
                return 1
            }
        }
        return 0
    }

    static func writeFile(_ path: String, _ text: String) throws(CallError) {
        let fd = orientd_open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CallError(call: "open \(path)", errno: orientd_errno()) }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CallError(call: "write \(path)", errno: orientd_errno()) }
            bytes = bytes.dropFirst(n)
        }
    }
}
