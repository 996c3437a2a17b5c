import CallError
import CLibc
import OrientationCore
import Sensors
import Systemd

/// Wires the daemon together: one sd-event loop owning signals, the bus and the source.
public enum Daemon {
    public static let version = "0.1.0"

    /// Runs until SIGTERM/SIGINT (exit 0) or a fatal error (non-zero).
    public static func run(_ options: DaemonOptions) -> Int32 {
        Log.verbose = options.verbose
        do {
            return try serve(options)
        } catch {
            Log.error(error.message)
            return 1
        }
    }

    struct StartupError: Error {
        let message: String
    }

    /// A start-up step that is a C call: its failure ends start-up with the call's description.
    private static func step<T>(_ body: @autoclosure () throws(CallError) -> T) throws(StartupError) -> T {
        do {
            return try body()
        } catch {
            throw StartupError(message: error.description)
        }
    }

    private static func serve(_ options: DaemonOptions) throws(StartupError) -> Int32 {
        let loop = try step(try EventLoop())
        var stopping = false
        var stopSensor: () -> Void = {}
        let shutdown = { (signal: String) in
            guard !stopping else { return }
            stopping = true
            Log.info("\(signal): stopping")
            ServiceManager.notify("STOPPING=1")
            stopSensor()
            loop.exit(0)
        }
        let term = try step(try loop.addSignal(SIGTERM) { shutdown("SIGTERM") })
        let interrupt = try step(try loop.addSignal(SIGINT) { shutdown("SIGINT") })
        defer { term.cancel(); interrupt.cancel() }

        let source = try makeSource(options, loop: loop)
        let bus: Bus
        do {
            bus = try Bus(options.bus, description: "orientd")
        } catch {
            throw StartupError(message: "cannot connect to the bus: \(error)")
        }
        try step(try bus.attach(to: loop))
        try step(try bus.exitLoopOnDisconnect())

        let hub = OrientationHub(source: source, timers: loop)
        let demand = SensorDemand(timers: loop) { level in hub.run(level) }
        let budget = CallerBudget(limits: options.limits)
        let orientation = try step(try OrientationService(bus: bus, hub: hub, demand: demand, budget: budget))
        var names = [Contract.Orientation1.busName]
        var compat: SensorProxyService?
        if options.sensorProxyCompat {
            compat = try step(try SensorProxyService(bus: bus, hub: hub, demand: demand, budget: budget))
            names.append(Contract.SensorProxy.busName)
        }
        defer { withExtendedLifetime((orientation, compat)) {} }
        stopSensor = { demand.stopNow() }
        for name in names {
            do {
                try bus.requestName(name)
            } catch where error.errno == EEXIST {
                throw StartupError(message: "bus name \(name) is already owned by another process")
            } catch {
                throw StartupError(message: "cannot own bus name \(name): \(error)")
            }
        }

        let sensor = source.map { $0.isAvailable ? $0.name : "no sensor" } ?? "no sensor"
        Log.info("orientd \(version) serving \(names.joined(separator: " and ")) (\(sensor))")
        ServiceManager.notify("READY=1\nSTATUS=Serving, \(sensor)")
        let code = try step(try loop.run())
        stopSensor()
        if code != 0 { Log.error("event loop ended with \(code) (bus connection lost?)") }
        return code
    }

    private static func makeSource(_ options: DaemonOptions, loop: EventLoop) throws(StartupError) -> (any SampleSource)? {
        switch options.source {
        case .none:
            return nil
        case .replay(let configuration):
            do {
                return try ReplaySource(configuration: configuration, loop: loop)
            } catch {
                throw StartupError(message: error.message)
            }
        case .iio(let pin):
            var iioOptions = IIOSource.Options()
            iioOptions.pin = pin
            iioOptions.pollIntervalUs = options.pollIntervalUs
            return IIOSource(loop: loop, options: iioOptions)
        }
    }
}
