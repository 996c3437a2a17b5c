import CallError
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

    /// The callers holding a claim: readings are sent to them alone (iio-sensor-proxy 3.1
    /// and later), so a client that did not claim the sensor is not woken by its readings.
    var claimants: [String] { tracker.names }

    /// `whenReady`: where the reply waits for the sensor's first reading (iio-sensor-proxy
    /// 3.6 and later return from a claim only then, so a client reads a fresh value at once);
    /// nil replies at once.
    func claim(_ call: BusMessage, whenReady: ((@escaping () -> Void) -> Void)? = nil) throws(BusError) {
        if tracker.count(call) == 0 {
            try tracker.add(call)
            Log.debug("claim of \(tracker.resource) from \(call.sender ?? "?")")
        }
        guard let whenReady else { return reply(call) }
        whenReady { [unowned(unsafe) self] in self.reply(call) }
    }

    /// `claim` for a call whose handler has already returned (it waited for polkit): an error
    /// becomes the reply, as a handler's thrown error would.
    func claimLater(_ call: BusMessage) {
        do throws(BusError) {
            try claim(call)
        } catch {
            do throws(CallError) {
                try call.replyError(error)
            } catch {
                Log.debug("claim refusal to \(call.sender ?? "?") failed: \(error)")
            }
        }
    }

    private func reply(_ call: BusMessage) {
        do throws(CallError) {
            try call.replyEmpty()
        } catch {
            // The caller may have left meanwhile; nothing else to do.
            Log.debug("claim reply to \(call.sender ?? "?") failed: \(error)")
        }
    }

    func release(_ call: BusMessage) {
        if tracker.remove(call) {
            Log.debug("release of \(tracker.resource) from \(call.sender ?? "?")")
        }
        try? call.replyEmpty()
    }
}
