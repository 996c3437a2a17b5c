import OrientationCore
import Sensors
import Testing

/// Where an input accelerometer's units come from (InputAccelerometerUnits), and how the
/// display source chooses between an IIO and an input accelerometer (DisplayAccelerometerSource).
@Suite struct InputAccelerometerUnitsTests {
    @Test(arguments: [
        // property, INPUT_PROP_ACCELEROMETER, resolutions -> counts per g, source
        (nil as String?, true, [Int32(1024), 1024, 1024], 1024.0, "input_absinfo resolution"),
        ("1000", false, [0, 0, 0], 1000.0, "udev ORIENTD_ACCEL_RESOLUTION"),
        ("512", true, [1024, 1024, 1024], 512.0, "udev ORIENTD_ACCEL_RESOLUTION"),   // the administrator wins
        (nil, false, [1024, 1024, 1024], 256.0, "not given; iio-sensor-proxy's 256 per g"),  // units/mm without the property
        (nil, true, [1024, 512, 1024], 256.0, "not given; iio-sensor-proxy's 256 per g"),   // axes disagree
        (nil, true, [0, 0, 0], 256.0, "not given; iio-sensor-proxy's 256 per g"),
        (nil, true, [-5, -5, -5], 256.0, "not given; iio-sensor-proxy's 256 per g"),
    ])
    func source(property: String?, accelerometer: Bool, resolutions: [Int32], counts: Double, source: String) {
        let units = InputAccelerometerUnits(property: property, hasAccelerometerProperty: accelerometer, resolutions: resolutions)
        #expect(units.countsPerG == counts)
        #expect(units.source == source)
        #expect(units.note == nil)
    }

    @Test(arguments: ["0", "-1000", "abc", "", "1e999"])
    func aBadPropertyIsNotedAndTheNextSourceUsed(text: String) {
        let units = InputAccelerometerUnits(property: text, hasAccelerometerProperty: true, resolutions: [100, 100, 100])
        #expect(units.countsPerG == 100)
        #expect(units.note?.hasPrefix("udev ORIENTD_ACCEL_RESOLUTION") == true)
        #expect(units.note?.hasSuffix("ignoring") == true)
    }

    @Test func oneGReadsAsStandardGravity() {
        let units = InputAccelerometerUnits(property: nil, hasAccelerometerProperty: true, resolutions: [64, 64, 64])
        let v = units.sensorFrame(0, -64, 0)
        #expect(abs(v.y + 9.80665) < 1e-9 && v.x == 0 && v.z == 0)
    }
}

final class SwitchableSource: SampleSource {
    let name: String
    var isAvailable: Bool { didSet { availabilityChanged?(isAvailable) } }
    var availabilityChanged: ((Bool) -> Void)?
    var log: [String] = []
    var deliver: ((Sample) -> Void)?
    init(_ name: String, available: Bool) {
        self.name = name
        isAvailable = available
    }
    func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        log.append("start")
        self.deliver = deliver
    }
    func stop() {
        log.append("stop")
        deliver = nil
    }
    func pause() { log.append("pause") }
    func readOnce() throws(SourceError) -> Vector3 { Vector3(0, -9.8, 0) }
}

@Suite struct DisplayAccelerometerSourceTests {
    @Test func anIIOAccelerometerComesFirst() throws {
        let iio = SwitchableSource("iio", available: true), input = SwitchableSource("input", available: true)
        let display = DisplayAccelerometerSource(iio: iio, input: input)
        try display.start { _ in }
        #expect(iio.log == ["start"] && input.log.isEmpty)
    }

    @Test func withoutIIOTheInputOneRunsAndHandsOverWhenIIOAppears() throws {
        let iio = SwitchableSource("iio", available: false), input = SwitchableSource("input", available: true)
        let display = DisplayAccelerometerSource(iio: iio, input: input)
        var availability: [Bool] = []
        display.availabilityChanged = { availability.append($0) }
        #expect(display.isAvailable && display.name == "input")
        try display.start { _ in }
        #expect(input.log == ["start"])
        iio.isAvailable = true
        #expect(input.log == ["start", "stop"] && iio.log == ["start"], "the IIO accelerometer takes over")
        #expect(availability.isEmpty, "callers keep an accelerometer throughout")
        iio.isAvailable = false
        #expect(iio.log == ["start", "stop"] && input.log == ["start", "stop", "start"], "and hands back")
        input.isAvailable = false
        #expect(availability == [false])
    }

    @Test func aPausedSourceResumesAndASwitchWhilePausedWaitsForTheNextStart() throws {
        let iio = SwitchableSource("iio", available: false), input = SwitchableSource("input", available: true)
        let display = DisplayAccelerometerSource(iio: iio, input: input)
        try display.start { _ in }
        display.pause()
        try display.start { _ in }
        #expect(input.log == ["start", "pause", "start"], "resumed through start, as IIOSource does")
        display.pause()
        iio.isAvailable = true
        #expect(input.log.last == "stop" && iio.log.isEmpty, "nothing starts while paused")
        try display.start { _ in }
        #expect(iio.log == ["start"])
        display.stop()
        #expect(iio.log == ["start", "stop"])
    }
}
