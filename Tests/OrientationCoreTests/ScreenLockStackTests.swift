import Testing
import OrientationCore

@Suite struct ScreenLockStackTests {
    @Test func unlockedShowsTheScreenOrientation() {
        let stack = ScreenLockStack(limit: 4)
        #expect(stack.lockedOrientation == nil)
        #expect(stack.effective(.landscapeLeft) == .landscapeLeft)
        #expect(stack.effective(.unknown) == .unknown)
    }

    @Test func theMostRecentLockIsInForceAndTheNextOneAppliesWhenItGoes() throws {
        var stack = ScreenLockStack(limit: 4)
        try stack.lock(":1.10", to: "landscapeLeft", current: .portrait)
        #expect(stack.effective(.portrait) == .landscapeLeft)
        try stack.lock(":1.11", to: "portraitUpsideDown", current: .landscapeLeft)
        try stack.lock(":1.12", to: "landscapeRight", current: .portraitUpsideDown)
        #expect(stack.effective(.portrait) == .landscapeRight)
        // The newest goes: the most recent remaining one applies.
        try stack.unlock(":1.12")
        #expect(stack.lockedOrientation == .portraitUpsideDown)
        // An older one goes: the one in force stays.
        let released = stack.release(":1.10")
        #expect(released)
        #expect(stack.lockedOrientation == .portraitUpsideDown)
        try stack.unlock(":1.11")
        #expect(stack.lockedOrientation == nil)
        #expect(stack.effective(.portrait) == .portrait)
    }

    @Test func aSecondLockByTheSameCallerReplacesItAndBecomesTheMostRecent() throws {
        var stack = ScreenLockStack(limit: 4)
        try stack.lock("a", to: "landscapeLeft", current: .portrait)
        try stack.lock("b", to: "landscapeRight", current: .landscapeLeft)
        try stack.lock("a", to: "portrait", current: .landscapeRight)
        #expect(stack.locks.count == 2)
        #expect(stack.lockedOrientation == .portrait)
        #expect(stack.orientation(lockedBy: "a") == .portrait)
        try stack.unlock("a")
        #expect(stack.lockedOrientation == .landscapeRight)
        // One unlock drops the caller's only lock: a second one finds none.
        let error = lockError { try stack.unlock("a") }
        #expect(error == ScreenLockStack.LockError.notLocked)
    }

    @Test func emptyNameLocksAtTheCurrentScreenOrientation() throws {
        var stack = ScreenLockStack(limit: 4)
        let error = lockError { try stack.lock("a", to: "", current: .unknown) }
        #expect(error == ScreenLockStack.LockError.noOrientation)
        #expect(stack.locks.isEmpty)
        let first = try stack.lock("a", to: "", current: .landscapeRight)
        #expect(first == .landscapeRight)
        // "Current" is what ScreenOrientation shows, the lock in force included.
        let second = try stack.lock("b", to: "", current: stack.effective(.portrait))
        #expect(second == .landscapeRight)
    }

    @Test("invalid names are refused", arguments: ["faceUp", "faceDown", "unknown", "normal", "Portrait", " portrait"])
    func invalidNames(name: String) {
        var stack = ScreenLockStack(limit: 4)
        let error = lockError { try stack.lock("a", to: name, current: .portrait) }
        #expect(error == ScreenLockStack.LockError.invalidName(name))
        #expect(stack.locks.isEmpty)
    }

    @Test func unsupportedOrientationsAreRefused() throws {
        let supported = try SupportedOrientations(parsing: "portrait;landscapeLeft;landscapeRight")
        var stack = ScreenLockStack(limit: 4, supported: supported)
        let error = lockError { try stack.lock("a", to: "portraitUpsideDown", current: .portrait) }
        #expect(error == ScreenLockStack.LockError.unsupported(.portraitUpsideDown, supported))
        try stack.lock("a", to: "landscapeLeft", current: .portrait)
        // A refused replacement leaves the caller's lock as it was.
        let replaced = lockError { try stack.lock("a", to: "faceUp", current: .portrait) }
        #expect(replaced == .invalidName("faceUp"))
        #expect(stack.lockedOrientation == .landscapeLeft)
    }

    @Test func theNumberOfLockersIsBounded() throws {
        var stack = ScreenLockStack(limit: 2)
        try stack.lock("a", to: "portrait", current: .portrait)
        try stack.lock("b", to: "landscapeLeft", current: .portrait)
        let error = lockError { try stack.lock("c", to: "landscapeRight", current: .portrait) }
        #expect(error == ScreenLockStack.LockError.limitExceeded(limit: 2))
        #expect(stack.lockedOrientation == .landscapeLeft)
        // A caller that already holds a lock may replace it at the limit.
        try stack.lock("a", to: "landscapeRight", current: .portrait)
        #expect(stack.lockedOrientation == .landscapeRight)
        stack.release("b")
        try stack.lock("c", to: "portraitUpsideDown", current: .portrait)
        #expect(stack.locks.map(\.caller) == ["a", "c"])
    }

    @Test func unlockWithoutALockIsNotLocked() {
        var stack = ScreenLockStack(limit: 4)
        let error = lockError { try stack.unlock(":1.5") }
        #expect(error == ScreenLockStack.LockError.notLocked)
        let released = stack.release(":1.5")
        #expect(!released)
    }

    @Test func errorsExplainThemselves() throws {
        let supported = try SupportedOrientations(parsing: "portrait,landscapeLeft")
        #expect(ScreenLockStack.LockError.unsupported(.landscapeRight, supported).description
            == "landscapeRight is not a supported screen orientation (supported: portrait;landscapeLeft)")
        #expect(ScreenLockStack.LockError.invalidName("faceUp").description.contains("\"faceUp\" is not an edge-up orientation"))
        #expect(ScreenLockStack.LockError.limitExceeded(limit: 8).description.contains("limit 8"))
    }
}

/// The error `body` throws, nil when it throws none.
private func lockError(_ body: () throws -> Void) -> ScreenLockStack.LockError? {
    do {
        try body()
        return nil
    } catch let error as ScreenLockStack.LockError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}
