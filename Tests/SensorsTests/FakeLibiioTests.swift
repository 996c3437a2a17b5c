import CallError
import CLibc
import IIO
@testable import Sensors
import Testing

/// The raw reads and the buffer refills of the readers, in-process through the fake libiio
/// table (`IIOTable`): no dlopen, no sysfs, no umockdev.
extension FakeLibiioSuites {
@Suite struct FakeLibiioTests {
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

    @Test func aScanThatMetARemovedDeviceIsTakenAgain() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["12", "-980", "3"])])
        defer { FakeIIO.uninstall() }
        FakeIIO.contextFailures = [ENOENT, ENODEV]
        #expect(try RawReading.readOnce(sysname: "iio:device0") == (12, -980, 3))
        #expect(FakeIIO.contextFailures.isEmpty)
        FakeIIO.contextFailures = Array(repeating: ENOENT, count: IIOContext.scanAttemptsAfterRemoval + 1)
        #expect(throws: (any Error).self) { _ = try IIOContext() }
        #expect(FakeIIO.contextFailures == [ENOENT], "gives up after its attempts")
        FakeIIO.contextFailures = [EACCES, ENOENT]
        #expect { _ = try IIOContext() } throws: { ($0 as? CallError)?.errno == EACCES }
        #expect(FakeIIO.contextFailures == [ENOENT], "any other failure is not retried")
        #expect(FakeIIO.openContexts == 0)
    }

    @Test func eagainOnRefillIsNothingWaiting() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let buffer = try #require(context.device("iio:device0")).createBuffer(samples: 4)
        FakeIIO.refills = [.failure(EAGAIN)]
        #expect(try buffer.refill() == 0)
    }

    @Test func eioOnRefillIsAnErrorWithItsErrno() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let buffer = try #require(context.device("iio:device0")).createBuffer(samples: 4)
        FakeIIO.refills = [.failure(EIO)]
        #expect { try buffer.refill() } throws: { error in (error as? CallError)?.errno == EIO }
    }

    @Test func aRefillCountsWholeScans() throws {
        FakeIIO.install([FakeIIO.accelerometer(raw: ["0", "0", "0"], scanElements: true)])
        defer { FakeIIO.uninstall() }
        let context = try IIOContext()
        let device = try #require(context.device("iio:device0"))
        let buffer = try device.createBuffer(samples: 4)
        FakeIIO.refills = [.scans([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), .failure(EAGAIN), .scans([[1, 2, 3]])]
        #expect(try buffer.refill() == 3)
        #expect(try buffer.refill() == 0, "EAGAIN: nothing waiting")
        #expect(try buffer.refill() == 1)
        var values: [[Int64]] = []
        let channels = ["accel_x", "accel_y", "accel_z"].compactMap { device.channel($0) }
        buffer.forEachScan(channels) { values.append($0) }
        #expect(values == [[1, 2, 3]], "the scan's values by channel")
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
}
