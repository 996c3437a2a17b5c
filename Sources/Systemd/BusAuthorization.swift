import CallError
import CSystemd

extension BusMessage {
    /// Answers this call with an error, after its handler returned (a reply that waited).
    public func replyError(_ error: BusError) throws(CallError) {
        try check(orientd_reply_error(handle, error.name, error.message), "error reply to \(member ?? "call")")
    }
}

extension Bus {
    /// Asks the authority whether the bus caller `sender` may do `action`, without user
    /// interaction and without blocking; `reply` runs on the loop with the answer, or with the
    /// error (no authority on the bus, the call timed out, a reply of another shape).
    /// `subject`: polkit's subject kind for a bus caller and its detail key, whose value is
    /// `sender`.
    public func checkAuthorization(destination: String, path: String, interface: String, member: String,
                                   subject: (kind: String, key: String), sender: String, action: String,
                                   reply: @escaping (Result<Bool, BusError>) -> Void) throws(CallError) -> BusPendingCall {
        let pending = BusPendingCall { result in
            switch result {
            case .failure(let error):
                reply(.failure(error))
            case .success(let message):
                var authorized: Int32 = 0
                if orientd_read_authorization(message.handle, &authorized) < 0 {
                    reply(.failure(BusError(name: SD_BUS_ERROR_INVALID_SIGNATURE,
                                            message: "\(member) replied '\(message.signature)', not '(bba{ss})'")))
                } else {
                    reply(.success(authorized != 0))
                }
            }
        }
        var slot: OpaquePointer?
        try check(orientd_call_async_check_authorization(handle, &slot, destination, path, interface, member,
                                                         BusPendingCall.handler, Unmanaged.passUnretained(pending).toOpaque(),
                                                         subject.kind, subject.key, sender, action),
                  "call \(member) on \(destination)")
        pending.slot = slot
        return pending
    }
}
