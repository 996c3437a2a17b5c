import Glibc
import OrientationCore
import OrientdTestSupport
@testable import Sensors
import Systemd
import Testing

/// The trace replay in-process on the manual clock: samples paced by the trace's own times
/// (divided by the speed), nothing played while stopped, and a looped trace going on past its
/// end with its times still increasing.
@Suite struct ReplaySourceTests {
    /// A trace file of `lines` for `body`, removed after it.
    func withTrace(_ lines: [String], _ body: (String) throws -> Void) throws {
        var template = Array("/tmp/orientd-replay-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        let text = (["t_ms,x,y,z"] + lines).joined(separator: "\n") + "\n"
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        try body(path)
    }

    /// A replay of a trace file with `options` on the manual clock, started, and the trace
    /// times (ms) of what it delivered.
    final class Rig {
        let timers = ManualTimers()
        let replay: ReplaySource
        private(set) var times: [Int64] = []

        init(_ path: String, _ options: String) throws {
            replay = try ReplaySource(configuration: ReplaySource.Configuration(parsing: path + options), loop: timers)
            try start()
        }

        func start() throws { try replay.start { [unowned self] in times.append($0.timeUs / 1000) } }
    }

    @Test func samplesComeAtTheirTraceTimesOnlyWhileStarted() throws {
        try withTrace(["0,0,-9.8,0", "100,9.8,0,0", "300,0,9.8,0"]) { path in
            let rig = try Rig(path, ",speed=2")
            let (timers, replay) = (rig.timers, rig.replay)
            #expect(rig.times == [], "the first sample is due at the start, on the loop")
            timers.advance(byUs: 0)
            #expect(rig.times == [0])
            timers.advance(byUs: 49_000)
            #expect(rig.times == [0], "at twice the speed, 100 ms of trace take 50 ms")
            timers.advance(byUs: 1_000)
            #expect(try rig.times == [0, 100] && replay.readOnce() == Vector3(9.8, 0, 0))
            replay.stop()
            timers.advance(byUs: 1_000_000)
            #expect(rig.times == [0, 100] && timers.armed == 0, "a stopped replay waits")
            try rig.start()
            timers.advance(byUs: 0)
            #expect(rig.times == [0, 100, 300], "it goes on where it stopped: the next sample, at once")
            timers.advance(byUs: 1_000_000)
            #expect(rig.times.count == 3 && timers.armed == 0, "played to the end: quiet")
        }
    }

    @Test func aLoopedTraceStartsOverOneAveragePeriodAfterItsEnd() throws {
        try withTrace(["0,0,-9.8,0", "100,9.8,0,0", "200,0,9.8,0"]) { path in
            let rig = try Rig(path, ",loop")
            rig.timers.advance(byUs: 500_000)
            #expect(rig.times == [0, 100, 200, 300, 400, 500], "times keep increasing across the loop")
            rig.replay.stop()
        }
    }

    @Test func aTraceWithoutSamplesOrWithATimeGoingBackIsRefusedWithItsFile() throws {
        for lines in [["# nothing"], ["100,0,0,9.8", "50,0,0,9.8"]] {
            try withTrace(lines) { path in
                do throws(SourceError) {
                    _ = try ReplaySource(configuration: ReplaySource.Configuration(parsing: path), loop: ManualTimers())
                    Issue.record("\(lines) accepted")
                } catch {
                    #expect(error.description.contains(path), "\(error)")
                }
            }
        }
    }
}
