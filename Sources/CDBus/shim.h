#ifndef INSET_CDBUS_SHIM_H
#define INSET_CDBUS_SHIM_H

// The session bus's C side (MPRIS, InsetMPRIS): libdbus's low-level API as it is, with the
// few things Swift cannot take from its headers. Its type codes are macros with casts,
// which Swift does not import, and appending a basic value takes a pointer to the value,
// which for a string is a pointer to a `const char *`.
// Reading values back is in iterator_values.c, compiled once.
#include <dbus/dbus.h>
#include <stdint.h>

static const int CDBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int CDBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int CDBUS_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int CDBUS_TYPE_INT64 = DBUS_TYPE_INT64;
static const int CDBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int CDBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int CDBUS_TYPE_DOUBLE = DBUS_TYPE_DOUBLE;
static const int CDBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int CDBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int CDBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int CDBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;
static const int CDBUS_TYPE_STRUCT = DBUS_TYPE_STRUCT;

static const int CDBUS_MESSAGE_METHOD_CALL = DBUS_MESSAGE_TYPE_METHOD_CALL;
static const unsigned int CDBUS_NAME_DO_NOT_QUEUE = DBUS_NAME_FLAG_DO_NOT_QUEUE;
static const int CDBUS_NAME_PRIMARY_OWNER = DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER;

static inline dbus_bool_t cdbus_append_string(DBusMessageIter *iter, int type, const char *text) {
    return dbus_message_iter_append_basic(iter, type, &text);
}
static inline dbus_bool_t cdbus_append_int64(DBusMessageIter *iter, int64_t value) {
    dbus_int64_t v = value;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_INT64, &v);
}
static inline dbus_bool_t cdbus_append_double(DBusMessageIter *iter, double value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_DOUBLE, &value);
}
static inline dbus_bool_t cdbus_append_bool(DBusMessageIter *iter, int value) {
    dbus_bool_t v = value ? TRUE : FALSE;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_BOOLEAN, &v);
}

/// The string (or object path, or signature) under the iterator.
const char *cdbus_get_string(DBusMessageIter *iter);
/// The integer under the iterator, whatever its width (a client may send Volume as an int).
int64_t cdbus_get_int64(DBusMessageIter *iter);
double cdbus_get_double(DBusMessageIter *iter);
int cdbus_get_bool(DBusMessageIter *iter);

#endif
