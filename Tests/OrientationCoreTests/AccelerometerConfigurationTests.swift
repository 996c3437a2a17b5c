import Testing
import OrientationCore

/// docs/sensor-inputs.md: where scale, offset, mount matrix and location come from.
@Suite struct AccelerometerConfigurationTests {
    static let polled: [String: String] = [
        "name": "accel_3d", "in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_z_raw": "0",
        "in_accel_scale": "0.01",
    ]

    func configure(_ attributes: [String: String], properties: [String: String] = [:]) throws -> AccelerometerConfiguration {
        try AccelerometerConfiguration(name: "iio:device0", property: { properties[$0] }, attribute: { attributes[$0] })
    }

    @Test func sharedScaleAndNoOffset() throws {
        let c = try configure(Self.polled)
        #expect(c.axes.map(\.scale) == [0.01, 0.01, 0.01])
        #expect(c.axes.map(\.offset) == [0, 0, 0])
        #expect(c.scaleSources == ["in_accel_scale", "in_accel_scale", "in_accel_scale"])
        #expect(c.mountMatrix == .identity && c.location == .display && !c.hasBuffer)
        #expect(c.gravity(raw: (0, -981, 0)) == Vector3(0, -9.81, 0))
    }

    @Test func perAxisScaleAndOffsetWin() throws {
        var a = Self.polled
        a["in_accel_y_scale"] = "0.02"
        a["in_accel_offset"] = "1"
        a["in_accel_z_offset"] = "-2"
        let c = try configure(a)
        #expect(c.axes.map(\.scale) == [0.01, 0.02, 0.01])
        #expect(c.axes.map(\.offset) == [1, 1, -2])
        #expect(c.scaleSources[1] == "in_accel_y_scale" && c.offsetSources[2] == "in_accel_z_offset")
        #expect(c.sensorFrame(raw: (99, 99, 102)) == Vector3(1, 2, 1))
    }

    @Test("the first mount matrix that parses wins; a bad one is noted", arguments: [
        ([:], ["mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, 1"], "sysfs mount_matrix", 0),
        (["ACCEL_MOUNT_MATRIX": "-1, 0, 0; 0, -1, 0; 0, 0, 1"], ["mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, 1"], "udev ACCEL_MOUNT_MATRIX", 0),
        (["ACCEL_MOUNT_MATRIX": "1, 0, 0; 0, 0, 0; 0, 0, 1"], ["in_accel_mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, 1"], "sysfs in_accel_mount_matrix", 1),
        ([:], ["in_accel_mount_matrix": "garbage", "in_mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, 1"], "sysfs in_mount_matrix", 1),
        (["ACCEL_MOUNT_MATRIX": "1, 0, 0"], [:], "identity (none given)", 1),
    ] as [([String: String], [String: String], String, Int)])
    func mountMatrixPrecedence(properties: [String: String], extra: [String: String], source: String, notes: Int) throws {
        let c = try configure(Self.polled.merging(extra) { $1 }, properties: properties)
        #expect(c.mountMatrixSource == source)
        #expect(c.notes.count == notes, "\(c.notes)")
    }

    @Test("location: udev, then label, then location, then display", arguments: [
        (["ACCEL_LOCATION": "base"], [:], AccelerometerLocation.base, "udev ACCEL_LOCATION"),
        ([:], ["label": "accel-base"], .base, "sysfs label"),
        ([:], ["label": "accel-display", "location": "base"], .display, "sysfs label"),
        ([:], ["location": "base"], .base, "sysfs location"),
        (["ACCEL_LOCATION": "lid"], ["label": "accel-base"], .base, "sysfs label"),
        ([:], [:], .display, "default"),
    ] as [([String: String], [String: String], AccelerometerLocation, String)])
    func location(properties: [String: String], extra: [String: String], expected: AccelerometerLocation, source: String) throws {
        let c = try configure(Self.polled.merging(extra) { $1 }, properties: properties)
        #expect(c.location == expected)
        #expect(c.locationSource == source)
    }

    @Test("bad calibration refuses the device with the reason", arguments: [
        (["in_accel_scale": "0"], "in_accel_scale \"0\": scale 0.0 is not positive"),
        (["in_accel_scale": "-0.5"], "scale -0.5 is not positive"),
        (["in_accel_scale": "NaN"], "in_accel_scale \"NaN\": not a decimal number"),
        (["in_accel_scale": ""], "in_accel_scale \"\": empty value"),
        (["in_accel_offset": "x"], "in_accel_offset \"x\": not a decimal number"),
    ])
    func refused(extra: [String: String], reason: String) {
        #expect {
            _ = try configure(Self.polled.merging(extra) { $1 })
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func missingScaleIsOneAndUnknown() throws {
        var a = Self.polled
        a["in_accel_scale"] = nil
        let c = try configure(a)
        #expect(c.axes.map(\.scale) == [1, 1, 1])
        #expect(!c.scaleKnown)
        #expect(c.notes.contains { $0.contains("scale 1") })
    }

    @Test func scaleOnOneAxisOnlyIsRefused() {
        var a = Self.polled
        a["in_accel_scale"] = nil
        a["in_accel_x_scale"] = "0.01"
        #expect(throws: AccelerometerConfiguration.Refusal.self) { try configure(a) }
    }

    @Test func notAnAccelerometer() {
        #expect(throws: AccelerometerConfiguration.Refusal.notAnAccelerometer) {
            try configure(["name": "als", "in_illuminance_raw": "5"])
        }
    }

    @Test func bufferedOnly() throws {
        var a: [String: String] = ["in_accel_scale": "0.01"]
        for axis in ["x", "y", "z"] { a["scan_elements/in_accel_\(axis)_en"] = "0" }
        #expect(try configure(a).hasBuffer)
    }
}
