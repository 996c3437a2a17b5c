import OrientationCore
import Sensors
import Systemd

/// The posture side of the daemon, built beside the orientation side: the display source is
/// tapped (posture listens to the samples orientation reads), a base accelerometer source
/// and a kernel hinge sensor are bound when the display one comes from IIO, and the hub, the
/// D-Bus face and the tablet-mode switch are made from them.
struct PostureWiring {
    /// What the orientation hub runs: the tapped display source.
    let orientationSource: (any SampleSource)?
    let hub: PostureHub

    /// The base accelerometer and the kernel hinge sensor, when the display one comes from IIO.
    let base: (any SampleSource)?
    let hinge: KernelHingeSensor?

    init(display: (any SampleSource)?, options: DaemonOptions, loop: any Timers) {
        // Every reading passes the gate before orientation or posture sees it.
        let tap = display.map { SampleTap(GatedSource($0, timers: loop)) }
        var base: (any SampleSource)?
        var hinge: KernelHingeSensor?
        if case .iio = options.source {
            hinge = KernelHingeSensor(loop: loop)
            var baseOptions = IIOSource.Options()
            baseOptions.location = .base
            baseOptions.pollIntervalUs = options.pollIntervalUs
            baseOptions.runtimeDirectory = options.runtimeDirectory
            base = IIOSource(loop: loop, options: baseOptions)
        }
        orientationSource = tap
        self.base = base
        self.hinge = hinge
        hub = PostureHub(display: tap, base: base, hinge: hinge, timers: loop)
    }

    /// The base accelerometer and the kernel hinge are read by the posture hub alone: their
    /// demand is what it needs (`PostureHub.needs`). The base keeps its libiio context open
    /// while read often; a kernel hinge keeps nothing open (a sysfs read per tick).
    func register(in registry: SensorRegistry) {
        let base = self.base
        if base != nil || hinge != nil {
            registry.register(.baseAccelerometer, run: { level in base?.keepOneShotReadsOpen(level >= .low) },
                              refresh: { base?.refresh() })
            registry.register(.kernelHinge, run: { _ in })
            hub.needs = { kind, level in registry.set(kind, .posture, level) }
        }
    }

    /// The level each hub runs at for a `SensorDemand` level: orientation only at `.full`
    /// (at `.low` posture reads the display sensor itself, at its own slow rate) and paused
    /// through the stop linger.
    static func orientationLevel(_ level: SensorDemand.Level) -> SensorDemand.Level {
        level == .full || level == .paused ? level : .off
    }

    func makeSwitch(_ options: DaemonOptions) -> TabletModeSwitch? {
        guard options.tabletModeSwitch != .off else { return nil }
        return TabletModeSwitch(hub: hub, mode: options.tabletModeSwitch, path: options.uinputPath,
                                allowRecording: options.uinputPathGiven)
    }
}
