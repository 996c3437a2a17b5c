import OrientdTestSupport
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

    @Test func lastConsumerPausesAtOnceAndStopsOnlyAfterTheLinger() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        demand.set(.notifications, .full)
        demand.set(.notifications, .off)
        #expect(demand.running == .paused, "nothing is read after the last release")
        timers.advance(byUs: SensorDemand.Parameters().lingerUs - 1)
        #expect(recorder.applied == [.full, .paused])
        timers.advance(byUs: 1)
        #expect(recorder.applied == [.full, .paused, .off])
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
        // Pauses and resumes keep the set-up: one start (the first .full) and one stop.
        #expect(recorder.applied.first == .full)
        #expect(recorder.applied.filter { $0 == .off } == [.off])
        #expect(recorder.applied.last == .off)
        #expect(recorder.applied.dropLast().allSatisfy { $0 == .full || $0 == .paused })
    }

    @Test func suspendStopsAndResumeRunsWhatIsStillWanted() {
        let timers = ManualTimers(), recorder = Recorder()
        let demand = make(timers, recorder)
        demand.set(.sensorClaims, .full)
        demand.suspend()
        demand.set(.notifications, .full)
        #expect(recorder.applied == [.full, .off], "nothing starts while suspended")
        demand.resume()
        #expect(recorder.applied == [.full, .off, .full])
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
