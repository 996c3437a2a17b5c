// swift-tools-version:6.0
import PackageDescription

// Flags that keep the daemon small: it uses neither Swift concurrency nor Regex, so the
// runtime libraries behind them are not loaded (four fewer libraries: -1.6 MB RSS with the dynamic stdlib).
let lean: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-concurrency-module-import",
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
    ]),
]

let package = Package(
    name: "orientd",
    products: [
        .executable(name: "orientd", targets: ["orientd"]),
        .executable(name: "orientctl", targets: ["orientctl"]),
        // For apps: the device orientation with UIDevice's semantics (docs/client-library.md).
        .library(name: "OrientdClient", targets: ["OrientdClient"]),
    ],
    targets: [
        // C edge: the only modules that see C headers.
        // libiio's header for its types; the library itself is dlopen()ed while in use.
        .target(name: "CIIO", dependencies: ["CLibc"], path: "Sources/CIIO"),
        // The C library for the daemon's modules (Embedded Swift has no Glibc module).
        .target(name: "CLibc", path: "Sources/CLibc", exclude: ["embedded"]),
        .target(name: "CSystemd", path: "Sources/CSystemd",
                linkerSettings: [.linkedLibrary("systemd")]),
        // The kernel's uinput requests (ioctl macros), for the tablet-mode input switch.
        .target(name: "CInput", path: "Sources/CInput"),
        // libevdev's header for its types, for accelerometers that are input devices; the
        // library itself is dlopen()ed while one is open.
        .target(name: "CEvdev", dependencies: ["CLibc"], path: "Sources/CEvdev"),

        // Swift wrappers over the C libraries, with one error type for failed C calls.
        .target(name: "CallError", dependencies: ["CLibc"], swiftSettings: lean),
        .target(name: "Systemd", dependencies: ["CSystemd", "CLibc", "CallError"], swiftSettings: lean),
        .target(name: "IIO", dependencies: ["CIIO", "CLibc", "CallError"], swiftSettings: lean),
        .target(name: "Input", dependencies: ["CInput", "CLibc", "CallError"], swiftSettings: lean),
        .target(name: "Evdev", dependencies: ["CEvdev", "CLibc", "CallError"], swiftSettings: lean),

        // Pure Swift: classifier, parsers. No C, no Foundation.
        // libm is linked for sqrt/rint that the Swift stdlib lowers to; nothing here imports C.
        // Its `OrientdVersion` names the compiler that builds it (Plugins/SwiftVersion).
        .target(name: "OrientationCore", swiftSettings: lean, linkerSettings: [.linkedLibrary("m")], plugins: ["SwiftVersion"]),
        .plugin(name: "SwiftVersion", capability: .buildTool()),
        // Pure Swift: hinge angle and posture of 2-in-1 devices from two accelerometers.
        .target(name: "PostureCore", dependencies: ["OrientationCore"], swiftSettings: lean),

        // Sensors: discovery through sd-device, polled and buffered readers through libiio,
        // trace replay. Used by the daemon and by orientctl.
        .target(name: "Sensors", dependencies: ["CLibc", "OrientationCore", "Systemd", "IIO", "Evdev"], swiftSettings: lean),

        // The daemon: hub (sensor demand, orientation), D-Bus faces (caller tracking, services).
        .target(name: "OrientdDaemon", dependencies: ["CLibc", "OrientationCore", "PostureCore", "Sensors", "Systemd", "Input", "IIO", "CallError"],
                swiftSettings: lean),
        .executableTarget(name: "orientd", dependencies: ["CLibc", "CSystemd", "OrientdDaemon", "Systemd"], swiftSettings: lean),

        // The client: its own argument handling from one command table (help, usage errors,
        // completions), no Foundation, so it builds in Embedded Swift like the daemon.
        .executableTarget(name: "orientctl", dependencies: ["CLibc", "CallError", "OrientationCore", "PostureCore", "Sensors", "Systemd"],
                          swiftSettings: lean),

        // The client library for apps (docs/client-library.md): UIDevice's semantics over
        // org.orientd.Orientation1, or net.hadess.SensorProxy where orientd is absent. No
        // Foundation: scripts/build-liborientd builds it in Embedded Swift with its C ABI
        // (Sources/liborientd) as liborientd.so.
        .target(name: "OrientdClient", dependencies: ["CallError", "CLibc", "OrientationCore", "PostureCore", "Systemd"],
                swiftSettings: lean),
        // examples/swift: a Swift command that follows the orientation.
        .executableTarget(name: "orientd-follow", dependencies: ["OrientdClient"], path: "examples/swift", swiftSettings: lean),

        .executableTarget(name: "classifier-bench", dependencies: ["OrientationCore"], swiftSettings: lean),

        // Private buses, child processes and clients for end-to-end tests and benchmarks.
        .target(name: "OrientdTestSupport", dependencies: ["CallError", "OrientationCore", "Systemd"]),
        .executableTarget(name: "bus-bench", dependencies: ["OrientdTestSupport", "OrientationCore", "Systemd"]),

        .testTarget(name: "OrientationCoreTests", dependencies: ["OrientationCore"]),
        .testTarget(name: "OrientdClientTests", dependencies: ["OrientdClient"]),
        .testTarget(name: "PostureCoreTests", dependencies: ["PostureCore", "OrientationCore"]),
        // The readers' libiio calls in-process, through a fake libiio table (IIOTable).
        .testTarget(name: "SensorsTests", dependencies: ["Sensors", "OrientdTestSupport", "Systemd", "IIO", "CIIO", "Evdev", "CEvdev", "CLibc", "CallError", "OrientationCore"]),
        // The daemon's tests by height: pure (values in, values out), in-process (the hubs,
        // demand and caller tracking on a manual clock and a private bus), end-to-end (the
        // real orientd binary on a private bus).
        .testTarget(name: "OrientdDaemonPureTests", dependencies: ["OrientationCore", "Sensors", "Systemd", "OrientdDaemon"]),
        .testTarget(name: "OrientdDaemonInProcessTests", dependencies: ["OrientdTestSupport", "OrientationCore", "Systemd", "Sensors", "OrientdDaemon", "CallError", "PostureCore", "Input", "Evdev"]),
        .testTarget(name: "OrientdDaemonEndToEndTests", dependencies: ["OrientdTestSupport", "OrientationCore", "Systemd"]),
    ]
)
