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
    private let claims: SensorClaims
    private let ambient: AmbientSensorsService
    private var tilt = Tilt.undefined
    private var tiltInput: (gravity: Vector3?, orientation: Orientation)?

    public init(bus: Bus, hub: OrientationHub, demand: SensorDemand, budget: CallerBudget, ambient: AmbientSensorsService) {
        self.bus = bus
        self.hub = hub
        self.demand = demand
        self.ambient = ambient
        claims = SensorClaims(bus: bus, resource: "accelerometer claims", budget: budget) { claimed in
            demand.set(.accelerometerClaims, claimed ? .full : .off)
        }
        hub.observe { [unowned(unsafe) self] event in self.hubEvent(event) }
    }

    /// `net.hadess.SensorProxy`: the accelerometer's members, then the ambient sensors'.
    static var interface: BusInterface<SensorProxyService> {
        BusInterface<SensorProxyService>(API.interface, notes: InterfaceNotes.sensorProxy, [
            .method(name: API.claimAccelerometer) { (service, call) throws(BusError) in
                try service.claims.claim(call) { [unowned(unsafe) service] ready in service.hub.whenFirstAnswer { _ in ready() } }
            },
            .method(name: API.releaseAccelerometer) { (service, call) throws(BusError) in service.claims.release(call) },
            .property(name: API.hasAccelerometer, signature: "b", emitsChange: true) { .bool($0.hub.hasSensor) },
            .property(name: API.accelerometerOrientation, signature: "s", emitsChange: true) {
                .string(SensorProxyService.accelerometerOrientation($0.currentScreenOrientation))
            },
            .property(name: API.accelerometerTilt, signature: "s", emitsChange: true) { .string($0.tilt.rawValue) },
        ] + AmbientSensorsService.rows.map { row in row.served { $0.ambient } })
    }

    /// The screen orientation while the sensor runs. Before a claim (nothing running) an
    /// input accelerometer answers with a one-shot reading, opened and closed for the read;
    /// an IIO one stays `undefined` until claimed, as with iio-sensor-proxy 3.7.
    private var currentScreenOrientation: Orientation {
        guard !hub.isRunning, hub.sourceReportsBeforeClaim else { return hub.screenOrientation }
        let now = hub.currentOrientation()
        return now.isEdgeUp ? now : .unknown
    }

    private func updateTilt(_ gravity: Vector3?) {
        // The sample that changes the orientation arrives twice (the change, then the sample):
        // the tilt is computed once per gravity and orientation.
        guard tiltInput?.gravity != gravity || tiltInput?.orientation != hub.orientation else { return }
        tiltInput = (gravity, hub.orientation)
        let new = Tilt.classify(gravity: gravity, orientation: hub.orientation)
        guard new != tilt else { return }
        tilt = new
        emitToClaimants([(API.accelerometerTilt, .string(new.rawValue))])
    }

    private func hubEvent(_ event: OrientationHub.Event) {
        switch event {
        case .screenOrientationChanged(let screen):
            emitToClaimants([(API.accelerometerOrientation, .string(Self.accelerometerOrientation(screen)))])
        case .orientationChanged:
            updateTilt(hub.gravity)
        case .sensorAvailabilityChanged:
            broadcast([(API.hasAccelerometer, .bool(hub.hasSensor))])
            updateTilt(hub.gravity)
        case .sample(let gravity):
            updateTilt(gravity)
        case .supportedOrientationsChanged:
            break
        }
    }

    /// `Has*`: every client (GNOME Settings and gnome-settings-daemon read it without a claim).
    private func broadcast(_ changes: [(name: String, value: BusValue)]) {
        bus.announce(path: API.objectPath, interface: API.interface, changes)
    }

    /// Readings: the callers that claimed the accelerometer.
    private func emitToClaimants(_ changes: [(name: String, value: BusValue)]) {
        bus.announce(path: API.objectPath, interface: API.interface, changes, to: claims.claimants)
    }
}
