import OrientdTestSupport
@testable import Sensors
import Systemd
import Testing

/// The readers that read one sysfs attribute, in-process on the manual clock: the kernel hinge
/// (read once per posture tick), the polled ambient light (a timer while claimed) and the
/// pressure sensor (PressureTests). They read through `SysfsDevice`, here the fake's attributes
/// in memory; udev's events come from `ManualTimers`.
@Suite struct SysfsReadersTests {
    /// A fake device; `present` says whether the next udev scan finds it.
    final class Device<Kind: DiscoverableSensorKind> {
        let sysfs: FakeSysfs
        let found: DiscoveredSensor<Kind>
        var present = true
        var syspath: String { sysfs.syspath }

        init(_ attribute: String, _ value: String, kind: Kind) {
            sysfs = FakeSysfs("iio:device7", [attribute: value])
            found = DiscoveredSensor(device: sysfs, result: .success(kind))
        }

        /// The driver's next value of `attribute`.
        func write(_ attribute: String, _ value: String) { sysfs.device.attributes[attribute] = value }

        /// The attribute's file vanishes (reads fail with ENOENT).
        func remove(_ attribute: String) { sysfs.device.attributes[attribute] = nil }

        /// A binding that scans this device (while present) and hears udev through `timers`.
        func binding(_ timers: ManualTimers) -> SensorBinding<Kind> {
            SensorBinding(scan: { [unowned self] in self.present ? [self.found] : [] }) { handler in
                [try! timers.watchDevices(subsystem: "iio", handler)]
            }
        }
    }

    static let chromeOSHinge = KernelHinge(driver: .chromeOSLidAngle, attribute: "in_angl_raw", degreesPerCount: 1, offset: 0)

    @Test func theHingeIsReadAfreshAndFollowsUdev() throws {
        let timers = ManualTimers()
        let device = Device("in_angl_raw", "120", kind: Self.chromeOSHinge)
        let hinge = KernelHingeSensor(timers: timers, binding: device.binding(timers), parameters: PolledSensorParameters())
        var availability: [Bool] = []
        hinge.availabilityChanged = { availability.append($0) }
        #expect(try hinge.readDegrees() == 120)
        device.write("in_angl_raw", "95")
        #expect(try hinge.readDegrees() == 95, "no cached value: each tick reads the file")
        #expect(timers.armed == 0 && timers.watching == 0, "the hinge runs no timer and keeps nothing open")

        device.present = false
        timers.uevent("remove", subsystem: "iio", syspath: device.syspath)
        #expect(!hinge.isAvailable && availability == [false])
        #expect(throws: SourceError.self) { try hinge.readDegrees() }

        device.present = true
        timers.uevent("add", subsystem: "iio", syspath: device.syspath)
        #expect(hinge.isAvailable && availability == [false, true])
        #expect(try hinge.readDegrees() == 95)
    }

    @Test func aHingeWhoseReadsKeepFailingIsGivenUp() {
        let timers = ManualTimers()
        let device = Device("in_angl_raw", "180", kind: Self.chromeOSHinge)
        let parameters = PolledSensorParameters()
        let hinge = KernelHingeSensor(timers: timers, binding: device.binding(timers), parameters: parameters)
        device.write("in_angl_raw", "not a number")
        #expect(throws: SourceError.self) { try hinge.readDegrees() }
        #expect(hinge.isAvailable, "a malformed value is dropped, the device kept")
        device.remove("in_angl_raw")
        for _ in 0..<parameters.failureLimit {
            #expect(throws: SourceError.self) { try hinge.readDegrees() }
        }
        #expect(!hinge.isAvailable, "lost after \(parameters.failureLimit) failed reads in a row")
    }

    /// A polled IIO light sensor (`in_illuminance_input`, lux) and the levels it announced.
    final class LightRig {
        let timers = ManualTimers()
        let device: Device<AmbientLight>
        let sensor: PolledSensor<AmbientLight>
        private(set) var levels: [Double] = []

        init(_ value: String) {
            device = Device("in_illuminance_input", value,
                            kind: AmbientLight(attribute: "in_illuminance_input", intervalUs: 800_000, mode: .processed))
            sensor = PolledSensor(timers: timers, binding: device.binding(timers), parameters: PolledSensorParameters())
            sensor.readingChanged = { [unowned self] in levels.append($0.value) }
        }
    }

    @Test func thePolledLightReadsOnlyWhileRunningOnItsInterval() {
        let rig = LightRig("42.5")
        let (timers, device, sensor) = (rig.timers, rig.device, rig.sensor)
        var levels: [Double] { rig.levels }
        #expect(timers.armed == 0 && levels.isEmpty, "nothing is read before a claim")

        sensor.run(.reading)
        #expect(levels == [42.5], "a start reads at once")
        #expect(timers.armed == 1)
        device.write("in_illuminance_input", "50")
        timers.advance(byUs: 799_000)
        #expect(levels == [42.5], "not before the interval")
        timers.advance(byUs: 1_000)
        #expect(levels == [42.5, 50])

        sensor.run(.off)
        #expect(timers.armed == 0, "stopped: no timer")
        device.write("in_illuminance_input", "60")
        timers.advance(byUs: 5_000_000)
        #expect(levels == [42.5, 50], "nothing read after the stop")
    }

    @Test func aRemovedLightStopsItsTimerAndAnAddedOneIsReadAtOnce() {
        let rig = LightRig("10")
        let (timers, device, sensor) = (rig.timers, rig.device, rig.sensor)
        sensor.run(.reading)
        device.present = false
        timers.uevent("remove", subsystem: "iio", syspath: device.syspath)
        #expect(!sensor.isAvailable && timers.armed == 0, "no device, no timer")
        device.write("in_illuminance_input", "20")
        device.present = true
        timers.uevent("add", subsystem: "iio", syspath: device.syspath)
        #expect(sensor.isAvailable && rig.levels == [10, 20], "the device that came back is read at once")
        sensor.run(.off)
    }
}

/// The manual clock keeps the real loop's promise: releasing a handle cancels what it holds.
@Suite struct ManualTimersTests {
    @Test func releasingATimerHandleCancelsIt() throws {
        let timers = ManualTimers()
        var fired = 0
        var handle: (any Cancellable)? = try timers.addTimer(at: timers.now + 1_000) { fired += 1 }
        #expect(timers.armed == 1 && handle != nil)
        handle = nil
        timers.advance(byUs: 2_000)
        #expect(fired == 0 && timers.armed == 0)
    }

    @Test func releasingAWatchHandleStopsTheWatch() throws {
        let timers = ManualTimers()
        var calls = 0
        var watch: (any Cancellable)? = try timers.watch(fd: 9, events: 1) { _ in calls += 1 }
        timers.ready(fd: 9)
        #expect(calls == 1 && watch != nil)
        watch = nil
        timers.ready(fd: 9)
        #expect(calls == 1 && timers.watching == 0)
    }
}
