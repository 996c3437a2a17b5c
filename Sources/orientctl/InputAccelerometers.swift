import OrientationCore
import Sensors

/// `orientctl sensors`: the accelerometers that are input devices, whether orientd would read
/// one and why, with its units, mount matrix and a reading.
enum InputAccelerometerListing {
    /// `iioDisplay`: the IIO display accelerometer orientd uses instead, if any.
    static func lines(iioDisplay: String?) -> [String] {
        let found = InputAccelerometerDiscovery.scan()
        let chosen = InputAccelerometerDiscovery.select(found) { _, _ in }
        return found.map { describe($0, chosen: chosen?.syspath == $0.syspath, iioDisplay: iioDisplay) }
    }

    private static func describe(_ a: DiscoveredInputAccelerometer, chosen: Bool, iioDisplay: String?) -> String {
        var lines = ["\(a.label)", "  kind:               input accelerometer (udev ID_INPUT_ACCELEROMETER=1)"]
        guard let c = a.configuration else {
            if case .failure(let refusal) = a.result { lines.append("  refused:            \(refusal)") }
            return lines.joined(separator: "\n") + "\n"
        }
        let status = c.location == .base ? "base accelerometer (\(c.locationSource)), not used"
            : !chosen ? "not used (another input accelerometer is)"
            : iioDisplay.map { "not used (the IIO display accelerometer \($0) is)" }
            ?? "used for orientation (no IIO display accelerometer)"
        lines += [
            "  status:             \(status)",
            "  node:               \(a.devnode ?? "none")",
            "  location:           \(c.location.rawValue) (\(c.locationSource))",
            "  mount matrix:       \(c.mountMatrix) (\(c.mountMatrixSource))",
        ]
        lines += c.notes.map { "  note:               \($0)" }
        do {
            let opened = try OpenInputAccelerometer(a)
            let raw = opened.raw
            lines.append("  units:              \(opened.units.countsPerG) counts per g (\(opened.units.source))")
            if let note = opened.units.note { lines.append("  note:               \(note)") }
            lines.append("  raw:                (\(raw.0), \(raw.1), \(raw.2))")
            lines.append("  reading:            sensor frame \(format(opened.sensorFrame(raw))) m/s², device frame \(format(opened.gravity(raw))) m/s²")
        } catch {
            lines.append("  reading:            unavailable: \(error)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ v: Vector3) -> String {
        func f(_ x: Double) -> String {
            let s = fixed(x, digits: 2)
            return s == "-0.00" ? "0.00" : s
        }
        return "(\(f(v.x)), \(f(v.y)), \(f(v.z)))"
    }
}
