@testable import OrientdDaemon
import OrientdTestSupport
import OrientationCore
import Testing

/// An idle hub holds no sample history: the classifier's and the screen rule's windows exist
/// only while the source runs, and a restart begins with fresh ones.
@Suite struct OrientationHubMemoryTests {
    @Test func sampleHistoriesExistOnlyWhileTheSourceRuns() {
        let timers = ManualTimers(), source = FakeSource()
        let hub = OrientationHub(source: source, timers: timers, lockLimit: 16)
        #expect(!hub.holdsSampleHistory)
        hub.run(.full)
        #expect(hub.holdsSampleHistory)
        source.feed(.landscapeLeft, fromMs: 0, count: 10)
        #expect(hub.orientation == .landscapeLeft)
        hub.run(.paused)
        #expect(!hub.holdsSampleHistory)
        hub.run(.full)
        #expect(hub.holdsSampleHistory)
        source.feed(.portrait, fromMs: 1000, count: 10)
        #expect(hub.orientation == .portrait)
        hub.run(.off)
        #expect(!hub.holdsSampleHistory)
        // Samples a source still delivers after its stop are dropped, not a crash.
        hub.receive(Sample(timeMs: 3000, 0, -9.80665, 0))
        #expect(!hub.holdsSampleHistory)
    }
}
