import CallError
import OrientationCore
import Sensors
import Systemd

/// The ambient light and proximity half of `net.hadess.SensorProxy` (iio-sensor-proxy 3.0's
/// names, values and units): `HasAmbientLight`, `LightLevelUnit`, `LightLevel`,
/// `ClaimLight`/`ReleaseLight` (polled or buffered light, `LightSensors`), `HasProximity`, `ProximityNear`,
/// `ClaimProximity`/`ReleaseProximity`. `SensorProxyService` exports these members beside
/// the accelerometer's. Each sensor polls only while claimed: claims are per caller and
/// idempotent (as in iio-sensor-proxy), released when the caller leaves the bus, counted by
/// the shared `CallerBudget`, and feed the sensor's demand in the `SensorRegistry`, so a
/// claim/release storm costs one start and one stop per linger, and nothing is read after the
/// last release.
public final class AmbientSensorsService {
    private typealias API = Contract.SensorProxy

    private let bus: Bus
    let light: LightSensors
    let proximity: PolledSensor<Proximity>
    private let lightClaims: SensorClaims
    private let proximityClaims: SensorClaims

    public init(bus: Bus, light: LightSensors, proximity: PolledSensor<Proximity>, registry: SensorRegistry, budget: CallerBudget) {
        self.bus = bus
        self.light = light
        self.proximity = proximity
        lightClaims = SensorClaims(bus: bus, resource: "light claims", budget: budget) { claimed in
            registry.set(.light, .sensorClaims, claimed ? .full : .off)
        }
        proximityClaims = SensorClaims(bus: bus, resource: "proximity claims", budget: budget) { claimed in
            registry.set(.proximity, .sensorClaims, claimed ? .full : .off)
        }
        light.availabilityChanged = { [unowned(unsafe) self] present in self.announce([(API.hasAmbientLight, .bool(present))] + self.lightChanges) }
        light.readingChanged = { [unowned(unsafe) self] in self.announce(self.lightChanges) }
        proximity.availabilityChanged = { [unowned(unsafe) self] present in
            self.announce([(API.hasProximity, .bool(present)), (API.proximityNear, .bool(self.proximity.reading ?? false))])
        }
        proximity.readingChanged = { [unowned(unsafe) self] near in self.announce([(API.proximityNear, .bool(near))]) }
    }

    /// The light level and its unit as they are now (the unit follows the sensor in use).
    private var lightChanges: [(name: String, value: BusValue)] {
        [(API.lightLevelUnit, .string(lightUnit)), (API.lightLevel, .double(light.reading?.value ?? 0))]
    }

    private func announce(_ changes: [(name: String, value: BusValue)]) {
        bus.announce(path: API.objectPath, interface: API.interface, changes)
    }

    /// `LightLevelUnit`: the unit of the last reading, else the bound sensor's; `vendor`
    /// before any sensor, as iio-sensor-proxy starts.
    var lightUnit: String {
        (light.unit ?? .vendor).rawValue
    }

    /// The members of `net.hadess.SensorProxy` this service answers.
    static var rows: [BusRow<AmbientSensorsService>] {
        [
            .method(name: API.claimLight) { (service, call) throws(BusError) in try service.lightClaims.claim(call) },
            .method(name: API.releaseLight) { (service, call) throws(BusError) in service.lightClaims.release(call) },
            .method(name: API.claimProximity) { (service, call) throws(BusError) in try service.proximityClaims.claim(call) },
            .method(name: API.releaseProximity) { (service, call) throws(BusError) in service.proximityClaims.release(call) },
            .property(name: API.hasAmbientLight, signature: "b", emitsChange: true) { .bool($0.light.isAvailable) },
            .property(name: API.lightLevelUnit, signature: "s", emitsChange: true) { .string($0.lightUnit) },
            .property(name: API.lightLevel, signature: "d", emitsChange: true) { .double($0.light.reading?.value ?? 0) },
            .property(name: API.hasProximity, signature: "b", emitsChange: true) { .bool($0.proximity.isAvailable) },
            .property(name: API.proximityNear, signature: "b", emitsChange: true) { .bool($0.proximity.reading ?? false) },
        ]
    }
}
