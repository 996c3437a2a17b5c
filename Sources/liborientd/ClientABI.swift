import CLibc
import OrientdClient

// orientd.h, implemented: each function takes the opaque handle, calls the Swift client and
// turns its errors into the negative codes of orientd.h (the message stays on the handle).

public typealias OrientationCallback = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void

@_cdecl("orientd_client_new")
public func orientd_client_new(_ address: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let out else { return ClientError.invalidArgument("").code }
    out.pointee = nil
    do throws(ClientError) {
        let client = try OrientationClient(busAddress: address.map { String(cString: $0) })
        out.pointee = OpaquePointer(Unmanaged.passRetained(ClientHandle(client)).toOpaque())
        return 0
    } catch {
        return error.code
    }
}

@_cdecl("orientd_client_free")
public func orientd_client_free(_ client: OpaquePointer?) {
    guard let client else { return }
    Unmanaged<ClientHandle>.fromOpaque(UnsafeRawPointer(client)).release()
}

@_cdecl("orientd_client_last_error")
public func orientd_client_last_error(_ client: OpaquePointer) -> UnsafePointer<CChar>? {
    ClientHandle.from(client).lastError.map { UnsafePointer($0) }
}

@_cdecl("orientd_error_message")
public func orientd_error_message(_ code: Int32) -> UnsafePointer<CChar>? {
    cString(errorMessages, code > 0 ? -1 : -code)
}

@_cdecl("orientd_orientation_name")
public func orientd_orientation_name(_ orientation: Int32) -> UnsafePointer<CChar>? {
    cString(orientationNames, orientation)
}

@_cdecl("orientd_posture_name")
public func orientd_posture_name(_ posture: Int32) -> UnsafePointer<CChar>? {
    cString(postureNames, posture)
}

// MARK: The caller's loop

@_cdecl("orientd_client_get_fd")
public func orientd_client_get_fd(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.fileDescriptor
}

@_cdecl("orientd_client_dispatch")
public func orientd_client_dispatch(_ client: OpaquePointer) -> Int32 {
    ClientHandle.call(client) { c throws(ClientError) in try c.dispatch() }
}

@_cdecl("orientd_client_run")
public func orientd_client_run(_ client: OpaquePointer) -> Int32 {
    ClientHandle.call(client) { c throws(ClientError) in try c.run() }
}

@_cdecl("orientd_client_quit")
public func orientd_client_quit(_ client: OpaquePointer) {
    ClientHandle.from(client).client.quit()
}

// MARK: Notifications and values

@_cdecl("orientd_client_begin_generating_notifications")
public func orientd_client_begin_generating_notifications(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.beginGeneratingNotifications()
    return 0
}

@_cdecl("orientd_client_end_generating_notifications")
public func orientd_client_end_generating_notifications(_ client: OpaquePointer) -> Int32 {
    ClientHandle.call(client) { c throws(ClientError) in try c.endGeneratingNotifications() }
}

@_cdecl("orientd_client_is_generating_notifications")
public func orientd_client_is_generating_notifications(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.isGeneratingNotifications ? 1 : 0
}

@_cdecl("orientd_client_get_backend")
public func orientd_client_get_backend(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.backend.rawValue
}

@_cdecl("orientd_client_get_orientation")
public func orientd_client_get_orientation(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.orientation.number
}

@_cdecl("orientd_client_get_screen_orientation")
public func orientd_client_get_screen_orientation(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.screenOrientation.number
}

@_cdecl("orientd_client_get_supported_screen_orientations")
public func orientd_client_get_supported_screen_orientations(_ client: OpaquePointer) -> UInt32 {
    ClientHandle.from(client).client.supportedScreenOrientations.reduce(0) { $0 | (1 << UInt32($1.number)) }
}

@_cdecl("orientd_client_get_screen_orientation_lock")
public func orientd_client_get_screen_orientation_lock(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.screenOrientationLock?.number ?? 0
}

@_cdecl("orientd_client_lock_screen_orientation")
public func orientd_client_lock_screen_orientation(_ client: OpaquePointer, _ orientation: Int32) -> Int32 {
    ClientHandle.call(client) { c throws(ClientError) in
        guard let target = Orientation(number: orientation) else { throw .invalidArgument("\(orientation) is not an orientation") }
        try c.lockScreenOrientation(target)
    }
}

@_cdecl("orientd_client_unlock_screen_orientation")
public func orientd_client_unlock_screen_orientation(_ client: OpaquePointer) -> Int32 {
    ClientHandle.call(client) { c throws(ClientError) in try c.unlockScreenOrientation() }
}

@_cdecl("orientd_client_read_gravity")
public func orientd_client_read_gravity(_ client: OpaquePointer, _ x: UnsafeMutablePointer<Double>?,
                                        _ y: UnsafeMutablePointer<Double>?, _ z: UnsafeMutablePointer<Double>?) -> Int32 {
    ClientHandle.call(client) { c throws(ClientError) in
        let g = try c.readGravity()
        x?.pointee = g.x
        y?.pointee = g.y
        z?.pointee = g.z
    }
}

@_cdecl("orientd_client_get_posture")
public func orientd_client_get_posture(_ client: OpaquePointer) -> Int32 {
    ClientHandle.from(client).client.posture?.number ?? ClientError.unavailable("").code
}

@_cdecl("orientd_client_get_tablet_mode")
public func orientd_client_get_tablet_mode(_ client: OpaquePointer) -> Int32 {
    guard let on = ClientHandle.from(client).client.tabletMode else { return ClientError.unavailable("").code }
    return on ? 1 : 0
}

// MARK: Observers

@_cdecl("orientd_client_observe_orientation")
public func orientd_client_observe_orientation(_ client: OpaquePointer, _ callback: OrientationCallback?,
                                               _ userdata: UnsafeMutableRawPointer?) -> UInt32 {
    guard let callback else { return 0 }
    return ClientHandle.from(client).client.observeOrientation { callback(client, $0.number, userdata) }.id
}

@_cdecl("orientd_client_observe_screen_orientation")
public func orientd_client_observe_screen_orientation(_ client: OpaquePointer, _ callback: OrientationCallback?,
                                                      _ userdata: UnsafeMutableRawPointer?) -> UInt32 {
    guard let callback else { return 0 }
    return ClientHandle.from(client).client.observeScreenOrientation { callback(client, $0.number, userdata) }.id
}

@_cdecl("orientd_client_observe_posture")
public func orientd_client_observe_posture(_ client: OpaquePointer, _ callback: OrientationCallback?,
                                           _ userdata: UnsafeMutableRawPointer?) -> UInt32 {
    guard let callback else { return 0 }
    return ClientHandle.from(client).client.observePosture { callback(client, $0.number, userdata) }.id
}

@_cdecl("orientd_client_remove_observer")
public func orientd_client_remove_observer(_ client: OpaquePointer, _ token: UInt32) -> Int32 {
    let handle = ClientHandle.from(client)
    return handle.client.removeObserver(ObserverToken(id: token)) ? 0 : handle.fail(.notActive("no observer \(token)"))
}
