import OrientationCore
import Systemd

/// The D-Bus face of orientd (CONVENTIONS §4): `org.orientd.Orientation1` at
/// `/org/orientd/Orientation1`. Begin/End references are counted per caller with a recursive
/// sd_bus_track, so a caller that leaves the bus loses all of them at once.
public final class OrientationService: NotificationHubDelegate {
    public static let busName = "org.orientd.Orientation1"
    public static let objectPath = "/org/orientd/Orientation1"
    public static let interface = "org.orientd.Orientation1"

    public enum ErrorName {
        public static let notGenerating = "org.orientd.Orientation1.Error.NotGenerating"
        public static let limitExceeded = "org.orientd.Orientation1.Error.LimitExceeded"
        public static let failed = "org.orientd.Orientation1.Error.Failed"
    }

    /// Bounds on what callers control.
    public struct Limits: Equatable {
        /// Outstanding Begins one caller may hold. UIDevice-style nesting is a handful deep
        /// in practice; 64 leaves room for any real program and bounds a runaway loop.
        public var referencesPerCaller = 64
        /// Distinct callers tracked at once. Each costs one bus match; 512 is twice the
        /// dbus-daemon's default per-user connection limit.
        public var callers = 512
        public init() {}
    }

    private let bus: Bus
    private let hub: NotificationHub
    private let limits: Limits
    private var export: BusObjectExport?
    private var track: BusTrack?

    public init(bus: Bus, hub: NotificationHub, limits: Limits) throws(SystemdError) {
        self.bus = bus
        self.hub = hub
        self.limits = limits
        hub.addObserver(self)
        export = try bus.export(path: Self.objectPath, interface: Self.interface, members: members())
    }

    /// Other holders of the sensor (claims through the compatibility interface).
    public var otherHolders: () -> Bool = { false }

    /// The sensor runs: a Begin is outstanding, or another holder has it.
    public var isGenerating: Bool { (track?.callers ?? 0) > 0 || otherHolders() }

    /// Starts the sensor for a new holder if it is not running.
    public func ensureRunning() {
        guard !hub.isRunning else { return }
        hub.start()
        emitPropertiesChanged(["IsGeneratingNotifications"])
    }

    private func members() -> [BusMember] {
        [
            .method(name: "BeginGeneratingNotifications", result: "s", outNames: ["orientation"]) {
                [unowned self] (call) throws(BusError) in try self.begin(call)
            },
            .method(name: "EndGeneratingNotifications") {
                [unowned self] (call) throws(BusError) in try self.end(call)
            },
            .property(name: "Orientation", signature: "s", emitsChange: true) { [unowned self] in
                .string(self.hub.currentOrientation().rawValue)
            },
            .property(name: "ScreenOrientation", signature: "s", emitsChange: true) { [unowned self] in
                .string(self.hub.screenOrientation.rawValue)
            },
            .property(name: "IsGeneratingNotifications", signature: "b", emitsChange: true) { [unowned self] in
                .bool(self.isGenerating)
            },
            .property(name: "HasAccelerometer", signature: "b", emitsChange: true) { [unowned self] in
                .bool(self.hub.hasSensor)
            },
            .signal(name: "OrientationDidChange", signature: "ss", names: ["orientation", "previous"]),
        ]
    }

    private func begin(_ call: BusMessage) throws(BusError) {
        let track = try existingTrack()
        let held = track.count(senderOf: call)
        if held >= limits.referencesPerCaller {
            throw BusError(name: ErrorName.limitExceeded,
                           message: "caller holds \(held) references, the limit is \(limits.referencesPerCaller)")
        }
        if held == 0 && track.callers >= limits.callers {
            throw BusError(name: ErrorName.limitExceeded,
                           message: "\(track.callers) callers are generating notifications, the limit is \(limits.callers)")
        }
        do {
            try track.add(senderOf: call)
        } catch {
            throw BusError(name: ErrorName.failed, message: "cannot track caller: \(error)")
        }
        Log.debug("Begin from \(call.sender ?? "?"): \(held + 1) reference(s)")
        ensureRunning()
        hub.whenFirstAnswer { orientation in
            do {
                try call.replyString(orientation.rawValue)
            } catch {
                // The caller may have left meanwhile; nothing else to do.
                Log.debug("Begin reply to \(call.sender ?? "?") failed: \(error)")
            }
        }
    }

    private func end(_ call: BusMessage) throws(BusError) {
        guard let track, track.remove(senderOf: call) else {
            throw BusError(name: ErrorName.notGenerating,
                           message: "\(call.sender ?? "caller") holds no BeginGeneratingNotifications reference")
        }
        Log.debug("End from \(call.sender ?? "?"): \(track.count(senderOf: call)) reference(s) left")
        do {
            try call.replyEmpty()
        } catch {
            Log.debug("End reply failed: \(error)")
        }
        holdersChanged()
    }

    /// The track is made on first use; its empty-handler stops generation when the last
    /// caller leaves, by End or by leaving the bus.
    private func existingTrack() throws(BusError) -> BusTrack {
        if let track { return track }
        do {
            let made = try BusTrack(bus: bus, recursive: true) { [unowned self] in self.holdersChanged() }
            track = made
            return made
        } catch {
            throw BusError(name: ErrorName.failed, message: "cannot track callers: \(error)")
        }
    }

    /// Stops the sensor when nobody holds it any more.
    public func holdersChanged() {
        guard !isGenerating, hub.isRunning else { return }
        hub.stop()
        emitPropertiesChanged(["IsGeneratingNotifications"])
    }

    /// Stops generation regardless of references (shutdown).
    public func shutdown() {
        hub.stop()
    }

    public func hub(_ hub: NotificationHub, orientationChangedTo new: Orientation, from previous: Orientation,
                    screenOrientationChanged: Bool) {
        emitPropertiesChanged(screenOrientationChanged ? ["Orientation", "ScreenOrientation"] : ["Orientation"])
        do {
            try bus.emitSignal(path: Self.objectPath, interface: Self.interface, member: "OrientationDidChange",
                               new.rawValue, previous.rawValue)
        } catch {
            Log.warning("cannot emit OrientationDidChange: \(error)")
        }
    }

    public func hubSensorAvailabilityChanged(_ hub: NotificationHub) {
        emitPropertiesChanged(["HasAccelerometer"])
    }

    private func emitPropertiesChanged(_ names: [String]) {
        do {
            try bus.emitPropertiesChanged(path: Self.objectPath, interface: Self.interface, names: names)
        } catch {
            Log.warning("cannot emit PropertiesChanged: \(error)")
        }
    }
}
