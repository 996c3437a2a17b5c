import OrientdTestSupport
@testable import Sensors
import Testing

extension FakeLibiioSuites {
/// The compass in-process on the fake libiio table: a HID hub's heading scan element read
/// through the shared buffered path, (raw + offset) × scale, a value that is no heading dropped.
@Suite struct CompassTests {
    @Test func theHeadingIsTheNewestScanConvertedAndANonHeadingIsDropped() {
        let device = FakeIIO.Device("iio:device3", name: "magn_3d", channels: [FakeIIO.Channel("rot_from_north_magnetic_tilt_comp", attributes: [:], scanIndex: 0)],
                                    attributes: ["buffer/enable": "0"])
        FakeIIO.install([device])
        defer { FakeIIO.uninstall() }
        let parameters = BufferedSensorParameters()
        let element = BufferedElement(name: Compass.elementName, scanIndex: 0,
                                      conversion: ChannelConversion(scale: 0.1, scaleSource: "in_rot_scale", offset: 5))
        let scan = BufferedScan(elements: [element], deviceName: "magn_3d", intervalUs: parameters.compassIntervalUs)
        let found = DiscoveredSensor<Compass>(device: FakeSysfs(device), result: .success(Compass(scan: scan, range: parameters.headingRange)))
        let timers = ManualTimers()
        let compass = BufferedSensor(timers: timers, binding: SensorBinding(scan: { [found] }, hotplug: { _ in [] }), parameters: parameters)
        var headings: [Double] = []
        compass.readingChanged = { headings.append($0) }
        compass.run(.reading)
        FakeIIO.refills.append(.scans([[1200], [2700]]))
        timers.ready(fd: FakeIIO.pollFD)
        #expect(headings == [270.5], "the newest scan: (2700 + 5) × 0.1")
        timers.advance(byUs: parameters.compassIntervalUs)
        FakeIIO.refills.append(.scans([[4000]]))  // 400.5°: no heading
        timers.ready(fd: FakeIIO.pollFD)
        timers.advance(byUs: parameters.compassIntervalUs)
        #expect(headings == [270.5] && compass.reading == 270.5, "dropped, the last heading kept")
        compass.run(.off)
        #expect(FakeIIO.openBuffers == 0 && !device.channels[0].enabled)
    }
}
}
