import OrientationCore

/// Screen orientation locks held by programs: one per caller, the newest in force.
extension OrientationHub {
    /// Locks for `caller` (one lock per caller; the newest is in force). `""` locks at the
    /// screen orientation shown now. Returns the locked orientation.
    @discardableResult
    public func lockScreen(_ caller: String, to name: String) throws(ScreenLockStack.LockError) -> Orientation {
        let locked = try locks.lock(caller, to: name, current: screenOrientation)
        updateScreenOrientation()
        return locked
    }

    /// Checks a lock without taking it (the bus face tracks the caller only for a valid lock).
    public func checkLock(_ caller: String, to name: String) throws(ScreenLockStack.LockError) {
        var trial = locks
        try trial.lock(caller, to: name, current: screenOrientation)
    }

    /// Drops `caller`'s lock; `notLocked` when it holds none.
    public func unlockScreen(_ caller: String) throws(ScreenLockStack.LockError) {
        try locks.unlock(caller)
        updateScreenOrientation()
    }

    /// Drops `caller`'s lock if it holds one (it left the bus); whether it did.
    @discardableResult
    public func releaseScreenLock(_ caller: String) -> Bool {
        guard locks.release(caller) else { return false }
        updateScreenOrientation()
        return true
    }
}
