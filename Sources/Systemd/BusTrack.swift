import CallError
import CSystemd

/// Per-caller references that sd-bus drops by itself when a caller leaves the bus
/// (sd_bus_track). Recursive: n adds need n removes; otherwise adding is idempotent.
public final class BusTrack {
    private var track: OpaquePointer?
    private let onEmpty: () -> Void

    /// `onEmpty` runs on the loop whenever the last reference of the last caller is gone,
    /// whether removed or lost because the caller left the bus.
    public init(bus: Bus, recursive: Bool, onEmpty: @escaping () -> Void) throws(CallError) {
        self.onEmpty = onEmpty
        var raw: OpaquePointer?
        try check(sd_bus_track_new(bus.handle, &raw, { _, userdata in
            // The handler may drop the last reference to this track: keep it alive meanwhile.
            let track = Unmanaged<BusTrack>.fromOpaque(userdata!).takeUnretainedValue()
            withExtendedLifetime(track) { track.onEmpty() }
            // 1: handled. 0 would put an empty track back on the queue and call us forever.
            return 1
        }, Unmanaged.passUnretained(self).toOpaque()), "sd_bus_track_new")
        track = raw
        try check(sd_bus_track_set_recursive(raw, recursive ? 1 : 0), "sd_bus_track_set_recursive")
    }

    deinit { sd_bus_track_unref(track) }

    public func add(senderOf message: BusMessage) throws(CallError) {
        try check(sd_bus_track_add_sender(track, message.handle), "track caller")
    }

    /// Drops one reference; false when the caller held none.
    public func remove(senderOf message: BusMessage) -> Bool {
        sd_bus_track_remove_sender(track, message.handle) > 0
    }

    /// References the message's sender holds.
    public func count(senderOf message: BusMessage) -> Int {
        max(0, Int(sd_bus_track_count_sender(track, message.handle)))
    }

    /// Number of distinct callers holding references. Each costs the daemon one match rule
    /// on the bus (sd-bus watches the name's NameOwnerChanged).
    public var callers: Int { Int(sd_bus_track_count(track)) }

    /// The unique names of the callers holding references.
    public var names: [String] {
        collect(first: { sd_bus_track_first(track) }, next: { sd_bus_track_next(track) }).map { String(cString: $0) }
    }
}
