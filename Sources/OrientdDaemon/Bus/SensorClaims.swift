import OrientationCore
import Systemd

/// iio-sensor-proxy's `Claim*`/`Release*` of one sensor: claims are per caller and
/// idempotent, released when the caller leaves the bus, and counted by the shared
/// `CallerBudget`; releasing without a claim is not an error. `claimed` hears whether anyone
/// claims now (the face turns it into demand in the `SensorRegistry`).
final class SensorClaims {
    let tracker: CallerTracker

    init(bus: Bus, resource: String, budget: CallerBudget, claimed: @escaping (Bool) -> Void) {
        let tracker = CallerTracker(bus: bus, resource: resource, recursive: false, budget: budget)
        tracker.changed = { [unowned(unsafe) tracker] _ in claimed(!tracker.isEmpty) }
        self.tracker = tracker
    }

    func claim(_ call: BusMessage) throws(BusError) {
        if tracker.count(call) == 0 {
            try tracker.add(call)
            Log.debug("claim of \(tracker.resource) from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }

    func release(_ call: BusMessage) {
        if tracker.remove(call) {
            Log.debug("release of \(tracker.resource) from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }
}
