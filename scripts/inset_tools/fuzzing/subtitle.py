"""Subtitle files for the fuzzer: valid SubRip, ASS and WebVTT files generated with random
cues (nested and broken tags, override blocks, huge and negative timestamps, overlaps,
out of order), written in UTF-8, a legacy set, UTF-16 or with invalid UTF-8, then sometimes
mutated byte- and line-wise. Each goes through `inset probe` (text or JSON), which reads a
subtitle file as the player does: the set guessed, every cue decoded."""
import random

WORDS = ["Hello", "Café", "über", "日本語", "Ελληνικά", "🙂", "line", "&amp;", "&lt;", "\\N", "\\h", "{\\i1}", "{\\pos(1,2)}",
         "<i>", "</i>", "<b><i><u>", "<font color=\"red\">", "</font>", "<c.yellow>", "<v Bob>", "<00:00:01.000>",
         "{", "}", "<", ">", "\x1b[2J", "\x07", "\u009b", "\u202e", "x" * 200]


def _timestamp(rng, sep):
    roll = rng.random()
    if roll < 0.1:
        h = rng.choice([99, 999, 99999, 2**31, 2**63])
    else:
        h = rng.randint(0, 2)
    m, s, ms = rng.randint(0, 99 if roll < 0.2 else 59), rng.randint(0, 99 if roll < 0.2 else 59), rng.randint(0, 999)
    text = f"{h:02}:{m:02}:{s:02}{sep}{ms:03}"
    if rng.random() < 0.05:
        text = "-" + text
    return text


def _text(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(0, 12))]
    if rng.random() < 0.1:
        words = ["<i>" * rng.randint(10, 2000)] + words  # deep nesting
    if rng.random() < 0.05:
        words.append("{" * rng.randint(10, 5000))
    return " ".join(words)


def srt(rng):
    out = []
    for i in range(rng.randint(0, 40)):
        out.append(str(i + 1 if rng.random() < 0.9 else rng.randint(-5, 2**40)))
        out.append(f"{_timestamp(rng, ',')} --> {_timestamp(rng, ',')}")
        for _ in range(rng.randint(0, 3)):
            out.append(_text(rng))
        out.append("")
    return "\r\n".join(out) if rng.random() < 0.3 else "\n".join(out)


def vtt(rng):
    out = ["WEBVTT" if rng.random() < 0.95 else "WEBVTT-ish", ""]
    if rng.random() < 0.2:
        out += ["STYLE", "::cue { color: red }", "", "NOTE a note", ""]
    for i in range(rng.randint(0, 40)):
        if rng.random() < 0.3:
            out.append(f"id{i}")
        settings = rng.choice(["", " align:start", " position:10%", " line:0 size:50%", " vertical:rl"])
        out.append(f"{_timestamp(rng, '.')} --> {_timestamp(rng, '.')}{settings}")
        for _ in range(rng.randint(0, 3)):
            out.append(_text(rng))
        out.append("")
    return "\n".join(out)


def ass(rng):
    head = ["[Script Info]", "ScriptType: v4.00+", "", "[V4+ Styles]",
            "Format: Name, Fontname, Fontsize, PrimaryColour, Bold, Alignment",
            "Style: Default,Arial,20,&H00FFFFFF,0,2", "", "[Events]",
            "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"]
    out = list(head)
    for _ in range(rng.randint(0, 40)):
        def t():
            return f"{rng.choice([0, 1, 9, 99999])}:{rng.randint(0, 99):02}:{rng.randint(0, 99):02}.{rng.randint(0, 99):02}"
        fields = ["0", t(), t(), "Default", "", "0", "0", "0", ""]
        if rng.random() < 0.1:
            fields = fields[:rng.randint(0, len(fields))]
        kind = rng.choice(["Dialogue", "Dialogue", "Dialogue", "Comment"])
        out.append(f"{kind}: " + ",".join(fields + [_text(rng)]))
    return "\n".join(out)


def encode(text, rng):
    roll = rng.random()
    if roll < 0.5:
        return text.encode("utf-8", "surrogatepass")
    if roll < 0.65:
        return text.encode("cp1252", "replace")
    if roll < 0.75:
        return text.encode("latin-1", "replace")
    if roll < 0.85:
        return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be"]), "surrogatepass")
    if roll < 0.9:
        return b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
    # Invalid UTF-8: stray continuation bytes, overlong forms, 5- and 6-byte sequences.
    raw = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 20)):
        at = rng.randrange(len(raw) + 1)
        raw[at:at] = rng.choice([b"\x80", b"\xc0\xaf", b"\xfd\x8f\xbf\xbf\xbf\xbf", b"\xff", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"])
    return bytes(raw)


def mutate(raw, rng):
    raw = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        if not raw:
            break
        kind = rng.choice(["flip", "overwrite", "truncate", "duplicate", "remove", "insert-line"])
        if kind == "flip":
            for _ in range(rng.randint(1, 32)):
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        elif kind == "overwrite":
            for _ in range(rng.randint(1, 16)):
                raw[rng.randrange(len(raw))] = rng.choice([0, 0xFF, 0x0A, 0x0D, 0x3E, 0x2D, 0x3A, rng.randrange(256)])
        elif kind == "truncate":
            del raw[rng.randrange(len(raw)):]
        elif kind == "duplicate":
            a = rng.randrange(len(raw))
            chunk = raw[a:a + rng.randint(1, 2000)]
            at = rng.randrange(len(raw))
            raw[at:at] = chunk * rng.randint(1, 20)
        elif kind == "remove":
            a = rng.randrange(len(raw))
            del raw[a:a + rng.randint(1, 500)]
        elif kind == "insert-line":
            at = rng.randrange(len(raw))
            raw[at:at] = rng.choice([b"\n-->\n", b"\n\n\n", b"00:00:00,000 --> 00:00:00,000\n", b"WEBVTT\n", b"[Events]\n",
                                     b"Dialogue: ,,,,,,,,,\n", b"\n" * 1000])
    return bytes(raw)


def make(rng):
    """One input: (bytes, extension)."""
    ext = rng.choice(["srt", "vtt", "ass"])
    text = {"srt": srt, "vtt": vtt, "ass": ass}[ext](rng)
    raw = encode(text, rng)
    if rng.random() < 0.6:
        raw = mutate(raw, rng)
    if rng.random() < 0.05:
        ext = rng.choice(["srt", "vtt", "ass", "ssa"])  # the wrong name for the contents
    return raw, ext


def commands(binary, path, rng):
    return [[binary, "probe"] + (["--json"] if rng.random() < 0.5 else []) + [path]]
