import OrientationCore

/// Whether the device moved lately: a reading further than `movementMS2` from the previous
/// one, or the chip's motion detector firing (MotionInterrupt). Readers read fast while it
/// moves (see `IIOSource.Options`). A fresh start counts as movement, so the first answer
/// comes quickly.
struct MovementTracker {
    private let thresholdMS2: Double
    private let holdUs: UInt64
    private var previous: Vector3?
    private var lastMovementUs: UInt64

    init(options: IIOSource.Options, now: UInt64) {
        thresholdMS2 = options.movementMS2
        holdUs = options.movementHoldUs
        lastMovementUs = now
    }

    /// Notes a reading; true when it moved from the previous one.
    @discardableResult
    mutating func note(_ gravity: Vector3, at now: UInt64) -> Bool {
        defer { previous = gravity }
        guard let previous, (gravity - previous).magnitude > thresholdMS2 else { return false }
        lastMovementUs = now
        return true
    }

    /// The motion detector fired: moving from now, whatever the readings show yet (the
    /// detector fires at the start of a turn, before the readings have gone far).
    mutating func detectorFired(at now: UInt64) { lastMovementUs = now }

    /// `now` may come from the loop's wake-up time and the last movement from a reading
    /// stamped later in the same wake-up: that counts as moving.
    func isMoving(at now: UInt64) -> Bool { now < lastMovementUs || now - lastMovementUs < holdUs }
}
