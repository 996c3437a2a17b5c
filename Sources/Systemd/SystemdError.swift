import CSystemd

/// A libsystemd call that failed: which call, and the errno it returned.
public struct SystemdError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// The one place that turns libsystemd's negative-errno returns into errors.
@discardableResult
func check(_ result: Int32, _ call: @autoclosure () -> String) throws(SystemdError) -> Int32 {
    guard result >= 0 else { throw SystemdError(call: call(), errno: -result) }
    return result
}
