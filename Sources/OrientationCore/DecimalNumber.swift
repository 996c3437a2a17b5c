/// Locale-independent parsing of the numbers found in sysfs attributes, udev properties and
/// traces. Only plain decimal notation is accepted: `[+-]digits[.digits][e[+-]digits]`,
/// surrounded by optional blanks (sysfs values end in a newline). Swift's `Double(_:)` never
/// consults the C locale, and the grammar check rejects what it would otherwise accept
/// (`nan`, `inf`, hexadecimal floats), so a comma-decimal locale cannot change a reading.
public enum DecimalNumber {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "\"\(Self.printable(text))\": \(reason)" }

        static func printable(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars.prefix(40) {
                out += scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7f
                    ? String(scalar) : scalar.escaped(asASCII: true)
            }
            return text.unicodeScalars.count > 40 ? out + "…" : out
        }
    }

    /// A finite decimal number.
    public static func parseDouble<S: StringProtocol>(_ text: S) throws(ParseError) -> Double {
        let trimmed = trimBlanks(text)
        guard isDecimal(trimmed.utf8, allowFraction: true) else {
            throw ParseError(text: String(text), reason: trimmed.isEmpty ? "empty value" : "not a decimal number")
        }
        guard let value = Double(String(trimmed)), value.isFinite else {
            throw ParseError(text: String(text), reason: "out of range")
        }
        return value
    }

    /// A whole number that fits in 64 bits (raw sensor counts).
    public static func parseInteger<S: StringProtocol>(_ text: S) throws(ParseError) -> Int64 {
        let trimmed = trimBlanks(text)
        guard isDecimal(trimmed.utf8, allowFraction: false) else {
            throw ParseError(text: String(text), reason: trimmed.isEmpty ? "empty value" : "not an integer")
        }
        guard let value = Int64(String(trimmed)) else {
            throw ParseError(text: String(text), reason: "out of range")
        }
        return value
    }

    /// Drops blanks (space, tab, CR, LF) at both ends. Works on UTF-8 bytes: no Unicode
    /// tables are touched, which keeps the daemon's resident memory down.
    static func trimBlanks<S: StringProtocol>(_ text: S) -> Substring {
        let whole = Substring(text)
        let bytes = whole.utf8
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d }
        var start = bytes.startIndex, end = bytes.endIndex
        while start != end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end != start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return whole[start..<end]
    }

    private static func isDecimal<C: Collection>(_ bytes: C, allowFraction: Bool) -> Bool where C.Element == UInt8 {
        var i = bytes.startIndex
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func skipDigits() -> Int {
            var n = 0
            while i != bytes.endIndex, isDigit(bytes[i]) { i = bytes.index(after: i); n += 1 }
            return n
        }
        if i != bytes.endIndex, bytes[i] == 0x2b || bytes[i] == 0x2d { i = bytes.index(after: i) }  // + -
        var digits = skipDigits()
        if allowFraction, i != bytes.endIndex, bytes[i] == 0x2e {  // .
            i = bytes.index(after: i)
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if allowFraction, i != bytes.endIndex, bytes[i] == 0x65 || bytes[i] == 0x45 {  // e E
            i = bytes.index(after: i)
            if i != bytes.endIndex, bytes[i] == 0x2b || bytes[i] == 0x2d { i = bytes.index(after: i) }
            guard skipDigits() > 0 else { return false }
        }
        return i == bytes.endIndex
    }
}
