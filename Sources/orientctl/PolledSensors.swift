import Sensors
import Systemd

/// `orientctl sensors`: the ambient light and proximity sensors, their role and how the
/// compatibility interface (`--sensor-proxy-compat`) reads them.
enum PolledSensorListing {
    static func lines() -> [String] {
        let lights = PolledSensor<AmbientLight>.scan()
        let proximities = PolledSensor<Proximity>.scan()
        let chosenLight = lights.first { $0.kind != nil }?.syspath
        let chosenProximity = proximities.first { $0.kind != nil }?.syspath
        var out: [String] = []
        for light in lights {
            out.append(describe(light.sysname, role: "ambient light", used: light.syspath == chosenLight,
                                summary: light.kind?.summary, refusal: refusal(light.result)))
        }
        for proximity in proximities {
            out.append(describe(proximity.sysname, role: "proximity", used: proximity.syspath == chosenProximity,
                                summary: proximity.kind?.summary, refusal: refusal(proximity.result)))
        }
        return out
    }

    static func refusal<K>(_ result: Result<K, PolledSensorRefusal>) -> String? {
        if case .failure(let reason) = result { return reason.description }
        return nil
    }

    /// `servedOn`: where the sensor in use is served.
    static func describe(_ sysname: String, role: String, used: Bool, summary: String?, refusal: String?,
                         servedOn: String = "net.hadess.SensorProxy (--sensor-proxy-compat)") -> String {
        var lines = ["\(sysname)", "  role:               \(role)"]
        if let refusal {
            lines.append("  refused:            \(refusal)")
        } else {
            lines.append("  status:             \(used ? "served on \(servedOn)" : "not used (another \(role) sensor is)")")
            if let summary { lines.append("  read:               \(summary)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
