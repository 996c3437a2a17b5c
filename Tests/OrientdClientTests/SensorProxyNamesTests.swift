import Testing
@testable import OrientdClient

/// docs/client-library.md, "Fallback": iio-sensor-proxy's names as orientd's seven values.
@Suite struct SensorProxyNamesTests {
    @Test(arguments: [
        ("normal", Orientation.portrait), ("bottom-up", .portraitUpsideDown),
        ("right-up", .landscapeLeft), ("left-up", .landscapeRight),
    ])
    func edgeUp(name: String, expected: Orientation) {
        #expect(SensorProxyNames.screenOrientation(name) == expected)
        #expect(SensorProxyNames.deviceOrientation(orientation: name, tilt: nil) == expected)
        #expect(SensorProxyNames.deviceOrientation(orientation: name, tilt: "vertical") == expected)
    }

    @Test func flatScreenWinsOverTheLastEdge() {
        #expect(SensorProxyNames.deviceOrientation(orientation: "normal", tilt: "face-up") == .faceUp)
        #expect(SensorProxyNames.deviceOrientation(orientation: "left-up", tilt: "face-down") == .faceDown)
    }

    @Test func undefinedAndUnknownNames() {
        #expect(SensorProxyNames.screenOrientation("undefined") == nil)
        #expect(SensorProxyNames.screenOrientation("sideways") == nil)
        #expect(SensorProxyNames.deviceOrientation(orientation: "undefined", tilt: nil) == .unknown)
        #expect(SensorProxyNames.deviceOrientation(orientation: "undefined", tilt: "tilted-up") == .unknown)
    }

    @Test func observerListRemovesOnlyTheGivenToken() {
        var list = ObserverList<Int>()
        list.add(1) { _ in }
        list.add(2) { _ in }
        let first = list.remove(1), again = list.remove(1)
        #expect(first && !again)
        #expect(!list.contains(1) && list.contains(2))
    }
}
