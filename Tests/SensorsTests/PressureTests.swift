import OrientationCore
import OrientdTestSupport
@testable import Sensors
import Testing

/// The pressure kind: kPa as the IIO ABI gives it, processed or (raw + offset) × scale;
/// values that are not pressures dropped; polled only while running; named once, in the
/// catalogue.
@Suite struct PressureTests {
    static var conversion: ChannelConversion { ChannelConversion(scale: 0.1, scaleSource: "in_pressure_scale", offset: 13.25) }

    func kind(_ conversion: ChannelConversion? = nil) -> Pressure {
        Pressure(attribute: conversion == nil ? "in_pressure_input" : "in_pressure_raw", conversion: conversion,
                 parameters: PressureParameters())
    }

    @Test func aProcessedValueIsKilopascalsAsRead() throws {
        var pressure = kind()
        #expect(try pressure.interpret("101.325\n") == 101.325)
        #expect(try pressure.interpret(" 33.7") == 33.7)
    }

    @Test func aRawValueIsOffsetThenScaled() throws {
        var pressure = kind(Self.conversion)
        let value = try pressure.interpret("1000\n")
        #expect(abs(value - 101.325) < 1e-9, "(1000 + 13.25) × 0.1, not 1000 × 0.1 + 13.25 (\(value))")
        #expect(pressure.summary.contains("scale 0.1") && pressure.summary.contains("offset 13.25"))
    }

    @Test(arguments: ["nan", "inf", "-inf", "1e400", "", "abc", "101,3", "0x65"])
    func whatIsNotANumberIsDropped(_ text: String) {
        var pressure = kind()
        #expect(throws: MalformedReading.self) { try pressure.interpret(text) }
    }

    @Test(arguments: ["0", "-5", "10000.001", "1e9"])
    func anAbsurdPressureIsDropped(_ text: String) {
        var pressure = kind()
        #expect(throws: MalformedReading.self) { try pressure.interpret(text) }
    }

    @Test func aScaleThatOverflowsIsDropped() {
        var pressure = kind(ChannelConversion(scale: 1e300, scaleSource: "in_pressure_scale", offset: 0))
        #expect(throws: MalformedReading.self) { try pressure.interpret("1e10") }
    }

    @Test func theLimitsAreInclusiveOfTheHighestPressure() throws {
        var pressure = kind()
        #expect(try pressure.interpret("10000") == 10_000)
        #expect(try pressure.interpret("0.001") == 0.001)
    }

    @Test func theKindIsInTheCatalogueUnderItsContractNames() {
        let entries = SensorKindCatalogue.entries.filter { $0.name == Pressure.role }
        #expect(entries.count == 1)
        let entry = Pressure.entry
        #expect(entry.interface == Contract.Pressure1.interface && entry.objectPath == Contract.Pressure1.objectPath)
        #expect([entry.hasProperty, entry.valueProperty, entry.claimMethod, entry.releaseMethod]
                == ["HasPressure", "Pressure", "ClaimPressure", "ReleasePressure"])
        #expect(Set(entry.udevAttributes) == ["in_pressure_input", "in_pressure_raw", "in_pressure0_input", "in_pressure0_raw"])
    }

    @Test func thePolledSensorReadsOnlyWhileRunningAndDropsAbsurdValues() {
        let timers = ManualTimers()
        let device = SysfsReadersTests.Device("in_pressure_input", "101.3", kind: kind())
        let sensor = PolledSensor(timers: timers, binding: device.binding(timers), parameters: PolledSensorParameters())
        var values: [Double] = []
        sensor.readingChanged = { values.append($0) }
        #expect(timers.armed == 0 && values.isEmpty, "nothing is read before a claim")
        sensor.run(.reading)
        #expect(values == [101.3], "a start reads at once")
        device.write("in_pressure_input", "-1")
        timers.advance(byUs: PressureParameters().intervalUs)
        #expect(values == [101.3] && sensor.reading == 101.3, "a negative pressure is dropped")
        device.write("in_pressure_input", "99.8")
        timers.advance(byUs: PressureParameters().intervalUs)
        #expect(values == [101.3, 99.8])
        sensor.run(.off)
        device.write("in_pressure_input", "98")
        timers.advance(byUs: 10 * PressureParameters().intervalUs)
        #expect(values == [101.3, 99.8] && timers.armed == 0, "nothing read after the stop")
    }
}
