/// The one place that holds orientd's version. `orientd --version`, `orientctl --version` and
/// debian/changelog (checked by Tests/packaging) all follow `number`.
public enum OrientdVersion {
    public static let number = "0.1.0"

    /// The Swift compiler that built this binary: the toolchain is not a Debian package, so the
    /// binary itself has to say which one it came from. `compilerVersion` is what that
    /// compiler's `--version` said, written at build time by scripts/swift-version-source
    /// (SwiftPM's Plugins/SwiftVersion, scripts/build-embedded, scripts/fuzz).
    public static let toolchain: String = "Swift \(compilerVersion)\(embedded)"

    #if hasFeature(Embedded)
    static let embedded = ", Embedded Swift"
    #else
    static let embedded = ""
    #endif
}
