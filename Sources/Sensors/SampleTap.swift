import OrientationCore

/// A source seen by two consumers: the one that runs it (the orientation hub) and one that
/// only listens (the posture hub reads the display samples that orientation already pays
/// for). Everything is passed through; `listener` hears every delivered sample and
/// `availabilityListener` every availability change, after the owner.
public final class SampleTap: SampleSource {
    public let inner: any SampleSource
    public var listener: ((Sample) -> Void)?
    public var availabilityListener: ((Bool) -> Void)?
    public var availabilityChanged: ((Bool) -> Void)?

    public init(_ inner: any SampleSource) {
        self.inner = inner
        inner.availabilityChanged = { [unowned(unsafe) self] available in
            self.availabilityChanged?(available)
            self.availabilityListener?(available)
        }
    }

    public var name: String { inner.name }
    public var isAvailable: Bool { inner.isAvailable }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        try inner.start { [unowned(unsafe) self] sample in
            deliver(sample)
            self.listener?(sample)
        }
    }

    public func stop() { inner.stop() }

    public func pause() { inner.pause() }

    public func readOnce() throws(SourceError) -> Vector3 { try inner.readOnce() }

    public func keepOneShotReadsOpen(_ keep: Bool) { inner.keepOneShotReadsOpen(keep) }

    public var supportedOrientations: String? { inner.supportedOrientations }

    public var configurationChanged: (() -> Void)? {
        get { inner.configurationChanged }
        set { inner.configurationChanged = newValue }
    }

    public func refresh() { inner.refresh() }
}
