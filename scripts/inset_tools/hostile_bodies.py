"""What scripts/hostile-serve sends that never ends: endless playlists, manifests and subtitles,
a live playlist, and gzip bombs, as pieces of body."""
import zlib


MEDIA_HEADER = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:{seq}\n"


class ClientGone(Exception):
    pass


class Bounds:
    def __init__(self, seconds, body_bytes, wire_bytes):
        self.seconds = seconds
        self.body_bytes = body_bytes
        self.wire_bytes = wire_bytes


def segment_lines(start):
    """`#EXTINF` and a segment URI for each sequence number from `start` on, for ever."""
    n = start
    while True:
        yield f"#EXTINF:2.0,\nseg/{n}.ts\n"
        n += 1


def endless_media(seq=0):
    yield MEDIA_HEADER.format(seq=seq)
    yield from segment_lines(seq)


def endless_master():
    yield "#EXTM3U\n"
    n = 0
    while True:
        yield f"#EXT-X-STREAM-INF:BANDWIDTH={100000 + n},RESOLUTION=320x180\nv{n}.m3u8\n"
        n += 1


def endless_manifest():
    yield ('<?xml version="1.0" encoding="utf-8"?>\n'
           '<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT8S" '
           'minBufferTime="PT2S" profiles="urn:mpeg:dash:profile:isoff-live:2011">\n<Period id="0">\n'
           '<AdaptationSet contentType="video" mimeType="video/mp4">\n')
    n = 0
    while True:
        yield (f'<Representation id="{n}" bandwidth="{100000 + n}" width="320" height="180" codecs="avc1.64000d">'
               f'<SegmentTemplate media="c{n}-$Number$.m4s" initialization="i{n}.m4s" duration="2" startNumber="1"/>'
               '</Representation>\n')
        n += 1


def endless_subtitles(kind):
    """Cues for ever: WebVTT (`vtt`) or SubRip, a block of a thousand one-second cues made
    once and sent again and again (as fast as the link takes it)."""
    def stamp(n, ms):
        return f"{n // 3600:02d}:{n // 60 % 60:02d}:{n % 60:02d}{',' if kind == 'srt' else '.'}{ms:03d}"
    block = "".join((f"{n + 1}\n" if kind == "srt" else "") + f"{stamp(n, 0)} --> {stamp(n, 900)}\n"
                    f"line {n} of a subtitle that never ends\n\n" for n in range(1000))
    yield "WEBVTT\n\n" if kind == "vtt" else ""
    while True:
        yield block


def live_playlist(count):
    """The first answer of /live.m3u8: two segments, no end."""
    return MEDIA_HEADER.format(seq=0) + "".join(f"#EXTINF:2.0,\nseg/{i}.ts\n" for i in range(count))


def chunks(pieces, size=64 * 1024):
    """The text of `pieces` (an iterator of str) as byte chunks of about `size`."""
    buffer = []
    length = 0
    for piece in pieces:
        data = piece.encode()
        buffer.append(data)
        length += len(data)
        if length >= size:
            yield b"".join(buffer)
            buffer = []
            length = 0
    if buffer:
        yield b"".join(buffer)


def bomb(pieces):
    """`pieces` gzipped, flushed chunk by chunk, so the wire carries the compressed stream as it
    is made; a repeated playlist compresses about 60 to 1 at level 9."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    for chunk in chunks(pieces, 1 << 20):
        out = compressor.compress(chunk) + compressor.flush(zlib.Z_SYNC_FLUSH)
        if out:
            yield out
