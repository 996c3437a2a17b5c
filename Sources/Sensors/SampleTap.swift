import OrientationCore

/// A source seen by two consumers: the one that runs it (the orientation hub) and one that
/// only listens (the posture hub reads the display samples that orientation already pays
/// for). Everything is passed through; `listener` hears every delivered sample and
/// `availabilityListener` every availability change, after the owner.
public final class SampleTap: ForwardingSource {
    public var listener: ((Sample) -> Void)?
    public var availabilityListener: ((Bool) -> Void)?
    private var ownerAvailability: ((Bool) -> Void)?

    public override init(_ inner: any SampleSource) {
        super.init(inner)
        inner.availabilityChanged = { [unowned(unsafe) self] available in
            self.ownerAvailability?(available)
            self.availabilityListener?(available)
        }
    }

    public override var availabilityChanged: ((Bool) -> Void)? {
        get { ownerAvailability }
        set { ownerAvailability = newValue }
    }

    public override func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        try inner.start { [unowned(unsafe) self] sample in
            deliver(sample)
            self.listener?(sample)
        }
    }
}
