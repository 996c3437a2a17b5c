import OrientationCore

/// Whether the device moved lately: a reading further than `movementMS2` from the previous
/// one. Readers read fast while it moves (see `IIOSource.Options`). A fresh start counts as
/// movement, so the first answer comes quickly.
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

    mutating func note(_ gravity: Vector3, at now: UInt64) {
        if let previous, (gravity - previous).magnitude > thresholdMS2 { lastMovementUs = now }
        previous = gravity
    }

    func isMoving(at now: UInt64) -> Bool { now - lastMovementUs < holdUs }
}
