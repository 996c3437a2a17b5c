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
    public var supportedOrientations: String? { bound?.device.property(Contract.Orientation1.supportedOrientationsProperty) }

    private let loop: EventLoop
    private let options: ReaderOptions
    private var bound: DiscoveredInputAccelerometer?
    private var monitor: DeviceMonitor?
    private var reader: InputAccelerometerReader?
    private var open: (device: EvdevDevice, transform: (Int32, Int32, Int32) -> Vector3)?
    /// This binding has sent events: later starts skip the polling.
    private var sendsEvents = false
    private var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)

    public init(loop: EventLoop, options: ReaderOptions) {
        self.loop = loop
        self.options = options
        do {
            monitor = try DeviceMonitor(loop: loop, subsystem: "input") { [unowned(unsafe) self] action, device in
                self.deviceEvent(action, device)
            }
        } catch {
            Log.warning("cannot watch input hotplug: \(error), ignoring")
        }
        bind(InputAccelerometerDiscovery.select(InputAccelerometerDiscovery.scan(), report: report))
    }

    /// Opens the device and works out its units (InputAccelerometerUnits) and frame.
    private func openBound() throws(SourceError) -> (EvdevDevice, (Int32, Int32, Int32) -> Vector3) {
        guard let bound, let configuration = bound.configuration, let node = bound.devnode else { throw SourceError("no accelerometer") }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: node)
        } catch {
            throw SourceError("\(bound.sysname): \(error)")
        }
        let axes = [EvdevDevice.absX, EvdevDevice.absY, EvdevDevice.absZ].compactMap { device.axis($0) }
        guard axes.count == 3 else { throw SourceError("\(bound.sysname): no ABS_X, ABS_Y and ABS_Z axes") }
        let units = InputAccelerometerUnits(property: configuration.unitsProperty, hasAccelerometerProperty: device.isAccelerometer,
                                            resolutions: axes.map { $0.resolution })
        if let note = units.note { report(Log.warning, "\(bound.sysname): \(note)") }
        let matrix = configuration.mountMatrix
        return (device, { x, y, z in matrix.apply(units.sensorFrame(x, y, z)) })
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        guard reader == nil else { return }
        let (device, transform) = try openBound()
        open = (device, transform)
        do {
            reader = try InputAccelerometerReader(device: device, transform: transform, sendsEvents: sendsEvents, loop: loop, options: options,
                                                  deliver: deliver, lost: { [unowned(unsafe) self] in self.lose($0) },
                                                  learnedEvents: { [unowned(unsafe) self] in self.sendsEvents = true })
        } catch {
            open = nil
            throw SourceError("\(device.path): \(error)")
        }
    }

    public func stop() {
        reader?.stop()
        reader = nil
        open = nil  // closes the descriptor
    }

    /// While reading, the held state; otherwise the device is opened for one read.
    public func readOnce() throws(SourceError) -> Vector3 {
        var opened = open
        if opened == nil { opened = try openBound() }
        let (device, transform) = opened!
        return transform(device.value(EvdevDevice.absX), device.value(EvdevDevice.absY), device.value(EvdevDevice.absZ))
    }

    private func bind(_ candidate: DiscoveredInputAccelerometer?) {
        guard let candidate, let configuration = candidate.configuration else { return }
        bound = candidate
        sendsEvents = false
        for note in configuration.notes { report(Log.warning, "\(candidate.sysname): \(note)") }
        report(Log.info, "\(candidate.label): input accelerometer \(candidate.devnode ?? ""), mount matrix \(configuration.mountMatrix) "
                 + "from \(configuration.mountMatrixSource)")
    }

    private func deviceEvent(_ action: String, _ device: Device) {
        switch action {
        case "remove":
            if device.syspath == bound?.syspath { lose("removed") }
        case "add", "change":
            guard bound == nil || device.syspath == bound?.syspath else { return }
            if bound != nil {
                // A change of the bound node (hwdb edited): its configuration applies at the
                // next open.
                let fresh = InputAccelerometerDiscovery.scan().first { $0.syspath == device.syspath }
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
