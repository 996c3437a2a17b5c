extension Contract {
    /// `net.hadess.SensorProxy`: iio-sensor-proxy's interface, served for compatibility
    /// (dbus/net.hadess.SensorProxy.xml).
    public enum SensorProxy {
        public static let busName = "net.hadess.SensorProxy"
        public static let objectPath = "/net/hadess/SensorProxy"
        public static let interface = "net.hadess.SensorProxy"
        public static let claimAccelerometer = "ClaimAccelerometer"
        public static let releaseAccelerometer = "ReleaseAccelerometer"
        public static let hasAccelerometer = "HasAccelerometer"
        public static let accelerometerOrientation = "AccelerometerOrientation"
        public static let accelerometerTilt = "AccelerometerTilt"
        public static let claimLight = "ClaimLight"
        public static let releaseLight = "ReleaseLight"
        public static let hasAmbientLight = "HasAmbientLight"
        public static let lightLevelUnit = "LightLevelUnit"
        public static let lightLevel = "LightLevel"
        public static let claimProximity = "ClaimProximity"
        public static let releaseProximity = "ReleaseProximity"
        public static let hasProximity = "HasProximity"
        public static let proximityNear = "ProximityNear"

        public static let compassPath = "/net/hadess/SensorProxy/Compass"
        public static let compassInterface = "net.hadess.SensorProxy.Compass"
        public static let hasCompass = "HasCompass"
        /// Degrees from magnetic north, `d`.
        public static let compassHeading = "CompassHeading"
        public static let claimCompass = "ClaimCompass"
        public static let releaseCompass = "ReleaseCompass"
        /// `CompassHeading` before the first reading (and without a compass): 0, what
        /// iio-sensor-proxy 3.0 answers then (measured); `HasCompass` tells it from north.
        public static let noHeading = 0.0
    }
}
