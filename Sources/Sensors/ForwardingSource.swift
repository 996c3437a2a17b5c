import OrientationCore

/// A source that passes everything to `inner`: the base of the sources that sit in front of
/// another and change one thing (`GatedSource`: what may be delivered; `SampleTap`: who hears it).
public class ForwardingSource: SampleSource {
    public let inner: any SampleSource

    init(_ inner: any SampleSource) { self.inner = inner }

    public var name: String { inner.name }
    public var isAvailable: Bool { inner.isAvailable }
    public var availabilityChanged: ((Bool) -> Void)? {
        get { inner.availabilityChanged }
        set { inner.availabilityChanged = newValue }
    }
    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) { try inner.start(deliver: deliver) }
    public func stop() { inner.stop() }
    public func pause() { inner.pause() }
    public func readOnce() throws(SourceError) -> Vector3 { try inner.readOnce() }
    public func keepOneShotReadsOpen(_ keep: Bool) { inner.keepOneShotReadsOpen(keep) }
    public var supportedOrientations: String? { inner.supportedOrientations }
    public var reportsBeforeClaim: Bool { inner.reportsBeforeClaim }
    public var configurationChanged: (() -> Void)? {
        get { inner.configurationChanged }
        set { inner.configurationChanged = newValue }
    }
    public func refresh() { inner.refresh() }
}
