import CallError
import Input
import PostureCore
import Systemd

/// The `SW_TABLET_MODE` input switch that tells libinput and the desktop the keyboard faces
/// away (docs/posture.md): a uinput device "orientd tablet mode switch", created when the
/// posture hub has its first posture and no other input device reports the switch (`auto`),
/// or whatever other devices report (`on`); it carries the state at creation and every
/// change, and goes away when the hinge does or the daemon stops.
public final class TabletModeSwitch {
    public enum Mode: String, Equatable, CaseIterable {
        case auto, on, off
    }

    public static let deviceName = "orientd tablet mode switch"

    private let hub: PostureHub
    private let mode: Mode
    private let path: String
    private let allowRecording: Bool
    private let otherSwitch: () -> String?
    private var device: UInputSwitch?
    private var reported: Bool?
    /// Set when this hinge episode decided not to create the device (another switch, or
    /// uinput refused): logged once, retried when the hinge comes back.
    private var declined = false

    /// `otherSwitch` names an input device that already reports `SW_TABLET_MODE`, if any.
    public init(hub: PostureHub, mode: Mode, path: String, allowRecording: Bool,
                otherSwitch: @escaping () -> String? = TabletModeSwitch.findOtherSwitch) {
        self.hub = hub
        self.mode = mode
        self.path = path
        self.allowRecording = allowRecording
        self.otherSwitch = otherSwitch
        hub.observe { [unowned(unsafe) self] event in self.hubEvent(event) }
    }

    /// The device exists.
    public var isExported: Bool { device != nil }

    private func hubEvent(_ event: PostureHub.Event) {
        switch event {
        case .hingeAvailabilityChanged:
            if !hub.hasHinge {
                close()
                declined = false
            }
        case .changed(let update):
            guard update.posture != .unknown else { return }
            if device == nil { create() }
            report(update.tabletMode)
        }
    }

    private func create() {
        guard mode != .off, !declined else { return }
        if mode == .auto, let other = otherSwitch() {
            Log.info("\(other) already reports SW_TABLET_MODE; not creating \"\(Self.deviceName)\"")
            declined = true
            return
        }
        do {
            let created = try UInputSwitch(path: path, name: Self.deviceName, code: UInputSwitch.tabletMode,
                                           allowRecording: allowRecording)
            device = created
            reported = nil
            Log.info("created input device \"\(Self.deviceName)\" on \(path)\(created.isRecording ? " (recording to a plain file: no ioctls)" : "")")
        } catch {
            Log.warning("cannot create the tablet mode switch: \(error); TabletMode stays on D-Bus only")
            declined = true
        }
    }

    private func report(_ tabletMode: Bool) {
        guard let device, reported != tabletMode else { return }
        do {
            try device.set(tabletMode)
            reported = tabletMode
            Log.debug("SW_TABLET_MODE \(tabletMode ? 1 : 0)")
        } catch {
            Log.warning("cannot report SW_TABLET_MODE: \(error)")
        }
    }

    /// Destroys the device (stop, hinge gone). Idempotent.
    public func close() {
        guard let device else { return }
        device.close()
        self.device = nil
        reported = nil
        Log.info("removed input device \"\(Self.deviceName)\"")
    }

    /// The first input device, other than orientd's own, whose switch capabilities include
    /// `SW_TABLET_MODE` (udev's `capabilities/sw` of each `inputN`).
    public static func findOtherSwitch() -> String? {
        let devices: [Device]
        do {
            devices = try Device.enumerate(subsystem: "input")
        } catch {
            Log.warning("cannot enumerate input devices: \(error); assuming no other tablet mode switch")
            return nil
        }
        for device in devices {
            guard let capabilities = device.attribute("capabilities/sw"),
                  reportsSwitch(capabilities, code: Int(UInputSwitch.tabletMode)) else { continue }
            let name = device.attribute("name") ?? device.sysname
            if name == deviceName { continue }
            return "\(device.sysname) (\(name))"
        }
        return nil
    }

    /// Whether a sysfs capability bitmap ("hex words, most significant first", as the kernel
    /// prints `capabilities/sw`) has bit `code` set.
    public static func reportsSwitch(_ bitmap: String, code: Int) -> Bool {
        let words = bitmap.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let bitsPerWord = 64
        let index = words.count - 1 - code / bitsPerWord
        guard index >= 0, index < words.count, let word = UInt64(words[index], radix: 16) else { return false }
        return word & (1 << UInt64(code % bitsPerWord)) != 0
    }
}
