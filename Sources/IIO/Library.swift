import CallError
import CIIO
import CLibc

/// libiio's entry points. Valid while an `IIOContext` exists: the first context loads the
/// library, the last one to go unloads it (CIIO/loader.c says why).
var iio: orientd_iio_api { orientd_iio_table().pointee }

enum Library {
    static func load() throws(CallError) {
        if let reason = orientd_iio_load() {
            throw CallError(call: "load libiio (\(String(cString: reason)))", errno: ELIBACC)
        }
    }

    static func unload() { orientd_iio_unload() }
}

/// The seam for tests: libiio's entry points replaced by a table of fakes (`CIIO`'s
/// `orientd_iio_api`), or restored with nil. Only while no `IIOContext` exists.
public enum IIOTable {
    public static func replace(with table: UnsafePointer<orientd_iio_api>?) {
        orientd_iio_replace_table(table)
    }
}
