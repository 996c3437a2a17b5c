import Systemd

/// An evdev node whose input device reports the front proximity switch (SW_FRONT_PROXIMITY:
/// gpio-keys proximity sensors such as the Nokia N900's, gp2ap002a00f and other input-only
/// drivers), found with sd-device on the `input` subsystem.
public struct DiscoveredInputProximity: Equatable, BindableDevice {
    /// `eventN`
    public let sysname: String
    public let syspath: String
    public let devnode: String
    /// The input device's name, e.g. "gpio_keys".
    public let name: String

    public var label: String { "\(sysname) (\(name))" }
}

public enum InputProximityDiscovery {
    /// The switch's number in the kernel's input-event-codes.h (SW_FRONT_PROXIMITY).
    static let frontProximityBit = 11
    /// The input device's attribute listing its switches: hex words, most significant first,
    /// as the kernel's input core prints a capability bitmap.
    static let switchCapabilities = "capabilities/sw"

    /// Every evdev node that reports the front proximity switch, in enumeration order.
    public static func scan() -> [DiscoveredInputProximity] { InputAccelerometerDiscovery.scanNodes(describe) }

    static func describe(_ device: Device, inputs: [Device]) -> DiscoveredInputProximity? {
        guard device.sysname.hasPrefix("event"), let node = device.devnode else { return nil }
        let inputPath = InputAccelerometerDiscovery.parentPath(device.syspath)
        guard let input = inputs.first(where: { $0.syspath == inputPath }),
              let capabilities = input.attribute(switchCapabilities),
              hasBit(frontProximityBit, inBitmap: capabilities) else { return nil }
        return DiscoveredInputProximity(sysname: device.sysname, syspath: device.syspath, devnode: node,
                                        name: input.attribute("name") ?? "?")
    }

    /// Whether bit `bit` is set in a capability bitmap as sysfs prints it ("800", "1 800":
    /// words of the kernel's `long`, most significant first); false for anything unparsable.
    static func hasBit(_ bit: Int, inBitmap text: String) -> Bool {
        let words = text.split(separator: " ").filter { !$0.isEmpty }
        let bitsPerWord = 8 * MemoryLayout<Int>.size
        let index = words.count - 1 - bit / bitsPerWord
        guard index >= 0, let word = UInt64(words[index].filter { $0 != "\n" }, radix: 16) else { return false }
        return word & (UInt64(1) << UInt64(bit % bitsPerWord)) != 0
    }
}
