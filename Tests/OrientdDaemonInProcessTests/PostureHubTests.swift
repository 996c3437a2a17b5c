import OrientdTestSupport
import CallError
import Glibc
import Input
import OrientationCore
import OrientdDaemon
import PostureCore
import Sensors
import Systemd
import Testing

/// One half of a 2-in-1: a reading the test sets, delivered on demand.
final class HalfSource: SampleSource {
    var name: String { "half" }
    var isAvailable = true
    var availabilityChanged: ((Bool) -> Void)?
    var reading = Vector3(0, 0, 9.80665)
    private(set) var deliver: ((Sample) -> Void)?
    private(set) var starts = 0
    private(set) var oneShotReads = 0
    private(set) var keptOpen = false

    func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        starts += 1
        self.deliver = deliver
    }
    func stop() { deliver = nil }
    func readOnce() throws(SourceError) -> Vector3 {
        oneShotReads += 1
        return reading
    }
    func keepOneShotReadsOpen(_ keep: Bool) { keptOpen = keep }

    func setAvailable(_ available: Bool) {
        isAvailable = available
        if !available { deliver = nil }
        availabilityChanged?(available)
    }
}

/// display = Rx(θ) · base (docs/posture.md).
func displayReading(hinge degrees: Double, base b: Vector3) -> Vector3 {
    let t = degrees * Double.pi / 180
    return Vector3(b.x, cos(t) * b.y - sin(t) * b.z, sin(t) * b.y + cos(t) * b.z)
}

@Suite struct PostureHubTests {
    let g = 9.80665

    final class Rig {
        let timers = ManualTimers()
        let display = HalfSource(), base = HalfSource()
        let tap: SampleTap
        let hub: PostureHub
        var events: [PostureHub.Event] = []
        init() {
            tap = SampleTap(display)
            hub = PostureHub(display: tap, base: base, timers: timers)
            hub.observe { [unowned(unsafe) self] in self.events.append($0) }
        }
        func pose(hinge: Double, base b: Vector3 = Vector3(0, 0, 9.80665)) {
            base.reading = b
            display.reading = displayReading(hinge: hinge, base: b)
        }
        var changes: [PostureUpdate] {
            events.compactMap { if case .changed(let u) = $0 { return u } else { return nil } }
        }
    }

    @Test func lowRateReadsBothHalvesInOneWakeUpTwiceASecond() {
        let rig = Rig()
        rig.pose(hinge: 110)
        rig.hub.run(.low)
        #expect(rig.display.keptOpen && rig.base.keptOpen)
        #expect(rig.timers.armed == 1)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.display.oneShotReads == 3 && rig.base.oneShotReads == 3)
        #expect(rig.hub.posture == .laptop)
        #expect(abs(rig.hub.hingeAngle - 110) < 0.5)
        // The angle is announced first, the posture once its band held for the settle time.
        #expect(rig.changes.filter(\.postureChanged).map(\.posture) == [.laptop])
        #expect(rig.changes.first?.hingeAngle != nil)
        // Neither stream runs at the low rate.
        #expect(rig.display.starts == 0 && rig.base.starts == 0)
        rig.hub.run(.off)
        #expect(rig.timers.armed == 0)
        #expect(!rig.display.keptOpen && !rig.base.keptOpen)
    }

    @Test func lowRateSpeedsUpWhileTheHingeMovesAndSlowsDownAtRest() {
        let rig = Rig()
        rig.pose(hinge: 110)
        rig.hub.run(.low)
        rig.timers.advance(byUs: 2_000_000)
        #expect(rig.hub.posture == .laptop)
        // At rest: one tick per 500 ms.
        var reads = rig.display.oneShotReads
        rig.timers.advance(byUs: 2_000_000)
        #expect(rig.display.oneShotReads - reads == 4)
        // Folded into a tent: the next tick sees the move, the ticks come every 100 ms, and
        // the tent is known well within a second of the tick that saw it.
        rig.pose(hinge: 290, base: Vector3(0, -9.80665 * 0.57, 9.80665 * 0.82))
        rig.timers.advance(byUs: 500_000)
        reads = rig.display.oneShotReads
        var known: UInt64?
        for step in 1...10 {
            rig.timers.advance(byUs: 100_000)
            if known == nil && rig.hub.posture == .tent { known = UInt64(step) * 100_000 }
        }
        #expect(rig.display.oneShotReads - reads == 10)
        #expect(known != nil && known! <= 600_000)
        // A second after the last movement the ticks are slow again.
        rig.timers.advance(byUs: 1_000_000)
        reads = rig.display.oneShotReads
        rig.timers.advance(byUs: 2_000_000)
        #expect(rig.display.oneShotReads - reads == 4)
    }

    @Test func fullRateReadsTheBaseInTheDisplaysWakeUps() {
        let rig = Rig()
        rig.pose(hinge: 110)
        rig.hub.run(.full)
        #expect(rig.timers.armed == 0)
        // The base is never streamed; it stays open for the reads beside the display's samples.
        #expect(rig.base.starts == 0 && rig.base.keptOpen && !rig.display.keptOpen)
        // The orientation hub runs the display source; the tap hands its samples on.
        var orientationSamples = 0
        try! rig.tap.start { _ in orientationSamples += 1 }
        let before = rig.display.reading
        rig.pose(hinge: 290)
        for _ in 0..<10 {
            rig.timers.advance(byUs: 100_000)
            let now = Int64(rig.timers.now)
            // One wake-up delivers a batch: a scan from before the fold (too old to pair with a
            // base read now: paired, it would make the angle jump back to 110°) and a new one.
            rig.display.deliver?(Sample(timeUs: now - 200_000, gravity: before))
            rig.display.deliver?(Sample(timeUs: now, gravity: rig.display.reading))
        }
        #expect(orientationSamples == 20)
        #expect(rig.base.oneShotReads == 10)
        #expect(rig.base.starts == 0)
        #expect(rig.hub.posture == .tent)
        #expect(rig.hub.tabletMode)
        #expect(abs(rig.hub.hingeAngle - 290) < 0.5)
        // Back to low: the tick reads both halves.
        rig.hub.run(.low)
        #expect(rig.timers.armed == 1)
        #expect(rig.display.keptOpen && rig.base.keptOpen)
    }

    @Test func losingTheBaseForgetsThePosture() {
        let rig = Rig()
        rig.pose(hinge: 300, base: Vector3(0, -9.80665 * 0.5, 9.80665 * 0.866))
        rig.hub.run(.low)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .tent)
        rig.events = []
        rig.base.setAvailable(false)
        #expect(!rig.hub.hasHinge)
        #expect(rig.hub.posture == .unknown && rig.hub.hingeAngle == -1)
        #expect(rig.timers.armed == 0)
        #expect(rig.changes.map(\.previousPosture) == [.tent])
        guard case .hingeAvailabilityChanged = rig.events.first else { Issue.record("no availability event"); return }
        // It comes back: tracking resumes at the wanted level with a fresh tracker.
        rig.base.setAvailable(true)
        #expect(rig.hub.hasHinge)
        #expect(rig.timers.armed == 1)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .tent)
    }

    @Test func theSwitchRecordsTheStateAtCreationAndEachChange() throws {
        let rig = Rig()
        var path = Array("/tmp/orientd-switch-XXXXXX".utf8CString)
        let fd = mkstemp(&path)
        #expect(fd >= 0)
        close(fd)
        let file = String(cString: path)
        defer { unlink(file) }
        let tabletSwitch = TabletModeSwitch(hub: rig.hub, mode: .auto, path: file, allowRecording: true, otherSwitch: { nil })
        rig.pose(hinge: 110)
        rig.hub.run(.low)
        rig.timers.advance(byUs: 1_500_000)
        #expect(tabletSwitch.isExported)
        rig.pose(hinge: 200, base: Vector3(0, 0, 9.80665))
        rig.timers.advance(byUs: 1_500_000)
        rig.pose(hinge: 300, base: Vector3(0, 0, 9.80665))
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .tent)
        rig.base.setAvailable(false)
        #expect(!tabletSwitch.isExported)
        #expect(try switchValues(file) == [0, 1])
    }

    @Test func anotherSwitchKeepsAutoFromCreatingOne() {
        let rig = Rig()
        let tabletSwitch = TabletModeSwitch(hub: rig.hub, mode: .auto, path: "/nonexistent/uinput", allowRecording: true,
                                            otherSwitch: { "input7 (Intel HID switches)" })
        rig.pose(hinge: 110)
        rig.hub.run(.low)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .laptop)
        #expect(!tabletSwitch.isExported)
    }

    @Test func aPlainFileIsRefusedUnlessRecordingIsAllowed() {
        #expect(throws: CallError.self) {
            _ = try UInputSwitch(path: "/dev/null", name: "x", code: UInputSwitch.tabletMode, allowRecording: false)
        }
        // /dev/null is a character device but not uinput: the setup ioctls fail.
        #expect(throws: CallError.self) {
            _ = try UInputSwitch(path: "/dev/null", name: "x", code: UInputSwitch.tabletMode, allowRecording: true)
        }
    }

    @Test(arguments: [("2", true), ("0", false), ("3", true), ("1", false), ("4 0", false), ("0 2", true), ("", false), ("zz", false)])
    func capabilityBitmaps(_ text: String, _ expected: Bool) {
        #expect(TabletModeSwitch.reportsSwitch(text, code: Int(UInputSwitch.tabletMode)) == expected)
    }

    @Test func tabletModeSwitchOption() throws {
        guard case .run(let defaults) = try DaemonOptions.parse([]) else { Issue.record(); return }
        #expect(defaults.tabletModeSwitch == .auto && defaults.uinputPath == "/dev/uinput" && !defaults.uinputPathGiven)
        guard case .run(let options) = try DaemonOptions.parse(["--tablet-mode-switch", "off"]) else { Issue.record(); return }
        #expect(options.tabletModeSwitch == .off)
        #expect(throws: DaemonOptions.UsageError.self) { try DaemonOptions.parse(["--tablet-mode-switch", "yes"]) }
    }

    /// SW_TABLET_MODE values from a recording, each checked to come with its SYN_REPORT.
    func switchValues(_ path: String) throws -> [Int32] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &bytes, bytes.count)
        #expect(n % 24 == 0)
        var values: [Int32] = []
        for offset in stride(from: 0, to: n, by: 48) {
            func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
            func i32(_ at: Int) -> Int32 { Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24) }
            #expect(u16(offset + 16) == 5 && u16(offset + 18) == 1)       // EV_SW, SW_TABLET_MODE
            #expect(u16(offset + 40) == 0 && u16(offset + 42) == 0)       // EV_SYN, SYN_REPORT
            values.append(i32(offset + 20))
        }
        return values
    }
}
