import CallError
import CLibc
import OrientationCore
import Systemd

/// The device orientation for an app, with the semantics of iOS's `UIDevice`: nested
/// begin/end of notifications, observers with removable tokens, the interface (screen)
/// orientation, an app's screen-orientation lock, gravity and posture where the device has them.
///
/// It follows `org.orientd.Orientation1`, or iio-sensor-proxy's `net.hadess.SensorProxy` where
/// orientd is absent, and survives the daemon restarting or appearing later. It runs on the
/// caller's loop: watch `fileDescriptor` for input and call `dispatch()`, or call `run()`.
/// Everything happens on the thread that calls it; observers run inside `dispatch()`/`run()`.
/// One client belongs to one thread at a time.
public final class OrientationClient {
    let loop: EventLoop
    let bus: Bus
    var matches: [BusMatch] = []
    /// Calls awaiting their reply, by number; each removes itself when answered.
    var pending: [UInt32: BusPendingCall] = [:]
    var nextCall: UInt32 = 0
    /// A pipe whose read end is on the loop: written after a call that sent or read bus
    /// messages outside the loop, so that the caller's poll wakes and `dispatch()` sends what
    /// is queued and delivers what was read meanwhile.
    let wakeRead: Int32, wakeWrite: Int32
    var wakePending = false
    var wakeSource: EventSource?
    var quitting = false

    /// Owners of the two names (empty: not on the bus), from NameOwnerChanged.
    var orientdOwner = "", sensorProxyOwner = ""
    public internal(set) var backend: OrientationBackend = .none
    /// The owner that `backend` was set up with; another owner is a restart.
    var backendOwner = ""
    /// Counts backend set-ups: a reply meant for an earlier one is dropped.
    var generation = 0
    var everConnected = false

    /// Nested begins in this process; the bus holds one Begin (or claim) while above 0.
    public internal(set) var notificationReferences = 0
    var busReferenced = false
    /// After a restart: the next orientation is announced even if unchanged.
    var announceNextOrientation = false

    var currentOrientation: Orientation = .unknown
    public internal(set) var screenOrientation: Orientation = .unknown
    /// Empty when the daemon does not tell (iio-sensor-proxy, or no daemon).
    public internal(set) var supportedScreenOrientations: [Orientation] = []
    /// The lock in force on the daemon (anyone's), nil while unlocked or unknown.
    public internal(set) var screenOrientationLock: Orientation?
    /// The lock this app asked for; requested again after a restart.
    public internal(set) var requestedLock: Orientation?
    /// nil where the device has no hinge or the daemon cannot tell.
    public internal(set) var posture: Posture?
    public internal(set) var tabletMode: Bool?
    var hasHinge = false
    /// iio-sensor-proxy's last AccelerometerOrientation and AccelerometerTilt (3.1 and later).
    var proxyOrientation = "undefined"
    var proxyTilt: String?

    var orientationObservers = ObserverList<Orientation>()
    var screenObservers = ObserverList<Orientation>()
    var postureObservers = ObserverList<Posture>()
    var nextObserver: UInt32 = 0

    /// Connects to the bus at `busAddress` (a D-Bus address; nil: the system bus) and starts
    /// following the daemons.
    public init(busAddress: String? = nil) throws(ClientError) {
        let address: BusAddress = busAddress.map { .address($0) } ?? .system
        do throws(CallError) {
            loop = try EventLoop(shared: false)
            bus = try Bus(address, description: "orientd-client")
            try bus.attach(to: loop)
            try bus.setCallTimeout(us: Self.callTimeoutUs)
        } catch {
            throw .system(error)
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .system(CallError(call: "pipe", errno: orientd_errno())) }
        // Close-on-exec copies: an app's child processes must not inherit the pipe.
        (wakeRead, wakeWrite) = (orientd_dup_cloexec(fds[0]), orientd_dup_cloexec(fds[1]))
        close(fds[0])
        close(fds[1])
        do throws(CallError) {
            wakeSource = try loop.addIO(fd: wakeRead, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in
                var byte: UInt8 = 0
                _ = read(self.wakeRead, &byte, 1)
                self.wakePending = false
            }
            try followDaemons()
        } catch {
            throw .system(error)
        }
    }

    deinit {
        if busReferenced { sendRelease() }
        if requestedLock != nil, backend == .orientd { sendOrientd(Contract.Orientation1.unlockMethod) }
        pending = [:]
        matches = []
        wakeSource = nil
        close(wakeRead)
        close(wakeWrite)
    }

    /// How long a blocking call (a lock, gravity) waits for the daemon: it answers at once
    /// unless it is stuck, and an app's main loop must not hang for sd-bus's 25 s.
    static let callTimeoutUs: UInt64 = 2_000_000

    // MARK: The caller's loop

    /// Readable whenever `dispatch()` has work.
    public var fileDescriptor: Int32 { loop.fileDescriptor }

    /// Handles everything that is ready, without waiting: sends, replies, signals, observers.
    public func dispatch() throws(ClientError) {
        do throws(CallError) {
            while try loop.runOnce(timeoutUs: 0) {}
        } catch {
            throw .system(error)
        }
    }

    /// Handles events until `quit()` (from an observer), for small tools without a loop.
    public func run() throws(ClientError) {
        quitting = false
        do throws(CallError) {
            while !quitting { try loop.runOnce(timeoutUs: UInt64.max) }
        } catch {
            throw .system(error)
        }
    }

    /// Makes `run()` return after the current event.
    public func quit() {
        quitting = true
        wake()
    }

    func wake() {
        guard !wakePending else { return }
        wakePending = true
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: Notifications

    /// Whether this process generates notifications (begins outnumber ends).
    public var isGeneratingNotifications: Bool { notificationReferences > 0 }

    /// The device orientation: `unknown` while not generating notifications, as UIDevice.
    public var orientation: Orientation { notificationReferences > 0 ? currentOrientation : .unknown }

    /// Takes one reference; the first one asks the daemon to start (one Begin or claim on the bus).
    public func beginGeneratingNotifications() {
        notificationReferences += 1
        if notificationReferences == 1 { sendReference() }
        wake()
    }

    /// Drops one reference; the last one lets the daemon stop.
    public func endGeneratingNotifications() throws(ClientError) {
        guard notificationReferences > 0 else {
            throw .notActive("endGeneratingNotifications without a matching begin")
        }
        notificationReferences -= 1
        if notificationReferences == 0, busReferenced { sendRelease() }
        wake()
    }

    // MARK: Observers

    /// `handler` runs with each new device orientation while notifications are generated.
    public func observeOrientation(_ handler: @escaping (Orientation) -> Void) -> ObserverToken {
        nextObserver += 1
        orientationObservers.add(nextObserver, handler)
        return ObserverToken(id: nextObserver)
    }

    /// `handler` runs with each new interface (screen) orientation.
    public func observeScreenOrientation(_ handler: @escaping (Orientation) -> Void) -> ObserverToken {
        nextObserver += 1
        screenObservers.add(nextObserver, handler)
        return ObserverToken(id: nextObserver)
    }

    /// `handler` runs with each new posture.
    public func observePosture(_ handler: @escaping (Posture) -> Void) -> ObserverToken {
        nextObserver += 1
        postureObservers.add(nextObserver, handler)
        return ObserverToken(id: nextObserver)
    }

    /// Ends an observation; false if the token was already removed.
    @discardableResult
    public func removeObserver(_ token: ObserverToken) -> Bool {
        orientationObservers.remove(token.id) || screenObservers.remove(token.id) || postureObservers.remove(token.id)
    }

    // MARK: Lock, gravity

    /// Asks the daemon to keep the screen at `target` (edge-up, supported) while this client
    /// holds the lock, as a video player asks for landscape. Kept across daemon restarts.
    public func lockScreenOrientation(_ target: Orientation) throws(ClientError) {
        guard target.isEdgeUp else { throw .invalidArgument("\(target.rawValue) is not an edge-up orientation") }
        if backend == .sensorProxy { throw .unavailable("net.hadess.SensorProxy has no screen orientation lock") }
        if !supportedScreenOrientations.isEmpty, !supportedScreenOrientations.contains(target) {
            throw .invalidArgument("\(target.rawValue) is not a supported screen orientation")
        }
        if backend == .orientd {
            defer { wake() }
            do throws(BusError) {
                _ = try bus.call(destination: Contract.Orientation1.busName, path: Contract.Orientation1.objectPath,
                                 interface: Contract.Orientation1.interface, member: Contract.Orientation1.lockMethod,
                                 target.rawValue)
            } catch {
                if error.name == Contract.ErrorName.invalidArgs { throw .invalidArgument(error.message) }
                throw .daemon(error)
            }
        }
        requestedLock = target
    }

    /// Releases this client's lock.
    public func unlockScreenOrientation() throws(ClientError) {
        guard requestedLock != nil else { throw .notActive("no screen orientation lock is held") }
        requestedLock = nil
        if backend == .orientd {
            defer { wake() }
            do throws(BusError) {
                _ = try bus.call(destination: Contract.Orientation1.busName, path: Contract.Orientation1.objectPath,
                                 interface: Contract.Orientation1.interface, member: Contract.Orientation1.unlockMethod)
            } catch {
                if error.name != Contract.ErrorName.notLocked { throw .daemon(error) }
            }
        }
    }

    /// The gravity vector in m/s² in the device frame (orientd only).
    public func readGravity() throws(ClientError) -> (x: Double, y: Double, z: Double) {
        guard backend == .orientd else {
            throw .unavailable(backend == .none ? "no orientation daemon is on the bus" : "net.hadess.SensorProxy gives no gravity")
        }
        defer { wake() }
        let reply: BusMessage
        do throws(BusError) {
            reply = try bus.call(destination: Contract.Orientation1.busName, path: Contract.Orientation1.objectPath,
                                 interface: Contract.Orientation1.interface, member: Contract.Orientation1.readGravityMethod)
        } catch {
            if error.name == Contract.ErrorName.noSensor { throw .unavailable(error.message) }
            throw .daemon(error)
        }
        do throws(CallError) {
            return (try reply.readDouble(), try reply.readDouble(), try reply.readDouble())
        } catch {
            throw .system(error)
        }
    }
}
