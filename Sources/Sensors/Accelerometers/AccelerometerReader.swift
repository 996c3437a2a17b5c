import CallError
import CLibc
import IIO
import OrientationCore

/// Opens a fresh libiio context and finds the device in it (both readers start this way).
func openDevice(_ sysname: String) throws(CallError) -> (IIOContext, IIODevice) {
    let context = try IIOContext()
    guard let device = context.device(sysname) else { throw CallError(call: "find \(sysname)", errno: ENODEV) }
    return (context, device)
}

/// A running read loop; `stop()` leaves the device as it was found.
protocol AccelerometerReader: AnyObject {
    func stop()
}
