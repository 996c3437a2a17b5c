import OrientationCore
import Systemd

/// An evdev node that udev marks ID_INPUT_ACCELEROMETER=1, and what orientd makes of it.
public struct DiscoveredInputAccelerometer {
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// A game controller's motion sensor (or a device udev calls a joystick): it moves
        /// with the player's hands, not with the screen.
        case joystick(String)
        case noDeviceNode
        public var description: String {
            switch self {
            case .joystick(let why): return "a game controller, not the display's: \(why)"
            case .noDeviceNode: return "no device node"
            }
        }
    }

    public struct Configuration: Equatable {
        public var mountMatrix: MountMatrix
        public var mountMatrixSource: String
        public var location: AccelerometerLocation
        public var locationSource: String
        /// The udev property that sets the units (InputAccelerometerUnits), unparsed.
        public var unitsProperty: String?
        public var notes: [String]
    }

    /// `eventN`
    public let sysname: String
    public let syspath: String
    public let devnode: String?
    /// The input device's name (`device/name`), e.g. "ST LIS3LV02DL Accelerometer".
    public let name: String
    public let result: Result<Configuration, Refusal>
    /// The udev property ORIENTD_SUPPORTED_ORIENTATIONS, unparsed (Contract.Udev).
    public let supportedOrientations: String?

    public var configuration: Configuration? { try? result.get() }
    public var label: String { "\(sysname) (\(name))" }
}

extension DiscoveredInputAccelerometer: BindableDevice {}

/// Finds input accelerometers with sd-device on the `input` subsystem.
public enum InputAccelerometerDiscovery {
    public static let accelerometerProperty = "ID_INPUT_ACCELEROMETER"
    public static let joystickProperty = "ID_INPUT_JOYSTICK"
    /// uinput devices and others without a parent device live here: they share no hardware.
    static let virtualInputDirectory = "/sys/devices/virtual/input"

    /// Every evdev node udev marks as an accelerometer, refused ones with the reason.
    public static func scan() -> [DiscoveredInputAccelerometer] { scanNodes(describe) }

    /// What `describe` makes of each device of the `input` subsystem, given the input devices
    /// (`inputN`, the parents of the `eventN` nodes) beside it.
    static func scanNodes<Node>(_ describe: (Device, _ inputs: [Device]) -> Node?) -> [Node] {
        let devices: [Device]
        do {
            devices = try Device.enumerate(subsystem: "input")
        } catch {
            Log.error("cannot enumerate input devices: \(error)")
            return []
        }
        let inputs = devices.filter { $0.sysname.hasPrefix("input") }
        return devices.compactMap { describe($0, inputs) }
    }

    static func describe(_ device: Device, inputs: [Device]) -> DiscoveredInputAccelerometer? {
        guard device.sysname.hasPrefix("event"), device.property(accelerometerProperty) == "1" else { return nil }
        let inputPath = parentPath(device.syspath)
        let name = inputs.first { $0.syspath == inputPath }?.attribute("name") ?? device.attribute("device/name") ?? "?"
        return DiscoveredInputAccelerometer(sysname: device.sysname, syspath: device.syspath, devnode: device.devnode, name: name,
                                            result: configure(device, inputs: inputs),
                                            supportedOrientations: device.property(Contract.Udev.supportedOrientations))
    }

    static func configure(_ device: Device, inputs: [Device]) -> Result<DiscoveredInputAccelerometer.Configuration, DiscoveredInputAccelerometer.Refusal> {
        if let why = joystickReason(device, inputs: inputs) { return .failure(.joystick(why)) }
        guard device.devnode != nil else { return .failure(.noDeviceNode) }
        var notes: [String] = []
        var matrix = MountMatrix.identity
        var matrixSource = "none given"
        if let text = device.property("ACCEL_MOUNT_MATRIX") {
            do {
                matrix = try MountMatrix(parsing: text)
                matrixSource = "udev ACCEL_MOUNT_MATRIX"
            } catch {
                notes.append("udev ACCEL_MOUNT_MATRIX: \(error), ignoring")
            }
        }
        var location = AccelerometerLocation.display
        var locationSource = "default"
        if let text = device.property("ACCEL_LOCATION") {
            if let parsed = AccelerometerLocation(rawValue: text) {
                location = parsed
                locationSource = "udev ACCEL_LOCATION"
            } else {
                notes.append("udev ACCEL_LOCATION \"\(text)\": expected display or base, ignoring")
            }
        }
        return .success(.init(mountMatrix: matrix, mountMatrixSource: matrixSource, location: location, locationSource: locationSource,
                              unitsProperty: device.property(InputAccelerometerUnits.property), notes: notes))
    }

    /// Why the node is a game controller's, or nil. udev's input_id marks a node with
    /// INPUT_PROP_ACCELEROMETER as an accelerometer only, so a controller's motion sensor
    /// (DualShock, DualSense, Joy-Con: a second input device of the same HID device) is told
    /// apart by its siblings: an input device of the same parent, or with the same `uniq`
    /// (the controller's address), that udev marks ID_INPUT_JOYSTICK.
    static func joystickReason(_ device: Device, inputs: [Device]) -> String? {
        if device.property(joystickProperty) == "1" { return "udev \(joystickProperty)=1" }
        let inputPath = parentPath(device.syspath)
        guard let own = inputs.first(where: { $0.syspath == inputPath }) else { return nil }
        if own.property(joystickProperty) == "1" { return "udev \(joystickProperty)=1 on \(own.sysname)" }
        let hardware = parentPath(inputPath)
        let uniq = own.attribute("uniq") ?? ""
        for other in inputs where other.syspath != inputPath && other.property(joystickProperty) == "1" {
            let otherName = other.attribute("name") ?? "?"
            if hardware != virtualInputDirectory && parentPath(other.syspath) == hardware {
                return "\(other.sysname) (\(otherName)) of the same device is a joystick (\(joystickProperty)=1)"
            }
            if !uniq.isEmpty && other.attribute("uniq") == uniq {
                return "\(other.sysname) (\(otherName)) with the same uniq \(uniq) is a joystick (\(joystickProperty)=1)"
            }
        }
        return nil
    }

    static func parentPath(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: 0x2f) else { return path }
        return String(path[..<slash])
    }

    /// The input accelerometer to read when no IIO display accelerometer exists: the first
    /// usable display one. Reports why others are passed over.
    public static func select(_ found: [DiscoveredInputAccelerometer],
                              report: (_ write: (String) -> Void, _ message: String) -> Void = { write, message in write(message) })
    -> DiscoveredInputAccelerometer? {
        var chosen: DiscoveredInputAccelerometer?
        for candidate in found {
            guard let configuration = candidate.configuration else {
                if case .failure(let refusal) = candidate.result { report(Log.notice, "\(candidate.label): refused: \(refusal)") }
                continue
            }
            if configuration.location != .display {
                report(Log.info, "\(candidate.label): base accelerometer (\(configuration.locationSource)), not used for orientation")
                continue
            }
            if chosen == nil { chosen = candidate }
        }
        return chosen
    }
}
