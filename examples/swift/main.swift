// Follows the device orientation and prints each change: the Swift example of
// docs/client-library.md. `orientd-follow [COUNT [BUS-ADDRESS]]`: exits after COUNT changes
// (0: never); the bus is the system bus unless an address is given.
import CLibc
import OrientdClient

/// One line on stdout, unbuffered (a pipe would hold print's output until exit).
func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

func follow(count: Int, busAddress: String?) throws(ClientError) {
    var seen = 0
    let device = try OrientationClient(busAddress: busAddress)
    device.beginGeneratingNotifications()
    _ = device.observeOrientation { orientation in
        say(orientation.rawValue)
        seen += 1
        if seen == count { device.quit() }
    }
    try device.run()
    try device.endGeneratingNotifications()
}

let arguments = CommandLine.arguments
do throws(ClientError) {
    try follow(count: arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0, busAddress: arguments.count > 2 ? arguments[2] : nil)
} catch {
    say("orientd-follow: \(error)")
    exit(1)
}
