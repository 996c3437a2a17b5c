extension Bus {
    /// Announces changed properties (PropertiesChanged with their values, read through their
    /// getters). A failure is logged, never thrown: a property change must not stop the
    /// daemon, and the next change is announced again.
    public func announce(path: String, interface: String, _ names: [String]) {
        do {
            try emitPropertiesChanged(path: path, interface: interface, names: names)
        } catch {
            Log.warning("cannot emit PropertiesChanged on \(interface): \(error), ignoring")
        }
    }
}
