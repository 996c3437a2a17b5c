import CLibc
import IIO
import OrientationCore
import Systemd

/// IIO accelerometers: found with sd-device, read with libiio, watched for hotplug.
/// Buffered when the device has a triggered buffer, polled otherwise; nothing runs while
/// stopped.
public final class IIOSource: SampleSource {
    public typealias Options = ReaderOptions

    public var availabilityChanged: ((Bool) -> Void)?
    public var name: String { bound.map { "\($0.sysname) (\($0.configuration?.name ?? "?"))" } ?? "iio (no accelerometer)" }
    public var isAvailable: Bool { bound != nil }

    private let loop: EventLoop
    private let options: Options
    private var bound: DiscoveredAccelerometer?
    private var monitor: DeviceMonitor?
    private var reader: AccelerometerReader?

    public init(loop: EventLoop, options: Options) {
        self.loop = loop
        self.options = options
        do {
            monitor = try DeviceMonitor(loop: loop, subsystem: "iio") { [unowned(unsafe) self] action, device in
                self.deviceEvent(action, device)
            }
        } catch {
            Log.warning("cannot watch IIO hotplug: \(error), ignoring")
        }
        bind(AccelerometerDiscovery.select(AccelerometerDiscovery.scan(), pin: options.pin))
        if bound == nil {
            Log.info(options.pin.map { "no usable IIO accelerometer \($0) yet, waiting for it" }
                     ?? "no usable IIO display accelerometer yet, waiting for one")
        }
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        guard reader == nil else { return }
        guard let bound, let configuration = bound.configuration else { throw SourceError("no accelerometer") }
        do {
            if bound.isBuffered {
                reader = try BufferedReader(device: bound, configuration: configuration, loop: loop, options: options,
                                            deliver: deliver, lost: { [unowned(unsafe) self] in self.lose($0) })
            } else {
                reader = try PolledReader(device: bound, configuration: configuration, loop: loop, options: options,
                                          deliver: deliver, lost: { [unowned(unsafe) self] in self.lose($0) })
            }
        } catch {
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    public func stop() {
        reader?.stop()
        reader = nil
    }

    public func readOnce() throws(SourceError) -> Vector3 {
        guard let bound, let configuration = bound.configuration else { throw SourceError("no accelerometer") }
        do {
            return configuration.gravity(raw: try RawReading.readOnce(sysname: bound.sysname))
        } catch {
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    private func bind(_ candidate: DiscoveredAccelerometer?) {
        guard let candidate, let configuration = candidate.configuration else { return }
        bound = candidate
        for note in configuration.notes { Log.warning("\(candidate.sysname): \(note)") }
        Log.info("\(candidate.sysname) (\(configuration.name)): \(candidate.isBuffered ? "buffered" : "polled"), "
                 + "mount matrix \(configuration.mountMatrix) from \(configuration.mountMatrixSource), "
                 + "\(configuration.location.rawValue) (\(configuration.locationSource))")
    }

    private func deviceEvent(_ action: String, _ device: Device) {
        switch action {
        case "remove":
            if device.syspath == bound?.syspath { lose("removed") }
        case "add", "change", "bind":
            guard bound == nil else { return }
            // Re-read from udev: the event itself may not carry the udev database properties.
            bind(AccelerometerDiscovery.select(AccelerometerDiscovery.scan(), pin: options.pin))
            if bound != nil { availabilityChanged?(true) }
        default:
            break
        }
    }

    /// The sensor is gone (remove uevent, or reads failing): stop and tell the hub.
    private func lose(_ reason: String) {
        guard let bound else { return }
        Log.warning("\(bound.sysname): \(reason); no accelerometer until one appears")
        reader?.stop()
        reader = nil
        self.bound = nil
        availabilityChanged?(false)
    }
}

