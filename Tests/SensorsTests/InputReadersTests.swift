import Glibc
import OrientationCore
import OrientdTestSupport
@testable import Sensors
import Testing

extension FakeEvdevSuites {
    /// The input accelerometer reader in-process on the manual clock, against the fake
    /// libevdev: a device that sends no events is polled through the kernel's axis state, one
    /// that sends events is read as they arrive and left alone at rest.
    @Suite struct InputAccelerometerReaderTests {
        final class Rig {
            let timers = ManualTimers()
            let options = ReaderOptions()
            private(set) var samples: [Sample] = []
            private(set) var lost: [String] = []
            private(set) var learned = 0
            var reader: InputAccelerometerReader?

            /// Upright (y = -1 g at 256 counts per g), read by a reader that knows whether the
            /// device sends events.
            init(sendsEvents: Bool) throws {
                FakeEvdev.installAccelerometer(0, -256, 0)
                let configuration = DiscoveredInputAccelerometer.Configuration(
                    mountMatrix: .identity, mountMatrixSource: "none given", location: .display, locationSource: "default",
                    unitsProperty: nil, notes: [])
                let opened = try OpenInputAccelerometer(sysname: "event5", node: FakeEvdev.node, configuration: configuration)
                reader = try InputAccelerometerReader(device: opened, sendsEvents: sendsEvents, loop: timers, options: options,
                                                      deliver: { [unowned self] in samples.append($0) },
                                                      lost: { [unowned self] in lost.append($0) },
                                                      learnedEvents: { [unowned self] in learned += 1 })
            }

            var last: Vector3 { samples.last!.gravity }

            func close() {
                reader?.stop()
                reader = nil
                FakeEvdev.uninstall()
            }
        }

        static let g = standardGravity

        @Test func aDeviceThatSendsNoEventsIsPolledThroughTheKernelsState() throws {
            let rig = try Rig(sendsEvents: false)
            defer { rig.close() }
            #expect(rig.samples.count == 1 && abs(rig.last.y + Self.g) < 1e-9, "the state read at open is the first sample")
            FakeEvdev.setAxes(256, 0, 0)  // turned, and no event says so
            rig.timers.advance(byUs: rig.options.pollIntervalUs)
            #expect(abs(rig.last.x - Self.g) < 1e-9 && abs(rig.last.y) < 1e-9, "a timer read resyncs the axes")
            let before = rig.samples.count
            rig.timers.advance(byUs: 5_000_000)
            let rest = Int(5_000_000 / rig.options.pollIntervalUs)
            #expect(rig.samples.count - before >= rest - 1 && rig.timers.armed == 1, "at rest it is still polled, at the rest interval")
            #expect(rig.learned == 0 && rig.lost.isEmpty)
        }

        @Test func anEventDeviceIsReadAsItsEventsArriveAndLeftAloneAtRest() throws {
            let rig = try Rig(sendsEvents: true)
            defer { rig.close() }
            rig.timers.advance(byUs: rig.options.eventRestHoldUs + 1_000_000)
            #expect(rig.timers.armed == 0 && rig.timers.watching == 1, "at rest: no timer, the descriptor watched")
            let before = rig.samples.count
            FakeEvdev.sendFrame(256, 0, 0)
            rig.timers.ready(fd: FakeEvdev.fd)
            #expect(rig.samples.count == before + 1 && abs(rig.last.x - Self.g) < 1e-9, "the frame is a sample at once")
            #expect(rig.timers.armed == 1, "moving: the held state is delivered again on a timer")
            rig.timers.advance(byUs: rig.options.eventRestHoldUs + 1_000_000)
            #expect(rig.timers.armed == 0 && abs(rig.last.x - Self.g) < 1e-9, "quiet again once the rest hold passed")
        }

        @Test func aPolledDevicesFirstEventSwitchesItToEvents() throws {
            let rig = try Rig(sendsEvents: false)
            defer { rig.close() }
            FakeEvdev.sendFrame(0, 0, 256)
            rig.timers.ready(fd: FakeEvdev.fd)
            #expect(rig.learned == 1 && abs(rig.last.z - Self.g) < 1e-9)
            rig.timers.advance(byUs: rig.options.eventRestHoldUs + 1_000_000)
            #expect(rig.timers.armed == 0, "no more polling: its events will say when it moves")
        }

        @Test func aReadThatFailsLosesTheDevice() throws {
            let rig = try Rig(sendsEvents: false)
            defer { rig.close() }
            FakeEvdev.readErrno = ENODEV
            rig.timers.advance(byUs: rig.options.pollIntervalUs)
            #expect(rig.lost.count == 1 && rig.lost[0].contains("failed"))
        }
    }

    /// The input proximity switch in-process: opened only while claimed, read as its events
    /// arrive, followed through udev's events on `input`.
    @Suite struct InputProximitySourceTests {
        static var found: DiscoveredInputProximity { DiscoveredInputProximity(sysname: "event3", syspath: "/sys/devices/platform/gpio-keys/input/input3/event3",
                                                    devnode: FakeEvdev.node, name: "gpio_keys") }

        @Test func theSwitchIsReadOnlyWhileClaimedAndFollowsItsEvents() {
            FakeEvdev.installProximitySwitch(near: false)
            defer { FakeEvdev.uninstall() }
            let timers = ManualTimers()
            let source = InputProximitySource(timers: timers, scan: { [Self.found] })
            var readings: [Bool] = []
            source.readingChanged = { readings.append($0) }
            #expect(source.isAvailable && !source.isRunning && FakeEvdev.openDevices == 0, "nothing opened before a claim")

            source.start()
            #expect(readings == [false] && timers.watching == 1, "the state at open (EVIOCGSW) is the first reading")
            FakeEvdev.sendSwitch(near: true)
            timers.ready(fd: FakeEvdev.fd)
            #expect(readings == [false, true])
            #expect(timers.armed == 0, "nothing is polled")

            source.stop()
            #expect(FakeEvdev.openDevices == 0 && timers.watching == 0, "released: the node is closed")
        }

        @Test func aRemovedSwitchIsLostAndOneAddedWhileClaimedIsOpenedAtOnce() {
            FakeEvdev.installProximitySwitch(near: true)
            defer { FakeEvdev.uninstall() }
            let timers = ManualTimers()
            var present = true
            let source = InputProximitySource(timers: timers, scan: { present ? [Self.found] : [] })
            var availability: [Bool] = []
            source.availabilityChanged = { availability.append($0) }
            source.start()
            #expect(source.reading == true)

            present = false
            timers.uevent("remove", subsystem: "input", syspath: Self.found.syspath)
            #expect(!source.isAvailable && source.reading == nil && availability == [false] && FakeEvdev.openDevices == 0)

            present = true
            timers.uevent("add", subsystem: "input", syspath: Self.found.syspath)
            #expect(source.isAvailable && availability == [false, true])
            #expect(source.isRunning && source.reading == true, "still claimed: opened and read at once")
            source.stop()
        }
    }
}
