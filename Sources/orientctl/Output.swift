import CLibc

/// Unbuffered, so a pipe sees each change as it happens.
func writeLine(_ text: String) {
    writeAll(1, text + "\n")
}

/// Standard error, unbuffered.
func writeError(_ text: String) {
    writeAll(2, text)
}

func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && orientd_errno() == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// `x` with `digits` decimals, as printf's `%.Nf` writes it: ties to even, `-0.00` for a small
/// negative number.
func fixed(_ x: Double, digits: Int) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let exact = abs(x) * scale
    // round(), then ties back to even (rint is not in the Embedded build's C shims).
    let scaled = exact.rounded()
    guard scaled < 9e18 else { return String(x) }
    var units = UInt64(scaled)
    if scaled - exact == 0.5 && units & 1 == 1 { units -= 1 }
    let whole = String(units / UInt64(scale))
    let fraction = String(units % UInt64(scale))
    let sign = x.sign == .minus ? "-" : ""
    guard digits > 0 else { return sign + whole }
    return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// Local time with milliseconds, ISO 8601 (`2026-11-25T20:41:07.123+01:00`; `Z` at UTC).
func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var seconds = now.tv_sec
    var local = tm()
    localtime_r(&seconds, &local)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let ms = Int(now.tv_nsec / 1_000_000)
    let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    var zone = "Z"
    if local.tm_gmtoff != 0 {
        let minutes = abs(local.tm_gmtoff) / 60
        zone = (local.tm_gmtoff < 0 ? "-" : "+") + two(Int32(minutes / 60)) + ":" + two(Int32(minutes % 60))
    }
    return "\(local.tm_year + 1900)-\(two(local.tm_mon + 1))-\(two(local.tm_mday))T"
        + "\(two(local.tm_hour)):\(two(local.tm_min)):\(two(local.tm_sec)).\(msText)\(zone)"
}
