@testable import Sensors
import Testing

/// udev IIO_SENSOR_PROXY_TYPE (docs/sensor-inputs.md): honoured where a rule sets it.
@Suite struct SensorProxyTypeTests {
    @Test func marksAreSpaceSeparatedDriverNames() {
        let mark = SensorProxyType { $0 == SensorProxyType.property ? " iio-poll-accel  iio-buffer-accel " : nil }
        #expect(mark?.names == ["iio-poll-accel", "iio-buffer-accel"])
        #expect(SensorProxyType { _ in "" } == nil)
        #expect(SensorProxyType { _ in nil } == nil)
        #expect(SensorProxyType.allows(nil, ["iio-poll-als"]))
        #expect(!SensorProxyType.allows(mark, ["iio-poll-als"]))
    }

    func discovered(_ mark: String?) -> DiscoveredAccelerometer? {
        let device = FakeIIO.accelerometer(raw: ["0", "-981", "0"], scanElements: true)
        return AccelerometerDiscovery.describe(FakeSysfs(device, properties: mark.map { [SensorProxyType.property: $0] } ?? [:]))
    }

    @Test func aPollMarkReadsABufferedDevicePolled() {
        #expect(discovered(nil)?.isBuffered == true)
        #expect(discovered("iio-poll-accel")?.isBuffered == false)
        #expect(discovered("iio-poll-accel")?.polledByRule == true)
        #expect(discovered("iio-poll-accel iio-buffer-accel")?.isBuffered == true)
        #expect(discovered("iio-buffer-accel")?.isBuffered == true)
    }

    @Test func aMarkForAnotherKindIsNoAccelerometer() {
        #expect(discovered("iio-poll-als") == nil)
    }
}
