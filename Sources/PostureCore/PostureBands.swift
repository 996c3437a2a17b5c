/// The hinge-angle bands of docs/posture.md ("Postures") with hysteresis relative to the reported posture:
/// well inside a band the answer is that band's; to leave the reported posture the angle must
/// be `bandHysteresisDegrees` past its edge.
public struct PostureBands: Sendable {
    public let parameters: PostureParameters

    public init(parameters: PostureParameters = .default) {
        self.parameters = parameters
    }

    /// The band an angle lies in, without hysteresis.
    public func nominal(_ degrees: Double) -> Posture {
        let p = parameters
        if degrees < p.closedBelowDegrees { return .closed }
        if degrees < p.laptopBelowDegrees { return .laptop }
        if degrees < p.flatBelowDegrees { return .flat }
        if degrees < p.tentBelowDegrees { return .tent }
        return .tablet
    }

    /// The posture an angle asks for, given what is reported now.
    public func propose(_ degrees: Double, current: Posture) -> Posture {
        guard let (low, high) = range(of: current) else { return nominal(degrees) }
        let h = parameters.bandHysteresisDegrees
        if degrees >= low - h && degrees < high + h { return current }
        return nominal(degrees)
    }

    /// The nominal angle range of a posture; nil for `unknown`.
    public func range(of posture: Posture) -> (Double, Double)? {
        let p = parameters
        switch posture {
        case .closed: return (-Double.infinity, p.closedBelowDegrees)
        case .laptop: return (p.closedBelowDegrees, p.laptopBelowDegrees)
        case .flat: return (p.laptopBelowDegrees, p.flatBelowDegrees)
        case .tent: return (p.flatBelowDegrees, p.tentBelowDegrees)
        case .tablet: return (p.tentBelowDegrees, Double.infinity)
        case .unknown: return nil
        }
    }
}
