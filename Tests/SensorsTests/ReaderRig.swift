import Glibc
import OrientationCore
import OrientdTestSupport
@testable import Sensors

/// One accelerometer on the fake libiio table and its udev side, an `IIOSource` bound to it
/// on the manual clock, and what it delivered. `close()` stops it and removes the fakes.
final class ReaderRig {
    let timers = ManualTimers()
    let device: FakeIIO.Device
    let sysfs: FakeSysfs
    var options = ReaderOptions()
    private(set) var samples: [Sample] = []
    private(set) var availability: [Bool] = []
    private let directory: String
    private(set) var source: IIOSource?
    let startUs: UInt64

    init(_ device: FakeIIO.Device) {
        self.device = device
        sysfs = FakeSysfs(device)
        FakeIIO.install([device])
        var template = Array("/tmp/orientd-sensors-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        options.runtimeDirectory = directory
        startUs = timers.now
    }

    /// Binds an `IIOSource` to the fake (found by the scan, as udev would list it) and starts it.
    @discardableResult
    func start() throws -> IIOSource {
        let source = bind()
        try source.start { [unowned self] in samples.append($0) }
        return source
    }

    /// Binds an `IIOSource` to the fake, not started (one-shot reads).
    func bind() -> IIOSource {
        let source = IIOSource(timers: timers, options: options, scan: { [sysfs] in
            AccelerometerDiscovery.describe(sysfs).map { [$0] } ?? []
        }, hotplug: { _ in [] })
        source.availabilityChanged = { [unowned self] in availability.append($0) }
        self.source = source
        return source
    }

    func close() {
        source?.stop()
        source = nil
        FakeIIO.uninstall()
        for name in ["iio:device0.lock", "iio:device0.state"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    /// Moves the manual clock by `ms`, firing every timer that falls due.
    func advance(ms: UInt64) { timers.advance(byUs: ms * 1000) }

    /// The buffer's poll fd is readable: the loop calls what watches it.
    func scansArrive(_ scans: [[Int64]]) {
        FakeIIO.refills.append(.scans(scans))
        timers.ready(fd: FakeIIO.pollFD)
    }

    /// Milliseconds between consecutive samples delivered since sample `from`.
    func gaps(from: Int = 0) -> [Int64] {
        let times = samples.dropFirst(from).map(\.timeUs)
        return zip(times.dropFirst(), times).map { ($0 - $1) / 1000 }
    }

    /// A sample's time since the rig was made, ms.
    func ms(_ sample: Sample) -> Int64 { (sample.timeUs - Int64(startUs)) / 1000 }

    /// The three axes' raw attributes now answer `raw` (or a failure: FakeIIO.failing).
    func setRaw(_ raw: [String]) {
        for (channel, value) in zip(device.channels, raw) { channel.attributes["raw"] = value }
    }
}
