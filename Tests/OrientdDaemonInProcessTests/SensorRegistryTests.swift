import OrientdTestSupport
import OrientdDaemon
import Sensors
import Testing

@Suite struct SensorRegistryTests {
    final class Log {
        var lines: [String] = []
    }

    func make(_ timers: ManualTimers, _ log: Log) -> SensorRegistry {
        let registry = SensorRegistry(timers: timers)
        for kind in [SensorRegistry.Kind.accelerometer, .light, .compass] {
            registry.register(kind, run: { log.lines.append("\(kind.rawValue) \($0)") }, refresh: { log.lines.append("refresh \(kind.rawValue)") })
        }
        return registry
    }

    @Test func suspendStopsEveryKindAndResumeRefreshesThenRunsTheWantedOnes() {
        let timers = ManualTimers(), log = Log()
        let registry = make(timers, log)
        registry.set(.accelerometer, .notifications, .full)
        registry.set(.light, .sensorClaims, .full)
        log.lines = []
        registry.suspend()
        #expect(log.lines == ["accelerometer off", "light off"])
        log.lines = []
        registry.set(.compass, .sensorClaims, .full)
        #expect(log.lines.isEmpty, "a claim made while asleep waits for resume")
        registry.resume()
        #expect(log.lines == ["refresh accelerometer", "refresh light", "refresh compass",
                              "accelerometer full", "light full", "compass full"])
    }

    @Test func theLastReleasePausesAtOnce() {
        let timers = ManualTimers(), log = Log()
        let registry = make(timers, log)
        registry.set(.light, .sensorClaims, .full)
        registry.set(.light, .sensorClaims, .off)
        #expect(log.lines == ["light full", "light paused"])
        #expect(SensorRun(registry.running(.light)) == .idle)
        timers.advance(byUs: SensorDemand.Parameters().lingerUs)
        #expect(log.lines.last == "light off")
    }

    @Test func theSleepInhibitorIsNeededWhileASensorIsRead() {
        let timers = ManualTimers(), log = Log()
        let registry = make(timers, log)
        #expect(!registry.needsStopBeforeSleep)
        registry.set(.accelerometer, .posture, .low)
        #expect(!registry.needsStopBeforeSleep, "posture's one-shot reads leave nothing running")
        registry.set(.compass, .sensorClaims, .full)
        #expect(registry.needsStopBeforeSleep)
        registry.stopAll()
        #expect(!registry.needsStopBeforeSleep)
    }
}
