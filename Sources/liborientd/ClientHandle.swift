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

    /// Runs `body` on the client behind `pointer`: 0, or the failure's code (its message
    /// recorded for `orientd_client_last_error`).
    static func call(_ pointer: OpaquePointer, _ body: (OrientationClient) throws(ClientError) -> Void) -> Int32 {
        let handle = from(pointer)
        do throws(ClientError) { try body(handle.client) } catch { return handle.fail(error) }
        return 0
    }
}
