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
    /// What TabletMode last announced.
    private var announcedTabletMode = false

    public init(bus: Bus, hub: PostureHub, demand: SensorDemand) {
        self.bus = bus
        self.hub = hub
        self.demand = demand
        hub.observe { [unowned(unsafe) self] event in self.hubEvent(event) }
        updateDemand()
    }

    /// `org.orientd.Posture1`, beside `org.orientd.Orientation1` on its object.
    static var interface: BusInterface<PostureService> {
        BusInterface<PostureService>(API.interface, notes: InterfaceNotes.posture1, [
            .property(name: API.hasHinge, signature: "b", emitsChange: true) { .bool($0.hub.hasHinge) },
            .property(name: API.hingeAngle, signature: "d", emitsChange: true) { .double($0.hub.hingeAngle) },
            .property(name: API.posture, signature: "s", emitsChange: true) { .string($0.hub.posture.rawValue) },
            .property(name: API.tabletMode, signature: "b", emitsChange: true) { .bool($0.hub.tabletMode) },
            .signal(name: API.signal, signature: "ss", names: API.signalArguments),
        ])
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
