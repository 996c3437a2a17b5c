import CallError
import CLibc
import OrientationCore
import Sensors
import Systemd

/// Suspend and resume through logind (org.freedesktop.login1): before sleep the sensor stops
/// (buffer off, timers gone) while every caller keeps its Begins and locks; after resume the
/// sensor's configuration is read again (drivers reset their registers) and it starts again if
/// anyone wants it, so a device turned while asleep is reported right after resume.
///
/// While the sensor runs orientd holds a `delay` inhibitor lock, so logind waits for the stop
/// before the system sleeps; an idle daemon holds none. Without logind on the bus nothing of
/// this happens, and nothing fails.
public final class SleepWatch {
    private enum Logind {
        static let busName = "org.freedesktop.login1"
        static let path = "/org/freedesktop/login1"
        static let manager = "org.freedesktop.login1.Manager"
    }

    private let bus: Bus
    private let demand: SensorDemand
    private let source: (any SampleSource)?
    private var match: BusMatch?
    private var inhibitor: Int32 = -1
    private var pending: BusPendingCall?
    private var sensorRunning = false
    /// logind answered no (not on this bus): stop asking.
    private var logindMissing = false

    public init(bus: Bus, demand: SensorDemand, source: (any SampleSource)?) throws(CallError) {
        self.bus = bus
        self.demand = demand
        self.source = source
        let rule = "type='signal',sender='\(Logind.busName)',path='\(Logind.path)',interface='\(Logind.manager)',member='PrepareForSleep'"
        match = try bus.addMatch(rule) { [unowned(unsafe) self] message in
            guard let sleeping = try? message.readBool() else { return }
            sleeping ? self.willSleep() : self.didResume()
        }
    }

    deinit { releaseInhibitor() }

    /// SensorDemand started or stopped the sensor.
    public func sensorChanged(running: Bool) {
        sensorRunning = running
        running ? takeInhibitor() : releaseInhibitor()
    }

    private func willSleep() {
        Log.info("the system goes to sleep: stopping the sensor")
        demand.suspend()
        releaseInhibitor()
    }

    private func didResume() {
        guard demand.isSuspended else { return }
        Log.info("the system resumed: reading the sensor's configuration again")
        source?.refresh()
        demand.resume()
    }

    private func takeInhibitor() {
        guard inhibitor < 0, pending == nil, !logindMissing else { return }
        do {
            pending = try bus.callAsync(destination: Logind.busName, path: Logind.path, interface: Logind.manager,
                                        member: "Inhibit", "sleep", "orientd",
                                        "Stop the accelerometer before the system sleeps", "delay") {
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
                if sensorRunning && !demand.isSuspended {
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
