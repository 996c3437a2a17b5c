import CallError
import CSystemd

extension BusMessage {
    /// Answers this call with an error, after its handler returned (a reply that waited).
    public func replyError(_ error: BusError) throws(CallError) {
        try check(orientd_reply_error(handle, error.name, error.message), "error reply to \(member ?? "call")")
    }
}

/// Where polkit's authority answers, and the subject kind of a bus caller.
public struct AuthorityAddress: Sendable {
    public let destination: String
    public let path: String
    public let interface: String
    public let member: String
    /// polkit's subject kind for a bus caller and its detail key ("system-bus-name", "name").
    public let subjectKind: String
    public let subjectKey: String

    public init(destination: String, path: String, interface: String, member: String, subjectKind: String, subjectKey: String) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.subjectKind = subjectKind
        self.subjectKey = subjectKey
    }
}

extension Bus {
    /// Asks the authority whether the bus caller `sender` may do `action`, without user
    /// interaction and without blocking; `reply` runs on the loop with the answer, or with the
    /// error (no authority on the bus, the call timed out, a reply of another shape).
    public func checkAuthorization(at authority: AuthorityAddress, sender: String, action: String,
                                   reply: @escaping (Result<Bool, BusError>) -> Void) throws(CallError) -> BusPendingCall {
        let pending = BusPendingCall { result in
            switch result {
            case .failure(let error):
                reply(.failure(error))
            case .success(let message):
                var authorized: Int32 = 0
                if orientd_read_authorization(message.handle, &authorized) < 0 {
                    reply(.failure(BusError(name: "org.freedesktop.DBus.Error.InvalidSignature",
                                            message: "\(authority.member) replied '\(message.signature)', not '(bba{ss})'")))
                } else {
                    reply(.success(authorized != 0))
                }
            }
        }
        var slot: OpaquePointer?
        try check(orientd_call_async_check_authorization(handle, &slot, authority.destination, authority.path, authority.interface,
                                                         authority.member, BusPendingCall.handler,
                                                         Unmanaged.passUnretained(pending).toOpaque(),
                                                         authority.subjectKind, authority.subjectKey, sender, action),
                  "call \(authority.member) on \(authority.destination)")
        pending.slot = slot
        return pending
    }
}
