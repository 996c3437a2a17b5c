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
/// the shared `CallerBudget`, and feed a `SensorDemand` of the sensor's own, so a
/// claim/release storm costs one start and one stop per linger.
public final class AmbientSensorsService {
    private typealias API = Contract.SensorProxy

    private let bus: Bus
    let light: LightSensors
    let proximity: PolledSensor<Proximity>
    private var lightClaims: CallerTracker!
    private var proximityClaims: CallerTracker!
    private let lightDemand: SensorDemand
    private let proximityDemand: SensorDemand

    public init(bus: Bus, loop: EventLoop, budget: CallerBudget, parameters: PolledSensorParameters = PolledSensorParameters(),
                bufferedParameters: BufferedSensorParameters = BufferedSensorParameters(),
                demand: SensorDemand.Parameters = SensorDemand.Parameters()) {
        self.bus = bus
        let light = LightSensors(loop: loop, polledParameters: parameters, bufferedParameters: bufferedParameters)
        let proximity = PolledSensor<Proximity>(loop: loop, parameters: parameters)
        self.light = light
        self.proximity = proximity
        lightDemand = SensorDemand(timers: loop, parameters: demand) { level in light.run(level != .off) }
        proximityDemand = SensorDemand(timers: loop, parameters: demand) { level in proximity.run(level != .off) }
        lightClaims = CallerTracker(bus: bus, resource: "light claims", recursive: false, budget: budget) {
            [unowned(unsafe) self] _ in self.lightDemand.set(.sensorClaims, self.lightClaims.isEmpty ? .off : .full)
        }
        proximityClaims = CallerTracker(bus: bus, resource: "proximity claims", recursive: false, budget: budget) {
            [unowned(unsafe) self] _ in self.proximityDemand.set(.sensorClaims, self.proximityClaims.isEmpty ? .off : .full)
        }
        light.availabilityChanged = { [unowned(unsafe) self] _ in self.emit(["HasAmbientLight", "LightLevelUnit", "LightLevel"]) }
        light.readingChanged = { [unowned(unsafe) self] in self.emit(["LightLevelUnit", "LightLevel"]) }
        proximity.availabilityChanged = { [unowned(unsafe) self] _ in self.emit(["HasProximity", "ProximityNear"]) }
        proximity.readingChanged = { [unowned(unsafe) self] _ in self.emit(["ProximityNear"]) }
    }

    /// `LightLevelUnit`: the unit of the last reading, else the bound sensor's; `vendor`
    /// before any sensor, as iio-sensor-proxy starts.
    var lightUnit: String {
        (light.unit ?? .vendor).rawValue
    }

    /// Members of `net.hadess.SensorProxy` this service answers.
    public var members: [BusMember] {
        [
            .method(name: "ClaimLight") { [unowned(unsafe) self] (call) throws(BusError) in try self.claim(call, self.lightClaims) },
            .method(name: "ReleaseLight") { [unowned(unsafe) self] (call) throws(BusError) in self.release(call, self.lightClaims) },
            .method(name: "ClaimProximity") { [unowned(unsafe) self] (call) throws(BusError) in try self.claim(call, self.proximityClaims) },
            .method(name: "ReleaseProximity") { [unowned(unsafe) self] (call) throws(BusError) in self.release(call, self.proximityClaims) },
            .property(name: "HasAmbientLight", signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.light.isAvailable) },
            .property(name: "LightLevelUnit", signature: "s", emitsChange: true) { [unowned(unsafe) self] in .string(self.lightUnit) },
            .property(name: "LightLevel", signature: "d", emitsChange: true) { [unowned(unsafe) self] in
                .double(self.light.reading?.value ?? 0)
            },
            .property(name: "HasProximity", signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.proximity.isAvailable) },
            .property(name: "ProximityNear", signature: "b", emitsChange: true) { [unowned(unsafe) self] in
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

    /// Stops both sensors at once (shutdown).
    public func stopNow() {
        lightDemand.stopNow()
        proximityDemand.stopNow()
    }

    private func emit(_ names: [String]) {
        do {
            try bus.emitPropertiesChanged(path: API.objectPath, interface: API.interface, names: names)
        } catch {
            Log.warning("cannot emit PropertiesChanged on \(API.interface): \(error)")
        }
    }
}
