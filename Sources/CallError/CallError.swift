import CLibc

/// A C library call that failed: which call (with what it was about) and the errno. The
/// C-edge modules (Systemd, IIO) convert every negative-errno return into this, in `check`.
public struct CallError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// The one conversion: a negative return is `-errno`.
@discardableResult
public func check<T: SignedInteger>(_ result: T, _ call: @autoclosure () -> String) throws(CallError) -> T {
    guard result >= 0 else { throw CallError(call: call(), errno: Int32(truncatingIfNeeded: -result)) }
    return result
}
