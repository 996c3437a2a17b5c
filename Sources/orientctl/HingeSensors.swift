import Sensors
import Systemd

/// `orientctl sensors`: the kernel hinge-angle sensors (cros-ec-lid-angle, the ISH hinge),
/// which orientd prefers to the two accelerometers for posture.
enum HingeSensorListing {
    static func found() -> [DiscoveredKernelHinge] { DiscoveredKernelHinge.scan() }

    static func lines(_ hinges: [DiscoveredKernelHinge]) -> [String] {
        let chosen = hinges.first { $0.hinge != nil }?.syspath
        var out: [String] = []
        for hinge in hinges {
            var lines = ["\(hinge.sysname)", "  role:               hinge angle"]
            switch hinge.result {
            case .failure(let refusal):
                lines.append("  refused:            \(refusal)")
            case .success(let description):
                lines.append("  status:             \(hinge.syspath == chosen ? "used for posture (preferred to the accelerometers)" : "not used (another hinge sensor is)")")
                lines.append("  read:               \(description.summary), polled every 500 ms at rest, 200 ms while orientation is generated")
                do {
                    let reading = try hinge.read()
                    lines.append("  reading:            \(description.attribute) \(reading.text): \(reading.degrees)°")
                } catch {
                    lines.append("  reading:            unavailable: \(error)")
                }
            }
            out.append(lines.joined(separator: "\n") + "\n")
        }
        return out
    }
}
