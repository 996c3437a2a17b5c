import OrientationCore
@testable import Sensors
import Testing

/// When the readers read fast: after a start, a reading that moved, or the chip's motion
/// detector firing, for `movementHoldUs`.
@Suite struct MovementTrackerTests {
    let options = ReaderOptions()
    let g = Vector3(0, -9.81, 0)

    @Test("a start counts as movement for the hold, then the tracker rests")
    func startCountsAsMovement() {
        var tracker = MovementTracker(options: options, now: 1_000_000)
        #expect(tracker.isMoving(at: 1_000_000 + options.movementHoldUs - 1))
        let firstMoved = tracker.note(g, at: 1_100_000)   // the first reading has nothing to move from
        #expect(!firstMoved)
        #expect(!tracker.isMoving(at: 1_000_000 + options.movementHoldUs))
    }

    @Test("a reading further than the still tolerance moves; tremor does not")
    func readingsMoveBeyondTheTolerance() {
        var tracker = MovementTracker(options: options, now: 0)
        let t = options.movementHoldUs * 2
        tracker.note(g, at: t)
        let tremor = tracker.note(g + Vector3(options.movementMS2 * 0.9, 0, 0), at: t + 10_000)
        #expect(!tremor)
        #expect(!tracker.isMoving(at: t + 20_000))
        let turned = tracker.note(Vector3(-9.81, 0, 0), at: t + 30_000)
        #expect(turned)
        #expect(tracker.isMoving(at: t + 30_000 + options.movementHoldUs - 1))
    }

    @Test("the motion detector starts the hold before any reading moved")
    func detectorFiring() {
        var tracker = MovementTracker(options: options, now: 0)
        let t = options.movementHoldUs * 3
        #expect(!tracker.isMoving(at: t))
        tracker.detectorFired(at: t)
        #expect(tracker.isMoving(at: t + options.movementHoldUs - 1))
        #expect(!tracker.isMoving(at: t + options.movementHoldUs))
    }

    @Test("a time before the last movement (a reading stamped after the loop woke) is moving")
    func earlierTimeIsMoving() {
        var tracker = MovementTracker(options: options, now: 0)
        let t = options.movementHoldUs * 4
        tracker.note(g, at: t)
        tracker.note(Vector3(9.81, 0, 0), at: t + 5_000)
        #expect(tracker.isMoving(at: t + 1_000))
    }
}
