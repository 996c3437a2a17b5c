import CallError
import CLibc
import OrientationCore
import Systemd

/// Who may claim a sensor whose readings are personal: the compass, which tells which way a
/// person faces (docs/dbus-api.md). Root (it can read the device itself) and geoclue's user
/// (which hands headings to applications under its own checks) may always. Anyone else may as
/// polkit answers for iio-sensor-proxy's action `net.hadess.SensorProxy.claim-sensor`, asked
/// without interaction: by that action's defaults, active local sessions yes, inactive and
/// remote ones no. Without an answer (polkit not installed, no reply within the bus call
/// timeout) the claim is refused: the heading is never handed out unchecked.
///
/// A caller has at most one check outstanding, and all callers together
/// `CallerLimits.pendingAuthorizations`; a call beyond either is refused at once, so no caller
/// can make orientd wait on polkit without bound.
final class ClaimAuthority {
    private typealias API = Contract.Polkit

    private let bus: Bus
    private let trustedUIDs: Set<UInt32>
    private let maxPending: Int
    private var pending: [String: BusPendingCall] = [:]

    init(bus: Bus, maxPending: Int) {
        self.bus = bus
        self.maxPending = maxPending
        var trusted: Set<UInt32> = [0]
        if let geoclue = getpwnam(API.trustedUserName) { trusted.insert(geoclue.pointee.pw_uid) }
        trustedUIDs = trusted
    }

    /// Runs `granted` with the call once the caller may claim (at once for a trusted user),
    /// or answers the call with AccessDenied (refused, or polkit unreachable) or LimitExceeded.
    func authorize(_ call: BusMessage, _ granted: @escaping (BusMessage) -> Void) throws(BusError) {
        guard let sender = call.sender else { throw BusError(name: API.accessDenied, message: "a claim without a sender") }
        let uid: UInt32
        do throws(CallError) {
            uid = try call.senderUID()
        } catch {
            throw BusError(name: API.accessDenied, message: "the caller's uid is unknown: \(error)")
        }
        if trustedUIDs.contains(uid) { return granted(call) }
        guard pending[sender] == nil else {
            throw BusError(name: Contract.ErrorName.limitExceeded, message: "a claim of this caller is already waiting for polkit")
        }
        guard pending.count < maxPending else {
            throw BusError(name: Contract.ErrorName.limitExceeded, message: "\(maxPending) claims are already waiting for polkit")
        }
        do throws(CallError) {
            pending[sender] = try bus.checkAuthorization(destination: API.busName, path: API.objectPath, interface: API.interface,
                                                        member: API.checkAuthorization, subject: (API.subjectKind, API.subjectKey),
                                                        sender: sender, action: API.claimSensor) {
                [unowned(unsafe) self] result in
                self.pending[sender] = nil
                switch result {
                case .success(true):
                    granted(call)
                case .success(false):
                    Self.refuse(call, "polkit does not authorize \(API.claimSensor) for this caller")
                case .failure(let error):
                    Log.warning("polkit did not answer for the compass claim of \(sender): \(error)")
                    Self.refuse(call, "polkit did not answer (\(error.name)); the compass needs its authorization")
                }
            }
        } catch {
            throw BusError(name: API.accessDenied, message: "polkit could not be asked: \(error)")
        }
    }

    private static func refuse(_ call: BusMessage, _ message: String) {
        do throws(CallError) {
            try call.replyError(BusError(name: API.accessDenied, message: message))
        } catch {
            Log.debug("refusal to \(call.sender ?? "?") not sent: \(error)")
        }
    }
}
