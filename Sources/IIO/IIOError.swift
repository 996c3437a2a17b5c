import CIIO
import Glibc

/// A libiio call that failed: which call, on what, and the errno.
public struct IIOError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// The one place that turns libiio's negative-errno returns into errors.
@discardableResult
func check<T: SignedInteger>(_ result: T, _ call: @autoclosure () -> String) throws(IIOError) -> T {
    guard result >= 0 else { throw IIOError(call: call(), errno: Int32(truncatingIfNeeded: -result)) }
    return result
}
