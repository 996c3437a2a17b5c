/// How much of a sensor runs. `SensorRegistry` (the daemon's one owner of demand) maps each
/// demand level to one of these.
public enum SensorRun: Equatable {
    /// Nothing set up, nothing read.
    case off
    /// The stop linger: the set-up (buffer, trigger, libiio context) is kept so that a claim
    /// coming back costs no start, but nothing is read and nothing is announced.
    case idle
    /// Read, and changes announced.
    case reading
}
