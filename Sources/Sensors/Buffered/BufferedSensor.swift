import CallError
import CLibc
import IIO
import Systemd

/// One device of a buffered kind, found by udev.
public typealias DiscoveredBufferedSensor<Kind: BufferedSensorKind> = DiscoveredSensor<Kind>

/// Binds (`SensorBinding`: discovery, hotplug) and reads the first usable device of one
/// buffered kind (compass, buffered ambient light), the buffer enabled only while
/// `run(.reading)` or `run(.idle)` (the stop linger: enabled, not read). Its `ScanStream`
/// (the read path every buffered reader shares) wakes the loop when a scan arrives; while
/// scans keep coming they are read in one batch per `intervalUs` on a timer (the newest
/// counts), so a sensor sending fast never wakes the machine more than once a period, and a
/// quiet one (a HID hub sends on change) not at all. Values that are not readings are dropped
/// with a rate-limited reason; a device whose reads keep failing is given up until udev
/// announces one again.
public final class BufferedSensor<Kind: BufferedSensorKind>: BoundSensor<Kind, Kind.Reading> {
    private let parameters: BufferedSensorParameters
    private var stream: ScanStream?

    public convenience init(loop: any Timers, parameters: BufferedSensorParameters = BufferedSensorParameters()) {
        self.init(timers: loop, binding: SensorBinding(loop: loop, parameters: parameters), parameters: parameters)
    }

    /// On any `Timers` and binding (tests: the manual clock and a fake device).
    init(timers: any Timers, binding: SensorBinding<Kind>, parameters: BufferedSensorParameters) {
        self.parameters = parameters
        super.init(timers: timers, binding: binding, failureLimit: parameters.failureLimit)
    }

    /// Every IIO device of the kind udev knows now (refused ones included, with the reason).
    public static func scan() -> [DiscoveredBufferedSensor<Kind>] { scan(parameters: BufferedSensorParameters()) }

    /// `reading`: the buffer enabled and read; `idle`: enabled, not read (no watch, no
    /// timer); `off`: disabled, the device left as it was found.
    public func run(_ state: SensorRun) {
        switch state {
        case .reading:
            guard !isRunning else { return }
            isRunning = true
            if let stream {
                if let bound { Log.debug("\(bound.sysname): \(Kind.role) source resumed") }
                stream.resume(droppingStale: false)
            } else {
                start()
            }
        case .idle:
            guard isRunning else { return }
            isRunning = false
            stream?.pause()
            if let bound { Log.debug("\(bound.sysname): \(Kind.role) source paused") }
        case .off:
            let wasSetUp = stream != nil || isRunning
            isRunning = false
            halt()
            if wasSetUp, let bound { Log.debug("\(bound.sysname): \(Kind.role) source stopped") }
        }
    }

    private func start() {
        guard isRunning, stream == nil, let bound, let kind = bound.kind else { return }
        let scan = kind.scan
        let reader = ScanStream.Reader(take: { [unowned(unsafe) self] in self.take($0) }, pacing: { .after(scan.intervalUs) },
                                       lost: { [unowned(unsafe) self] in self.binding.lose($0) })
        do throws(CallError) {
            let session = try ScanSession(sysname: bound.sysname, elements: scan.elements)
            session.chooseTrigger(name: scan.deviceName)
            do {
                stream = try ScanStream(session: session, scans: parameters.bufferScans, loop: loop, quietUs: scan.intervalUs,
                                        failureLimit: parameters.failureLimit, reader: reader)
            } catch {
                session.close()
                throw error
            }
        } catch {
            binding.lose("cannot enable its buffer (\(error))")
            return
        }
        Log.debug("\(bound.sysname): \(Kind.role) source started")
        stream?.waitForData()
    }

    /// Everything the running buffer holds goes; the device is left as it was found.
    private func halt() {
        stream?.close()
        stream = nil
    }

    /// One batch: the newest scan counts.
    private func take(_ scans: [[Int64]]) {
        guard let newest = scans.last, let kind = bound?.kind else { return }
        do {
            note(try kind.interpret(newest))
        } catch {
            drop(kind.scan.names, error.description)
        }
    }

    override func bindingChanged(_ present: Bool) { halt() }

    override func bindingReady() { start() }
}
