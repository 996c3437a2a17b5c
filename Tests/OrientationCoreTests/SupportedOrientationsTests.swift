import Testing
import OrientationCore

@Suite struct SupportedOrientationsTests {
    @Test("well-formed lists", arguments: [
        ("portrait;landscapeLeft;landscapeRight", [Orientation.portrait, .landscapeLeft, .landscapeRight]),
        (" landscapeRight , portrait ", [.portrait, .landscapeRight]),
        ("landscapeLeft,landscapeRight;portrait;", [.portrait, .landscapeLeft, .landscapeRight]),
        ("portraitUpsideDown", [.portraitUpsideDown]),
        ("portrait;portraitUpsideDown;landscapeLeft;landscapeRight", [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]),
        ("\tportrait;\tlandscapeLeft\n", [.portrait, .landscapeLeft]),
    ])
    func good(text: String, expected: [Orientation]) throws {
        let parsed = try SupportedOrientations(parsing: text)
        #expect(parsed.orientations == expected)
        #expect(try SupportedOrientations(parsing: parsed.description) == parsed)
    }

    @Test func allIsTheFourEdgeUpOrientations() {
        #expect(SupportedOrientations.all.orientations == [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight])
        #expect(!SupportedOrientations.all.contains(.faceUp))
        #expect(!SupportedOrientations.all.contains(.unknown))
    }

    @Test("malformed lists are rejected with the reason", arguments: [
        ("", "empty"),
        ("   ", "empty"),
        (";", "empty"),
        ("portrait;;landscapeLeft", "item 2 is empty"),
        (",portrait", "item 1 is empty"),
        ("portrait;normal", "unknown name \"normal\""),
        ("Portrait", "unknown name \"Portrait\""),
        ("portrait;faceUp", "faceUp is not an edge-up orientation"),
        ("unknown", "unknown is not an edge-up orientation"),
        ("portrait;landscapeLeft;portrait", "portrait is listed twice"),
        ("landscapeLeft, landscapeLeft", "landscapeLeft is listed twice"),
        ("portrait landscapeLeft", "unknown name \"portrait landscapeLeft\""),
    ])
    func malformed(text: String, reason: String) {
        do {
            let parsed = try SupportedOrientations(parsing: text)
            Issue.record("\"\(text)\" parsed as \(parsed)")
        } catch {
            #expect(error.text == text)
            #expect(error.reason.hasPrefix(reason), "\(error)")
            #expect(error.description.contains(error.reason))
        }
    }
}
