import CallError

/// A libsystemd call that failed.
public typealias SystemdError = CallError
