/// orientd's D-Bus contract (docs/dbus-api.md): the one copy of the names that the daemon,
/// `orientctl`, the tests and the benchmarks use.
public enum Contract {
    /// `org.orientd.Orientation1`: the device and screen orientation.
    public enum Orientation1 {
        public static let busName = "org.orientd.Orientation1"
        public static let objectPath = "/org/orientd/Orientation1"
        public static let interface = "org.orientd.Orientation1"
        public static let signal = "OrientationDidChange"
        public static let stringProperties = ["Orientation", "ScreenOrientation", "ScreenOrientationLock"]
        /// Properties of signature `as`.
        public static let stringArrayProperties = ["SupportedScreenOrientations"]
        public static let lockMethod = "LockScreenOrientation"
        public static let unlockMethod = "UnlockScreenOrientation"
        public static let readGravityMethod = "ReadGravity"
        /// The udev property on the accelerometer that names the supported screen orientations.
        public static let supportedOrientationsProperty = "ORIENTD_SUPPORTED_ORIENTATIONS"
        public static let boolProperties = ["IsGeneratingNotifications", "HasAccelerometer"]
    }

    /// `org.orientd.Posture1`: the hinge angle and posture of 2-in-1 devices (docs/posture.md),
    /// on the same object as `Orientation1`, under the same bus name.
    public enum Posture1 {
        public static let objectPath = Orientation1.objectPath
        public static let interface = "org.orientd.Posture1"
        public static let signal = "PostureDidChange"
    }

    /// `net.hadess.SensorProxy`: iio-sensor-proxy's interface, served for compatibility.
    public enum SensorProxy {
        public static let busName = "net.hadess.SensorProxy"
        public static let objectPath = "/net/hadess/SensorProxy"
        public static let interface = "net.hadess.SensorProxy"
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

    /// Error names of replies (docs/dbus-api.md says when each is sent).
    public enum ErrorName {
        public static let notGenerating = "org.orientd.Orientation1.Error.NotGenerating"
        public static let limitExceeded = "org.orientd.Orientation1.Error.LimitExceeded"
        public static let failed = "org.orientd.Orientation1.Error.Failed"
        public static let notLocked = "org.orientd.Orientation1.Error.NotLocked"
        public static let noOrientation = "org.orientd.Orientation1.Error.NoOrientation"
        public static let noSensor = "org.orientd.Orientation1.Error.NoSensor"
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    }
}
