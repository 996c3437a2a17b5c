extension Contract {
    /// `org.orientd.Pressure1`: the pressure sensor (barometer), on an object of its own under
    /// orientd's bus name (dbus/org.orientd.Pressure1.xml, docs/sensor-kinds.md).
    public enum Pressure1 {
        public static let busName = Orientation1.busName
        public static let objectPath = "/org/orientd/Pressure1"
        public static let interface = "org.orientd.Pressure1"
        public static let hasPressure = "HasPressure"
        /// kPa, the unit of the kernel's IIO ABI.
        public static let pressure = "Pressure"
        public static let claimPressure = "ClaimPressure"
        public static let releasePressure = "ReleasePressure"
    }
}
