/// Screen orientation locks held by programs (docs/dbus-api.md, `LockScreenOrientation`,
/// `UnlockScreenOrientation`, `ScreenOrientationLock`).
///
/// One lock per caller (an opaque key: the D-Bus unique name); a second lock by the same
/// caller replaces its first and becomes the most recent. The most recent lock is in force;
/// when it goes, the most recent remaining one applies. The number of callers holding a lock
/// is bounded. The daemon maps the errors to D-Bus errors and tracks callers on the bus.
public struct ScreenLockStack: Sendable {
    public enum LockError: Error, Equatable, CustomStringConvertible {
        /// `""` asked to lock at the current screen orientation while that is `unknown`.
        case noOrientation
        /// Not an orientation name, or not an edge-up one.
        case invalidName(String)
        /// An edge-up orientation this device's screen may not take.
        case unsupported(Orientation, SupportedOrientations)
        /// A new caller while `limit` callers already hold locks.
        case limitExceeded(limit: Int)
        /// Unlock by a caller that holds no lock.
        case notLocked

        public var description: String {
            switch self {
            case .noOrientation:
                return "the screen orientation is not known yet; name an orientation to lock to"
            case .invalidName(let name):
                return "\"\(DecimalNumber.ParseError.printable(name))\" is not an edge-up orientation: expected \"\" or one of \(SupportedOrientations.all)"
            case .unsupported(let orientation, let supported):
                return "\(orientation.rawValue) is not a supported screen orientation (supported: \(supported))"
            case .limitExceeded(let limit):
                return "too many programs hold a screen orientation lock (limit \(limit))"
            case .notLocked:
                return "the caller holds no screen orientation lock"
            }
        }
    }

    public let limit: Int
    public let supported: SupportedOrientations
    /// Every lock, oldest first: the last one is in force.
    public private(set) var locks: [(caller: String, orientation: Orientation)] = []

    public init(limit: Int, supported: SupportedOrientations = .all) {
        precondition(limit > 0, "a lock limit must allow one caller")
        self.limit = limit
        self.supported = supported
    }

    /// The orientation the screen is locked to, `nil` while unlocked.
    public var lockedOrientation: Orientation? { locks.last?.orientation }

    /// What `ScreenOrientation` shows: the lock in force, else the screen rule's orientation.
    public func effective(_ screenOrientation: Orientation) -> Orientation {
        lockedOrientation ?? screenOrientation
    }

    /// Locks for `caller` to the orientation `name` names; `""` locks at `current`, the
    /// `ScreenOrientation` shown now (a lock in force included). Returns the locked value.
    @discardableResult
    public mutating func lock(_ caller: String, to name: String, current: Orientation) throws(LockError) -> Orientation {
        let orientation: Orientation
        if name.isEmpty {
            guard current != .unknown else { throw .noOrientation }
            orientation = current
        } else {
            guard let named = Orientation(rawValue: name), named.isEdgeUp else { throw .invalidName(name) }
            orientation = named
        }
        guard supported.contains(orientation) else { throw .unsupported(orientation, supported) }
        let previous = locks.firstIndex { $0.caller == caller }
        guard previous != nil || locks.count < limit else { throw .limitExceeded(limit: limit) }
        if let previous { locks.remove(at: previous) }
        locks.append((caller, orientation))
        return orientation
    }

    /// Drops `caller`'s lock; `notLocked` when it holds none.
    public mutating func unlock(_ caller: String) throws(LockError) {
        guard release(caller) else { throw .notLocked }
    }

    /// Drops `caller`'s lock if it holds one (the caller left the bus). Returns whether it did.
    @discardableResult
    public mutating func release(_ caller: String) -> Bool {
        guard let index = locks.firstIndex(where: { $0.caller == caller }) else { return false }
        locks.remove(at: index)
        return true
    }

    /// The caller's lock, if any.
    public func orientation(lockedBy caller: String) -> Orientation? {
        locks.first { $0.caller == caller }?.orientation
    }
}
