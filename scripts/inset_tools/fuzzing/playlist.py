"""Playlists for the fuzzer: HLS masters and media playlists and plain .m3u lists, generated
from their grammar with random tags and attributes, then sometimes mutated line- and byte-wise.

Their URIs point at the bundled samples (relative and absolute), at each other (a master
whose variant is a master), at themselves (a master whose only variant is itself, cycles
A -> B -> A), or nowhere. Some masters have tens of thousands of variants, some lines are
hundreds of kilobytes long. The entry file is named x.m3u8, x.m3u or disguised as evil.mp4."""
import os
import random

TAGS_MEDIA = ["#EXT-X-VERSION:{v}", "#EXT-X-TARGETDURATION:{n}", "#EXT-X-MEDIA-SEQUENCE:{n}",
              "#EXT-X-DISCONTINUITY", "#EXT-X-ENDLIST", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-PLAYLIST-TYPE:EVENT",
              "#EXT-X-BYTERANGE:{n}@{n}", "#EXT-X-KEY:METHOD=NONE", "#EXT-X-KEY:METHOD=AES-128,URI=\"{uri}\"",
              "#EXT-X-MAP:URI=\"{uri}\"", "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z",
              "#EXT-X-DISCONTINUITY-SEQUENCE:{n}", "#EXT-X-START:TIME-OFFSET={f}", "#EXT-X-GAP", "#EXT-X-BITRATE:{n}"]
TAGS_MASTER = ["#EXT-X-VERSION:{v}", "#EXT-X-INDEPENDENT-SEGMENTS",
               "#EXT-X-MEDIA:TYPE={mtype},GROUP-ID=\"{g}\",NAME=\"{g}\",DEFAULT=YES,URI=\"{uri}\"",
               "#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH={n},URI=\"{uri}\"", "#EXT-X-SESSION-DATA:DATA-ID=\"x\",VALUE=\"{g}\"",
               "#EXT-X-SESSION-KEY:METHOD=AES-128,URI=\"{uri}\""]
WEIRD_NUMBERS = ["0", "-1", "1", "2", "4294967295", "18446744073709551616", "1e308", "nan", "", "0x10", "99999999999999999999"]


def _number(rng):
    return rng.choice(WEIRD_NUMBERS) if rng.random() < 0.3 else str(rng.randint(0, 10))


def _fill(template, rng, uri):
    return template.format(v=_number(rng), n=_number(rng), f=rng.choice(["0", "-5", "1e9", "x"]), uri=uri(),
                           mtype=rng.choice(["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS", "X"]),
                           g=rng.choice(["a", "", "\"", "g" * 300]))


def _stream_inf(rng):
    attrs = [f"BANDWIDTH={_number(rng) if rng.random() < 0.3 else rng.randint(1000, 9000000)}"]
    if rng.random() < 0.7:
        attrs.append(f"RESOLUTION={rng.choice(['320x180', '0x0', '99999x99999', 'x', '1280x720'])}")
    if rng.random() < 0.5:
        attrs.append(f"CODECS=\"{rng.choice(['avc1.640028', 'mp4a.40.2', 'bogus', ''])}\"")
    if rng.random() < 0.2:
        attrs.append("AUDIO=\"a\"")
    rng.shuffle(attrs)
    return "#EXT-X-STREAM-INF:" + ",".join(attrs)


def media_playlist(rng, uri):
    lines = ["#EXTM3U"] if rng.random() < 0.95 else []
    for _ in range(rng.randint(0, 4)):
        lines.append(_fill(rng.choice(TAGS_MEDIA), rng, uri))
    for _ in range(rng.randint(0, 12)):
        if rng.random() < 0.9:
            lines.append(f"#EXTINF:{rng.choice(['2.0', '0', '-1', '1e9', 'x', '2'])},{rng.choice(['', 'title'])}")
        if rng.random() < 0.2:
            lines.append(_fill(rng.choice(TAGS_MEDIA), rng, uri))
        lines.append(uri())
    if rng.random() < 0.7:
        lines.append("#EXT-X-ENDLIST")
    return lines


def master_playlist(rng, uri, variants):
    lines = ["#EXTM3U"]
    for _ in range(rng.randint(0, 3)):
        lines.append(_fill(rng.choice(TAGS_MASTER), rng, uri))
    for _ in range(variants):
        lines.append(_stream_inf(rng))
        lines.append(uri())
    return lines


def plain_m3u(rng, uri):
    lines = ["#EXTM3U"] if rng.random() < 0.5 else []
    for _ in range(rng.randint(1, 8)):
        if rng.random() < 0.5:
            lines.append(f"#EXTINF:{rng.choice(['-1', '10', 'x'])},Title")
        lines.append(uri())
    return lines


def mutate_lines(lines, rng):
    lines = list(lines)
    for _ in range(rng.randint(0, 3)):
        if not lines:
            break
        kind = rng.choice(["drop", "dup", "swap", "long", "garbage", "truncate"])
        i = rng.randrange(len(lines))
        if kind == "drop":
            del lines[i]
        elif kind == "dup":
            lines[i:i] = [lines[i]] * rng.randint(1, 50)
        elif kind == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "long":
            lines[i] = lines[i] + rng.choice(["A", ",", "=", "\"", "/"]) * rng.randint(1000, 300_000)
        elif kind == "garbage":
            lines[i] = "".join(chr(rng.randrange(1, 0x800)) for _ in range(rng.randint(1, 40)))
        elif kind == "truncate":
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    return lines


def make(workdir, index, rng, samples):
    """Writes one playlist input (and the playlists it names) into a fresh directory; returns
    the entry file's path."""
    directory = os.path.join(workdir, f"playlist-{index}")
    os.makedirs(directory, exist_ok=True)
    # Relative URIs go through a link to the samples, so a kept copy names the same files
    # wherever it is put (copied with the link: shutil.copytree(symlinks=True)).
    os.symlink(samples, os.path.join(directory, "samples"))
    entry = rng.choice(["x.m3u8", "x.m3u8", "x.m3u", "evil.mp4"])
    others = [f"p{k}.m3u8" for k in range(rng.randint(0, 3))]
    segments = [os.path.join(samples, "hls", "v0", f"seg0{k}.ts") for k in range(5)]
    media = [os.path.join(samples, name) for name in ["clock_4x3.mp4", "scope_239.mp4"]]

    def uri():
        roll = rng.random()
        if roll < 0.25:
            return "samples/" + os.path.relpath(rng.choice(segments), samples)
        if roll < 0.4:
            return rng.choice(segments + media)
        if roll < 0.5:
            return "file://" + rng.choice(segments)
        if roll < 0.75:
            return rng.choice([entry] + others)  # itself, or another playlist here: nesting, cycles
        if roll < 0.8:
            return "samples/hls/master.m3u8"
        return rng.choice(["missing.ts", "", "../../../../etc/passwd", "data:,x", "http://127.0.0.1:9/x.ts",
                           "%00", "a" * 5000])

    def document(name):
        roll = rng.random()
        if name.endswith(".m3u") and roll < 0.7:
            lines = plain_m3u(rng, uri)
        elif roll < 0.5:
            variants = rng.choice([1, 1, 2, 3, 5, 20, rng.randint(1000, 100_000)])
            lines = master_playlist(rng, uri, variants)
        else:
            lines = media_playlist(rng, uri)
        data = "\n".join(mutate_lines(lines, rng) if rng.random() < 0.5 else lines) + "\n"
        raw = bytearray(data.encode("utf-8", "surrogatepass"))
        if rng.random() < 0.15 and raw:
            for _ in range(rng.randint(1, 8)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
        with open(os.path.join(directory, name), "wb") as f:
            f.write(raw)

    for name in [entry] + others:
        document(name)
    return os.path.join(directory, entry)


def commands(binary, path, rng):
    probe = [binary, "probe"] + (["--json"] if rng.random() < 0.5 else [])
    return [probe + [path], [binary, "cat", "--size", "40x12", "--colors", "truecolor", "--frames", "2", path]]
