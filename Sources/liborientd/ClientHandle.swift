import CLibc
import OrientdClient

/// What an `orientd_client *` points to: the Swift client and the message of its last error,
/// kept until the next failure or `orientd_client_free`.
final class ClientHandle {
    let client: OrientationClient
    var lastError: UnsafeMutablePointer<CChar>?

    init(_ client: OrientationClient) { self.client = client }

    deinit { free(lastError) }

    /// Records `error` for `orientd_client_last_error` and gives its code.
    func fail(_ error: ClientError) -> Int32 {
        free(lastError)
        lastError = strdup(error.description)
        return error.code
    }

    var opaque: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func from(_ pointer: OpaquePointer) -> ClientHandle {
        Unmanaged<ClientHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
