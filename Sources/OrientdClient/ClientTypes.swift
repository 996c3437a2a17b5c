import CallError
import Systemd
@_exported import enum OrientationCore.Orientation
@_exported import enum PostureCore.Posture

/// Which daemon a client follows: orientd, iio-sensor-proxy's interface where orientd is
/// absent (any distribution today), or none while neither is on the bus.
public enum OrientationBackend: Int32, Sendable {
    case none = 0
    case orientd = 1
    case sensorProxy = 2
}

/// What a client call can fail with. `code` is the C library's error number (orientd.h).
public enum ClientError: Error, Equatable, CustomStringConvertible {
    /// The argument is not acceptable (an orientation that is not edge-up or not supported).
    case invalidArgument(String)
    /// The daemon the client follows cannot give this (iio-sensor-proxy has no screen lock,
    /// no gravity, no posture), or no daemon is on the bus.
    case unavailable(String)
    /// `endGeneratingNotifications` without a matching begin, or an unlock without a lock.
    case notActive(String)
    /// The daemon answered with an error.
    case daemon(BusError)
    /// A system call failed (the bus connection, the loop).
    case system(CallError)

    public var code: Int32 {
        switch self {
        case .invalidArgument: return -1
        case .unavailable: return -2
        case .notActive: return -3
        case .daemon: return -4
        case .system: return -5
        }
    }

    public var description: String {
        switch self {
        case .invalidArgument(let text), .unavailable(let text), .notActive(let text): return text
        case .daemon(let error): return error.description
        case .system(let error): return error.description
        }
    }
}

/// An observer's registration; `OrientationClient.removeObserver(_:)` ends it.
public struct ObserverToken: Hashable, Sendable {
    public let id: UInt32

    public init(id: UInt32) { self.id = id }
}

/// The closures observing one value, in the order they were added.
struct ObserverList<Value> {
    private(set) var entries: [(id: UInt32, handler: (Value) -> Void)] = []

    mutating func add(_ id: UInt32, _ handler: @escaping (Value) -> Void) { entries.append((id, handler)) }

    mutating func remove(_ id: UInt32) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: index)
        return true
    }

    func contains(_ id: UInt32) -> Bool { entries.contains { $0.id == id } }
}
