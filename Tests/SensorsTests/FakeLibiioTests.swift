import CallError
import CLibc
import IIO
@testable import Sensors
import Testing

/// The raw reads and the buffer refills of the readers, in-process through the fake libiio
/// table (`IIOTable`): no dlopen, no sysfs, no umockdev.
@Suite(.serialized) struct FakeLibiioTests {
    @Test func aRawReadingIsTheThreeAxesRawAttributes() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["12", "-980", "3"])])
        defer { FakeIIO.uninstall() }
        let raw = try RawReading.readOnce(sysname: "iio:device0")
        #expect(raw == (12, -980, 3))
        #expect(FakeIIO.openContexts == 0, "the one-shot context is gone after the read")
    }

    @Test func aRawValueThatIsNotANumberIsMalformedNotUnreadable() {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["12", "twelve", "3"])])
        defer { FakeIIO.uninstall() }
        #expect {
            _ = try RawReading.readOnce(sysname: "iio:device0")
        } throws: { error in
            guard case RawReading.Failure.malformed(let message) = error else { return false }
            return message.contains("in_accel_y_raw")
        }
    }

    @Test func anEIOReadIsUnreadable() {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["12", FakeIIO.failing(EIO), "3"])])
        defer { FakeIIO.uninstall() }
        #expect {
            _ = try RawReading.readOnce(sysname: "iio:device0")
        } throws: { error in
            guard case RawReading.Failure.unreadable = error else { return false }
            return true
        }
    }

    @Test func aDeviceWithoutThreeAxesIsRefused() throws {
        let device = FakeIIO.accelerometer(raw: ["1", "2", "3"])
        device.channels.removeLast()
        FakeIIO.install([device])
        defer { FakeIIO.uninstall() }
        #expect(throws: RawReading.Failure.self) { _ = try RawReading.readOnce(sysname: "iio:device0") }
    }

    @Test func aDeviceMissingFromTheContextIsUnreadable() {
        FakeIIO.install([])
        defer { FakeIIO.uninstall() }
        #expect(throws: RawReading.Failure.self) { _ = try RawReading.readOnce(sysname: "iio:device7") }
    }

    @Test func eagainOnRefillIsNothingWaiting() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let buffer = try #require(context.device("iio:device0")).createBuffer(samples: 4)
        FakeIIO.refills = [-Int(EAGAIN)]
        #expect(try buffer.refill() == 0)
    }

    @Test func eioOnRefillIsAnErrorWithItsErrno() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let buffer = try #require(context.device("iio:device0")).createBuffer(samples: 4)
        FakeIIO.refills = [-Int(EIO)]
        #expect { try buffer.refill() } throws: { error in (error as? CallError)?.errno == EIO }
    }

    @Test func aRefillCountsWholeScans() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let buffer = try #require(context.device("iio:device0")).createBuffer(samples: 4)
        FakeIIO.step = 8
        FakeIIO.refills = [24, 8]
        #expect(try buffer.refill() == 3)
        #expect(try buffer.refill() == 1)
        #expect(try buffer.refill() == 0, "then the node has nothing (EAGAIN)")
    }

    @Test func buffersAndContextsAreReleased() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        do {
            let context = try IIOContext()
            _ = try #require(context.device("iio:device0")).createBuffer(samples: 4)
        }
        #expect(FakeIIO.openBuffers == 0)
        #expect(FakeIIO.openContexts == 0)
    }

    @Test func aScanElementIsFoundByItsIndex() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let device = try #require(context.device("accel_3d"))
        #expect(device.scanElement(index: 2)?.id == "accel_z")
        #expect(device.scanElement(index: 5) == nil)
    }
}
