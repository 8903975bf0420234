import CDBus

/// `BusValue`s into and out of a libdbus message, through its iterators. A value of a type
/// MPRIS does not use ends the reading: the caller then finds the arguments it expected
/// missing, and answers InvalidArgs.
enum BusMessage {
    /// Appends `values` to `message` as its arguments; false when libdbus ran out of memory.
    static func append(_ values: [BusValue], to message: OpaquePointer) -> Bool {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        return values.allSatisfy { append($0, to: &iter) }
    }

    /// The message's arguments, up to the first of a type not read here.
    static func arguments(of message: OpaquePointer) -> [BusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var values: [BusValue] = []
        repeat {
            guard let value = read(&iter) else { break }
            values.append(value)
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    private static func append(_ value: BusValue, to iter: inout DBusMessageIter) -> Bool {
        switch value {
        case .string(let text): return cdbus_append_string(&iter, CDBUS_TYPE_STRING, text) != 0
        case .objectPath(let path): return cdbus_append_string(&iter, CDBUS_TYPE_OBJECT_PATH, path) != 0
        case .int64(let number): return cdbus_append_int64(&iter, number) != 0
        case .double(let number): return cdbus_append_double(&iter, number) != 0
        case .bool(let flag): return cdbus_append_bool(&iter, flag ? 1 : 0) != 0
        case .strings(let texts):
            return container(CDBUS_TYPE_ARRAY, "s", in: &iter) { inner in
                texts.allSatisfy { cdbus_append_string(&inner, CDBUS_TYPE_STRING, $0) != 0 }
            }
        case .dictionary(let entries):
            return container(CDBUS_TYPE_ARRAY, "{sv}", in: &iter) { array in
                entries.allSatisfy { entry in
                    container(CDBUS_TYPE_DICT_ENTRY, nil, in: &array) { pair in
                        cdbus_append_string(&pair, CDBUS_TYPE_STRING, entry.key) != 0
                            && append(.variant(entry.value.unwrapped), to: &pair)
                    }
                }
            }
        case .variant(let inner):
            let content = inner.unwrapped
            return container(CDBUS_TYPE_VARIANT, content.signature, in: &iter) { append(content, to: &$0) }
        }
    }

    /// Opens a container, fills it and closes it (abandons it when filling failed).
    private static func container(_ type: Int32, _ signature: String?, in iter: inout DBusMessageIter,
                                  fill: (inout DBusMessageIter) -> Bool) -> Bool {
        var inner = DBusMessageIter()
        let opened = signature.map { dbus_message_iter_open_container(&iter, type, $0, &inner) }
            ?? dbus_message_iter_open_container(&iter, type, nil, &inner)
        guard opened != 0 else { return false }
        guard fill(&inner) else {
            dbus_message_iter_abandon_container(&iter, &inner)
            return false
        }
        return dbus_message_iter_close_container(&iter, &inner) != 0
    }

    private static func read(_ iter: inout DBusMessageIter) -> BusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case CDBUS_TYPE_STRING: return .string(String(cString: cdbus_get_string(&iter)))
        case CDBUS_TYPE_OBJECT_PATH: return .objectPath(String(cString: cdbus_get_string(&iter)))
        case CDBUS_TYPE_INT64, CDBUS_TYPE_INT32, CDBUS_TYPE_UINT32: return .int64(cdbus_get_int64(&iter))
        case CDBUS_TYPE_DOUBLE: return .double(cdbus_get_double(&iter))
        case CDBUS_TYPE_BOOLEAN: return .bool(cdbus_get_bool(&iter) != 0)
        case CDBUS_TYPE_VARIANT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &inner)
            return read(&inner).map(BusValue.variant)
        case CDBUS_TYPE_ARRAY where dbus_message_iter_get_element_type(&iter) == CDBUS_TYPE_STRING:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &inner)
            var texts: [String] = []
            while dbus_message_iter_get_arg_type(&inner) == CDBUS_TYPE_STRING {
                texts.append(String(cString: cdbus_get_string(&inner)))
                dbus_message_iter_next(&inner)
            }
            return .strings(texts)
        default: return nil
        }
    }
}
