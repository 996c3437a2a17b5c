/// Bounds on what callers control, below what the bus itself allows the daemon.
///
/// Every caller holding a reference to a tracked resource (a Begin, a compatibility claim, a
/// screen lock) costs orientd one match rule on its own bus connection: sd-bus watches the
/// caller's NameOwnerChanged to notice it leaving. dbus-daemon drops a connection that asks
/// for more than `max_match_rules_per_connection` (512 in Debian's system bus configuration),
/// and lets one user hold `max_connections_per_user` (256) connections, so one user with two
/// resources could otherwise reach the bus's limit and make the bus drop orientd.
public struct CallerLimits: Equatable {
    /// Outstanding references one caller may hold on one resource. UIDevice-style nesting is
    /// a handful deep in practice; 64 leaves room for any real program and bounds a runaway
    /// loop.
    public var referencesPerCaller = 64
    /// Distinct callers of one resource.
    public var callers = 256
    /// Tracked (resource, caller) pairs of all resources together: three quarters of the
    /// bus's 512 match rules, leaving the rest for sd-bus's own matches and a margin, so
    /// LimitExceeded is answered long before the bus would refuse a match.
    public var trackedNames = 384
    /// Tracked pairs of one user (root excepted). A desktop session has a few programs that
    /// follow the orientation (compositor, settings, a game or camera); 32 leaves room for
    /// them, and it takes twelve users' worth of callers to fill `trackedNames`.
    public var trackedNamesPerUser = 32
    /// polkit checks of compass claims waiting for polkit's answer at once (one per caller).
    /// Each is a call orientd has outstanding on its own connection, which dbus-daemon bounds
    /// by `max_replies_per_connection` (128 in Debian's system bus configuration); 16 leaves
    /// the rest for logind's calls, and a compass has one or two real claimants (geoclue).
    public var pendingAuthorizations = 16
    public init() {}
}
