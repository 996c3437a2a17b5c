/// The posture of a 2-in-1 device (docs/posture.md). The raw values are the names used on
/// D-Bus, in logs and in trace output.
public enum Posture: String, CaseIterable, Sendable {
    /// Lid shut: hinge angle near 0°.
    case closed
    /// Display opened up to about 165°: keyboard usable.
    case laptop
    /// Opened about flat (180°).
    case flat
    /// Folded past flat with the keyboard facing away: tent, stand.
    case tent
    /// Folded back against the base (360°).
    case tablet
    /// No decision: no hinge, not started, never measurable yet.
    case unknown

    /// The keyboard faces away from the user: what `SW_TABLET_MODE` means to libinput.
    public var isTabletMode: Bool { self == .tent || self == .tablet }
}
