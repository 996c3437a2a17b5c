import OrientdTestSupport
@testable import Sensors
import Testing

/// The synthetic light sensor and compass (FAKE_LIGHT_SENSOR, FAKE_COMPASS) on the manual
/// clock: their sequences, read only while `run(.reading)`, going on where they stopped.
@Suite struct SyntheticSensorTests {
    static func sensor<Kind: SyntheticSensorKind>(_ kind: Kind.Type, _ timers: ManualTimers) -> SyntheticSensor<Kind> {
        let found = DiscoveredSensor<Kind>(device: FakeSysfs("input0", syspath: "/sys/devices/platform/input0", [:]), result: .success(Kind()))
        let binding = SensorBinding<Kind>(scan: { [found] }, hotplug: { _ in [] })
        return SyntheticSensor(timers: timers, binding: binding, parameters: SyntheticSensorParameters(light: true, compass: true))
    }

    @Test func lightCountsOncePerSecondOnlyWhileReadAndGoesOnWhereItStopped() {
        let timers = ManualTimers()
        let light = Self.sensor(SyntheticLight.self, timers)
        var levels: [Double] = []
        light.readingChanged = { levels.append($0.value) }
        #expect(light.isAvailable)
        timers.advance(byUs: 3_000_000)
        #expect(levels.isEmpty, "nothing before it runs")
        light.run(.reading)
        #expect(levels == [0], "the first reading at once")
        timers.advance(byUs: 999_000)
        #expect(levels == [0])
        timers.advance(byUs: 1_000)
        #expect(levels == [0, 1])
        light.run(.idle)
        timers.advance(byUs: 5_000_000)
        #expect(levels == [0, 1], "nothing while set up but not read")
        light.run(.reading)
        #expect(levels == [0, 1, 2], "on where it stopped")
        #expect(light.reading == LightLevel(value: 2, unit: .lux))
        light.run(.off)
    }

    @Test func compassTurnsTenDegreesAReadingAndStartsAgainAtAFullTurn() {
        var heading: Double?
        var seen: [Double] = []
        for _ in 0..<37 {
            heading = SyntheticCompass.next(after: heading)
            seen.append(heading!)
        }
        #expect(Array(seen.prefix(3)) == [10, 20, 30])
        #expect(seen[34] == 350 && seen[35] == 0 && seen[36] == 10)
    }

    @Test func nothingIsAskedForByDefault() {
        let none = SyntheticSensorParameters()
        #expect(!SyntheticLight.isEnabled(none) && !SyntheticCompass.isEnabled(none))
        #expect(SyntheticLight.isEnabled(SyntheticSensorParameters(light: true)))
        #expect(!SyntheticCompass.isEnabled(SyntheticSensorParameters(light: true)))
    }
}
