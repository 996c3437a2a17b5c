import CallError
import OrientationCore
import Sensors
import Systemd

/// `net.hadess.SensorProxy.Compass` on `/net/hadess/SensorProxy/Compass` (iio-sensor-proxy
/// 3.0's names, values and units): `HasCompass`, `CompassHeading` (degrees from magnetic
/// north), `ClaimCompass`/`ReleaseCompass`. The compass's buffer runs only while claimed:
/// claims are per caller and idempotent (as in iio-sensor-proxy), released when the caller
/// leaves the bus, counted by the shared `CallerBudget`, and feed the compass's demand in the
/// `SensorRegistry`. Everyone may call (dbus/net.hadess.SensorProxy.conf), as with
/// iio-sensor-proxy 3.7; a claim is granted as `ClaimAuthority` decides (root, geoclue's user,
/// else polkit's `net.hadess.SensorProxy.claim-sensor`).
public final class CompassService {
    private typealias API = Contract.SensorProxy

    private let bus: Bus
    let compass: CompassSensors
    private let claims: SensorClaims
    private let authority: ClaimAuthority

    public init(bus: Bus, compass: CompassSensors, registry: SensorRegistry, budget: CallerBudget) {
        self.bus = bus
        self.compass = compass
        claims = SensorClaims(bus: bus, resource: "compass claims", budget: budget) { claimed in
            registry.set(.compass, .sensorClaims, claimed ? .full : .off)
        }
        authority = ClaimAuthority(bus: bus, maxPending: budget.limits.pendingAuthorizations)
        // `HasCompass` goes to every client, headings only to the callers that claimed the
        // compass (docs/dbus-api.md).
        compass.availabilityChanged = { [unowned(unsafe) self] present in
            self.bus.announce(path: API.compassPath, interface: API.compassInterface, [(API.hasCompass, .bool(present))])
            self.bus.announce(path: API.compassPath, interface: API.compassInterface, [(API.compassHeading, .double(self.heading))],
                              to: self.claims.claimants)
        }
        compass.readingChanged = { [unowned(unsafe) self] heading in
            self.bus.announce(path: API.compassPath, interface: API.compassInterface, [(API.compassHeading, .double(heading))],
                              to: self.claims.claimants)
        }
    }

    /// `net.hadess.SensorProxy.Compass`, on its own object below `net.hadess.SensorProxy`'s.
    static var interface: BusInterface<CompassService> {
        BusInterface<CompassService>(API.compassInterface, [
            .method(name: API.claimCompass) { (service, call) throws(BusError) in
                try service.authority.authorize(call) { [unowned(unsafe) service] call in service.claims.claimLater(call) }
            },
            .method(name: API.releaseCompass) { (service, call) throws(BusError) in service.claims.release(call) },
            .property(name: API.hasCompass, signature: "b", emitsChange: true) { .bool($0.compass.isAvailable) },
            .property(name: API.compassHeading, signature: "d", emitsChange: true) { .double($0.heading) },
        ])
    }

    /// The last heading read; `noHeading` before any.
    var heading: Double { compass.reading ?? API.noHeading }


}
