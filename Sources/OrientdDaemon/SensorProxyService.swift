import OrientationCore
import Systemd

/// `net.hadess.SensorProxy` with iio-sensor-proxy 3.x behaviour, for desktops that read
/// orientation from it (GNOME's mutter, KDE through Qt Sensors, phone shells). Claims map onto
/// the same hub as BeginGeneratingNotifications; as in iio-sensor-proxy they are idempotent
/// per caller. There is no light sensor, proximity sensor or compass.
public final class SensorProxyService: NotificationHubDelegate {
    public static let busName = "net.hadess.SensorProxy"
    public static let objectPath = "/net/hadess/SensorProxy"
    public static let interface = "net.hadess.SensorProxy"
    public static let compassPath = "/net/hadess/SensorProxy/Compass"
    public static let compassInterface = "net.hadess.SensorProxy.Compass"

    /// iio-sensor-proxy's names for the four screen orientations (CONVENTIONS §3).
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
    private let hub: NotificationHub
    private let orientation: OrientationService
    private let maxClaimers: Int
    private var exports: [BusObjectExport] = []
    private var claims: BusTrack?
    private var tilt = Tilt.undefined

    public init(bus: Bus, hub: NotificationHub, orientation: OrientationService, maxClaimers: Int) throws(SystemdError) {
        self.bus = bus
        self.hub = hub
        self.orientation = orientation
        self.maxClaimers = maxClaimers
        hub.addObserver(self)
        orientation.otherHolders = { [unowned self] in (self.claims?.callers ?? 0) > 0 }
        hub.sampleObserver = { [unowned self] gravity in self.updateTilt(gravity) }
        exports.append(try bus.export(path: Self.objectPath, interface: Self.interface, members: [
            .method(name: "ClaimAccelerometer") { [unowned self] (call) throws(BusError) in try self.claim(call) },
            .method(name: "ReleaseAccelerometer") { [unowned self] (call) throws(BusError) in self.release(call) },
            .method(name: "ClaimLight") { (call) throws(BusError) in try? call.replyEmpty() },
            .method(name: "ReleaseLight") { (call) throws(BusError) in try? call.replyEmpty() },
            .method(name: "ClaimProximity") { (call) throws(BusError) in try? call.replyEmpty() },
            .method(name: "ReleaseProximity") { (call) throws(BusError) in try? call.replyEmpty() },
            .property(name: "HasAccelerometer", signature: "b", emitsChange: true) { [unowned self] in .bool(self.hub.hasSensor) },
            .property(name: "AccelerometerOrientation", signature: "s", emitsChange: true) { [unowned self] in
                .string(Self.accelerometerOrientation(self.hub.screenOrientation))
            },
            .property(name: "AccelerometerTilt", signature: "s", emitsChange: true) { [unowned self] in .string(self.tilt.rawValue) },
            .property(name: "HasAmbientLight", signature: "b", emitsChange: true) { .bool(false) },
            .property(name: "LightLevelUnit", signature: "s", emitsChange: true) { .string("lux") },
            .property(name: "LightLevel", signature: "d", emitsChange: true) { .double(0) },
            .property(name: "HasProximity", signature: "b", emitsChange: true) { .bool(false) },
            .property(name: "ProximityNear", signature: "b", emitsChange: true) { .bool(false) },
        ]))
        exports.append(try bus.export(path: Self.compassPath, interface: Self.compassInterface, members: [
            .method(name: "ClaimCompass") { (call) throws(BusError) in try? call.replyEmpty() },
            .method(name: "ReleaseCompass") { (call) throws(BusError) in try? call.replyEmpty() },
            .property(name: "HasCompass", signature: "b", emitsChange: true) { .bool(false) },
            .property(name: "CompassHeading", signature: "d", emitsChange: true) { .double(-1) },
        ]))
    }

    private func claim(_ call: BusMessage) throws(BusError) {
        let track: BusTrack
        if let claims {
            track = claims
        } else {
            do {
                track = try BusTrack(bus: bus, recursive: false) { [unowned self] in self.orientation.holdersChanged() }
            } catch {
                throw BusError(name: OrientationService.ErrorName.failed, message: "cannot track callers: \(error)")
            }
            claims = track
        }
        if track.count(senderOf: call) == 0 && track.callers >= maxClaimers {
            throw BusError(name: OrientationService.ErrorName.limitExceeded,
                           message: "\(track.callers) callers claim the accelerometer, the limit is \(maxClaimers)")
        }
        do {
            try track.add(senderOf: call)
        } catch {
            throw BusError(name: OrientationService.ErrorName.failed, message: "cannot track caller: \(error)")
        }
        Log.debug("ClaimAccelerometer from \(call.sender ?? "?")")
        orientation.ensureRunning()
        try? call.replyEmpty()
    }

    /// Like iio-sensor-proxy: releasing without a claim is not an error.
    private func release(_ call: BusMessage) {
        if let claims, claims.remove(senderOf: call) {
            Log.debug("ReleaseAccelerometer from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
        orientation.holdersChanged()
    }

    private func updateTilt(_ gravity: Vector3?) {
        let new = Tilt.classify(gravity: gravity, orientation: hub.orientation, previous: tilt)
        guard new != tilt else { return }
        tilt = new
        emit(["AccelerometerTilt"])
    }

    public func hub(_ hub: NotificationHub, orientationChangedTo new: Orientation, from previous: Orientation,
                    screenOrientationChanged: Bool) {
        if screenOrientationChanged { emit(["AccelerometerOrientation"]) }
        updateTilt(hub.lastGravity)
    }

    public func hubSensorAvailabilityChanged(_ hub: NotificationHub) {
        emit(["HasAccelerometer"])
        updateTilt(hub.lastGravity)
    }

    private func emit(_ names: [String]) {
        do {
            try bus.emitPropertiesChanged(path: Self.objectPath, interface: Self.interface, names: names)
        } catch {
            Log.warning("cannot emit PropertiesChanged on \(Self.interface): \(error)")
        }
    }
}
