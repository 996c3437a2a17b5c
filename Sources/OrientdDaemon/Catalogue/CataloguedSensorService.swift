import CallError
import OrientationCore
import Sensors
import Systemd

/// The bus face of one catalogued kind (`SensorKindEntry`): `Has<stem>`, `<stem>` (0 before
/// the first reading), `Claim<stem>`/`Release<stem>`. The sensor is read only while claimed:
/// claims are per caller and idempotent, released when the caller leaves the bus, counted by
/// the shared `CallerBudget`, and feed the kind's demand in the `SensorRegistry`, as the
/// compatibility claims of light do. `Has<stem>` goes to every client, readings only to the
/// claimants.
final class CataloguedSensorService {
    private let bus: Bus
    private let sensor: CataloguedSensor
    private let claims: SensorClaims
    private var entry: SensorKindEntry { sensor.entry }

    init(bus: Bus, sensor: CataloguedSensor, registry: SensorRegistry, budget: CallerBudget) {
        self.bus = bus
        self.sensor = sensor
        let kind = SensorRegistry.Kind(sensor.entry.name)
        claims = SensorClaims(bus: bus, resource: "\(sensor.entry.name) claims", budget: budget) { claimed in
            registry.set(kind, .sensorClaims, claimed ? .full : .off)
        }
        sensor.availabilityChanged = { [unowned(unsafe) self] present in
            self.bus.announce(path: self.entry.objectPath, interface: self.entry.interface, [(self.entry.hasProperty, .bool(present))])
            self.announce(self.value)
        }
        sensor.readingChanged = { [unowned(unsafe) self] value in self.announce(value) }
    }

    private var value: Double { sensor.reading() ?? 0 }

    private func announce(_ value: Double) {
        bus.announce(path: entry.objectPath, interface: entry.interface, [(entry.valueProperty, .double(value))], to: claims.claimants)
    }

    static func interface(_ entry: SensorKindEntry) -> BusInterface<CataloguedSensorService> {
        BusInterface<CataloguedSensorService>(entry.interface, notes: notes(entry), [
            .method(name: entry.claimMethod) { (service, call) throws(BusError) in try service.claims.claim(call) },
            .method(name: entry.releaseMethod) { (service, call) throws(BusError) in service.claims.release(call) },
            .property(name: entry.hasProperty, signature: "b", emitsChange: true) { .bool($0.sensor.isAvailable()) },
            .property(name: entry.valueProperty, signature: "d", emitsChange: true) { .double($0.value) },
        ])
    }

    private static func notes(_ entry: SensorKindEntry) -> String {
        """
          \(entry.interface) at \(entry.objectPath) on the system bus (bus name
          \(Contract.Orientation1.busName)): the \(entry.name) sensor. docs/sensor-kinds.md lists the kinds.

          \(entry.hasProperty): a sensor is bound; every client hears its changes.
          \(entry.valueProperty): the last reading in \(entry.unit), 0 before the first; PropertiesChanged
            carries it to the callers holding a claim only.
          \(entry.claimMethod), \(entry.releaseMethod): the sensor is read only while some caller claims it;
            a claim is per caller and idempotent, and ends when the caller leaves the bus.
            Errors: \(Contract.ErrorName.limitExceeded).
        """
    }
}

/// The faces of every catalogued kind, in the catalogue's order, and their bus objects.
struct CataloguedFaces {
    let services: [CataloguedSensorService]

    init(bus: Bus, sensors: CataloguedSensors, registry: SensorRegistry, budget: CallerBudget) {
        services = sensors.sensors.map { CataloguedSensorService(bus: bus, sensor: $0, registry: registry, budget: budget) }
    }

    /// One object per kind, on `org.orientd.Orientation1`.
    static func declarations<Context: AnyObject>(
        _ faces: @escaping (Context) -> CataloguedFaces) -> [BusObjectDeclaration<Context>] {
        SensorKindCatalogue.entries.enumerated().map { index, entry in
            BusObjectDeclaration(busName: Contract.Orientation1.busName, path: entry.objectPath,
                                 interfaces: [CataloguedSensorService.interface(entry).served { faces($0).services[index] }])
        }
    }
}
