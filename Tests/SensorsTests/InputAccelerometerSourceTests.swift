import Glibc
import OrientationCore
import OrientdTestSupport
@testable import Sensors
import Testing

extension FakeEvdevSuites {
    /// The input accelerometer source in-process, on the manual clock and the fake libevdev:
    /// the node is open only while claimed (and for a one-shot read), the stop linger keeps it
    /// open without reading, and udev's events on `input` lose, find and reconfigure it.
    @Suite struct InputAccelerometerSourceTests {
        static let syspath = "/sys/devices/platform/lis3lv02d/input/input7/event7"

        static func found(matrix: MountMatrix = .identity, joystick: Bool = false) -> DiscoveredInputAccelerometer {
            let configuration = DiscoveredInputAccelerometer.Configuration(
                mountMatrix: matrix, mountMatrixSource: "udev ACCEL_MOUNT_MATRIX", location: .display, locationSource: "default",
                unitsProperty: nil, notes: [])
            return DiscoveredInputAccelerometer(sysname: "event7", syspath: syspath, devnode: FakeEvdev.node, name: "lis3lv02d",
                                                result: joystick ? .failure(.joystick("udev ID_INPUT_JOYSTICK=1")) : .success(configuration),
                                                supportedOrientations: "portrait;landscapeLeft")
        }

        final class Rig {
            let timers = ManualTimers()
            let options = ReaderOptions()
            var present: [DiscoveredInputAccelerometer] = [InputAccelerometerSourceTests.found()]
            private(set) var samples: [Sample] = []
            private(set) var availability: [Bool] = []
            private(set) var reconfigured = 0
            var source: InputAccelerometerSource!

            /// Upright: y = -1 g at 256 counts per g.
            init() {
                FakeEvdev.installAccelerometer(0, -256, 0)
                source = InputAccelerometerSource(timers: timers, options: options, scan: { [unowned self] in present })
                source.availabilityChanged = { [unowned self] in availability.append($0) }
                source.configurationChanged = { [unowned self] in reconfigured += 1 }
            }

            func start() throws { try source.start(deliver: { [unowned self] in samples.append($0) }) }
            func uevent(_ action: String) { timers.uevent(action, subsystem: "input", syspath: InputAccelerometerSourceTests.syspath) }

            func close() {
                source.stop()
                source = nil
                FakeEvdev.uninstall()
            }
        }

        static let g = standardGravity

        @Test func theNodeIsOpenOnlyWhileClaimedOrForAOneShotRead() throws {
            let rig = Rig()
            defer { rig.close() }
            #expect(rig.source.isAvailable && FakeEvdev.openDevices == 0, "found, nothing opened before a claim")
            #expect(rig.source.supportedOrientations == "portrait;landscapeLeft", "udev's property, as discovery read it")
            let once = try rig.source.readOnce()
            #expect(abs(once.y + Self.g) < 1e-9 && FakeEvdev.openDevices == 0, "a one-shot read opens the node and closes it again")

            try rig.start()
            #expect(FakeEvdev.openDevices == 1 && rig.samples.count == 1, "a claim opens the node; the state at open is the first sample")
            FakeEvdev.setAxes(256, 0, 0)
            rig.timers.advance(byUs: rig.options.pollIntervalUs)
            let held = try rig.source.readOnce()
            #expect(abs(held.x - Self.g) < 1e-9 && FakeEvdev.openDevices == 1, "while claimed, the open node's held state answers")
            rig.source.stop()
            #expect(FakeEvdev.openDevices == 0 && rig.timers.armed == 0 && rig.timers.watching == 0, "stopped: closed, nothing armed")
        }

        @Test func theLingerKeepsTheNodeOpenWithoutReadingAndABeginResumesIt() throws {
            let rig = Rig()
            defer { rig.close() }
            try rig.start()
            rig.source.pause()
            let paused = rig.samples.count
            rig.timers.advance(byUs: 2_000_000)
            #expect(rig.samples.count == paused && FakeEvdev.openDevices == 1, "lingering: open, not read")
            try rig.start()
            FakeEvdev.setAxes(0, 0, 256)
            rig.timers.advance(byUs: rig.options.pollIntervalUs)
            #expect(FakeEvdev.openDevices == 1 && abs(rig.samples.last!.gravity.z - Self.g) < 1e-9, "back within the linger: the same node reads again")
        }

        @Test func aRemovedDeviceIsStoppedAndItsEventsAreLearnedAgainWhenItReturns() throws {
            let rig = Rig()
            defer { rig.close() }
            try rig.start()
            FakeEvdev.sendFrame(0, 0, 256)
            rig.timers.ready(fd: FakeEvdev.fd)
            rig.timers.advance(byUs: rig.options.eventRestHoldUs + 1_000_000)
            #expect(rig.timers.armed == 0, "an event device is left alone at rest")

            rig.present = []
            rig.uevent("remove")
            #expect(!rig.source.isAvailable && rig.availability == [false] && FakeEvdev.openDevices == 0, "removed: lost and closed")

            rig.present = [Self.found()]
            rig.uevent("add")
            #expect(rig.source.isAvailable && rig.availability == [false, true])
            try rig.start()
            rig.timers.advance(byUs: rig.options.eventRestHoldUs + 1_000_000)
            #expect(rig.timers.armed == 1, "a device that came back is polled until its own events show")
        }

        @Test func aChangeEventAppliesTheNewConfigurationAndARefusedOneLosesTheDevice() throws {
            let rig = Rig()
            defer { rig.close() }
            rig.present = [Self.found(matrix: try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1"))]
            rig.uevent("change")
            #expect(rig.reconfigured == 1 && rig.source.isAvailable, "hwdb edited: the new configuration applies at the next open")
            let turned = try rig.source.readOnce()
            #expect(abs(turned.x + Self.g) < 1e-9, "the new mount matrix turns the reading")

            rig.present = [Self.found(joystick: true)]
            rig.uevent("change")
            #expect(!rig.source.isAvailable && rig.availability == [false], "a device refused after a change is not read")
        }
    }
}
