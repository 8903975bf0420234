// Basic values read from under a message iterator (shim.h declares).
#include "shim.h"

const char *cdbus_get_string(DBusMessageIter *iter) {
    const char *text = NULL;
    dbus_message_iter_get_basic(iter, &text);
    return text;
}

int64_t cdbus_get_int64(DBusMessageIter *iter) {
    DBusBasicValue value;
    value.i64 = 0;
    dbus_message_iter_get_basic(iter, &value);
    switch (dbus_message_iter_get_arg_type(iter)) {
    case DBUS_TYPE_INT32: return value.i32;
    case DBUS_TYPE_UINT32: return value.u32;
    case DBUS_TYPE_INT16: return value.i16;
    case DBUS_TYPE_UINT16: return value.u16;
    case DBUS_TYPE_BYTE: return value.byt;
    default: return value.i64;
    }
}

double cdbus_get_double(DBusMessageIter *iter) {
    double value = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}

int cdbus_get_bool(DBusMessageIter *iter) {
    dbus_bool_t value = FALSE;
    dbus_message_iter_get_basic(iter, &value);
    return value != FALSE;
}
