/// The notes each introspection file in dbus/ opens with (`orientd --bus-introspect` writes
/// them from the declarations): what a member means beyond its signature.
enum InterfaceNotes {
    static let orientation1 = """
          org.orientd.Orientation1 at /org/orientd/Orientation1 on the system bus.

          Orientation: portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp,
            faceDown or unknown. While nobody generates notifications, a read answers from a fresh
            one-shot reading of the sensor.
          ScreenOrientation: the interface orientation: the orientation of the lock in force, else an
            edge-up orientation in SupportedScreenOrientations held steadily for the screen dwell;
            unknown before the first.
          IsGeneratingNotifications: true while at least one Begin is outstanding.
          HasAccelerometer: a display accelerometer is bound.
          BeginGeneratingNotifications: counted per caller and nested; starts the sensor; replies
            with the orientation once the classifier has its first answer (at most 1 s, then
            unknown). Errors: org.orientd.Orientation1.Error.LimitExceeded.
          EndGeneratingNotifications: drops one of the caller's references.
            Errors: org.orientd.Orientation1.Error.NotGenerating.
          OrientationDidChange: on every change of Orientation, after PropertiesChanged.
          ReadGravity: the gravity vector in m/s² in the device frame: the newest sample while
            generating, else a fresh one-shot reading. Errors: org.orientd.Orientation1.Error.NoSensor.
          LockScreenOrientation: locks ScreenOrientation to an edge-up orientation in
            SupportedScreenOrientations ("" = the current ScreenOrientation); one lock per caller, the
            most recent in force, released when the caller leaves the bus.
            Errors: org.orientd.Orientation1.Error.NoOrientation, org.freedesktop.DBus.Error.InvalidArgs,
            org.orientd.Orientation1.Error.LimitExceeded.
          UnlockScreenOrientation: drops the caller's lock.
            Errors: org.orientd.Orientation1.Error.NotLocked.
          ScreenOrientationLock: "" while unlocked, else the orientation the screen is locked to.
          SupportedScreenOrientations: the edge-up orientations the screen may take (udev property
            ORIENTD_SUPPORTED_ORIENTATIONS, else the daemon option, else all four).
          All properties emit org.freedesktop.DBus.Properties.PropertiesChanged with their value.
        """

    static let posture1 = """
          org.orientd.Posture1 at /org/orientd/Orientation1 on the system bus (bus name
          org.orientd.Orientation1), beside org.orientd.Orientation1. docs/posture.md is the contract.

          HasHinge: a hinge angle can be measured: a display and a base accelerometer are bound.
          HingeAngle: degrees in [0, 360] (0 closed, 180 flat, 360 folded into a tablet); -1 while it
            cannot be measured (no hinge, hinge axis near vertical, moving, not started). Announced
            when it moved by 5 degrees or more, or together with a posture change.
          Posture: closed, laptop, flat, tent, tablet or unknown.
          TabletMode: the keyboard faces away (Posture is tent or tablet): what SW_TABLET_MODE means.
          PostureDidChange: on every change of Posture, after PropertiesChanged.
          All properties emit org.freedesktop.DBus.Properties.PropertiesChanged with their value.
        """

    static let sensorProxy = """
          net.hadess.SensorProxy at /net/hadess/SensorProxy and net.hadess.SensorProxy.Compass at
          /net/hadess/SensorProxy/Compass on the system bus (bus name net.hadess.SensorProxy), served
          with the compatibility option (`sensor-proxy-compat`): iio-sensor-proxy 3.0's names, values
          and units. docs/dbus-api.md is the contract.

          Claim*/Release*: the sensor is read only while at least one caller claims it; claims are
            idempotent per caller and released when the caller leaves the bus; releasing without a
            claim is not an error. After the last release nothing is read or announced.
          AccelerometerOrientation: normal, bottom-up, left-up, right-up or undefined.
          AccelerometerTilt: vertical, tilted-up, tilted-down, face-up, face-down or undefined.
          LightLevelUnit: lux or vendor. LightLevel: in that unit.
          CompassHeading: degrees from magnetic north; 0 before the first reading.
          All properties emit org.freedesktop.DBus.Properties.PropertiesChanged with their value.
        """
}
