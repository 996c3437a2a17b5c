import CallError

/// A libiio call that failed.
public typealias IIOError = CallError
