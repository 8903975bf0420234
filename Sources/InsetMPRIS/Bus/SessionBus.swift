import CDBus

/// A connection to the session bus that owns one name and serves one object path, read
/// without blocking: the player's loop polls `descriptor` with the terminal and, once a
/// turn, takes the calls that came (`takeCalls`), answers each and sends signals. libdbus's
/// low-level API, on the UI thread only; no thread of its own.
public final class SessionBus {
    private let connection: OpaquePointer
    /// The method calls dispatched this turn, for `takeCalls`.
    private var waiting: [BusCall] = []
    private var registeredPath: String?
    public private(set) var isOpen = true

    public enum Failure: Error, Equatable {
        /// No session bus to connect to (SSH, CI, a console), with libdbus's reason.
        case noBus(String)
        /// The name is another process's.
        case nameTaken(String)
        case refused(String)
    }

    /// Connects, owns `name` (not queued behind another owner) and serves `path`.
    public init(name: String, path: String) throws(Failure) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        // A private connection: closed by us, and it must not end the process when the bus
        // goes (the shared one's default).
        guard let connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else {
            throw .noBus(SessionBus.reason(error))
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        self.connection = connection
        let owned = dbus_bus_request_name(connection, name, CDBUS_NAME_DO_NOT_QUEUE, &error)
        guard owned == CDBUS_NAME_PRIMARY_OWNER else {
            let why = dbus_error_is_set(&error) != 0 ? SessionBus.reason(error) : "owned by another process"
            close()
            throw .nameTaken("\(name): \(why)")
        }
        var table = DBusObjectPathVTable()
        table.message_function = { _, message, user in
            guard let message, let user, dbus_message_get_type(message) == CDBUS_MESSAGE_METHOD_CALL else {
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
            Unmanaged<SessionBus>.fromOpaque(user).takeUnretainedValue().waiting.append(BusCall(message))
            return DBUS_HANDLER_RESULT_HANDLED
        }
        guard dbus_connection_try_register_object_path(connection, path, &table,
                                                        Unmanaged.passUnretained(self).toOpaque(), &error) != 0 else {
            let why = SessionBus.reason(error)
            close()
            throw .refused("\(path): \(why)")
        }
        registeredPath = path
    }

    deinit { close() }

    /// The socket to poll for reading: readable when a message may be waiting.
    public var descriptor: Int32? {
        guard isOpen else { return nil }
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(connection, &fd) != 0 ? fd : nil
    }

    /// Reads what the socket has (never waiting), writes what is queued, and returns the
    /// method calls to our object that came. Empty, and closed, once the bus has gone.
    public func takeCalls() -> [BusCall] {
        guard isOpen else { return [] }
        _ = dbus_connection_read_write(connection, 0)
        while dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
        if dbus_connection_get_is_connected(connection) == 0 { close() }
        defer { waiting.removeAll() }
        return waiting
    }

    /// Answers `call` with `values` (nothing: an empty reply).
    public func reply(to call: BusCall, _ values: [BusValue] = []) {
        guard isOpen, let reply = dbus_message_new_method_return(call.message) else { return }
        defer { dbus_message_unref(reply) }
        if BusMessage.append(values, to: reply) { send(reply) }
    }

    /// Answers `call` with the error `name` and its message.
    public func reply(to call: BusCall, error name: String, _ message: String) {
        guard isOpen, let reply = dbus_message_new_error(call.message, name, message) else { return }
        defer { dbus_message_unref(reply) }
        send(reply)
    }

    /// Sends a signal from `path`.
    public func signal(from path: String, interface: String, member: String, _ values: [BusValue]) {
        guard isOpen, let message = dbus_message_new_signal(path, interface, member) else { return }
        defer { dbus_message_unref(message) }
        if BusMessage.append(values, to: message) { send(message) }
    }

    /// Gives the name back and closes the connection.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        if let registeredPath { _ = dbus_connection_unregister_object_path(connection, registeredPath) }
        registeredPath = nil
        if dbus_connection_get_is_connected(connection) != 0 { dbus_connection_flush(connection) }
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Queues `message` and writes what the socket takes now; the rest goes with the next
    /// turn's `takeCalls`.
    private func send(_ message: OpaquePointer) {
        _ = dbus_connection_send(connection, message, nil)
        _ = dbus_connection_read_write(connection, 0)
    }

    private static func reason(_ error: DBusError) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }
}

/// One method call to the served object, kept until it is answered.
public final class BusCall {
    let message: OpaquePointer
    public let interface: String
    public let member: String
    public let arguments: [BusValue]

    init(_ message: OpaquePointer) {
        dbus_message_ref(message)
        self.message = message
        interface = dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
        member = dbus_message_get_member(message).map { String(cString: $0) } ?? ""
        arguments = BusMessage.arguments(of: message)
    }

    deinit { dbus_message_unref(message) }
}
