#ifndef INSET_CZLIB_SHIM_H
#define INSET_CZLIB_SHIM_H

// zlib, for the kitty graphics protocol's o=z (RFC 1950) payloads. deflateInit and
// inflateInit are function-like macros that pass the header's version and struct size,
// which Swift does not import; these wrappers make the same calls.
#include <zlib.h>

static inline int czlib_deflate_init(z_stream *stream, int level) {
    return deflateInit(stream, level);
}

static inline int czlib_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

#endif
