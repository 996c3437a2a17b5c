import IIO
import OrientationCore

extension AccelerometerDiscovery {
    /// One reading of the device's raw values (for `orientctl sensors`).
    public static func readRaw(_ accelerometer: DiscoveredAccelerometer) throws(SourceError) -> (Int64, Int64, Int64) {
        do {
            return try RawReading.readOnce(sysname: accelerometer.sysname)
        } catch {
            throw SourceError(error.description)
        }
    }
}

/// Reads `in_accel_{x,y,z}_raw` through libiio once.
enum RawReading {
    enum Failure: Error, CustomStringConvertible {
        /// The device cannot be read (gone, EIO, …).
        case unreadable(String)
        /// A value is not a number: the sample is bad, the device may be fine.
        case malformed(String)
        var description: String {
            switch self {
            case .unreadable(let m), .malformed(let m): return m
            }
        }
    }

    static func read(_ channels: [IIOChannel]) throws(Failure) -> (Int64, Int64, Int64) {
        var values: [Int64] = []
        for channel in channels {
            let text: String
            do {
                text = try channel.readAttribute("raw")
            } catch {
                throw .unreadable("\(error)")
            }
            do {
                values.append(try DecimalNumber.parseInteger(text))
            } catch {
                throw .malformed("in_\(channel.id)_raw: \(error)")
            }
        }
        return (values[0], values[1], values[2])
    }

    static func channels(of device: IIODevice) throws(Failure) -> [IIOChannel] {
        for prefix in AccelerometerConfiguration.channelPrefixes {
            let found = AccelerometerConfiguration.axisNames.compactMap { device.channel("\(prefix)_\($0)") }
            if found.count == 3 { return found }
        }
        throw .unreadable("\(device.id) has no accel_x/y/z channels in libiio")
    }

    /// Opens a libiio context and reads the device's raw values once.
    static func readOnce(sysname: String) throws(Failure) -> (Int64, Int64, Int64) {
        let context: IIOContext
        do {
            context = try IIOContext()
        } catch {
            throw .unreadable("\(error)")
        }
        guard let device = context.device(sysname) else { throw .unreadable("\(sysname) is not in the IIO context") }
        return try read(try channels(of: device))
    }
}
