import OrientdTestSupport
import OrientationCore
import OrientdDaemon
import Sensors
import Testing

/// The hub's side of screen orientation locks and supported orientations: the effective
/// ScreenOrientation and the events the bus faces announce.
@Suite struct ScreenLockHubTests {
    /// A hub running on a fake source, with every screen orientation event recorded.
    func runningHub(_ source: FakeSource, option: String? = nil) -> (OrientationHub, () -> [Orientation]) {
        let hub = OrientationHub(source: source, timers: ManualTimers(), supportedOption: option, lockLimit: 4)
        var screen: [Orientation] = []
        hub.observe { if case .screenOrientationChanged(let o) = $0 { screen.append(o) } }
        hub.run(.full)
        return (hub, { screen })
    }

    @Test func theEffectiveOrientationIsTheNewestLockElseTheRule() throws {
        let source = FakeSource()
        let (hub, screen) = runningHub(source)
        source.feed(.portrait, fromMs: 0, count: 25)
        #expect(hub.screenOrientation == .portrait)
        try hub.lockScreen(":1.1", to: "")
        try hub.lockScreen(":1.2", to: "landscapeRight")
        #expect(hub.screenOrientation == .landscapeRight)
        // The device turns and holds landscapeLeft for a second: the rule follows, the screen not.
        source.feed(.landscapeLeft, fromMs: 500, count: 50)
        #expect(hub.orientation == .landscapeLeft)
        #expect(hub.steadyScreenOrientation == .landscapeLeft)
        #expect(hub.screenOrientation == .landscapeRight)
        #expect(hub.releaseScreenLock(":1.2"))
        #expect(hub.screenOrientation == .portrait, "the older lock applies")
        #expect(!hub.releaseScreenLock(":1.2"))
        try hub.unlockScreen(":1.1")
        #expect(hub.screenOrientation == .landscapeLeft)
        #expect(screen() == [.portrait, .landscapeRight, .portrait, .landscapeLeft])
        #expect(throws: ScreenLockStack.LockError.notLocked) { try hub.unlockScreen(":1.1") }
    }

    @Test func checkingALockChangesNothing() throws {
        let source = FakeSource()
        let (hub, screen) = runningHub(source)
        try hub.checkLock(":1.1", to: "landscapeLeft")
        #expect(hub.locks.locks.isEmpty && screen().isEmpty)
        #expect(throws: ScreenLockStack.LockError.noOrientation) { try hub.checkLock(":1.1", to: "") }
        #expect(throws: ScreenLockStack.LockError.invalidName("faceUp")) { try hub.lockScreen(":1.1", to: "faceUp") }
    }

    @Test func theSensorsUdevPropertyWinsOverTheOption() {
        let source = FakeSource()
        source.supportedOrientations = "portrait; landscapeLeft; landscapeRight"
        let (hub, _) = runningHub(source, option: "portrait")
        #expect(hub.supportedOrientations.orientations == [.portrait, .landscapeLeft, .landscapeRight])
        #expect(throws: ScreenLockStack.LockError.unsupported(.portraitUpsideDown, hub.supportedOrientations)) {
            try hub.lockScreen(":1.1", to: "portraitUpsideDown")
        }
        source.feed(.portrait, fromMs: 0, count: 25)
        source.feed(.portraitUpsideDown, fromMs: 500, count: 100)
        #expect(hub.orientation == .portraitUpsideDown)
        #expect(hub.screenOrientation == .portrait, "unsupported poses keep the screen")
    }

    @Test func theOptionAppliesWithoutAPropertyAndMalformedValuesGiveAllFour() {
        #expect(runningHub(FakeSource(), option: "landscapeLeft,landscapeRight").0.supportedOrientations.orientations
            == [.landscapeLeft, .landscapeRight])
        #expect(runningHub(FakeSource()).0.supportedOrientations == .all)
        #expect(runningHub(FakeSource(), option: "portrait;portrait").0.supportedOrientations == .all)
        let source = FakeSource()
        source.supportedOrientations = "sideways"
        #expect(runningHub(source, option: "portrait").0.supportedOrientations == .all,
                "a malformed property is not replaced by the option: all four")
    }

    @Test func aNewSensorWithOtherSupportedOrientationsDropsLocksItForbids() throws {
        let source = FakeSource()
        let (hub, _) = runningHub(source)
        var supportedEvents = 0
        hub.observe { if case .supportedOrientationsChanged = $0 { supportedEvents += 1 } }
        try hub.lockScreen(":1.1", to: "landscapeLeft")
        try hub.lockScreen(":1.2", to: "portraitUpsideDown")
        source.isAvailable = false
        source.availabilityChanged?(false)
        source.supportedOrientations = "portrait;landscapeLeft;landscapeRight"
        source.isAvailable = true
        source.availabilityChanged?(true)
        #expect(supportedEvents == 1)
        #expect(hub.locks.locks.map(\.caller) == [":1.1"])
        #expect(hub.screenOrientation == .landscapeLeft)
    }

    @Test func gravityIsTheNewestSampleWhileRunningElseAOneShotReading() throws {
        let source = FakeSource()
        let hub = OrientationHub(source: source, timers: ManualTimers(), lockLimit: 16)
        #expect(try hub.currentGravity() == Vector3(9.8, 0, 0))
        hub.run(.full)
        source.feed(.portrait, fromMs: 0, count: 2)
        #expect(try hub.currentGravity() == Vector3(0, -9.80665, 0))
        #expect(try OrientationHub(source: nil, timers: ManualTimers(), lockLimit: 16).currentGravity() == nil)
    }
}
