import OrientationCore
import Sensors
import Systemd

/// What the daemon would find: every IIO accelerometer, its configuration and where each
/// value came from, and a reading before and after the mount matrix.
struct Sensors {
    static let spec = CommandSpec(name: "sensors", abstract: "List the IIO accelerometers and how orientd reads them.")

    func run() {
        // Discovery logs what it passes over; on a terminal, without journald's prefixes.
        Log.priorityPrefixes = false
        let found = AccelerometerDiscovery.scan()
        if found.isEmpty { writeLine("no IIO accelerometer found") }
        let chosen = AccelerometerDiscovery.select(found, pin: nil)
        let base = AccelerometerDiscovery.select(found, pin: nil, location: .base)
        let hinges = HingeSensorListing.found()
        // A usable kernel hinge sensor gives posture; the base accelerometer is then not used.
        let kernelHinge = hinges.contains { $0.hinge != nil }
        for accelerometer in found {
            writeLine(describe(accelerometer, chosen: chosen?.syspath == accelerometer.syspath,
                               base: base?.syspath == accelerometer.syspath && chosen != nil, kernelHinge: kernelHinge))
        }
        for line in InputAccelerometerListing.lines(iioDisplay: chosen?.sysname) { writeLine(line) }
        for line in HingeSensorListing.lines(hinges) { writeLine(line) }
        for line in PolledSensorListing.lines() { writeLine(line) }
        for line in InputProximityListing.lines() { writeLine(line) }
        for line in CataloguedSensorListing.lines() { writeLine(line) }
        let polledLight = PolledSensor<AmbientLight>.scan().contains { $0.kind != nil }
        for line in BufferedSensorListing.lines(polledLightInUse: polledLight) { writeLine(line) }
    }

    private func describe(_ a: DiscoveredAccelerometer, chosen: Bool, base: Bool, kernelHinge: Bool) -> String {
        guard let c = a.configuration else {
            if case .failure(let refusal) = a.result { return "\(a.sysname)\n  refused: \(refusal)\n" }
            return "\(a.sysname)\n"
        }
        let status = chosen ? "used for orientation"
            : base && kernelHinge ? "base accelerometer, not used (the kernel's hinge sensor gives the hinge angle)"
            : base ? "base accelerometer, used for posture (hinge angle with the display one)"
            : (c.location == .base ? "base accelerometer, not used" : "not used (another display accelerometer is)")
        func axes(_ values: [Double], _ sources: [String]) -> String {
            zip(AccelerometerConfiguration.axisNames, zip(values, sources)).map { "\($0) \($1.0) (\($1.1))" }.joined(separator: ", ")
        }
        var lines = [
            "\(a.sysname) (\(c.name))",
            "  status:             \(status)",
            "  location:           \(c.location.rawValue) (\(c.locationSource))",
            "  mode:               \(mode(a, c))",
            "  motion detector:    \(a.motionDetector.isEmpty ? "none" : a.motionDetector.joined(separator: ", "))",
            "  sampling frequency: \(a.samplingFrequency.map { "\($0) Hz" } ?? "not given")",
            "  scale:              \(axes(c.axes.map { $0.scale }, c.scaleSources))",
            "  offset:             \(axes(c.axes.map { $0.offset }, c.offsetSources))",
            "  mount matrix:       \(c.mountMatrix) (\(c.mountMatrixSource))",
        ]
        lines += c.notes.map { "  note:               \($0)" }
        do {
            let raw = try AccelerometerDiscovery.readRaw(a)
            lines.append("  raw:                (\(raw.0), \(raw.1), \(raw.2))")
            lines.append("  reading:            sensor frame \(format(c.sensorFrame(raw: raw))) m/s², device frame \(format(c.gravity(raw: raw))) m/s²")
            if let line = lengthNote(c, c.gravity(raw: raw)) { lines.append(line) }
        } catch {
            lines.append("  reading:            unavailable: \(error)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A reading whose length is not g's (no scale, or a wrong one): what the daemon makes of it.
    private func lengthNote(_ c: AccelerometerConfiguration, _ v: Vector3) -> String? {
        let p = SteadyLengthScale.Parameters()
        let length = v.magnitude
        guard length.isFinite, length > 0 else { return nil }
        let ratio = length / standardGravity
        guard !c.scaleKnown || ratio > p.trustedRatio || ratio < 1 / p.trustedRatio else { return nil }
        return "  length:             \(fixed(length, digits: 2)) m/s² at this reading; the daemon takes a steady reading as g "
            + "(a scale of \(c.axes[0].scale / ratio) would give it) and tells the orientation by direction"
    }

    /// How it is read, and why (a rule's mark, a buffer without raw attributes).
    private func mode(_ a: DiscoveredAccelerometer, _ c: AccelerometerConfiguration) -> String {
        if a.isBuffered {
            let only = c.hasRawAttributes ? "" : ", buffer only: no in_accel_*_raw"
            let trigger = a.device.attribute("trigger/current_trigger") == nil ? ", no trigger (hardware FIFO)" : ""
            return "buffered (\(a.devnode ?? "")\(only)\(trigger))"
        }
        if a.polledByRule, let mark = a.proxyType { return "polled (\(mark))" }
        return "polled"
    }

    private func format(_ v: Vector3) -> String {
        func f(_ x: Double) -> String {
            let s = fixed(x, digits: 2)
            return s == "-0.00" ? "0.00" : s
        }
        return "(\(f(v.x)), \(f(v.y)), \(f(v.z)))"
    }
}
