// Follows the device orientation and prints each change: the Swift example of
// docs/client-library.md. `orientd-follow [COUNT] [BUS-ADDRESS]`: exits after COUNT changes
// (default: never); the bus is the system bus unless an address is given.
import CLibc
import OrientdClient

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
let address = arguments.count > 2 ? arguments[2] : nil
var seen = 0

do throws(ClientError) {
    let device = try OrientationClient(busAddress: address)
    device.beginGeneratingNotifications()
    _ = device.observeOrientation { orientation in
        print(orientation.rawValue)
        seen += 1
        if seen == count { device.quit() }
    }
    try device.run()
    try device.endGeneratingNotifications()
} catch {
    print("orientd-follow: \(error)")
    exit(1)
}
