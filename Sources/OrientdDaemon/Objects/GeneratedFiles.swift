import CallError
import OrientationCore
import Sensors
import Systemd

/// The files written from the daemon's declarations rather than by hand (`orientd --generate
/// DIR`, into DIR as the source tree holds them; a test compares them with the committed ones):
/// the D-Bus policy of `org.orientd.Orientation1` (every interface of its objects), the udev
/// rule that starts orientd for a device of a catalogued kind, and the docs table of the
/// catalogued kinds.
enum GeneratedFiles {
    static var all: [(name: String, text: String)] {
        [("dbus/org.orientd.Orientation1.conf", policy),
         ("udev/80-orientd-sensor-kinds.rules", udevRule),
         ("docs/sensor-kinds.md", docsTable)]
    }

    static var policy: String {
        let name = Contract.Orientation1.busName
        var interfaces: [String] = []
        for object in DaemonObjects.table where object.busName == name {
            for interface in object.interfaces where !interfaces.contains(interface.name) { interfaces.append(interface.name) }
        }
        interfaces += ["org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer"]
        let allows = interfaces.map { interface in
            "    <allow send_destination=\"\(name)\"\n           send_interface=\"\(interface)\"/>\n"
        }
        return """
            <?xml version="1.0"?>
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <!-- orientd: only root owns the name; everyone may call, read properties and receive signals.
                 Written by orientd from its objects (its generate option): do not edit. -->
            <busconfig>
              <policy user="root">
                <allow own="\(name)"/>
              </policy>
              <policy context="default">
            \(allows.joined())    <allow receive_sender="\(name)"/>
              </policy>
            </busconfig>

            """
    }

    static var udevRule: String {
        var text = """
            # orientd: start the service when a sensor of a kind it serves on an object of its own
            # appears (docs/sensor-kinds.md). Written by `orientd --generate` from the daemon's
            # catalogue of sensor kinds: do not edit. 80-orientd.rules covers accelerometers.

            ACTION=="remove", GOTO="orientd_sensor_kinds_end"

            """
        for entry in SensorKindCatalogue.entries {
            text += "# \(entry.name)\n"
            for attribute in entry.udevAttributes {
                text += "SUBSYSTEM==\"\(entry.subsystem)\", TEST==\"\(attribute)\", TAG+=\"systemd\", ENV{SYSTEMD_WANTS}+=\"orientd.service\"\n"
            }
        }
        return text + "\nLABEL=\"orientd_sensor_kinds_end\"\n"
    }

    static var docsTable: String {
        var text = """
            # Sensor kinds served on objects of their own

            Written by `orientd --generate .` from the daemon's catalogue of sensor kinds
            (`SensorKindCatalogue`): do not edit. Each kind is an object on the bus name
            `\(Contract.Orientation1.busName)` with one interface: `Has…` (a sensor is present; every
            client hears its changes), the reading in the unit below (0 before the first; only the
            callers holding a claim hear its changes), and `Claim…`/`Release…`: the sensor is read
            only while some caller claims it; a claim is per caller and idempotent, counted in the
            caller limits, and ends when the caller leaves the bus. A device with one of the sysfs
            attributes listed starts orientd (udev/80-orientd-sensor-kinds.rules); `orientctl
            sensors` lists the devices found and how each is read.

            | Kind | Interface | Object | Properties | Methods | Unit | Device (sysfs) |
            |------|-----------|--------|------------|---------|------|----------------|

            """
        for e in SensorKindCatalogue.entries {
            let attributes = e.udevAttributes.map { "`\($0)`" }.joined(separator: ", ")
            text += "| \(e.name) | `\(e.interface)` | `\(e.objectPath)` | `\(e.hasProperty)` b, `\(e.valueProperty)` d "
                + "| `\(e.claimMethod)`, `\(e.releaseMethod)` | \(e.unit) | \(e.subsystem): \(attributes) |\n"
        }
        return text
    }
}

extension Daemon {
    /// `orientd --generate DIR`: every generated file written below DIR (its directories must
    /// exist); 0, or 1 with the reason on stderr.
    public static func generate(_ directory: String) -> Int32 {
        for file in GeneratedFiles.all {
            do throws(CallError) {
                try writeFile(directory + "/" + file.name, file.text)
            } catch {
                Log.error("orientd: \(error) (--generate takes the source tree's directory)")
                return 1
            }
        }
        return 0
    }
}
