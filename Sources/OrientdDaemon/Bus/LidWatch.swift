import CallError
import OrientationCore
import Systemd

/// logind's `LidClosed` (a property of org.freedesktop.login1.Manager, from the lid switch's
/// input device): read once at start and followed through PropertiesChanged, and given to
/// the posture hub, for which a closed lid is 0° and `closed` whatever the sensors read
/// (closed and folded back read alike to them). Without logind, or on a machine without a
/// lid switch, the hub is told nothing and nothing fails.
///
/// logind announces LidClosed with PropertiesChanged (it is marked EMITS_CHANGE in
/// src/login/logind-dbus.c); a match on that signal costs no wake-up until the lid moves.
public final class LidWatch {
    private typealias Logind = Contract.Logind
    private typealias DBus = Contract.DBus

    private let bus: Bus
    private let hub: PostureHub
    private var match: BusMatch?
    private var ownerMatch: BusMatch?
    private var pending: BusPendingCall?

    public init(bus: Bus, hub: PostureHub) throws(CallError) {
        self.bus = bus
        self.hub = hub
        let changed = "type='signal',sender='\(Logind.busName)',path='\(Logind.objectPath)',interface='\(DBus.properties)',member='\(DBus.propertiesChanged)',arg0='\(Logind.manager)'"
        match = try bus.addMatch(changed) { [unowned(unsafe) self] message in self.propertiesChanged(message) }
        // logind restarted (or started after orientd): ask again; gone: the lid is unknown.
        let owner = "type='signal',sender='\(DBus.busName)',path='\(DBus.objectPath)',interface='\(DBus.interface)',member='\(DBus.nameOwnerChanged)',arg0='\(Logind.busName)'"
        ownerMatch = try bus.addMatch(owner) { [unowned(unsafe) self] message in
            guard let names = try? message.readStrings(), names.count == 3 else { return }
            if names[2].isEmpty {
                Log.debug("logind left the bus: lid state unknown")
                self.hub.setLidClosed(nil)
            } else {
                self.ask()
            }
        }
        ask()
    }

    private func ask() {
        do {
            pending = try bus.getBoolPropertyAsync(destination: Logind.busName, path: Logind.objectPath, interface: Logind.manager,
                                                   name: Logind.lidClosed) { [unowned(unsafe) self] result in
                self.pending = nil
                switch result {
                case .success(let closed):
                    Log.debug("logind: LidClosed \(closed)")
                    self.hub.setLidClosed(closed)
                case .failure(let error):
                    Log.debug("no lid state from logind (\(error.name): \(error.message)); the lid switch is not used")
                }
            }
        } catch {
            Log.warning("cannot ask logind for LidClosed: \(error), ignoring")
        }
    }

    private func propertiesChanged(_ message: BusMessage) {
        do {
            let change = try message.readPropertiesChanged(bool: Logind.lidClosed)
            guard change.interface == Logind.manager else { return }
            if let closed = change.value {
                Log.debug("logind: LidClosed \(closed)")
                hub.setLidClosed(closed)
            } else if change.invalidated {
                ask()
            }
        } catch {
            Log.warning("logind's PropertiesChanged: \(error), ignoring")
        }
    }
}
