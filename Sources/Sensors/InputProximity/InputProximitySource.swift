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
    public var bound: DiscoveredInputProximity? { binding.bound }

    private let loop: any Timers
    /// The first proximity switch udev lists (InputProximityDiscovery, or a test's fakes),
    /// followed through hotplug.
    private let binding: DeviceBinding<DiscoveredInputProximity>
    private var device: EvdevDevice?
    private var watch: (any Cancellable)?
    private var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)
    /// Between start and stop: a switch that appears meanwhile is opened at once.
    private var wanted = false

    public convenience init(loop: any Timers) {
        self.init(timers: loop, scan: InputProximityDiscovery.scan)
    }

    init(timers loop: any Timers, scan: @escaping () -> [DiscoveredInputProximity]) {
        self.loop = loop
        binding = DeviceBinding(absence: "input proximity switch", scan: scan)
        binding.accept = { [unowned(unsafe) self] candidate in
            self.report(Log.info, "\(candidate.label): input proximity switch \(candidate.devnode)")
            return true
        }
        binding.report = { [unowned(unsafe) self] in self.report($0, $1) }
        binding.changed = { [unowned(unsafe) self] present in
            if !present {
                self.close()
                self.reading = nil
            }
            self.availabilityChanged?(present)
            if present && self.wanted { self.open() }
        }
        binding.watch(DeviceBinding<DiscoveredInputProximity>.udev(loop, ["input"], role: "input proximity"))
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
            binding.lose("reading \(device.path) failed (\(error))")
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

    private func report(_ write: (String) -> Void, _ message: String) {
        hotplugLog.log(write, message, now: loop.now)
    }
}
