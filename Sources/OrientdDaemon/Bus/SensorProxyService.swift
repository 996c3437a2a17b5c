import CallError
import OrientationCore
import Systemd

/// `net.hadess.SensorProxy` with iio-sensor-proxy 3.x behaviour, for desktops that read
/// orientation from it (GNOME's mutter, KDE through Qt Sensors, phone shells). Accelerometer
/// claims are counted per caller like Begins, idempotent as in iio-sensor-proxy, and are a
/// consumer of `SensorDemand` of their own: they run the sensor but are not Begins. The
/// ambient light and proximity members come from `AmbientSensorsService`; the compass object
/// is `CompassService`'s.
public final class SensorProxyService {
    private typealias API = Contract.SensorProxy

    /// iio-sensor-proxy's names for the four screen orientations (docs/axes-and-names.md).
    public static func accelerometerOrientation(_ o: Orientation) -> String {
        switch o {
        case .portrait: return "normal"
        case .portraitUpsideDown: return "bottom-up"
        case .landscapeLeft: return "right-up"
        case .landscapeRight: return "left-up"
        case .faceUp, .faceDown, .unknown: return "undefined"
        }
    }

    private let bus: Bus
    private let hub: OrientationHub
    private let demand: SensorDemand
    private var claims: CallerTracker!
    private var exports: [BusObjectExport] = []
    private var tilt = Tilt.undefined

    public init(bus: Bus, hub: OrientationHub, demand: SensorDemand, budget: CallerBudget, ambient: AmbientSensorsService) throws(CallError) {
        self.bus = bus
        self.hub = hub
        self.demand = demand
        claims = CallerTracker(bus: bus, resource: "accelerometer claims", recursive: false, budget: budget) {
            [unowned(unsafe) self] _ in self.demand.set(.accelerometerClaims, self.claims.isEmpty ? .off : .full)
        }
        hub.observe { [unowned(unsafe) self] event in self.hubEvent(event) }
        exports.append(try bus.export(path: API.objectPath, interface: API.interface, members: [
            .method(name: API.claimAccelerometer) { [unowned(unsafe) self] (call) throws(BusError) in try self.claim(call) },
            .method(name: API.releaseAccelerometer) { [unowned(unsafe) self] (call) throws(BusError) in self.release(call) },
            .property(name: API.hasAccelerometer, signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.hub.hasSensor) },
            .property(name: API.accelerometerOrientation, signature: "s", emitsChange: true) { [unowned(unsafe) self] in
                .string(Self.accelerometerOrientation(self.hub.screenOrientation))
            },
            .property(name: API.accelerometerTilt, signature: "s", emitsChange: true) { [unowned(unsafe) self] in .string(self.tilt.rawValue) },
        ] + ambient.members))
    }

    private func claim(_ call: BusMessage) throws(BusError) {
        if claims.count(call) == 0 {
            try claims.add(call)
            Log.debug("ClaimAccelerometer from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }

    /// Like iio-sensor-proxy: releasing without a claim is not an error.
    private func release(_ call: BusMessage) {
        if claims.remove(call) {
            Log.debug("ReleaseAccelerometer from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }

    private func updateTilt(_ gravity: Vector3?) {
        let new = Tilt.classify(gravity: gravity, orientation: hub.orientation, previous: tilt)
        guard new != tilt else { return }
        tilt = new
        emit([API.accelerometerTilt])
    }

    private func hubEvent(_ event: OrientationHub.Event) {
        switch event {
        case .screenOrientationChanged:
            emit([API.accelerometerOrientation])
        case .orientationChanged:
            updateTilt(hub.gravity)
        case .sensorAvailabilityChanged:
            emit([API.hasAccelerometer])
            updateTilt(hub.gravity)
        case .sample(let gravity):
            updateTilt(gravity)
        case .supportedOrientationsChanged:
            break
        }
    }

    private func emit(_ names: [String]) {
        do {
            try bus.emitPropertiesChanged(path: API.objectPath, interface: API.interface, names: names)
        } catch {
            Log.warning("cannot emit PropertiesChanged on \(API.interface): \(error)")
        }
    }
}
