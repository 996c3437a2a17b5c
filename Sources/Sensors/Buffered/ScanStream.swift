import CallError
import CLibc
import IIO
import Systemd

/// The reads of one enabled buffer, for every buffered reader (the accelerometer's
/// `BufferedReader`, `BufferedSensor`'s kinds): the buffer's poll fd wakes the loop when
/// scans arrive, everything waiting is read as one batch and handed over, and the reader
/// says when to read again (`Pacing`): at once when the fd is readable, or after a while on
/// a timer, so scans that keep coming cost one wake-up a batch and not one a scan. A batch
/// that finds nothing goes back to waiting on the fd. Reads that keep failing lose the
/// device.
final class ScanStream {
    /// When to read again after a batch that had scans or a failed read.
    enum Pacing {
        /// When the poll fd is readable: each scan as the kernel hands it over.
        case whenReadable
        /// After this many µs on a timer, whatever arrived meanwhile as one batch.
        case after(UInt64)
    }

    /// What the stream tells its reader.
    struct Reader {
        /// One batch's scans, oldest first, each the values of `ScanSession.channels` in order.
        let take: ([[Int64]]) -> Void
        /// Asked after each batch that had scans, or whose read failed.
        let pacing: () -> Pacing
        /// Reads failed `failureLimit` times in a row, or the fd cannot be watched.
        let lost: (String) -> Void
        /// The stream waits on the fd again (the accelerometer times its silence from here).
        var waiting: () -> Void = {}
    }

    let session: ScanSession
    /// Reads failed in a row (a reader may count its own probes here too).
    var failures = 0
    /// A batch is due on a timer (not only when the fd is readable).
    var isPaced: Bool { timer != nil }

    private let loop: any Timers
    private let reader: Reader
    private let quietUs: UInt64
    private let failureLimit: Int
    private var watch: (any Cancellable)?
    private var timer: (any Cancellable)?
    private enum State { case reading, paused, closed }
    private var state = State.reading

    /// Enables `session`'s buffer of `scans` scans; nothing is read before `waitForData` or
    /// `read`. `quietUs`: how long a node that polled readable but gave nothing (EAGAIN) is
    /// left unwatched.
    init(session: ScanSession, scans: Int, loop: any Timers, quietUs: UInt64, failureLimit: Int, reader: Reader) throws(CallError) {
        (self.session, self.loop, self.quietUs, self.failureLimit, self.reader) = (session, loop, quietUs, failureLimit, reader)
        try session.enable(scans: scans)
    }

    func waitForData() {
        guard state == .reading else { return }
        do {
            watch = try loop.watch(fd: session.fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in
                self.watch?.cancel()
                self.watch = nil
                self.read(wokenByData: true)
            }
        } catch {
            reader.lost("cannot watch the buffer: \(error)")
            return
        }
        reader.waiting()
    }

    /// Reads everything waiting and hands it over as one batch. `wokenByData`: the node
    /// polled readable. If it then had nothing (reads answer EAGAIN) it is watched again
    /// only after `quietUs`, or a level-triggered readable node would wake the loop without end.
    func read(wokenByData: Bool = false) {
        guard state == .reading, let buffer = session.buffer else { return }
        // The reader may close the stream and drop it while it takes the batch.
        withExtendedLifetime(self) {
            var scans: [[Int64]] = []
            var failure: CallError?
            do throws(CallError) {
                while true {
                    let n = try buffer.refill()
                    if n == 0 { break }
                    buffer.forEachScan(session.channels) { scans.append($0) }
                    if n < session.capacity { break }
                }
                failures = 0
            } catch {
                failure = error
            }
            if !scans.isEmpty {
                reader.take(scans)
                guard state == .reading else { return }
            }
            if let failure {
                failures += 1
                if failures >= failureLimit {
                    reader.lost("\(failures) buffer reads failed in a row (\(failure))")
                    return
                }
            } else if scans.isEmpty {
                if wokenByData {
                    timer = loop.schedule(afterUs: quietUs, "buffer watch") { [unowned(unsafe) self] in
                        self.timer = nil
                        self.waitForData()
                    }
                } else {
                    waitForData()
                }
                return
            }
            switch reader.pacing() {
            case .whenReadable:
                waitForData()
            case .after(let delay):
                timer = loop.schedule(afterUs: delay, "batch") { [unowned(unsafe) self] in
                    self.timer = nil
                    self.read()
                }
            }
        }
    }

    /// A batch due on a timer is read now (the chip saw motion). False when none was due.
    @discardableResult
    func readNow() -> Bool {
        guard state == .reading, let pending = timer else { return false }
        pending.cancel()
        timer = nil
        read()
        return true
    }

    /// No watch and no timer: nothing is read until `resume`. The buffer stays enabled.
    func pause() {
        guard state == .reading else { return }
        state = .paused
        cancelReads()
    }

    /// Reads again after `pause`. `droppingStale`: what queued meanwhile is dropped (up to
    /// `drainLimit` refills) and the stream waits for fresh scans; otherwise it is read now.
    func resume(droppingStale: Bool) {
        guard state == .paused else { return }
        state = .reading
        failures = 0
        guard droppingStale else {
            read()
            return
        }
        for _ in 0..<Self.drainLimit {
            guard let n = try? session.buffer?.refill(), n > 0 else { break }
        }
        waitForData()
    }

    /// Refills of a paused buffer's stale scans at most: a full buffer empties in one or two.
    static let drainLimit = 8

    /// Nothing is read again; the session is closed (see `ScanSession.close`).
    func close() {
        state = .closed
        cancelReads()
        session.close()
    }

    private func cancelReads() {
        watch?.cancel()
        timer?.cancel()
        (watch, timer) = (nil, nil)
    }
}
