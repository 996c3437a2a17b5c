import CallError
import OrientationCore
import PostureCore
import Systemd

// Which daemon the client follows and what it hears from it: NameOwnerChanged picks orientd,
// else net.hadess.SensorProxy, else none; a new owner is set up afresh (Begin or claim again,
// the app's lock again, the properties read again). Nothing here polls or retries on a timer:
// the bus tells when a daemon comes or goes.

private typealias API = Contract.Orientation1
private typealias Proxy = Contract.SensorProxy

extension OrientationClient {
    func followDaemons() throws(CallError) {
        let bus = Contract.DBus.self
        for name in [API.busName, Proxy.busName] {
            let rule = "type='signal',sender='\(bus.busName)',path='\(bus.objectPath)',interface='\(bus.interface)',member='\(bus.nameOwnerChanged)',arg0='\(name)'"
            matches.append(try self.bus.addMatch(rule) { [unowned(unsafe) self] message in
                guard let args = try? message.readStrings(), args.count == 3 else { return }
                self.ownerChanged(name: args[0], owner: args[2])
            })
        }
        for (name, path) in [(API.busName, API.objectPath), (Proxy.busName, Proxy.objectPath)] {
            let rule = "type='signal',sender='\(name)',path='\(path)',interface='\(bus.properties)',member='\(bus.propertiesChanged)'"
            matches.append(try self.bus.addMatch(rule) { [unowned(unsafe) self] message in
                guard let change = try? message.readPropertiesChangedValues() else { return }
                self.propertiesChanged(interface: change.interface, change.changed)
            })
        }
        // The owners now (the matches are in place first, so no change falls between).
        for name in [API.busName, Proxy.busName] {
            let reply = try? self.bus.call(destination: bus.busName, path: bus.objectPath, interface: bus.interface,
                                           member: "GetNameOwner", name)
            let owner = (try? reply?.readString()) ?? ""
            if name == API.busName { orientdOwner = owner } else { sensorProxyOwner = owner }
        }
        selectBackend()
    }

    func ownerChanged(name: String, owner: String) {
        if name == API.busName { orientdOwner = owner } else if name == Proxy.busName { sensorProxyOwner = owner }
        selectBackend()
    }

    /// Sets up the daemon to follow, when it is another one or another owner of the same name.
    func selectBackend() {
        let (wanted, owner): (OrientationBackend, String) =
            !orientdOwner.isEmpty ? (.orientd, orientdOwner) : !sensorProxyOwner.isEmpty ? (.sensorProxy, sensorProxyOwner) : (.none, "")
        guard wanted != backend || owner != backendOwner else { return }
        // The one left behind, if still there, lets go of this client's reference.
        if busReferenced, (backend == .orientd ? orientdOwner : sensorProxyOwner) == backendOwner { sendRelease() }
        busReferenced = false
        generation += 1
        pending = [:]
        backend = wanted
        backendOwner = owner
        supportedScreenOrientations = []
        screenOrientationLock = nil
        (proxyOrientation, proxyTilt) = ("undefined", nil)
        hasHinge = false
        updatePosture(nil, tabletMode: nil)
        guard wanted != .none else { return }
        // A daemon that comes back (or after another) gets one announcement of the fresh value.
        if everConnected, notificationReferences > 0 { announceNextOrientation = true }
        everConnected = true
        readProperties()
        if notificationReferences > 0 { sendReference() }
        if let lock = requestedLock, wanted == .orientd {
            send(API.lockMethod, arguments: [lock.rawValue]) { [unowned(unsafe) self] result in
                if case .failure = result { self.requestedLock = nil }
            }
        }
        wake()
    }

    func readProperties() {
        let interfaces = backend == .orientd ? [API.interface, Contract.Posture1.interface] : [Proxy.interface]
        let (name, path) = backend == .orientd ? (API.busName, API.objectPath) : (Proxy.busName, Proxy.objectPath)
        for interface in interfaces {
            let id = nextCallID()
            let generation = generation
            pending[id] = try? bus.getAllPropertiesAsync(destination: name, path: path, interface: interface) { [unowned(unsafe) self] result in
                self.pending[id] = nil
                guard generation == self.generation, case .success(var values) = result else { return }
                // The device orientation comes from Begin's reply and the signals: a daemon
                // not (yet) generating answers `unknown` here.
                values[API.orientation] = nil
                self.propertiesChanged(interface: interface, values)
            }
        }
    }

    /// Begin (orientd) or ClaimAccelerometer (iio-sensor-proxy): the one bus reference.
    func sendReference() {
        guard backend != .none else { return }
        busReferenced = true
        if backend == .orientd {
            send(API.beginMethod) { [unowned(unsafe) self] result in
                guard case .success(let reply) = result, let name = try? reply.readString() else { return }
                self.updateOrientation(Orientation(rawValue: name) ?? .unknown)
            }
        } else {
            send(Proxy.claimAccelerometer) { [unowned(unsafe) self] result in
                // iio-sensor-proxy 3.6 and later have the orientation at the claim's return.
                if case .success = result { self.readProperties() }
            }
        }
    }

    func sendRelease() {
        busReferenced = false
        if backend == .orientd { sendOrientd(API.endMethod) } else if backend == .sensorProxy {
            send(Proxy.releaseAccelerometer) { _ in }
        }
    }

    func sendOrientd(_ member: String) { send(member) { _ in } }

    /// An asynchronous call to the followed daemon; `reply` runs only while it is still followed.
    func send(_ member: String, arguments: [String] = [], reply: @escaping (Result<BusMessage, BusError>) -> Void) {
        let (name, path, interface) = backend == .orientd ? (API.busName, API.objectPath, API.interface)
            : (Proxy.busName, Proxy.objectPath, Proxy.interface)
        let id = nextCallID()
        let generation = generation
        pending[id] = try? bus.callAsync(destination: name, path: path, interface: interface, member: member,
                                         arguments: arguments) { [unowned(unsafe) self] result in
            self.pending[id] = nil
            if generation == self.generation { reply(result) }
        }
    }

    func nextCallID() -> UInt32 {
        nextCall &+= 1
        return nextCall
    }

    func propertiesChanged(interface: String, _ values: [String: BusValue]) {
        switch interface {
        case API.interface:
            if case .string(let name)? = values[API.orientation] { updateOrientation(Orientation(rawValue: name) ?? .unknown) }
            if case .string(let name)? = values[API.screenOrientation] { updateScreen(Orientation(rawValue: name) ?? .unknown) }
            if case .strings(let names)? = values[API.supportedScreenOrientations] {
                supportedScreenOrientations = names.compactMap { Orientation(rawValue: $0) }
            }
            if case .string(let name)? = values[API.screenOrientationLock] { screenOrientationLock = Orientation(rawValue: name) }
        case Contract.Posture1.interface:
            let posture1 = Contract.Posture1.self
            if case .bool(let has)? = values[posture1.hasHinge] {
                hasHinge = has
                if !has { updatePosture(nil, tabletMode: nil) }
            }
            if hasHinge, case .string(let name)? = values[posture1.posture] {
                let tablet: Bool? = if case .bool(let on)? = values[posture1.tabletMode] { on } else { tabletMode }
                updatePosture(Posture(rawValue: name), tabletMode: tablet)
            } else if hasHinge, case .bool(let on)? = values[posture1.tabletMode] {
                tabletMode = on
            }
        case Proxy.interface:
            var orientation = proxyOrientation, tilt = proxyTilt
            if case .string(let name)? = values[Proxy.accelerometerOrientation] { orientation = name }
            if case .string(let name)? = values[Proxy.accelerometerTilt] { tilt = name }
            (proxyOrientation, proxyTilt) = (orientation, tilt)
            if let screen = SensorProxyNames.screenOrientation(orientation) { updateScreen(screen) }
            updateOrientation(SensorProxyNames.deviceOrientation(orientation: orientation, tilt: tilt))
        default:
            break
        }
    }

    func updateOrientation(_ value: Orientation) {
        guard value != currentOrientation || announceNextOrientation else { return }
        currentOrientation = value
        // iOS's rule: observers hear of the device orientation only while generating.
        guard notificationReferences > 0, busReferenced else { return }
        announceNextOrientation = false
        notify(orientationObservers, value) { $0.orientationObservers }
    }

    func updateScreen(_ value: Orientation) {
        guard value != screenOrientation else { return }
        screenOrientation = value
        notify(screenObservers, value) { $0.screenObservers }
    }

    func updatePosture(_ value: Posture?, tabletMode: Bool?) {
        self.tabletMode = tabletMode
        guard value != posture else { return }
        posture = value
        if let value { notify(postureObservers, value) { $0.postureObservers } }
    }

    /// Calls each observer of `list` that is still registered when its turn comes (an
    /// observer may remove another one, or itself).
    func notify<Value>(_ list: ObserverList<Value>, _ value: Value, current: (OrientationClient) -> ObserverList<Value>) {
        for entry in list.entries where current(self).contains(entry.id) { entry.handler(value) }
    }
}
