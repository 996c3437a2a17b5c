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
    /// A proximity switch that is an input device; the IIO sensor comes first when both exist.
    let inputProximity: InputProximitySource?
    private let lightClaims: SensorClaims
    private let proximityClaims: SensorClaims

    public init(bus: Bus, light: LightSensors, proximity: PolledSensor<Proximity>, inputProximity: InputProximitySource? = nil,
                registry: SensorRegistry, budget: CallerBudget) {
        self.bus = bus
        self.light = light
        self.proximity = proximity
        self.inputProximity = inputProximity
        lightClaims = SensorClaims(bus: bus, resource: "light claims", budget: budget) { claimed in
            registry.set(.light, .sensorClaims, claimed ? .full : .off)
        }
        proximityClaims = SensorClaims(bus: bus, resource: "proximity claims", budget: budget) { claimed in
            registry.set(.proximity, .sensorClaims, claimed ? .full : .off)
            // The switch is read from events only: it opens with the first claim and closes
            // with the last, without a linger (nothing is polled meanwhile).
            if claimed { inputProximity?.start() } else { inputProximity?.stop() }
        }
        // `Has*` goes to every client; readings (and the unit that comes with them) only to
        // the callers that claimed the sensor (docs/dbus-api.md).
        light.availabilityChanged = { [unowned(unsafe) self] present in
            self.broadcast([(API.hasAmbientLight, .bool(present))])
            self.announce(self.lightChanges, to: self.lightClaims)
        }
        light.readingChanged = { [unowned(unsafe) self] in self.announce(self.lightChanges, to: self.lightClaims) }
        proximity.availabilityChanged = { [unowned(unsafe) self] _ in self.proximityAvailabilityChanged() }
        proximity.readingChanged = { [unowned(unsafe) self] near in self.announce([(API.proximityNear, .bool(near))], to: self.proximityClaims) }
        inputProximity?.availabilityChanged = { [unowned(unsafe) self] _ in self.proximityAvailabilityChanged() }
        inputProximity?.readingChanged = { [unowned(unsafe) self] _ in
            guard !self.proximity.isAvailable else { return }
            self.announce([(API.proximityNear, .bool(self.proximityNear))], to: self.proximityClaims)
        }
    }

    var hasProximity: Bool { proximity.isAvailable || inputProximity?.isAvailable == true }

    /// The IIO sensor's reading while it exists, else the input switch's.
    var proximityNear: Bool {
        proximity.isAvailable ? proximity.reading ?? false : inputProximity?.reading ?? false
    }

    private func proximityAvailabilityChanged() {
        broadcast([(API.hasProximity, .bool(hasProximity))])
        announce([(API.proximityNear, .bool(proximityNear))], to: proximityClaims)
    }

    /// The light level and its unit as they are now (the unit follows the sensor in use).
    private var lightChanges: [(name: String, value: BusValue)] {
        [(API.lightLevelUnit, .string(lightUnit)), (API.lightLevel, .double(light.reading?.value ?? 0))]
    }

    private func broadcast(_ changes: [(name: String, value: BusValue)]) {
        bus.announce(path: API.objectPath, interface: API.interface, changes)
    }

    private func announce(_ changes: [(name: String, value: BusValue)], to claims: SensorClaims) {
        bus.announce(path: API.objectPath, interface: API.interface, changes, to: claims.claimants)
    }

    /// `LightLevelUnit`: the unit of the last reading; `lux` before the first, as
    /// iio-sensor-proxy 3.x starts (a client reads the unit with the level it came with).
    var lightUnit: String {
        (light.reading?.unit ?? .lux).rawValue
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
            .property(name: API.hasProximity, signature: "b", emitsChange: true) { .bool($0.hasProximity) },
            .property(name: API.proximityNear, signature: "b", emitsChange: true) { .bool($0.proximityNear) },
        ]
    }
}
