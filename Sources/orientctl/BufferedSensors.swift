import Sensors
import Systemd

/// `orientctl sensors`: the buffered compass and ambient light sensors, their role and how
/// the compatibility interface (`--sensor-proxy-compat`) reads them.
enum BufferedSensorListing {
    /// `polledLightInUse`: a polled light sensor is served, so a buffered one is not (the
    /// daemon prefers the polled one, as iio-sensor-proxy does).
    static func lines(polledLightInUse: Bool) -> [String] {
        let compasses = BufferedSensor<Compass>.scan()
        let lights = BufferedSensor<BufferedAmbientLight>.scan()
        let chosenCompass = compasses.first { $0.kind != nil }?.syspath
        let chosenLight = polledLightInUse ? nil : lights.first { $0.kind != nil }?.syspath
        var out: [String] = []
        for compass in compasses {
            out.append(describe(compass.sysname, role: Compass.role, used: compass.syspath == chosenCompass,
                                other: "another compass is", summary: compass.kind?.summary, result: compass.result))
        }
        for light in lights {
            out.append(describe(light.sysname, role: BufferedAmbientLight.role, used: light.syspath == chosenLight,
                                other: polledLightInUse ? "a polled ambient light sensor is" : "another ambient light sensor is",
                                summary: light.kind?.summary, result: light.result))
        }
        return out
    }

    private static func describe<K>(_ sysname: String, role: String, used: Bool, other: String, summary: String?,
                                    result: Result<K, PolledSensorRefusal>) -> String {
        var lines = ["\(sysname)", "  role:               \(role)"]
        if case .failure(let refusal) = result {
            lines.append("  refused:            \(refusal)")
        } else {
            lines.append("  status:             \(used ? "served on net.hadess.SensorProxy (--sensor-proxy-compat)" : "not used (\(other))")")
            if let summary { lines.append("  read:               \(summary)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
