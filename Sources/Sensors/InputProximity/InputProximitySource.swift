import CallError
import CLibc
import Evdev
import Systemd

/// A proximity sensor that is an input device: its SW_FRONT_PROXIMITY switch is near (1) or
/// far (0). Found on `input` and followed through hotplug; the node is opened with libevdev
/// only while someone claims the sensor (`start`), and read as its switch events arrive (the
/// kernel sends one per change: nothing is polled). At open libevdev reads the switch's state
/// (EVIOCGSW), so the first reading is the state of now, also when no event ever comes.
public final class InputProximitySource {
    public var availabilityChanged: ((Bool) -> Void)?
    public var readingChanged: ((Bool) -> Void)?
    /// Near, as last read; nil before the first read.
    public private(set) var reading: Bool?
    public var isAvailable: Bool { bound != nil }
    public private(set) var bound: DiscoveredInputProximity?

    private let loop: any Timers
    private var monitor: (any Cancellable)?
    private var device: EvdevDevice?
    private var watch: (any Cancellable)?
    private var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)
    /// Between start and stop: a switch that appears meanwhile is opened at once.
    private var wanted = false

    /// Every proximity switch udev lists now (InputProximityDiscovery, or a test's fakes).
    private let scan: () -> [DiscoveredInputProximity]

    public convenience init(loop: any Timers) {
        self.init(timers: loop, scan: InputProximityDiscovery.scan)
    }

    init(timers loop: any Timers, scan: @escaping () -> [DiscoveredInputProximity]) {
        self.loop = loop
        self.scan = scan
        do {
            monitor = try loop.watchDevices(subsystem: "input") { [unowned(unsafe) self] action, syspath in
                self.deviceEvent(action, syspath)
            }
        } catch {
            Log.warning("cannot watch input hotplug for proximity switches: \(error), ignoring")
        }
        bind(scan().first)
    }

    public var isRunning: Bool { device != nil }

    /// Opens the node and reads the switch; later changes arrive as events.
    public func start() {
        wanted = true
        open()
    }

    /// Closes the node: nothing is read until the next start.
    public func stop() {
        wanted = false
        close()
    }

    private func open() {
        guard device == nil, let bound else { return }
        do {
            let opened = try EvdevDevice(path: bound.devnode)
            guard opened.hasSwitch(EvdevDevice.frontProximitySwitch) else {
                report(Log.warning, "\(bound.label): no SW_FRONT_PROXIMITY switch on \(bound.devnode), not used")
                return
            }
            device = opened
            watch = try loop.watch(fd: opened.fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in self.readable() }
        } catch {
            report(Log.warning, "\(bound.label): cannot read \(bound.devnode): \(error)")
            close()
            return
        }
        update()
    }

    private func close() {
        watch?.cancel()
        watch = nil
        device = nil
    }

    private func readable() {
        guard let device else { return }
        do {
            _ = try device.drain()
        } catch {
            lose("reading \(device.path) failed (\(error))")
            return
        }
        update()
    }

    private func update() {
        guard let device else { return }
        let near = device.switchState(EvdevDevice.frontProximitySwitch)
        guard near != reading else { return }
        reading = near
        readingChanged?(near)
    }

    private func bind(_ candidate: DiscoveredInputProximity?) {
        guard let candidate else { return }
        bound = candidate
        report(Log.info, "\(candidate.label): input proximity switch \(candidate.devnode)")
    }

    private func deviceEvent(_ action: String, _ syspath: String) {
        switch action {
        case "remove":
            if syspath == bound?.syspath { lose("removed") }
        case "add":
            guard bound == nil else { return }
            bind(scan().first)
            guard bound != nil else { return }
            availabilityChanged?(true)
            if wanted { open() }
        default:
            break
        }
    }

    private func report(_ write: (String) -> Void, _ message: String) {
        hotplugLog.log(write, message, now: loop.now)
    }

    /// The switch is gone (removed, or its node failed): HasProximity turns false.
    private func lose(_ reason: String) {
        guard let gone = bound else { return }
        close()
        (bound, reading) = (nil, nil)
        report(Log.warning, "\(gone.label): \(reason); no input proximity switch until one appears")
        availabilityChanged?(false)
    }
}
