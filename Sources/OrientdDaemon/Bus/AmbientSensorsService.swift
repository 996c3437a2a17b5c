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
    private var lightClaims: CallerTracker!
    private var proximityClaims: CallerTracker!
    private let registry: SensorRegistry

    public init(bus: Bus, light: LightSensors, proximity: PolledSensor<Proximity>, registry: SensorRegistry, budget: CallerBudget) {
        self.bus = bus
        self.light = light
        self.proximity = proximity
        self.registry = registry
        lightClaims = CallerTracker(bus: bus, resource: "light claims", recursive: false, budget: budget) {
            [unowned(unsafe) self] _ in self.registry.set(.light, .sensorClaims, self.lightClaims.isEmpty ? .off : .full)
        }
        proximityClaims = CallerTracker(bus: bus, resource: "proximity claims", recursive: false, budget: budget) {
            [unowned(unsafe) self] _ in self.registry.set(.proximity, .sensorClaims, self.proximityClaims.isEmpty ? .off : .full)
        }
        light.availabilityChanged = { [unowned(unsafe) self] _ in self.emit([API.hasAmbientLight, API.lightLevelUnit, API.lightLevel]) }
        light.readingChanged = { [unowned(unsafe) self] in self.emit([API.lightLevelUnit, API.lightLevel]) }
        proximity.availabilityChanged = { [unowned(unsafe) self] _ in self.emit([API.hasProximity, API.proximityNear]) }
        proximity.readingChanged = { [unowned(unsafe) self] _ in self.emit([API.proximityNear]) }
    }

    /// `LightLevelUnit`: the unit of the last reading, else the bound sensor's; `vendor`
    /// before any sensor, as iio-sensor-proxy starts.
    var lightUnit: String {
        (light.unit ?? .vendor).rawValue
    }

    /// Members of `net.hadess.SensorProxy` this service answers.
    public var members: [BusMember] {
        [
            .method(name: API.claimLight) { [unowned(unsafe) self] (call) throws(BusError) in try self.claim(call, self.lightClaims) },
            .method(name: API.releaseLight) { [unowned(unsafe) self] (call) throws(BusError) in self.release(call, self.lightClaims) },
            .method(name: API.claimProximity) { [unowned(unsafe) self] (call) throws(BusError) in try self.claim(call, self.proximityClaims) },
            .method(name: API.releaseProximity) { [unowned(unsafe) self] (call) throws(BusError) in self.release(call, self.proximityClaims) },
            .property(name: API.hasAmbientLight, signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.light.isAvailable) },
            .property(name: API.lightLevelUnit, signature: "s", emitsChange: true) { [unowned(unsafe) self] in .string(self.lightUnit) },
            .property(name: API.lightLevel, signature: "d", emitsChange: true) { [unowned(unsafe) self] in
                .double(self.light.reading?.value ?? 0)
            },
            .property(name: API.hasProximity, signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.proximity.isAvailable) },
            .property(name: API.proximityNear, signature: "b", emitsChange: true) { [unowned(unsafe) self] in
                .bool(self.proximity.reading ?? false)
            },
        ]
    }

    /// Idempotent per caller, as in iio-sensor-proxy.
    private func claim(_ call: BusMessage, _ claims: CallerTracker) throws(BusError) {
        if claims.count(call) == 0 {
            try claims.add(call)
            Log.debug("claim of \(claims.resource) from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }

    /// Releasing without a claim is not an error (iio-sensor-proxy).
    private func release(_ call: BusMessage, _ claims: CallerTracker) {
        if claims.remove(call) {
            Log.debug("release of \(claims.resource) from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }

    private func emit(_ names: [String]) {
        do {
            try bus.emitPropertiesChanged(path: API.objectPath, interface: API.interface, names: names)
        } catch {
            Log.warning("cannot emit PropertiesChanged on \(API.interface): \(error)")
        }
    }
}
