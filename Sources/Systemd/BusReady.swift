import CallError
import CLibc
import CSystemd

/// CLOCK_MONOTONIC in µs, read afresh.
func monotonicUs() -> UInt64 {
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    return UInt64(clock.tv_sec) * 1_000_000 + UInt64(clock.tv_nsec) / 1000
}

extension Bus {
    /// Waits until the bus has authenticated the connection and answered Hello, for at most
    /// `timeoutUs`. sd-bus otherwise waits for authentication inside the first synchronous
    /// call for its own auth timeout (90 s), whatever the method call timeout says: a bus
    /// that accepts the connection and never answers would hold start-up that long.
    /// Throws ETIMEDOUT when the bus did not answer in time.
    public func waitUntilReady(withinUs timeoutUs: UInt64) throws(CallError) {
        let start = monotonicUs()
        while true {
            var r = sd_bus_process(handle, nil)
            while r > 0 { r = sd_bus_process(handle, nil) }
            try check(r, "talk to the bus")
            let ready = sd_bus_is_ready(handle)
            try check(ready, "sd_bus_is_ready")
            if ready > 0 { return }
            let elapsed = monotonicUs() - start
            guard elapsed < timeoutUs else { throw CallError(call: "wait for the bus to answer", errno: ETIMEDOUT) }
            try check(sd_bus_wait(handle, timeoutUs - elapsed), "sd_bus_wait")
        }
    }
}
