/// The edge-up orientations a device's screen may take (docs/dbus-api.md,
/// `SupportedScreenOrientations`), from the udev property `ORIENTD_SUPPORTED_ORIENTATIONS` or
/// `--supported-orientations`: names separated by `;` or `,`, blanks allowed around them, one
/// trailing separator allowed (desktop-entry lists end in `;`). Example: `portrait;
/// landscapeLeft; landscapeRight` for a device whose screen must never be upside down.
///
/// Malformed values are rejected with the reason, for the daemon to log and use all four.
/// A name listed twice is an error too: the list then is not what its author meant (a typo of
/// another name is the usual cause), and silently accepting it could hide the mistake.
public struct SupportedOrientations: Equatable, Sendable, CustomStringConvertible {
    /// In the order of `Orientation.poses`, whatever the order of the text.
    public let orientations: [Orientation]

    public static let all = SupportedOrientations(unchecked: Orientation.poses.filter { $0.isEdgeUp })

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String {
            "supported orientations \"\(DecimalNumber.ParseError.printable(text))\": \(reason)"
        }
    }

    private init(unchecked orientations: [Orientation]) { self.orientations = orientations }

    public init(parsing text: String) throws(ParseError) {
        func fail(_ reason: String) -> ParseError { ParseError(text: text, reason: reason) }
        var items = DecimalNumber.trimBlanks(text).utf8
            .split(omittingEmptySubsequences: false) { $0 == 0x3b || $0 == 0x2c }  // ; ,
            .map { DecimalNumber.trimBlanks(Substring($0)) }
        if items.count > 1, items.last!.isEmpty { items.removeLast() }
        guard items != [""] else { throw fail("empty: name at least one of \(Self.validNames)") }
        var chosen: [Orientation] = []
        for (index, item) in items.enumerated() {
            guard !item.isEmpty else { throw fail("item \(index + 1) is empty") }
            guard let orientation = Orientation(rawValue: String(item)) else {
                throw fail("unknown name \"\(DecimalNumber.ParseError.printable(String(item)))\": expected \(Self.validNames)")
            }
            guard orientation.isEdgeUp else {
                throw fail("\(orientation.rawValue) is not an edge-up orientation: expected \(Self.validNames)")
            }
            guard !chosen.contains(orientation) else { throw fail("\(orientation.rawValue) is listed twice") }
            chosen.append(orientation)
        }
        orientations = Orientation.poses.filter(chosen.contains)
    }

    public func contains(_ orientation: Orientation) -> Bool { orientations.contains(orientation) }

    /// The names, `;`-separated: the form the parser reads.
    public var description: String { orientations.map { $0.rawValue }.joined(separator: ";") }

    private static var validNames: String {
        all.orientations.map { $0.rawValue }.joined(separator: ", ")
    }
}
