import CallError
import CLibc
import Evdev
import OrientationCore
import Systemd

/// Reads an open input accelerometer. The kernel's input core sends an event only when an
/// axis changes, so between events the values libevdev holds are the device's: a device that
/// sends events is read as its events arrive (its descriptor watched on the loop), and its
/// held state is delivered again every `movingPollIntervalUs` while the device moves and at
/// `pollIntervalUs` for `eventRestHoldUs` after (the classifier's still window and the screen
/// rule's dwell decide on samples), then nothing until the next event.
/// A device that has sent no event yet is polled as a polled IIO device is (libevdev's
/// forced sync reads the kernel's axis values); its first event switches it to events.
final class InputAccelerometerReader {
    private let opened: OpenInputAccelerometer
    private var device: EvdevDevice { opened.device }
    private let loop: any Timers
    private let options: ReaderOptions
    private let deliver: (Sample) -> Void
    private let lost: (String) -> Void
    private let learnedEvents: () -> Void
    private(set) var sendsEvents: Bool
    private var watch: (any Cancellable)?
    private var timer: (any Cancellable)?
    private var movement: MovementTracker
    private var wasMoving = false
    /// The last sample that moved (or the start): an event device's held state is delivered
    /// again until `eventRestHoldUs` after it.
    private var lastChangeUs: UInt64
    private var stopped = false
    /// An event device that sends frames at rest (noise above its fuzz): its descriptor is not
    /// watched and what queued is drained every `pollIntervalUs`, as the buffered IIO reader
    /// reads batches at rest (at most 4 wake-ups a second whatever the device's rate); a batch
    /// that moved, or that found nothing, watches it again.
    private var batching = false

    init(device: OpenInputAccelerometer, sendsEvents: Bool, loop: any Timers, options: ReaderOptions,
         deliver: @escaping (Sample) -> Void, lost: @escaping (String) -> Void, learnedEvents: @escaping () -> Void) throws(CallError) {
        opened = device
        self.sendsEvents = sendsEvents
        self.loop = loop
        self.options = options
        self.deliver = deliver
        self.lost = lost
        self.learnedEvents = learnedEvents
        movement = MovementTracker(options: options, now: loop.now)
        lastChangeUs = loop.now
        watch = try loop.watch(fd: device.device.fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in self.readable() }
        // libevdev read the axes as it opened the device: the first sample is current.
        sample(now: loop.clock)
    }

    private(set) var isPaused = false

    /// The stop linger: no watch, no timer; the descriptor stays open (the kernel queues what
    /// the device sends meanwhile, and `resume` drains it).
    func pause() {
        guard !stopped else { return }
        isPaused = true
        batching = false
        watch?.cancel()
        watch = nil
        timer?.cancel()
        timer = nil
    }

    /// Reads again after `pause`, as after a fresh start: what queued meanwhile is drained,
    /// so the held state is current, and fast reads follow.
    func resume() throws(CallError) {
        guard isPaused, !stopped else { return }
        isPaused = false
        do {
            if sendsEvents { _ = try device.drain() } else { try device.resync() }
        } catch {
            lost("reading \(device.path) failed (\(error))")
            return
        }
        movement = MovementTracker(options: options, now: loop.now)
        lastChangeUs = loop.now
        wasMoving = false
        watch = try loop.watch(fd: device.fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in self.readable() }
        sample(now: loop.clock)
    }

    func stop() {
        stopped = true
        watch?.cancel()
        watch = nil
        timer?.cancel()
        timer = nil
    }

    private func readable() {
        guard !stopped, !isPaused else { return }
        let drained: EvdevDevice.Drained
        do {
            drained = try device.drain()
        } catch {
            lost("reading \(device.path) failed (\(error))")
            return
        }
        if drained.axisEvents > 0 && !sendsEvents {
            sendsEvents = true
            Log.debug("\(device.path): sends events; reading them instead of polling")
            learnedEvents()
        }
        guard drained.frames > 0 || drained.resynced else { return }
        let now = loop.clock
        sample(now: now)
        if sendsEvents && !stopped && !batching && !movement.isMoving(at: now) { startBatching(now: now) }
    }

    /// A frame came while the device rests: read the queue on the rest timer instead of
    /// waking for each frame.
    private func startBatching(now: UInt64) {
        batching = true
        watch?.cancel()
        watch = nil
        guard timer == nil else { return }
        do {
            timer = try loop.addTimer(at: now + options.pollIntervalUs) { [unowned(unsafe) self] in self.tick() }
        } catch {
            Log.error("cannot arm the input accelerometer timer: \(error)")
        }
    }

    /// Back to waking for each frame: the device moves, or a batch found nothing.
    private func stopBatching() {
        batching = false
        do {
            watch = try loop.watch(fd: device.fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in self.readable() }
        } catch {
            Log.error("cannot watch \(device.path): \(error)")
        }
    }

    /// A timer read: a polled device's kernel state, or an event device's held state.
    private func tick() {
        timer = nil
        guard !stopped, !isPaused else { return }
        do {
            if batching {
                let drained = try device.drain()
                if drained.frames == 0 && !drained.resynced { stopBatching() }  // quiet again
            } else if !sendsEvents {
                try device.resync()
            }
        } catch {
            lost("reading \(device.path) failed (\(error))")
            return
        }
        sample(now: loop.clock)
    }

    private func sample(now: UInt64) {
        let gravity = opened.gravity
        if movement.note(gravity, at: now) { lastChangeUs = now }
        deliver(Sample(timeUs: Int64(now), gravity: gravity))
        guard !stopped else { return }  // stopped from inside deliver
        timer?.cancel()
        timer = nil
        let moving = movement.isMoving(at: now)
        if moving && batching { stopBatching() }
        let fast = min(wasMoving ? options.movingPollIntervalUs : options.confirmIntervalUs, options.pollIntervalUs)
        wasMoving = moving
        let interval: UInt64
        if moving {
            interval = fast
        } else if sendsEvents && !batching && now >= lastChangeUs + options.eventRestHoldUs {
            return  // at rest: the next event wakes the loop
        } else {
            interval = options.pollIntervalUs
        }
        do {
            timer = try loop.addTimer(at: now + interval) { [unowned(unsafe) self] in self.tick() }
        } catch {
            Log.error("cannot arm the input accelerometer timer: \(error)")
        }
    }
}
