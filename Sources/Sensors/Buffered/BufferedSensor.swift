import CallError
import CLibc
import IIO
import Systemd

/// One device of a buffered kind, found by udev.
public typealias DiscoveredBufferedSensor<Kind: BufferedSensorKind> = DiscoveredSensor<Kind>

/// Binds (`SensorBinding`: discovery, hotplug) and reads the first usable device of one
/// buffered kind (compass, buffered ambient light), the buffer enabled only while
/// `run(.reading)` or `run(.idle)` (the stop linger: enabled, not read). The buffer's poll fd wakes the loop when a scan arrives; while scans keep
/// coming they are read in one batch per `intervalUs` on a timer (the newest counts), so a
/// sensor sending fast never wakes the machine more than once a period, and a quiet one (a
/// HID hub sends on change) not at all. Values that are not readings are dropped with a
/// rate-limited reason; a device whose reads keep failing is given up until udev announces
/// one again.
public final class BufferedSensor<Kind: BufferedSensorKind>: BoundSensor<Kind, Kind.Reading> {
    private let parameters: BufferedSensorParameters
    private var session: BufferSession?
    private var watch: (any Cancellable)?
    private var timer: (any Cancellable)?

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
            if session == nil {
                start()
            } else {
                if let bound { Log.debug("\(bound.sysname): \(Kind.role) source resumed") }
                readBatch()
            }
        case .idle:
            guard isRunning else { return }
            isRunning = false
            pauseReads()
            if let bound { Log.debug("\(bound.sysname): \(Kind.role) source paused") }
        case .off:
            let wasSetUp = session != nil || isRunning
            isRunning = false
            halt()
            if wasSetUp, let bound { Log.debug("\(bound.sysname): \(Kind.role) source stopped") }
        }
    }

    /// No watch and no timer: nothing is read until `run(.reading)`.
    private func pauseReads() {
        watch?.cancel()
        watch = nil
        timer?.cancel()
        timer = nil
    }

    private func start() {
        guard isRunning, session == nil, let bound, let kind = bound.kind else { return }
        do {
            session = try BufferSession(sysname: bound.sysname, element: kind.channel.element, scanIndex: kind.channel.scanIndex, deviceName: kind.channel.deviceName,
                                    scans: parameters.bufferScans)
        } catch {
            lose("cannot enable its buffer (\(error))")
            return
        }
        Log.debug("\(bound.sysname): \(Kind.role) source started")
        waitForData()
    }

    /// Everything the running buffer holds goes; the device is left as it was found.
    private func halt() {
        pauseReads()
        session?.close()
        session = nil
    }

    private func waitForData() {
        guard let session else { return }
        do {
            watch = try loop.watch(fd: session.fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in
                self.watch?.cancel()
                self.watch = nil
                self.readBatch(wokenByData: true)
            }
        } catch {
            lose("cannot watch its buffer (\(error))")
        }
    }

    /// Reads what is waiting and keeps reading once a period while scans keep coming. Woken
    /// by a readable node that then had nothing, the node is watched again only after a
    /// period, or a level-triggered node would wake the loop without end.
    private func readBatch(wokenByData: Bool = false) {
        guard let session, let bound, let kind = bound.kind else { return }
        var newest: Int64?
        do {
            newest = try session.readNewest()
            failures = 0
        } catch {
            if readFailed("buffer reads", error.description) { return }
        }
        if let raw = newest {
            do {
                note(try kind.interpret(raw))
            } catch {
                drop(kind.channel.element, error.description)
            }
        }
        guard isRunning, self.session != nil else { return }
        if newest == nil && failures == 0 && !wokenByData {
            waitForData()
            return
        }
        timer = loop.schedule(afterUs: kind.channel.intervalUs, "\(Kind.role) read") { [unowned(unsafe) self] in
            self.timer = nil
            self.readBatch()
        }
    }

    override func bindingChanged(_ present: Bool) { halt() }

    override func bindingReady() { start() }

    /// The device is given up (see `SensorBinding.lose`).
    private func lose(_ reason: String) {
        binding.lose(reason)
    }
}

/// One enabled buffer of one channel (a `ScanSession`), the trigger it set, and what
/// `close` puts back.
private final class BufferSession {
    private let scan: ScanSession
    private let scans: Int
    /// orientd set the trigger (there was none): `close` detaches it again.
    private var setTrigger = false
    var fd: Int32 { scan.fd }

    init(sysname: String, element: String, scanIndex: Int, deviceName: String, scans: Int) throws(CallError) {
        self.scans = scans
        scan = try ScanSession(sysname: sysname) { device throws(CallError) in
            guard let channel = device.scanElement(index: scanIndex) else {
                throw CallError(call: "find scan element \(element) (index \(scanIndex)) of \(sysname)", errno: ENODEV)
            }
            return [channel]
        }
        setTrigger = scan.chooseTrigger(name: deviceName)
        do {
            try scan.enable(scans: scans)
        } catch {
            close()
            throw error
        }
    }

    /// The newest scan's value of everything waiting; nil when nothing was.
    func readNewest() throws(CallError) -> Int64? {
        guard let buffer = scan.buffer else { return nil }
        var newest: Int64?
        while true {
            let n = try buffer.refill()
            if n == 0 { break }
            buffer.forEachScan(scan.channels) { values in newest = values[0] }
            if n < scans { break }
        }
        return newest
    }

    func close() {
        scan.disable()
        guard setTrigger else { return }
        setTrigger = false
        do {
            try scan.device.setTrigger(nil)
        } catch where error.errno == ENOENT || error.errno == ENODEV {
            // The device is gone: nothing to put back.
        } catch {
            Log.warning("\(scan.sysname): cannot detach its trigger: \(error)")
        }
    }
}
