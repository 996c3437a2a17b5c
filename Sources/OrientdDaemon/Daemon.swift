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

    /// The daemon's table of contents: the loop and its signals, the sensors, the bus and the
    /// objects served on it (`DaemonObjects`), then the loop until a signal or the bus ends it.
    private static func serve(_ options: DaemonOptions) throws(StartupError) -> Int32 {
        let loop = try step(try EventLoop())
        let memory = MemoryHandBack(timers: loop)
        memory.followLibraryLoads()
        let signals = try step(try DaemonSignals(loop: loop))
        let sensors = DaemonSensors(options: options, display: try makeSource(options, loop: loop), loop: loop)
        memory.watch(sensors.registry)
        let bus = try connect(options)
        try step(try bus.attach(to: loop))
        try step(try bus.exitLoopOnDisconnect())
        let tabletSwitch = sensors.posture.makeSwitch(options)
        let faces = try step(try BusFaces(bus: bus, sensors: sensors, options: options))
        let objects = try step(try BusObjects(bus: bus, table: DaemonObjects.table, context: faces))
        signals.stop = {
            sensors.registry.stopAll()
            tabletSwitch?.close()
        }
        try own(objects.busNames, on: bus)

        let sensor = sensors.posture.orientationSource.map { $0.isAvailable ? $0.name : "no sensor" } ?? "no sensor"
        Log.info("orientd \(version) serving \(objects.busNames.joined(separator: " and ")) (\(sensor))")
        ServiceManager.notify("READY=1\nSTATUS=Serving, \(sensor)")
        memory.startupDone()
        let code = try step(try loop.run())
        signals.stop()
        if code != 0 { Log.error("event loop ended with \(code) (bus connection lost?)") }
        withExtendedLifetime((faces, objects, memory)) {}
        return code
    }

    /// A connection to the bus, its own calls bounded by `busCallTimeoutUs` (attached to the
    /// loop by the caller).
    private static func connect(_ options: DaemonOptions) throws(StartupError) -> Bus {
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
        return bus
    }

    /// Takes the served objects' bus names, each failure with its own message.
    private static func own(_ names: [String], on bus: Bus) throws(StartupError) {
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
    }

    private static func makeSource(_ options: DaemonOptions, loop: any Timers) throws(StartupError) -> (any SampleSource)? {
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
