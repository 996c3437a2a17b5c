import CallError
import CLibc
import IIO
import Systemd

/// When the daemon hands memory back to the kernel (`orientd_memory_release`: the heap's free
/// pages, the executable's and libraries' resident code beyond the hot start). What runs
/// afterwards is read in again as it runs. One timer at idle priority on the loop, so a
/// release never delays a reply or a reading; a new request replaces a pending one.
///
/// - Once start-up is done (every start-up reply handled): option parsing, sysfs scans and
///   the D-Bus tables are not needed again.
/// - `sensorStartedUs` after libiio was opened: the sensor's first reading is in (Begin ->
///   first orientation 20-25 ms) and its fast reads (600 ms, `ReaderOptions.movementHoldUs`)
///   still run, so they fault their pages back in while fast, not later at rest (a release at
///   1 s put those faults in the rest reads: a motion detector's rest wake-ups rose from at
///   most 2.5 to 4 a second, Tests/e2e/test_motion_events.py).
/// - When libiio was closed (a sensor stopped, or a one-shot read ended), or a sensor's demand
///   fell to a lower running level (a 2-in-1's accelerometer going from every sample back to
///   posture's slow reads keeps libiio loaded, so no close follows), at most once per
///   `closedIntervalUs`: one-shot reads load and unload libiio each time, and the bound keeps
///   a client that keeps asking from re-reading the code from the file every time.
final class MemoryHandBack {
    static let sensorStartedUs: UInt64 = 300_000
    static let closedIntervalUs: UInt64 = 2_000_000

    private let timers: any Timers
    private let handBack: () -> Void
    private var pending: (any Cancellable)?
    private var startup: (any Cancellable)?
    private var lastClosedRelease: UInt64?
    private var followsLibrary = false

    /// `handBack` is the release itself (tests count it).
    init(timers: any Timers, handBack: @escaping () -> Void = { orientd_memory_release() }) {
        self.timers = timers
        self.handBack = handBack
    }

    /// Follows libiio's loads and unloads (process-wide: the daemon's one hand-back does).
    func followLibraryLoads() {
        followsLibrary = true
        IIOLibraryEvents.opened = { [unowned(unsafe) self] in self.release(afterUs: Self.sensorStartedUs) }
        IIOLibraryEvents.closed = { [unowned(unsafe) self] in self.stoppedReading() }
    }

    /// Follows every sensor kind's level: a fall to `low` or `off` releases (the linger's
    /// `paused` does not: its end, `off`, will).
    func watch(_ registry: SensorRegistry) {
        registry.observeLevels { [unowned(unsafe) self] _, from, to in
            if to < from && to != .paused { self.stoppedReading() }
        }
    }

    deinit {
        guard followsLibrary else { return }
        IIOLibraryEvents.opened = {}
        IIOLibraryEvents.closed = {}
    }

    /// Start-up is done: release once the loop first idles (beside a release a sensor that
    /// started meanwhile asked for).
    func startupDone() {
        startup = arm(afterUs: 0) { [unowned(unsafe) self] in self.startup = nil }
    }

    private func stoppedReading() {
        let now = timers.now
        if let last = lastClosedRelease, now - last < Self.closedIntervalUs { return }
        lastClosedRelease = now
        release(afterUs: 0)
    }

    private func release(afterUs delay: UInt64) {
        pending?.cancel()
        pending = arm(afterUs: delay) { [unowned(unsafe) self] in self.pending = nil }
    }

    private func arm(afterUs delay: UInt64, _ done: @escaping () -> Void) -> (any Cancellable)? {
        do throws(CallError) {
            return try timers.addIdleTimer(at: timers.now + delay) { [unowned(unsafe) self] in
                done()
                self.handBack()
            }
        } catch {
            Log.warning("cannot arm the memory release timer: \(error), ignoring")
            return nil
        }
    }
}
