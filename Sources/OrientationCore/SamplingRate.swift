/// The chip's own output data rate (`sampling_frequency`) a reader asks for: values read
/// between two of the chip's conversions are as old as its period, so a 5.2 Hz chip read
/// every 20 ms while the device turns gives values up to 190 ms old. Pure.
public enum SamplingRate {
    /// iio-sensor-proxy's floor: it raises a slower chip to 10 Hz, or the lowest listed rate
    /// at or above it. Without a list orientd asks for this much (a driver rounds to a rate
    /// it has), never for more: a rate it has not listed may be refused.
    public static let unlistedFloorHz = 10.0

    /// The rate to write, or nil to leave the chip as it is. `available` is the driver's
    /// `sampling_frequency_available` text in any order (integer lists run low to high, as
    /// LSM303's `1 10 25 50`; float lists high to low, as MMA8452's `800.000000 … 1.560000`);
    /// the lowest listed rate at or above `preferredHz` is chosen, else the highest listed.
    public static func choose(currentHz: Double?, available: String?, preferredHz: Double) -> Double? {
        let listed = (available ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
            .compactMap { try? DecimalNumber.parseDouble($0) }
            .filter { $0.isFinite && $0 > 0 }
            .sorted()
        guard let highest = listed.last else {
            guard let currentHz, currentHz.isFinite, currentHz >= unlistedFloorHz else { return unlistedFloorHz }
            return nil
        }
        let choice = listed.first(where: { $0 >= preferredHz }) ?? highest
        return currentHz == choice ? nil : choice
    }

    /// How a rate is written: integers without a fraction, others as Swift prints them.
    public static func format(_ hz: Double) -> String {
        hz == hz.rounded() && abs(hz) < 1e15 ? String(Int(hz)) : String(hz)
    }
}
