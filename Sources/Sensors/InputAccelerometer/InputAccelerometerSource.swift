import Evdev
import OrientationCore
import Systemd

/// An accelerometer that is an input device (lis3lv02d, hdaps, an ARM input bridge): found
/// with sd-device on `input`, opened with libevdev only while samples are wanted (and for a
/// one-shot read), closed on stop; followed through hotplug.
public final class InputAccelerometerSource: SampleSource {
    public var availabilityChanged: ((Bool) -> Void)?
    public var configurationChanged: (() -> Void)?
    public var name: String { bound.map { "input \($0.label)" } ?? "input (no accelerometer)" }
    public var isAvailable: Bool { bound != nil }
    public var supportedOrientations: String? { bound?.supportedOrientations }
    /// Its axis values are the kernel's state (EVIOCGABS), current whenever the node is
    /// opened: a read before a claim answers the pose of now, as iio-sensor-proxy 3.7 does.
    public var reportsBeforeClaim: Bool { bound != nil }

    private let loop: any Timers
    private let options: ReaderOptions
    /// The first usable display input accelerometer, followed through hotplug: a change or
    /// add of it re-reads its configuration, which applies at the next open.
    private let binding: DeviceBinding<DiscoveredInputAccelerometer>
    private var bound: DiscoveredInputAccelerometer? { binding.bound }
    private var reader: InputAccelerometerReader?
    private var open: OpenInputAccelerometer?
    /// This binding has sent events: later starts skip the polling.
    private var sendsEvents = false
    private var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)

    public convenience init(loop: any Timers, options: ReaderOptions) {
        self.init(timers: loop, options: options, scan: InputAccelerometerDiscovery.scan)
    }

    /// `scan` lists the input accelerometers (InputAccelerometerDiscovery, or a test's fakes).
    init(timers loop: any Timers, options: ReaderOptions, scan: @escaping () -> [DiscoveredInputAccelerometer]) {
        self.loop = loop
        self.options = options
        binding = DeviceBinding(absence: "input accelerometer", scan: scan)
        binding.select = { [unowned(unsafe) self] in InputAccelerometerDiscovery.select($0, report: self.report) }
        binding.accept = { [unowned(unsafe) self] in self.take($0) }
        binding.report = { [unowned(unsafe) self] in self.report($0, $1) }
        binding.boundChanged = { [unowned(unsafe) self] in self.reconfigure() }
        binding.boundAddedAgain = binding.boundChanged
        binding.changed = { [unowned(unsafe) self] present in
            if !present {
                self.stop()
                self.sendsEvents = false
            }
            self.availabilityChanged?(present)
        }
        binding.watch(DeviceBinding<DiscoveredInputAccelerometer>.udev(loop, ["input"], role: "input accelerometer"))
    }

    private func openBound() throws(SourceError) -> OpenInputAccelerometer {
        guard let bound else { throw SourceError("no accelerometer") }
        let opened = try OpenInputAccelerometer(bound)
        if let note = opened.units.note { report(Log.warning, "\(bound.sysname): \(note)") }
        return opened
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        if let reader {
            // Back within the stop linger: the open device reads again.
            guard reader.isPaused else { return }
            do {
                try reader.resume()
            } catch {
                stop()
                throw SourceError("\(bound?.sysname ?? "input"): \(error)")
            }
            return
        }
        let opened = try openBound()
        open = opened
        do {
            reader = try InputAccelerometerReader(device: opened, sendsEvents: sendsEvents, loop: loop, options: options,
                                                  deliver: deliver, lost: { [unowned(unsafe) self] in self.binding.lose($0) },
                                                  learnedEvents: { [unowned(unsafe) self] in self.sendsEvents = true })
        } catch {
            open = nil
            throw SourceError("\(opened.path): \(error)")
        }
    }

    /// The stop linger: the device stays open, nothing is read.
    public func pause() { reader?.pause() }

    public func stop() {
        reader?.stop()
        reader = nil
        open = nil  // closes the descriptor
    }

    /// While reading, the held state; otherwise the device is opened for one read.
    public func readOnce() throws(SourceError) -> Vector3 {
        if let open { return open.gravity }
        return try openBound().gravity
    }

    private func take(_ candidate: DiscoveredInputAccelerometer) -> Bool {
        guard let configuration = candidate.configuration else { return false }
        sendsEvents = false
        for note in configuration.notes { report(Log.warning, "\(candidate.sysname): \(note)") }
        report(Log.info, "\(candidate.label): input accelerometer \(candidate.devnode ?? ""), mount matrix \(configuration.mountMatrix) "
                 + "from \(configuration.mountMatrixSource)")
        return true
    }

    /// A change (hwdb edited) or add of the bound node: its configuration applies at the next open.
    private func reconfigure() {
        guard let bound else { return }
        if let fresh = binding.scan().first(where: { $0.syspath == bound.syspath }), fresh.configuration != nil {
            binding.bound = fresh
            configurationChanged?()
        } else {
            binding.lose("refused after a change event")
        }
    }

    private func report(_ write: (String) -> Void, _ message: String) {
        hotplugLog.log(write, message, now: loop.now)
    }
}
