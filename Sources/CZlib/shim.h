#ifndef INSET_CZLIB_SHIM_H
#define INSET_CZLIB_SHIM_H

// zlib, for the kitty graphics protocol's o=z (RFC 1950) payloads. deflateInit is a
// function-like macro that passes the header's version and struct size, which Swift does
// not import; this wrapper makes the same call.
#include <zlib.h>

static inline int czlib_deflate_init(z_stream *stream, int level) {
    return deflateInit(stream, level);
}

// deflateInit2 with zlib's defaults but the strategy: Z_RLE for PNG's filtered rows.
static inline int czlib_deflate_init_strategy(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}

#endif
