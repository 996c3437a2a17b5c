import CallError
import CLibc
import OrientationCore
import Sensors
import Systemd

/// Suspend and resume through logind (org.freedesktop.login1): before sleep every sensor of
/// the `SensorRegistry` stops (buffers off, timers gone) while every caller keeps its Begins,
/// claims and locks; after resume the sensors' configurations are read again (drivers reset
/// their registers) and each starts again if anyone wants it, so a device turned while asleep
/// is reported right after resume.
///
/// While a sensor runs (`SensorRegistry.needsStopBeforeSleep`) orientd holds a `delay`
/// inhibitor lock, so logind waits for the stop before the system sleeps; an idle daemon
/// holds none. Without logind on the bus nothing of
/// this happens, and nothing fails.
public final class SleepWatch {
    private typealias Logind = Contract.Logind

    private let bus: Bus
    private let registry: SensorRegistry
    private var match: BusMatch?
    private var inhibitor: Int32 = -1
    private var pending: BusPendingCall?
    private var sensorRunning = false
    /// logind answered no (not on this bus): stop asking.
    private var logindMissing = false

    public init(bus: Bus, registry: SensorRegistry) throws(CallError) {
        self.bus = bus
        self.registry = registry
        let rule = "type='signal',sender='\(Logind.busName)',path='\(Logind.objectPath)',interface='\(Logind.manager)',member='\(Logind.prepareForSleep)'"
        match = try bus.addMatch(rule) { [unowned(unsafe) self] message in
            guard let sleeping = try? message.readBool() else { return }
            sleeping ? self.willSleep() : self.didResume()
        }
    }

    deinit { releaseInhibitor() }

    /// The registry started or stopped a sensor.
    public func sensorsChanged() {
        let running = registry.needsStopBeforeSleep
        guard running != sensorRunning else { return }
        sensorRunning = running
        running ? takeInhibitor() : releaseInhibitor()
    }

    private func willSleep() {
        Log.info("the system goes to sleep: stopping the sensors")
        registry.suspend()
        releaseInhibitor()
    }

    private func didResume() {
        guard registry.isSuspended else { return }
        Log.info("the system resumed: reading the sensors' configurations again")
        registry.resume()
    }

    private func takeInhibitor() {
        guard inhibitor < 0, pending == nil, !logindMissing else { return }
        do {
            pending = try bus.callAsync(destination: Logind.busName, path: Logind.objectPath, interface: Logind.manager,
                                        member: Logind.inhibit, "sleep", "orientd",
                                        "Stop the sensors before the system sleeps", "delay") {
                [unowned(unsafe) self] result in self.inhibitorAnswered(result)
            }
        } catch {
            Log.warning("cannot ask logind for a sleep inhibitor: \(error), ignoring")
        }
    }

    private func inhibitorAnswered(_ result: Result<BusMessage, BusError>) {
        pending = nil
        switch result {
        case .success(let reply):
            do {
                let fd = try reply.readFileDescriptor()
                if sensorRunning && !registry.isSuspended {
                    inhibitor = fd
                    Log.debug("holding a delay inhibitor lock for sleep")
                } else {
                    close(fd)
                }
            } catch {
                Log.warning("logind's Inhibit reply: \(error), ignoring")
            }
        case .failure(let error):
            logindMissing = true
            Log.debug("no sleep inhibitor (\(error.name): \(error.message)); sleep is not watched")
        }
    }

    private func releaseInhibitor() {
        pending = nil
        guard inhibitor >= 0 else { return }
        close(inhibitor)
        inhibitor = -1
        Log.debug("sleep inhibitor lock released")
    }
}
