@testable import OrientdDaemon
import OrientdTestSupport
import Testing

/// When the daemon hands memory back, on the manual clock, the release itself counted.
@Suite struct MemoryHandBackTests {
    final class Count {
        var releases = 0
    }

    func make(_ timers: ManualTimers, _ count: Count) -> (MemoryHandBack, SensorRegistry) {
        let memory = MemoryHandBack(timers: timers) { count.releases += 1 }
        let registry = SensorRegistry(timers: timers)
        registry.register(.accelerometer, run: { _ in })
        memory.watch(registry)
        return (memory, registry)
    }

    @Test func startUpReleasesOnceTheLoopIdles() {
        let timers = ManualTimers(), count = Count()
        let (memory, _) = make(timers, count)
        memory.startupDone()
        #expect(count.releases == 0)
        timers.advance(byUs: 0)
        #expect(count.releases == 1)
        timers.advance(byUs: 10_000_000)
        #expect(count.releases == 1)
    }

    /// A 2-in-1: posture keeps the accelerometer at its slow reads, so libiio stays loaded;
    /// the last client's End still hands back what reading every sample brought in.
    @Test func aDemandFallingFromEverySampleToSlowReadsReleases() {
        let timers = ManualTimers(), count = Count()
        let (memory, registry) = make(timers, count)
        registry.set(.accelerometer, .posture, .low)
        registry.set(.accelerometer, .notifications, .full)
        timers.advance(byUs: 1_000_000)
        #expect(count.releases == 0)
        registry.set(.accelerometer, .notifications, .off)
        #expect(registry.running(.accelerometer) == .low)
        timers.advance(byUs: 0)
        #expect(count.releases == 1)
        withExtendedLifetime(memory) {}
    }

    @Test func theLingerDoesNotReleaseItsEndDoesAndOnlyOnceInTheInterval() {
        let timers = ManualTimers(), count = Count()
        let (memory, registry) = make(timers, count)
        registry.set(.accelerometer, .notifications, .full)
        registry.set(.accelerometer, .notifications, .off)
        timers.advance(byUs: 0)
        #expect(registry.running(.accelerometer) == .paused)
        #expect(count.releases == 0)
        timers.advance(byUs: SensorDemand.Parameters().lingerUs)
        #expect(registry.running(.accelerometer) == .off)
        timers.advance(byUs: 0)
        #expect(count.releases == 1)
        // Begin and End again at once: within the interval, no second release.
        registry.set(.accelerometer, .notifications, .full)
        registry.set(.accelerometer, .notifications, .off)
        timers.advance(byUs: SensorDemand.Parameters().lingerUs)
        timers.advance(byUs: 0)
        #expect(count.releases == 1)
        timers.advance(byUs: MemoryHandBack.closedIntervalUs)
        registry.set(.accelerometer, .notifications, .full)
        registry.set(.accelerometer, .notifications, .off)
        timers.advance(byUs: SensorDemand.Parameters().lingerUs)
        timers.advance(byUs: 0)
        #expect(count.releases == 2)
        withExtendedLifetime(memory) {}
    }
}
