import Glibc
import OrientdTestSupport
@testable import Sensors
import Systemd
import Testing

extension FakeLibiioSuites {
/// The buffered sensor kinds (here a HID hub's light sensor, and a three-axis kind as a
/// gyroscope would be) in-process through the same `ScanStream` as the accelerometer: paced
/// batch reads, the stop linger, values that are not readings, reads that keep failing.
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
            let element = BufferedElement(name: BufferedAmbientLight.elementName, scanIndex: 0,
                                          conversion: ChannelConversion(scale: 0.5, scaleSource: "in_intensity_scale", offset: 0))
            let scan = BufferedScan(elements: [element], deviceName: "als", intervalUs: BufferedSensorTests.intervalUs)
            let found = DiscoveredSensor<BufferedAmbientLight>(device: FakeSysfs(device), result: .success(BufferedAmbientLight(scan: scan)))
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

    /// A kind that reads three elements of each scan, as a gyroscope would.
    struct ThreeAxes: BufferedSensorKind {
        struct Rate: Equatable { let x, y, z: Double }
        static let role = "three-axis sensor"
        let scan: BufferedScan
        var summary: String { scan.summary }
        static func describe(_ device: Device, parameters: BufferedSensorParameters) -> Result<ThreeAxes, PolledSensorRefusal>? { nil }
        func interpret(_ values: [Int64]) throws(MalformedReading) -> Rate {
            let axes = zip(scan.elements, values).map { $0.conversion.apply($1) }
            return Rate(x: axes[0], y: axes[1], z: axes[2])
        }
    }

    @Test func aThreeElementKindGetsEveryElementOfTheNewestScanInItsOrder() {
        // The kernel's scan order differs from the kind's: y, z, x.
        let layout = [("anglvel_x", 2), ("anglvel_y", 0), ("anglvel_z", 1)]
        let device = FakeIIO.Device("iio:device2", name: "gyro_3d", channels: layout.map { FakeIIO.Channel($0.0, attributes: [:], scanIndex: Int32($0.1)) },
                                    attributes: ["buffer/enable": "0"])
        FakeIIO.install([device])
        defer { FakeIIO.uninstall() }
        let conversion = ChannelConversion(scale: 0.001, scaleSource: "in_anglvel_scale", offset: 0)
        let scan = BufferedScan(elements: layout.map { BufferedElement(name: "in_" + $0.0, scanIndex: $0.1, conversion: conversion) },
                                deviceName: "gyro_3d", intervalUs: Self.intervalUs)
        let found = DiscoveredSensor<ThreeAxes>(device: FakeSysfs(device), result: .success(ThreeAxes(scan: scan)))
        let timers = ManualTimers()
        let sensor = BufferedSensor(timers: timers, binding: SensorBinding(scan: { [found] }, hotplug: { _ in [] }), parameters: BufferedSensorParameters())
        var rates: [ThreeAxes.Rate] = []
        sensor.readingChanged = { rates.append($0) }
        sensor.run(.reading)
        #expect(device.channels.allSatisfy { $0.enabled } && FakeIIO.openBuffers == 1)
        FakeIIO.refills.append(.scans([[10, 20, 30], [-1000, 2000, 500]]))
        timers.ready(fd: FakeIIO.pollFD)
        #expect(rates == [ThreeAxes.Rate(x: 0.5, y: -1, z: 2)], "the newest scan, x y z from slots 2 0 1")
        #expect(scan.summary.hasPrefix("buffered in_anglvel_x, in_anglvel_y, in_anglvel_z read every 500 ms"), "\(scan.summary)")
        sensor.run(.off)
        #expect(FakeIIO.openBuffers == 0 && !device.channels.contains { $0.enabled })
    }
}
}
