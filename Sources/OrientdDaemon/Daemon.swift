import CallError
import CLibc
import OrientationCore
import Sensors
import Systemd

/// Wires the daemon together: one sd-event loop owning signals, the bus and the source.
public enum Daemon {
    public static let version = OrientdVersion.number

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

    /// dbus-daemon answers its own calls (Hello, RequestName, GetConnectionUnixUser) in
    /// milliseconds; five seconds without an answer means it is wedged, and systemd is better
    /// told so than kept waiting sd-bus's default of 25 s per call.
    static let busCallTimeoutUs: UInt64 = 5_000_000

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
        let shutdown = { (signal: String, code: Int32) in
            guard !stopping else { return }
            stopping = true
            Log.info(code == 0 ? "\(signal): stopping" : "\(signal): unexpected signal, stopping cleanly (exit \(code))")
            ServiceManager.notify("STOPPING=1")
            stopSensor()
            loop.exit(code)
        }
        // A reader that went away (stderr a dead pipe, a client's socket) is an error on the
        // write, not a reason to die with the sensor running.
        loop.ignore(SIGPIPE)
        var handlers = [
            try step(try loop.addSignal(SIGTERM) { shutdown("SIGTERM", 0) }),
            try step(try loop.addSignal(SIGINT) { shutdown("SIGINT", 0) }),
            // Nothing to reload: udev properties are read when a device is bound.
            try step(try loop.addSignal(SIGHUP) { Log.info("SIGHUP: nothing to reload, ignoring") }),
        ]
        // Any other signal that would end the process goes through the clean stop too, and
        // exits non-zero so that Restart=on-failure brings the service back.
        for (number, name) in [(SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGQUIT, "SIGQUIT"),
                               (SIGVTALRM, "SIGVTALRM"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ")] {
            handlers.append(try step(try loop.addSignal(number) { shutdown(name, 1) }))
        }
        defer { for handler in handlers { handler.cancel() } }

        let sensors = DaemonSensors(options: options, display: try makeSource(options, loop: loop), loop: loop)
        let registry = sensors.registry
        let bus: Bus
        do {
            bus = try Bus(options.bus, description: "orientd")
        } catch {
            throw StartupError(message: "cannot connect to the bus: \(error)")
        }
        try step(try bus.setCallTimeout(us: busCallTimeoutUs))
        do {
            try bus.waitUntilReady(withinUs: busCallTimeoutUs)
        } catch where error.errno == ETIMEDOUT {
            throw StartupError(message: "the bus accepted the connection but did not answer within \(busCallTimeoutUs / 1_000_000) s")
        } catch {
            throw StartupError(message: "cannot connect to the bus: \(error)")
        }
        try step(try bus.attach(to: loop))
        try step(try bus.exitLoopOnDisconnect())

        let hub = sensors.orientation
        let demand = registry.demand(.accelerometer)
        let sleep = try step(try SleepWatch(bus: bus, registry: registry))
        registry.levelChanged = { _, _ in sleep.sensorsChanged() }
        let budget = CallerBudget(limits: options.limits)
        let orientation = try step(try OrientationService(bus: bus, hub: hub, demand: demand, budget: budget))
        let tabletSwitch = sensors.posture.makeSwitch(options)
        let postureService = try step(try PostureService(bus: bus, hub: sensors.posture.hub, demand: demand))
        let lid = try step(try LidWatch(bus: bus, hub: sensors.posture.hub))
        var names = [Contract.Orientation1.busName]
        var compat: SensorProxyService?
        var ambient: AmbientSensorsService?
        var compass: CompassService?
        if let light = sensors.light, let proximity = sensors.proximity, let compassSensor = sensors.compass {
            let light = AmbientSensorsService(bus: bus, light: light, proximity: proximity, inputProximity: sensors.inputProximity,
                                              registry: registry, budget: budget)
            ambient = light
            compat = try step(try SensorProxyService(bus: bus, hub: hub, demand: demand, budget: budget, ambient: light))
            compass = try step(try CompassService(bus: bus, compass: compassSensor, registry: registry, budget: budget))
            names.append(Contract.SensorProxy.busName)
        }
        var paths = [Contract.Orientation1.objectPath]
        if compat != nil { paths += [Contract.SensorProxy.objectPath, Contract.SensorProxy.compassPath] }
        let pathFilter = try step(try bus.acceptCalls(onlyOn: paths))
        defer { withExtendedLifetime((orientation, compat, ambient, compass, pathFilter, sleep, postureService, lid)) {} }
        stopSensor = {
            registry.stopAll()
            tabletSwitch?.close()
        }
        for name in names {
            do {
                try bus.requestName(name)
            } catch where error.errno == EEXIST {
                throw StartupError(message: "bus name \(name) is already owned by another process")
            } catch where error.errno == ETIMEDOUT {
                throw StartupError(message: "the bus did not answer within \(busCallTimeoutUs / 1_000_000) s (asking for \(name))")
            } catch {
                throw StartupError(message: "cannot own bus name \(name): \(error)")
            }
        }

        let sensor = sensors.posture.orientationSource.map { $0.isAvailable ? $0.name : "no sensor" } ?? "no sensor"
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
            iioOptions.runtimeDirectory = options.runtimeDirectory
            let iio = IIOSource(loop: loop, options: iioOptions)
            // No IIO display accelerometer: an input one (lis3lv02d, hdaps) stands in.
            return pin != nil ? iio : DisplayAccelerometerSource(iio: iio, input: InputAccelerometerSource(loop: loop, options: iioOptions))
        }
    }
}
