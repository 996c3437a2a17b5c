import CallError
import OrientationCore
import Systemd

/// The D-Bus face of orientd (docs/dbus-api.md): `org.orientd.Orientation1` at
/// `/org/orientd/Orientation1`. It translates: Begin/End references go to a `CallerTracker`
/// and `SensorDemand`, properties and signals read the `OrientationHub`; the screen orientation
/// locks are `ScreenLockService`'s members of the same interface.
public final class OrientationService {
    private typealias API = Contract.Orientation1

    private let bus: Bus
    private let hub: OrientationHub
    private let demand: SensorDemand
    private let begins: CallerTracker
    private let screenLocks: ScreenLockService
    /// What IsGeneratingNotifications last announced.
    private var announcedGenerating = false

    public init(bus: Bus, hub: OrientationHub, demand: SensorDemand, budget: CallerBudget) {
        self.bus = bus
        self.hub = hub
        self.demand = demand
        screenLocks = ScreenLockService(bus: bus, hub: hub, budget: budget)
        begins = CallerTracker(bus: bus, resource: "BeginGeneratingNotifications references", recursive: true, budget: budget)
        begins.changed = { [unowned(unsafe) self] _ in self.beginsChanged() }
        hub.observe { [unowned(unsafe) self] event in self.hubEvent(event) }
    }

    /// True while at least one Begin is outstanding.
    public var isGenerating: Bool { !begins.isEmpty }

    /// `org.orientd.Orientation1`; the screen locks answer their own members.
    static var interface: BusInterface<OrientationService> {
        BusInterface<OrientationService>(API.interface, notes: InterfaceNotes.orientation1, [
            .method(name: API.beginMethod, result: "s", outNames: [API.beginResult]) { (service, call) throws(BusError) in try service.begin(call) },
            .method(name: API.endMethod) { (service, call) throws(BusError) in try service.end(call) },
            .property(name: API.orientation, signature: "s", emitsChange: true) { .string($0.hub.currentOrientation().rawValue) },
            .property(name: API.screenOrientation, signature: "s", emitsChange: true) { .string($0.hub.screenOrientation.rawValue) },
            .property(name: API.isGeneratingNotifications, signature: "b", emitsChange: true) { .bool($0.isGenerating) },
            .property(name: API.hasAccelerometer, signature: "b", emitsChange: true) { .bool($0.hub.hasSensor) },
            .signal(name: API.signal, signature: "ss", names: API.signalArguments),
            .method(name: API.readGravityMethod, result: "ddd", outNames: API.readGravityResults) {
                (service, call) throws(BusError) in try service.readGravity(call)
            },
        ] + ScreenLockService.rows.map { row in row.served { $0.screenLocks } })
    }

    /// The newest sample while generating, else a fresh one-shot reading.
    private func readGravity(_ call: BusMessage) throws(BusError) {
        let reading: Vector3?
        do {
            reading = try hub.currentGravity()
        } catch {
            throw BusError(name: Contract.ErrorName.failed, message: "cannot read the accelerometer: \(error)")
        }
        guard let g = reading else {
            throw BusError(name: Contract.ErrorName.noSensor, message: "no accelerometer is bound")
        }
        do {
            try call.replyDoubles(g.x, g.y, g.z)
        } catch {
            Log.debug("\(API.readGravityMethod) reply to \(call.sender ?? "?") failed: \(error)")
        }
    }

    private func begin(_ call: BusMessage) throws(BusError) {
        let held = try begins.add(call)
        Log.debug("Begin from \(call.sender ?? "?"): \(held) reference(s)")
        hub.whenFirstAnswer { orientation in
            do throws(CallError) {
                try call.replyString(orientation.rawValue)
            } catch {
                // The caller may have left meanwhile; nothing else to do.
                Log.debug("Begin reply to \(call.sender ?? "?") failed: \(error)")
            }
        }
    }

    private func end(_ call: BusMessage) throws(BusError) {
        guard begins.remove(call) else {
            throw BusError(name: Contract.ErrorName.notGenerating,
                           message: "\(call.sender ?? "caller") holds no BeginGeneratingNotifications reference")
        }
        Log.debug("End from \(call.sender ?? "?"): \(begins.count(call)) reference(s) left")
        do {
            try call.replyEmpty()
        } catch {
            Log.debug("End reply failed: \(error)")
        }
    }

    private func beginsChanged() {
        demand.set(.notifications, isGenerating ? .full : .off)
        guard isGenerating != announcedGenerating else { return }
        announcedGenerating = isGenerating
        bus.announce(path: API.objectPath, interface: API.interface, [(API.isGeneratingNotifications, .bool(isGenerating))])
    }

    private func hubEvent(_ event: OrientationHub.Event) {
        switch event {
        case .screenOrientationChanged(let screen):
            bus.announce(path: API.objectPath, interface: API.interface, [(API.screenOrientation, .string(screen.rawValue))])
        case .orientationChanged(let new, let previous):
            bus.announce(path: API.objectPath, interface: API.interface, [(API.orientation, .string(new.rawValue))])
            do {
                try bus.emitSignal(path: API.objectPath, interface: API.interface, member: API.signal,
                                   new.rawValue, previous.rawValue)
            } catch {
                Log.warning("cannot emit \(API.signal): \(error)")
            }
        case .sensorAvailabilityChanged:
            bus.announce(path: API.objectPath, interface: API.interface, [(API.hasAccelerometer, .bool(hub.hasSensor))])
        case .sample, .supportedOrientationsChanged:
            break
        }
    }

}
