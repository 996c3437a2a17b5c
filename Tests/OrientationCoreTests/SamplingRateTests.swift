import OrientationCore
import Testing

/// The chip's rate a reader asks for (SamplingRate): the lowest listed at or above the
/// preferred rate, whatever the list's order; iio-sensor-proxy's 10 Hz floor without a list.
@Suite struct SamplingRateTests {
    @Test func integerListLowToHigh() {
        #expect(SamplingRate.choose(currentHz: 5.2, available: "1 3 6 12 25 50 100 200", preferredHz: 50) == 50)
        #expect(SamplingRate.choose(currentHz: 5.2, available: "1 3 6 12 25 50 100 200", preferredHz: 10) == 12)
    }

    @Test func floatListHighToLow() {
        let mma8452 = "800.000000 400.000000 200.000000 100.000000 50.000000 12.500000 6.250000 1.560000"
        #expect(SamplingRate.choose(currentHz: 1.56, available: mma8452, preferredHz: 10) == 12.5)
        #expect(SamplingRate.choose(currentHz: 1.56, available: mma8452, preferredHz: 50) == 50)
        #expect(SamplingRate.format(12.5) == "12.5")
    }

    @Test func aListBelowThePreferredRateGivesItsHighest() {
        #expect(SamplingRate.choose(currentHz: 3, available: "3 6 12", preferredHz: 50) == 12)
    }

    @Test func alreadyThereIsLeftAlone() {
        #expect(SamplingRate.choose(currentHz: 50, available: "10 25 50 100", preferredHz: 50) == nil)
    }

    @Test func noListRaisesASlowChipToTheFloorOnly() {
        #expect(SamplingRate.choose(currentHz: 5.2, available: nil, preferredHz: 50) == 10)
        #expect(SamplingRate.choose(currentHz: 25, available: nil, preferredHz: 50) == nil)
        #expect(SamplingRate.choose(currentHz: 25, available: "", preferredHz: 50) == nil)
    }
}
