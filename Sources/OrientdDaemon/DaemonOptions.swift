import CLibc
import OrientationCore
import Sensors
import Systemd

/// The command line of `orientd`.
public struct DaemonOptions: Equatable {
    public enum SourceChoice: Equatable {
        /// IIO accelerometer discovery (the default); `name` pins a device.
        case iio(name: String?)
        case replay(ReplaySource.Configuration)
        /// No sensor: the service runs and says so.
        case none
    }

    public var bus: BusAddress = .system
    public var source: SourceChoice = .iio(name: nil)
    public var verbose = false
    /// Also own net.hadess.SensorProxy, as iio-sensor-proxy does.
    public var sensorProxyCompat = false
    public var limits = CallerLimits()
    /// Where device locks and original attributes are kept: systemd's RuntimeDirectory=.
    public var runtimeDirectory: String = {
        if let directory = getenv("RUNTIME_DIRECTORY") { return String(cString: directory) }
        return "/run/orientd"
    }()
    /// `--supported-orientations`, unparsed: the hub parses it (a malformed value is logged and
    /// all four are used) when the sensor has no udev property ORIENTD_SUPPORTED_ORIENTATIONS.
    public var supportedOrientations: String?
    /// Polled IIO devices: time between reads.
    public var pollIntervalUs: UInt64 = IIOSource.Options().pollIntervalUs
    /// The SW_TABLET_MODE input switch (TabletModeSwitch).
    public var tabletModeSwitch: TabletModeSwitch.Mode = .auto
    /// The uinput node; tests give a plain file (hidden `--uinput-path`), which then records
    /// the events instead of creating a device.
    public var uinputPath = "/dev/uinput"
    public var uinputPathGiven = false

    public struct UsageError: Error, CustomStringConvertible {
        public let description: String
    }

    public enum Action: Equatable {
        case run(DaemonOptions)
        case help
        case version
        /// `--bus-introspect DIR|INTERFACE`: the introspection files, written into a directory
        /// or one interface's printed.
        case introspect(String)
        /// `--generate DIR`: the files written from the declarations (`GeneratedFiles`).
        case generate(String)
    }

    public static let usage = """
        usage: orientd [--bus system|session|ADDRESS] [--source SOURCE] [--sensor-proxy-compat] [--verbose]
                       [--poll-interval-ms N] [--max-callers N]
                       [--max-references-per-caller N] [--runtime-directory DIR]
                       [--supported-orientations LIST] [--tablet-mode-switch auto|on|off]
               orientd --bus-introspect DIR|INTERFACE
               orientd --generate DIR

        Publishes the device orientation on D-Bus as org.orientd.Orientation1.

          --bus system|session|ADDRESS  bus to serve on (default: system)
          --source iio                  the display accelerometer, found with udev (default)
          --source iio:NAME             a given IIO device, by name or iio:deviceN
          --source replay:FILE[,speed=X][,loop]
                                        play a t_ms,x,y,z trace as if it were a sensor
          --source none                 no sensor
          --poll-interval-ms N          polled IIO devices: time between reads at rest (default 250)
          --max-callers N               callers of one resource, such as Begin (default 256)
          --max-references-per-caller N nested Begins per caller (default 64)
          --runtime-directory DIR       device locks and the attributes to restore (default:
                                        $RUNTIME_DIRECTORY, else /run/orientd)
          --supported-orientations LIST the screen orientations this device may take, e.g.
                                        "portrait;landscapeLeft;landscapeRight", when the
                                        accelerometer has no udev property
                                        ORIENTD_SUPPORTED_ORIENTATIONS (default: all four)
          --tablet-mode-switch auto|on|off
                                        an SW_TABLET_MODE input device from the hinge angle of
                                        a 2-in-1: auto creates it unless another input device
                                        reports the switch, on creates it regardless, off never
                                        (default: auto)
          --sensor-proxy-compat         also serve net.hadess.SensorProxy (replaces iio-sensor-proxy)
          --verbose                     debug messages
          --bus-introspect DIR|INTERFACE
                                        write the D-Bus introspection file of every interface
                                        into DIR (as dbus/ holds them), or print the file of
                                        one interface (e.g. org.orientd.Orientation1), and exit
          --generate DIR                write the files made from the daemon's declarations (the
                                        D-Bus policy, the udev rule and docs table of the sensor
                                        kinds) below the source tree DIR, and exit
          --version, --help
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> Action {
        var options = DaemonOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws(UsageError) -> String {
            guard let v = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return v
        }
        func count(_ flag: String) throws(UsageError) -> Int {
            let text = try value(flag)
            guard let n = Int(text), n >= 1, n <= 1_000_000 else {
                throw UsageError(description: "\(flag) \"\(text)\" must be a whole number from 1 to 1000000")
            }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--bus-introspect": return .introspect(try value(argument))
            case "--generate": return .generate(try value(argument))
            case "--verbose", "-v": options.verbose = true
            case "--sensor-proxy-compat": options.sensorProxyCompat = true
            case "--bus": options.bus = BusAddress(try value(argument))
            case "--source": options.source = try parseSource(try value(argument))
            case "--poll-interval-ms":
                let ms = try count(argument)
                guard ms >= 5 && ms <= 10_000 else { throw UsageError(description: "--poll-interval-ms must be from 5 to 10000") }
                options.pollIntervalUs = UInt64(ms) * 1000
            case "--runtime-directory":
                let directory = try value(argument)
                guard directory.hasPrefix("/") else { throw UsageError(description: "--runtime-directory needs an absolute path") }
                options.runtimeDirectory = directory
            case "--supported-orientations": options.supportedOrientations = try value(argument)
            case "--tablet-mode-switch":
                let text = try value(argument)
                guard let mode = TabletModeSwitch.Mode(rawValue: text) else {
                    throw UsageError(description: "--tablet-mode-switch \"\(text)\" must be auto, on or off")
                }
                options.tabletModeSwitch = mode
            case "--uinput-path":
                options.uinputPath = try value(argument)
                options.uinputPathGiven = true
            case "--max-callers": options.limits.callers = try count(argument)
            case "--max-references-per-caller": options.limits.referencesPerCaller = try count(argument)
            default: throw UsageError(description: "unknown argument \"\(argument)\"")
            }
        }
        return .run(options)
    }

    static func parseSource(_ text: String) throws(UsageError) -> SourceChoice {
        if text == "iio" { return .iio(name: nil) }
        if text == "none" { return .none }
        if text.hasPrefix("iio:") {
            let name = String(text.dropFirst(4))
            guard !name.isEmpty else { throw UsageError(description: "--source iio:NAME needs a name") }
            return .iio(name: name)
        }
        if text.hasPrefix("replay:") {
            do {
                return .replay(try ReplaySource.Configuration(parsing: String(text.dropFirst(7))))
            } catch {
                throw UsageError(description: error.message)
            }
        }
        throw UsageError(description: "unknown source \"\(text)\" (expected iio, iio:NAME, replay:FILE or none)")
    }
}
