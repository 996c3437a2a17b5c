/// orientd's D-Bus contract (docs/dbus-api.md, dbus/*.xml): the one copy of the names that the
/// daemon, `orientctl`, the tests and the benchmarks use. No bus service spells a name itself.
public enum Contract {
    /// `org.orientd.Orientation1`: the device and screen orientation.
    public enum Orientation1 {
        public static let busName = "org.orientd.Orientation1"
        public static let objectPath = "/org/orientd/Orientation1"
        public static let interface = "org.orientd.Orientation1"
        public static let signal = "OrientationDidChange"
        /// The signal's argument names (`ss`).
        public static let signalArguments = ["orientation", "previous"]
        public static let beginMethod = "BeginGeneratingNotifications"
        public static let endMethod = "EndGeneratingNotifications"
        /// `BeginGeneratingNotifications`'s result name.
        public static let beginResult = "orientation"
        public static let lockMethod = "LockScreenOrientation"
        /// `LockScreenOrientation`'s argument name.
        public static let lockArgument = "orientation"
        public static let unlockMethod = "UnlockScreenOrientation"
        public static let readGravityMethod = "ReadGravity"
        /// `ReadGravity`'s result names (`ddd`).
        public static let readGravityResults = ["x", "y", "z"]
        public static let orientation = "Orientation"
        public static let screenOrientation = "ScreenOrientation"
        public static let screenOrientationLock = "ScreenOrientationLock"
        public static let supportedScreenOrientations = "SupportedScreenOrientations"
        public static let isGeneratingNotifications = "IsGeneratingNotifications"
        public static let hasAccelerometer = "HasAccelerometer"
        public static let stringProperties = [orientation, screenOrientation, screenOrientationLock]
        /// Properties of signature `as`.
        public static let stringArrayProperties = [supportedScreenOrientations]
        public static let boolProperties = [isGeneratingNotifications, hasAccelerometer]
    }

    /// The udev properties orientd reads from devices (udev/, docs/); a contract with hwdb
    /// and udev rules, not with bus clients.
    public enum Udev {
        /// On the display accelerometer: the screen orientations it may take.
        public static let supportedOrientations = "ORIENTD_SUPPORTED_ORIENTATIONS"
    }

    /// `org.orientd.Posture1`: the hinge angle and posture of 2-in-1 devices (docs/posture.md),
    /// on the same object as `Orientation1`, under the same bus name.
    public enum Posture1 {
        public static let objectPath = Orientation1.objectPath
        public static let interface = "org.orientd.Posture1"
        public static let signal = "PostureDidChange"
        /// The signal's argument names (`ss`).
        public static let signalArguments = ["posture", "previous"]
        public static let hasHinge = "HasHinge"
        public static let hingeAngle = "HingeAngle"
        public static let posture = "Posture"
        public static let tabletMode = "TabletMode"
        /// `HingeAngle` while the angle cannot be measured.
        public static let noHingeAngle: Double = -1
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
        /// The bus's answers to a call for a name nobody owns (orientd is not running).
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
    }

    /// logind (`org.freedesktop.login1`), whose sleep signal and lid switch orientd follows.
    public enum Logind {
        public static let busName = "org.freedesktop.login1"
        public static let objectPath = "/org/freedesktop/login1"
        public static let manager = "org.freedesktop.login1.Manager"
        public static let prepareForSleep = "PrepareForSleep"
        public static let inhibit = "Inhibit"
        public static let lidClosed = "LidClosed"
    }

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

    /// The bus itself (`org.freedesktop.DBus`) and its standard properties interface.
    public enum DBus {
        public static let busName = "org.freedesktop.DBus"
        public static let objectPath = "/org/freedesktop/DBus"
        public static let interface = "org.freedesktop.DBus"
        public static let nameOwnerChanged = "NameOwnerChanged"
        public static let properties = "org.freedesktop.DBus.Properties"
        public static let propertiesChanged = "PropertiesChanged"
    }
}
