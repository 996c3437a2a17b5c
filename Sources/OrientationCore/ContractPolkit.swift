extension Contract {
    /// polkit (`org.freedesktop.PolicyKit1`), which decides who may claim the compass
    /// (docs/dbus-api.md), and the action orientd asks about: iio-sensor-proxy's.
    public enum Polkit {
        public static let busName = "org.freedesktop.PolicyKit1"
        public static let objectPath = "/org/freedesktop/PolicyKit1/Authority"
        public static let interface = "org.freedesktop.PolicyKit1.Authority"
        public static let checkAuthorization = "CheckAuthorization"
        /// A caller named by its unique bus name: subject kind and its detail key.
        public static let subjectKind = "system-bus-name"
        public static let subjectKey = "name"
        /// The action iio-sensor-proxy 3.5 and later ask about before a claim
        /// (dbus/net.hadess.SensorProxy.policy).
        public static let claimSensor = "net.hadess.SensorProxy.claim-sensor"
        /// The reply to a claim polkit does not authorize.
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// The user that may claim the compass without asking polkit (geoclue, which hands
        /// headings to applications; iio-sensor-proxy's bus policy gave it the compass).
        public static let trustedUserName = "geoclue"
    }
}
