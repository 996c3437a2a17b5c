import Glibc
import OrientdTestSupport
@testable import Sensors
import Testing

extension FakeLibiioSuites {
/// The one-element buffered sensors (here a HID hub's light sensor) in-process through the
/// same `ScanSession` as the accelerometer: paced batch reads, the stop linger, EAGAIN,
/// values that are not readings, reads that keep failing.
@Suite struct BufferedSensorTests {
    static let intervalUs: UInt64 = 500_000

    final class Rig {
        let timers = ManualTimers()
        let device = FakeIIO.Device("iio:device1", name: "als", channels: [FakeIIO.Channel("intensity_both", attributes: [:], scanIndex: 0)],
                                    attributes: ["buffer/enable": "0"])
        let sensor: BufferedSensor<BufferedAmbientLight>
        private(set) var changes: [Double] = []
        private(set) var availability: [Bool] = []

        init() {
            FakeIIO.install([device])
            let channel = BufferedChannel(element: BufferedAmbientLight.elementName, scanIndex: 0, deviceName: "als", intervalUs: BufferedSensorTests.intervalUs,
                                          conversion: ChannelConversion(scale: 0.5, scaleSource: "in_intensity_scale", offset: 0))
            let found = DiscoveredSensor<BufferedAmbientLight>(sysname: "iio:device1", syspath: "/sys/bus/iio/devices/iio:device1",
                                                               result: .success(BufferedAmbientLight(channel: channel)))
            sensor = BufferedSensor(timers: timers, binding: SensorBinding(scan: { [found] }, hotplug: { _ in [] }),
                                    parameters: BufferedSensorParameters())
            sensor.readingChanged = { [unowned self] in changes.append($0.value) }
            sensor.availabilityChanged = { [unowned self] in availability.append($0) }
        }

        func close() {
            sensor.run(.off)
            FakeIIO.uninstall()
        }

        func scansArrive(_ values: [Int64]) {
            FakeIIO.refills.append(.scans(values.map { [$0] }))
            timers.ready(fd: FakeIIO.pollFD)
        }
    }

    @Test func readingEnablesTheBufferAndAScanGivesTheLevel() {
        let rig = Rig()
        defer { rig.close() }
        #expect(FakeIIO.openBuffers == 0, "nothing runs before a claim")
        rig.sensor.run(.reading)
        #expect(FakeIIO.openBuffers == 1 && rig.device.channels[0].enabled)
        #expect(rig.timers.watching == 1)
        rig.scansArrive([40, 42])
        #expect(rig.changes == [21], "the newest scan, converted: 42 × 0.5")
        rig.sensor.run(.off)
        #expect(FakeIIO.openBuffers == 0 && !rig.device.channels[0].enabled, "off: the device as it was found")
        #expect(rig.timers.watching == 0 && rig.timers.armed == 0)
    }

    @Test func scansThatKeepComingAreReadOncePerInterval() {
        let rig = Rig()
        defer { rig.close() }
        rig.sensor.run(.reading)
        FakeIIO.refillCalls = 0
        for value in 0..<40 {   // 20 scans a second for 2 s
            rig.timers.advance(byUs: 50_000)
            rig.scansArrive([Int64(value)])
        }
        let perSecond = Double(FakeIIO.refillCalls) / 2
        #expect(perSecond <= 1_000_000 / Double(Self.intervalUs) + 1, "\(FakeIIO.refillCalls) reads in 2 s")
        rig.timers.advance(byUs: Self.intervalUs)
        #expect(rig.changes.last == 19.5, "the newest level, 39 × 0.5 (\(rig.changes))")
    }

    @Test func idleKeepsTheBufferAndReadsNothing() {
        let rig = Rig()
        defer { rig.close() }
        rig.sensor.run(.reading)
        rig.sensor.run(.idle)
        #expect(FakeIIO.openBuffers == 1, "the set-up stays through the linger")
        #expect(rig.timers.watching == 0 && rig.timers.armed == 0, "nothing read")
        rig.scansArrive([10])
        rig.timers.advance(byUs: 2_000_000)
        #expect(rig.changes.isEmpty)
        rig.sensor.run(.reading)
        #expect(rig.changes == [5], "resumed: what waits is read at once")
    }

    @Test func eagainAfterAWakeUpWaitsAnIntervalBeforeWatchingAgain() {
        let rig = Rig()
        defer { rig.close() }
        rig.sensor.run(.reading)
        rig.timers.ready(fd: FakeIIO.pollFD)
        #expect(rig.timers.watching == 0)
        rig.timers.advance(byUs: Self.intervalUs)
        #expect(rig.timers.watching == 1)
        #expect(rig.availability.isEmpty)
    }

    @Test func aNegativeLevelIsDroppedAndReadsThatKeepFailingLoseTheSensor() {
        let rig = Rig()
        defer { rig.close() }
        rig.sensor.run(.reading)
        rig.scansArrive([8])
        rig.timers.advance(byUs: Self.intervalUs)
        rig.scansArrive([-8])
        #expect(rig.changes == [4], "a negative level is no reading")
        #expect(rig.sensor.reading?.value == 4)
        rig.timers.advance(byUs: Self.intervalUs)
        FakeIIO.refills = Array(repeating: .failure(EIO), count: BufferedSensorParameters().failureLimit)
        rig.timers.ready(fd: FakeIIO.pollFD)
        rig.timers.advance(byUs: Self.intervalUs * UInt64(BufferedSensorParameters().failureLimit))
        #expect(rig.availability == [false])
        #expect(!rig.sensor.isAvailable)
        #expect(FakeIIO.openBuffers == 0)
    }
}
}
