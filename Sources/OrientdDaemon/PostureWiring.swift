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

    init(display: (any SampleSource)?, options: DaemonOptions, loop: EventLoop) {
        let tap = display.map { SampleTap($0) }
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
        hub = PostureHub(display: tap, base: base, hinge: hinge, timers: loop)
    }

    /// The level each hub runs at for a `SensorDemand` level: orientation only at `.full`
    /// (at `.low` posture reads the display sensor itself, at its own slow rate).
    static func orientationLevel(_ level: SensorDemand.Level) -> SensorDemand.Level {
        level == .full ? .full : .off
    }

    func makeSwitch(_ options: DaemonOptions) -> TabletModeSwitch? {
        guard options.tabletModeSwitch != .off else { return nil }
        return TabletModeSwitch(hub: hub, mode: options.tabletModeSwitch, path: options.uinputPath,
                                allowRecording: options.uinputPathGiven)
    }
}
