/// The one place that holds orientd's version. `orientd --version`, `orientctl --version` and
/// debian/changelog (checked by Tests/packaging) all follow `number`.
public enum OrientdVersion {
    public static let number = "0.1.0"

    /// The Swift compiler that built this binary, decided at compile time: the toolchain is not a
    /// Debian package, so the binary itself has to say which one it came from. The ladder is read
    /// top-down; `compiler(>=)` compares the compiler's own version, not the language mode.
    public static let toolchain: String = "Swift \(compilerVersion)\(embedded)"

    #if compiler(>=7.0)
    static let compilerVersion = "7.0 or later"
    #elseif compiler(>=6.5)
    static let compilerVersion = "6.5"
    #elseif compiler(>=6.4)
    static let compilerVersion = "6.4"
    #elseif compiler(>=6.3.1)
    static let compilerVersion = "6.3.1"
    #elseif compiler(>=6.3)
    static let compilerVersion = "6.3"
    #elseif compiler(>=6.2)
    static let compilerVersion = "6.2"
    #elseif compiler(>=6.1)
    static let compilerVersion = "6.1"
    #else
    static let compilerVersion = "6.0"
    #endif

    #if hasFeature(Embedded)
    static let embedded = ", Embedded Swift"
    #else
    static let embedded = ""
    #endif
}
