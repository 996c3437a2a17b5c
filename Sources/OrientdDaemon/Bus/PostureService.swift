import CallError
import OrientationCore
import PostureCore
import Systemd

/// The D-Bus face of posture (docs/posture.md): `org.orientd.Posture1` at
/// `/org/orientd/Orientation1`, beside `org.orientd.Orientation1`. It reads the `PostureHub`
/// and announces its changes; it asks `SensorDemand` for the low level while a hinge can be
/// measured, so that `Posture` is always current (the contract has no Begin for posture: a
/// property read must not wait for a sensor to start).
public final class PostureService {
    private typealias API = Contract.Posture1

    private let bus: Bus
    private let hub: PostureHub
    private let demand: SensorDemand
    private var export: BusObjectExport?
    /// What TabletMode last announced.
    private var announcedTabletMode = false

    public init(bus: Bus, hub: PostureHub, demand: SensorDemand) throws(CallError) {
        self.bus = bus
        self.hub = hub
        self.demand = demand
        hub.observe { [unowned(unsafe) self] event in self.hubEvent(event) }
        export = try bus.export(path: API.objectPath, interface: API.interface, members: [
            .property(name: API.hasHinge, signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.hub.hasHinge) },
            .property(name: API.hingeAngle, signature: "d", emitsChange: true) { [unowned(unsafe) self] in .double(self.hub.hingeAngle) },
            .property(name: API.posture, signature: "s", emitsChange: true) { [unowned(unsafe) self] in .string(self.hub.posture.rawValue) },
            .property(name: API.tabletMode, signature: "b", emitsChange: true) { [unowned(unsafe) self] in .bool(self.hub.tabletMode) },
            .signal(name: API.signal, signature: "ss", names: API.signalArguments),
        ])
        updateDemand()
    }

    private func updateDemand() {
        demand.set(.posture, hub.hasHinge ? .low : .off)
    }

    private func hubEvent(_ event: PostureHub.Event) {
        switch event {
        case .hingeAvailabilityChanged:
            bus.announce(path: API.objectPath, interface: API.interface, [(API.hasHinge, .bool(hub.hasHinge))])
            updateDemand()
        case .changed(let update):
            var changes: [(name: String, value: BusValue)] = [(API.hingeAngle, .double(hub.hingeAngle))]
            if update.postureChanged { changes.append((API.posture, .string(update.posture.rawValue))) }
            if update.tabletMode != announcedTabletMode {
                announcedTabletMode = update.tabletMode
                changes.append((API.tabletMode, .bool(update.tabletMode)))
            }
            bus.announce(path: API.objectPath, interface: API.interface, changes)
            guard update.postureChanged else { return }
            do {
                try bus.emitSignal(path: API.objectPath, interface: API.interface, member: API.signal,
                                   update.posture.rawValue, update.previousPosture.rawValue)
            } catch {
                Log.warning("cannot emit \(API.signal): \(error)")
            }
        }
    }

}
