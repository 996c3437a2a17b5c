import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Opens a fresh libiio context and finds the device in it (both readers start this way).
func openDevice(_ sysname: String) throws(CallError) -> (IIOContext, IIODevice) {
    let context = try IIOContext()
    guard let device = context.device(sysname) else { throw CallError(call: "find \(sysname)", errno: ENODEV) }
    return (context, device)
}

/// What a source gives each reader it starts: the loop, the pacing, where samples go and
/// what to call when reads fail for good.
struct ReaderLinks {
    let loop: any Timers
    let options: ReaderOptions
    let deliver: (Sample) -> Void
    let lost: (String) -> Void
}

/// A running read loop; `stop()` leaves the device as it was found.
protocol AccelerometerReader: AnyObject {
    func stop()
    /// The stop linger: nothing is read and nothing delivered, the set-up (context, buffer,
    /// trigger, motion detector) stays for `resume`. False when there was nothing worth
    /// keeping: the reader then stopped itself.
    func pause() -> Bool
    var isPaused: Bool { get }
    /// Reads again after `pause`, as after a fresh start (movement assumed: fast reads first).
    func resume()
}
