import OrientdDaemon
import Testing

@Suite struct SensorDemandTests {
    final class Recorder {
        var applied: [SensorDemand.Level] = []
    }

    func make(_ timers: ManualTimers, _ recorder: Recorder) -> SensorDemand {
        SensorDemand(timers: timers) { recorder.applied.append($0) }
    }

    @Test func firstConsumerStartsAtOnce() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        demand.set(.notifications, .full)
        #expect(recorder.applied == [.full])
        #expect(demand.running == .full)
    }

    @Test func lastConsumerStopsOnlyAfterTheLinger() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        demand.set(.notifications, .full)
        demand.set(.notifications, .off)
        #expect(demand.running == .full)
        timers.advance(byUs: SensorDemand.Parameters().lingerUs - 1)
        #expect(recorder.applied == [.full])
        timers.advance(byUs: 1)
        #expect(recorder.applied == [.full, .off])
        #expect(timers.armed == 0)
    }

    @Test func aStormOfBeginEndPairsCostsOneStartAndOneStop() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        for _ in 0..<1000 {
            demand.set(.notifications, .full)
            demand.set(.notifications, .off)
            timers.advance(byUs: 1000)
        }
        timers.advance(byUs: SensorDemand.Parameters().lingerUs)
        #expect(recorder.applied == [.full, .off])
    }

    @Test func theHighestWantRunsAndOtherConsumersKeepTheSensor() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        demand.set(.accelerometerClaims, .low)
        demand.set(.notifications, .full)
        #expect(recorder.applied == [.low, .full])
        demand.set(.notifications, .off)
        #expect(recorder.applied == [.low, .full, .low])
        timers.advance(byUs: 10_000_000)
        #expect(demand.running == .low)
    }

    @Test func stopNowIgnoresTheLinger() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        demand.set(.notifications, .full)
        demand.stopNow()
        #expect(recorder.applied == [.full, .off])
        #expect(timers.armed == 0)
    }
}
