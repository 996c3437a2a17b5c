import Sensors

/// `orientctl sensors`: proximity sensors that are input devices (a SW_FRONT_PROXIMITY switch),
/// which the compatibility interface serves when no IIO proximity sensor is present.
enum InputProximityListing {
    static func lines() -> [String] {
        let iioProximity = PolledSensor<Proximity>.scan().contains { $0.kind != nil }
        let found = InputProximityDiscovery.scan()
        return found.enumerated().map { index, proximity in
            let status = iioProximity ? "not used (an IIO proximity sensor comes first)"
                : index == 0 ? "served on net.hadess.SensorProxy (--sensor-proxy-compat), opened while claimed"
                : "not used (another proximity switch is)"
            return [
                proximity.label,
                "  role:               proximity",
                "  status:             \(status)",
                "  read:               \(proximity.devnode): the front proximity switch (SW_FRONT_PROXIMITY) of an input device, its state at open, then its events",
            ].joined(separator: "\n") + "\n"
        }
    }
}
