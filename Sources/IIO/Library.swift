import CallError
import CIIO
import CLibc

/// libiio's entry points. Valid while an `IIOContext` exists: the first context loads the
/// library, the last one to go unloads it (CIIO.h says why).
var iio: orientd_iio_api { orientd_library_table(orientd_libiio()).assumingMemoryBound(to: orientd_iio_api.self).pointee }

enum Library {
    static func load() throws(CallError) {
        var opened: Int32 = 0
        if let reason = orientd_library_load(orientd_libiio(), &opened) {
            throw CallError(call: "load libiio (\(String(cString: reason)))", errno: ELIBACC)
        }
        if opened != 0 { IIOLibraryEvents.opened() }
    }

    static func unload() {
        if orientd_library_release(orientd_libiio()) != 0 { IIOLibraryEvents.closed() }
    }
}

/// What the program does when libiio is opened (a sensor starts, or a one-shot read) and
/// closed again (the last user went): nothing, unless it says otherwise. The daemon hands
/// memory back then (OrientdDaemon's `MemoryHandBack`); orientctl does nothing.
public enum IIOLibraryEvents {
    nonisolated(unsafe) public static var opened: () -> Void = {}
    nonisolated(unsafe) public static var closed: () -> Void = {}
}

/// The seam for tests: libiio's entry points replaced by a table of fakes (`CIIO`'s
/// `orientd_iio_api`), or restored with nil. Only while no `IIOContext` exists.
public enum IIOTable {
    public static func replace(with table: UnsafePointer<orientd_iio_api>?) {
        orientd_libiio().pointee.replacement = UnsafeRawPointer(table)
    }
}
