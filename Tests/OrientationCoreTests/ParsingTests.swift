import Glibc
import Testing
import OrientationCore

@Suite struct MountMatrixTests {
    @Test func identity() throws {
        let m = try MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1")
        #expect(m == .identity)
        #expect(m.apply(Vector3(1, 2, 3)) == Vector3(1, 2, 3))
    }

    @Test func rotations() throws {
        // 90° about z: sensor x becomes device y.
        let r90 = try MountMatrix(parsing: "0,-1,0;1,0,0;0,0,1")
        #expect(r90.apply(Vector3(1, 2, 3)) == Vector3(-2, 1, 3))
        // 180° about z, written with spaces and a trailing newline as sysfs gives it.
        let r180 = try MountMatrix(parsing: "-1, 0, 0; 0, -1, 0; 0, 0, 1\n")
        #expect(r180.apply(Vector3(1, 2, 3)) == Vector3(-1, -2, 3))
        // A sensor mounted at 60° about z, written with decimals.
        let fractional = try MountMatrix(parsing: "0.5, -0.8660254, 0; 0.8660254, 0.5, 0; 0, 0, -1.0")
        let turned = fractional.apply(Vector3(2, 0, 2))
        #expect(abs(turned.x - 1) < 1e-9 && abs(turned.y - 1.7320508) < 1e-6 && turned.z == -2)
    }

    @Test("malformed matrices are rejected with the reason", arguments: [
        ("0, 0, 0; 0, 1, 0; 0, 0, 1", "row 1 is zero"),
        ("1, 0, 0; 0, 1, 0", "expected 3 rows"),
        ("1, 0; 0, 1, 0; 0, 0, 1", "row 1 has 2 elements"),
        ("1, 0, 0; 0, 1, 0; 0, 0, 1, 0", "row 3 has 4 elements"),
        ("1, 0, 0; 0, nan, 0; 0, 0, 1", "row 2"),
        ("1, 0, 0; 0, 1, 0; 0, 0, 1e999", "out of range"),
        ("", "expected 3 rows"),
        ("garbage", "expected 3 rows"),
        ("1,0,0;0,1,0;0,0,x", "not a decimal number"),
        // Singular: Debian 12's 60-sensor.hwdb holds these two; they flatten gravity.
        ("1, 0, 0; 0, -1, 0; 1, 0, 0", "determinant 0.0 is not ±1"),
        ("0,1,0;-1,0,0;-1,0,0", "determinant 0.0 is not ±1"),
        // Scaling is not turning: gravity would no longer have the length g.
        ("0.5, 0, 0; 0, 1, 0; 0, 0, 1", "determinant 0.5 is not ±1"),
        ("2, 0, 0; 0, 1, 0; 0, 0, 1", "determinant 2.0 is not ±1"),
    ])
    func malformed(text: String, reason: String) {
        #expect {
            _ = try MountMatrix(parsing: text)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}

@Suite struct DecimalNumberTests {
    @Test func accepted() throws {
        #expect(try DecimalNumber.parseDouble("0.009576806640625\n") == 0.009576806640625)
        #expect(try DecimalNumber.parseDouble(" -1.5e-3 ") == -0.0015)
        #expect(try DecimalNumber.parseDouble("42") == 42)
        #expect(try DecimalNumber.parseInteger("-2048\n") == -2048)
        #expect(try DecimalNumber.parseInteger("9223372036854775807") == Int64.max)
    }

    @Test("garbage is an error, never a silent zero", arguments: [
        "", "\n", "abc", "1,5", "nan", "inf", "0x10", "1.2.3", "--1", "1e", " 12 34", "١٢",
    ])
    func rejected(text: String) {
        #expect(throws: DecimalNumber.ParseError.self) { try DecimalNumber.parseDouble(text) }
    }

    @Test func integerOverflowIsAnError() {
        #expect(throws: DecimalNumber.ParseError.self) { try DecimalNumber.parseInteger("9223372036854775808") }
        #expect(throws: DecimalNumber.ParseError.self) { try DecimalNumber.parseInteger("1.5") }
    }

    @Test("a comma-decimal locale does not change parsing")
    func commaLocale() throws {
        // scripts/test generates de_DE.UTF-8; without it this test cannot prove anything.
        let previous = String(cString: setlocale(LC_ALL, nil))
        defer { setlocale(LC_ALL, previous) }
        let set = setlocale(LC_ALL, "de_DE.UTF-8")
        try #require(set != nil, "locale de_DE.UTF-8 is not installed (scripts/test generates it)")
        // The locale is active: C's strtod now stops at the '.'.
        #expect(strtod("1.5", nil) == 1)
        #expect(try DecimalNumber.parseDouble("1.5") == 1.5)
        #expect(throws: DecimalNumber.ParseError.self) { try DecimalNumber.parseDouble("1,5") }
        #expect(try MountMatrix(parsing: "0.5, 0.8660254, 0; -0.8660254, 0.5, 0; 0, 0, 1").apply(Vector3(2, 0, 0)).x == 1)
        let samples = try Trace.parse("t_ms,x,y,z\n10,0.5,-9.8,0.25\n", source: "t")
        #expect(samples == [Sample(timeMs: 10, 0.5, -9.8, 0.25)])
    }
}

@Suite struct CalibrationTests {
    @Test func conversion() throws {
        let axis = try AxisCalibration(scale: 0.01, offset: 2)
        #expect(axis.convert(98) == 1.0)
        // The extremes keep their sign and do not trap.
        let unit = try AxisCalibration(scale: 1)
        #expect(unit.convert(Int64.max) > 0)
        #expect(unit.convert(Int64.min) < 0)
        #expect(unit.convert(2_147_483_647) == 2_147_483_647)
    }

    @Test("bad scales are refused", arguments: [0.0, -0.0098, .nan, .infinity])
    func badScale(scale: Double) {
        #expect(throws: AxisCalibration.Problem.self) { try AxisCalibration(scale: scale) }
    }
}

@Suite struct TraceTests {
    @Test func parsesCorpusFormat() throws {
        let text = "# comment\nt_ms,x,y,z\n\n20,1.0056,8.7819,3.0550\r\n40,-1,-2,-3\n"
        let samples = try Trace.parse(text, source: "a.csv")
        #expect(samples == [Sample(timeMs: 20, 1.0056, 8.7819, 3.0550), Sample(timeMs: 40, -1, -2, -3)])
    }

    @Test("malformed lines name the file and line", arguments: [
        ("t_ms,x,y,z\n10,1,2,3\n20,1,2\n", "a.csv:3: expected 4 fields"),
        ("10,1,2,3\n20,1,two,3\n", "a.csv:2: \"two\": not a decimal number"),
        ("10,1,2,3\n5,1,2,3\n", "a.csv:2: time goes backwards"),
        ("time,x,y,z\n", "a.csv:1: unexpected header"),
        ("10.5,1,2,3\n", "a.csv:1: \"10.5\": not an integer"),
        ("-10,1,2,3\n", "a.csv:1: time -10 ms is out of range"),
        ("10,1,2,nan\n", "a.csv:1: \"nan\": not a decimal number"),
    ])
    func malformed(text: String, message: String) {
        #expect {
            _ = try Trace.parse(text, source: "a.csv")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func logLine() {
        #expect(Trace.logLine(timeUs: 4_800_999, orientation: .landscapeLeft) == "4800,landscapeLeft")
    }
}
