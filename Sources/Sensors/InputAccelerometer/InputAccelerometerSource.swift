import CallError
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
    public var supportedOrientations: String? { bound?.device.property(Contract.Udev.supportedOrientations) }
    /// Its axis values are the kernel's state (EVIOCGABS), current whenever the node is
    /// opened: a read before a claim answers the pose of now, as iio-sensor-proxy 3.7 does.
    public var reportsBeforeClaim: Bool { bound != nil }

    private let loop: any Timers
    private let options: ReaderOptions
    private var bound: DiscoveredInputAccelerometer?
    private var monitor: (any Cancellable)?
    private var reader: InputAccelerometerReader?
    private var open: OpenInputAccelerometer?
    /// This binding has sent events: later starts skip the polling.
    private var sendsEvents = false
    private var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)

    public init(loop: any Timers, options: ReaderOptions) {
        self.loop = loop
        self.options = options
        do {
            monitor = try loop.watchDevices(subsystem: "input") { [unowned(unsafe) self] action, syspath in
                self.deviceEvent(action, syspath)
            }
        } catch {
            Log.warning("cannot watch input hotplug: \(error), ignoring")
        }
        bind(InputAccelerometerDiscovery.select(InputAccelerometerDiscovery.scan(), report: report))
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
                                                  deliver: deliver, lost: { [unowned(unsafe) self] in self.lose($0) },
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

    private func bind(_ candidate: DiscoveredInputAccelerometer?) {
        guard let candidate, let configuration = candidate.configuration else { return }
        bound = candidate
        sendsEvents = false
        for note in configuration.notes { report(Log.warning, "\(candidate.sysname): \(note)") }
        report(Log.info, "\(candidate.label): input accelerometer \(candidate.devnode ?? ""), mount matrix \(configuration.mountMatrix) "
                 + "from \(configuration.mountMatrixSource)")
    }

    private func deviceEvent(_ action: String, _ syspath: String) {
        switch action {
        case "remove":
            if syspath == bound?.syspath { lose("removed") }
        case "add", "change":
            guard bound == nil || syspath == bound?.syspath else { return }
            if bound != nil {
                // A change of the bound node (hwdb edited): its configuration applies at the
                // next open.
                let fresh = InputAccelerometerDiscovery.scan().first { $0.syspath == syspath }
                if let fresh, fresh.configuration != nil {
                    bound = fresh
                    configurationChanged?()
                } else {
                    lose("refused after a change event")
                }
                return
            }
            bind(InputAccelerometerDiscovery.select(InputAccelerometerDiscovery.scan(), report: report))
            if bound != nil { availabilityChanged?(true) }
        default:
            break
        }
    }

    private func report(_ write: (String) -> Void, _ message: String) {
        hotplugLog.log(write, message, now: loop.now)
    }

    private func lose(_ reason: String) {
        guard let bound else { return }
        report(Log.warning, "\(bound.label): \(reason); no input accelerometer until one appears")
        stop()
        self.bound = nil
        sendsEvents = false
        availabilityChanged?(false)
    }
}
