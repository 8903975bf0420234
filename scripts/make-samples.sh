#!/usr/bin/env bash
# Regenerates the clips in samples/ from FFmpeg's lavfi sources (no outside material).
# The committed clips were made with this script; tests compare against what ffprobe
# reports for them, so regenerating is safe. Needs ffmpeg with libx264, and a monospace
# font for the burnt-in clock (Debian: ffmpeg fonts-dejavu-core).
#
#   clock_16x9_aac.mp4   640x360 25 fps 10 s H.264 + AAC stereo 48 kHz, time burnt in
#   clock_4x3.mp4        320x240 25 fps 6 s H.264, no audio
#   scope_239.mp4        480x200 (2.39:1) 24 fps 5 s H.264
#   long_gop.mp4         320x180 25 fps 30 s H.264, a keyframe every 10 s (seek tests)
#   anamorphic_rot90.mp4 240x180, SAR 4:3, display matrix rotated 90 degrees, 3 s
#   bench_1080p.mp4      1920x1080 30 fps 5 s H.264 (benchmarks)
#   hls/                 a master playlist with 180p, 360p and 720p variants and a live
#                        playlist (scripts/make-hls; --only hls)
#   av_sync_markers.mp4  320x180 25 fps 12 s H.264 + AAC stereo 48 kHz: black and silent but
#                        for a white flash (2 frames) and an 80 ms 1 kHz tone burst together
#                        at 1, 3, 5, 7, 9 and 11 s (audio-video sync tests)
#   subtitled.mp4        320x180 25 fps 10 s H.264 + two mov_text tracks: English (0-2 s "First
#                        line", 3-5 s "Second line", 6-8 s "Third line", 8.5-9.8 s a line long
#                        enough to wrap) and French (0.5-2.5 s, 3.5-5.5 s) (subtitle tests)
#   sidecar.mp4          320x180 25 fps 10 s H.264, no subtitles inside; sidecar.en.srt beside
#                        it is found by name (0-4 s "Found beside the video", 5-9 s "Second cue")
#   dvd_subtitles.mkv    320x180 25 fps 8 s grey H.264 + a DVD (VobSub) picture track: a red box
#                        outlined in white at x 80, y 120, 160x40 from 1 s, a green one from 4 s,
#                        each shown for 175 x 1024/90000 s (1.991 s) (picture subtitle tests)
#   tone_440.mp3         4 s of a 440 Hz sine, mono 44.1 kHz MP3 with ID3 tags: artist "Inset
#                        Test Tones", title "A Above Middle C", album "Sines", track 3, year 2024
#   tone_1760.opus       the same two octaves up (1760 Hz), Opus with Vorbis comments: title
#                        "Two Octaves Up", track 4, the same artist, album and year
#   silence.flac         4 s of silence, FLAC with Vorbis comments: artist "Inset Test Tones",
#                        title "Nothing At All", album "Sines", track 5, year 2024
#                        (music tags and the visualiser)
#
#   sites/               pages for yt-dlp's generic extractor, served by scripts/http-serve:
#                        video.html (a <video> of clock_16x9_aac.mp4 with a <track>,
#                        clock.en.vtt), two.html (two <video>s: a playlist), split.html (a
#                        <video> of split.mpd, whose picture (markers_180p/360p/720p.mp4, the
#                        sync markers' picture) and sound (markers_tone.m4a) are separate)
#
#   scripts/make-samples.sh               all of them
#   scripts/make-samples.sh --only NAME   just that one (x264 builds differ between machines,
#                                         so regenerating all would rewrite committed clips)
set -euo pipefail
only=""
if [ "${1:-}" = --only ]; then only="${2:?--only needs a clip name}"; fi
want() { [ -z "$only" ] || [ "$only" = "$1" ]; }
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../samples"
mkdir -p "$out"
FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
font="$(fc-match -f '%{file}' monospace 2>/dev/null || true)"
[ -n "$font" ] || font=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf

# drawtext shows the presentation time, so a person (and a test reading the screen) can
# tell which moment of the clip is on screen.
clock() { # fontsize
  echo "drawtext=fontfile=$font:fontsize=$1:fontcolor=white:box=1:boxcolor=black@0.6:x=(w-tw)/2:y=h-th-8:text='%{pts\\:hms}'"
}
X264=(-c:v libx264 -preset medium -pix_fmt yuv420p -threads 2)

if want clock_16x9_aac.mp4; then
"${FF[@]}" -f lavfi -i "testsrc2=size=640x360:rate=25:duration=10" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=10" \
  -vf "$(clock 28)" -ac 2 "${X264[@]}" -crf 30 -g 50 -c:a aac -b:a 64k \
  -movflags +faststart "$out/clock_16x9_aac.mp4"
fi

if want clock_4x3.mp4; then
"${FF[@]}" -f lavfi -i "testsrc=size=320x240:rate=25:duration=6" \
  -vf "$(clock 20)" "${X264[@]}" -crf 30 -g 50 "$out/clock_4x3.mp4"
fi

if want scope_239.mp4; then
"${FF[@]}" -f lavfi -i "smptebars=size=480x200:rate=24:duration=5" \
  -vf "$(clock 20)" "${X264[@]}" -crf 30 -g 48 "$out/scope_239.mp4"
fi

# Only I and P frames 10 s apart: a seek must decode forward from the keyframe before.
if want long_gop.mp4; then
"${FF[@]}" -f lavfi -i "testsrc2=size=320x180:rate=25:duration=30" \
  -vf "$(clock 18)" "${X264[@]}" -crf 32 -g 250 -keyint_min 250 -sc_threshold 0 -bf 2 \
  "$out/long_gop.mp4"
fi

# Sound-only files with tags, one per tag format (ID3, Vorbis comments in Ogg and FLAC):
# the tags' readers are compared with ffprobe, the visualiser's mark with the tone's pitch.
if want tone_440.mp3; then
  "${FF[@]}" -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=4" -ac 1 -c:a libmp3lame -b:a 48k \
    -id3v2_version 3 -metadata "artist=Inset Test Tones" -metadata "title=A Above Middle C" \
    -metadata "album=Sines" -metadata "track=3" -metadata "date=2024" "$out/tone_440.mp3"
fi
if want tone_1760.opus; then
  "${FF[@]}" -f lavfi -i "sine=frequency=1760:sample_rate=48000:duration=4" -ac 1 -c:a libopus -b:a 24k \
    -metadata "artist=Inset Test Tones" -metadata "title=Two Octaves Up" \
    -metadata "album=Sines" -metadata "track=4" -metadata "date=2024" "$out/tone_1760.opus"
fi
if want silence.flac; then
  "${FF[@]}" -f lavfi -i "anullsrc=channel_layout=mono:sample_rate=44100" -t 4 -c:a flac \
    -metadata "artist=Inset Test Tones" -metadata "title=Nothing At All" \
    -metadata "album=Sines" -metadata "track=5" -metadata "date=2024" "$out/silence.flac"
fi

# Non-square pixels and rotation metadata, for probe and aspect tests.
# FFmpeg 5.1's muxer no longer writes a rotate tag, so the track header's display matrix
# is patched in place: a quarter turn clockwise, as a phone filming upright records it.
if want anamorphic_rot90.mp4; then
"${FF[@]}" -f lavfi -i "testsrc=size=240x180:rate=25:duration=3" \
  -vf "setsar=4/3" "${X264[@]}" -crf 32 "$out/anamorphic_rot90.mp4"
python3 - "$out/anamorphic_rot90.mp4" <<'PY'
import struct, sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
at = data.find(b"tkhd")
assert at > 0, "no tkhd box"
version = data[at + 4]
matrix = at + 4 + 4 + (32 if version == 1 else 20) + 8 + 8
height = struct.unpack(">I", data[matrix + 40:matrix + 44])[0] >> 16
values = [0, 0x10000, 0, -0x10000, 0, 0, height << 16, 0, 0x40000000]
data[matrix:matrix + 36] = struct.pack(">9i", *values)
open(path, "wb").write(data)
PY
fi

if want bench_1080p.mp4; then
"${FF[@]}" -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=5" \
  -vf "$(clock 64)" "${X264[@]}" -crf 30 -g 60 -profile:v high "$out/bench_1080p.mp4"
fi

# A/V sync markers: at every odd second a white flash (frames at t and t+0.04 s) and an
# 80 ms 1 kHz tone burst begin together; black and silence otherwise. mod(t+1,2) is 0 at
# 1, 3, 5… s, and exact on both timelines (frame times n/25, sample times n/48000).
if want av_sync_markers.mp4; then
"${FF[@]}" -f lavfi -i "color=c=black:size=320x180:rate=25:duration=12" \
  -f lavfi -i "aevalsrc=exprs='if(lt(mod(t+1\,2)\,0.08)\,0.5*sin(2*PI*1000*t)\,0)':sample_rate=48000:duration=12" \
  -vf "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='lt(mod(t+1\,2)\,0.07)'" \
  -ac 2 "${X264[@]}" -crf 30 -g 50 -c:a aac -b:a 64k -movflags +faststart "$out/av_sync_markers.mp4"
fi

# Subtitles: SubRip written here, muxed into MP4 as mov_text (tx3g); the times are the tests'.
if want subtitled.mp4; then
subs="$(mktemp -d)"
cat >"$subs/en.srt" <<'SRT'
1
00:00:00,000 --> 00:00:02,000
First line

2
00:00:03,000 --> 00:00:05,000
Second line

3
00:00:06,000 --> 00:00:08,000
Third line

4
00:00:08,500 --> 00:00:09,800
A <i>much</i> longer fourth line that is long enough to wrap across the width of a small picture
SRT
cat >"$subs/fr.srt" <<'SRT'
1
00:00:00,500 --> 00:00:02,500
Première ligne

2
00:00:03,500 --> 00:00:05,500
Deuxième ligne
SRT
# The clock goes at the top, where subtitles do not.
"${FF[@]}" -f lavfi -i "testsrc=size=320x180:rate=25:duration=10" -i "$subs/en.srt" -i "$subs/fr.srt" \
  -map 0:v -map 1 -map 2 \
  -vf "drawtext=fontfile=$font:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.6:x=(w-tw)/2:y=8:text='%{pts\\:hms}'" \
  "${X264[@]}" -crf 36 -g 50 -c:s mov_text -metadata:s:s:0 language=eng -metadata:s:s:1 language=fre \
  "$out/subtitled.mp4"
rm -r "$subs"
fi

# A video with its subtitles in a file beside it, found by name (sidecar.en.srt).
if want sidecar.mp4; then
"${FF[@]}" -f lavfi -i "testsrc=size=320x180:rate=25:duration=10" "${X264[@]}" -crf 36 -g 50 "$out/sidecar.mp4"
cat >"$out/sidecar.en.srt" <<'SRT'
1
00:00:00,000 --> 00:00:04,000
Found beside the video

2
00:00:05,000 --> 00:00:09,000
Second cue
SRT
fi

# FFmpeg encodes DVD subtitles only from pictures, so the pictures are written here: a
# VobSub pair (.idx with the palette and times, .sub with one MPEG-PS sector per picture,
# run-length coded as DVD players read it), then copied into Matroska beside a grey video.
if want dvd_subtitles.mkv; then
subs="$(mktemp -d)"
python3 - "$subs/boxes" 320 180 "80,120,160,40,red,1" "80,120,160,40,green,4" <<'PY'
import struct, sys
name, W, H = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# Pixel value 1 is the fill (palette entry per cue), 2 the white outline, 0 transparent.
palette = ["000000", "ffffff", "ff0000", "00ff00"] + ["808080"] * 12
entry = {"red": 2, "green": 3}
stop = 175  # display time in 1024/90000 s units: 1.991 s

def rle_line(pixels):  # 2-bit runs: 4, 8, 12 or 16 bits each; lines end on a byte
    nibbles, i = [], 0
    while i < len(pixels):
        c, n = pixels[i], 1
        while i + n < len(pixels) and pixels[i + n] == c and n < 255: n += 1
        v = (n << 2) | c
        digits = 1 if n < 4 else 2 if n < 16 else 3 if n < 64 else 4
        nibbles += [(v >> (4 * k)) & 15 for k in reversed(range(digits))]
        i += n
    if len(nibbles) % 2: nibbles.append(0)
    return bytes((nibbles[k] << 4) | nibbles[k + 1] for k in range(0, len(nibbles), 2))

def spu(x, y, w, h, fill):
    rows = [[2 if r in (0, h - 1) or c in (0, w - 1) else 1 for c in range(w)] for r in range(h)]
    top = b"".join(rle_line(rows[r]) for r in range(0, h, 2))
    bottom = b"".join(rle_line(rows[r]) for r in range(1, h, 2))
    first = 4 + len(top) + len(bottom)
    # Colours (3 2 1 0 → entries 0 1 fill 0), alpha (0 15 15 0), area, field offsets, show.
    body = bytes([0x03, 0x01, entry[fill] << 4, 0x04, 0x0F, 0xF0, 0x05]) \
        + struct.pack(">I", (x << 12) | (x + w - 1))[1:] + struct.pack(">I", (y << 12) | (y + h - 1))[1:] \
        + bytes([0x06]) + struct.pack(">HH", 4, 4 + len(top)) + bytes([0x01, 0xFF])
    second = first + 4 + len(body)
    data = top + bottom + struct.pack(">HH", 0, second) + body + struct.pack(">HH", stop, second) + bytes([0x02, 0xFF])
    return struct.pack(">HH", 4 + len(data), first) + data

def sector(payload, pts):  # pack header, private stream 1 PES (substream 0x20), padding to 2048
    p = bytes([0x21 | ((pts >> 29) & 0x0E), (pts >> 22) & 0xFF, 0x01 | ((pts >> 14) & 0xFE), (pts >> 7) & 0xFF, 0x01 | ((pts << 1) & 0xFE)])
    body = bytes([0x81, 0x80, 0x05]) + p + bytes([0x20]) + payload
    out = b"\x00\x00\x01\xba\x44\x00\x04\x00\x04\x01\x01\x89\xc3\xf8" + b"\x00\x00\x01\xbd" + struct.pack(">H", len(body)) + body
    pad = 2048 - len(out)
    return out + b"\x00\x00\x01\xbe" + struct.pack(">H", pad - 6) + b"\xff" * (pad - 6)

sub = b""
idx = ["# VobSub index file, v7 (do not modify this line!)", f"size: {W}x{H}", "palette: " + ", ".join(palette), "id: en, index: 0"]
for x, y, w, h, fill, start in (a.split(",") for a in sys.argv[4:]):
    ms = int(float(start) * 1000)
    idx.append("timestamp: %02d:%02d:%02d:%03d, filepos: %09x" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000, len(sub)))
    sub += sector(spu(int(x), int(y), int(w), int(h), fill), ms * 90)
open(name + ".idx", "w").write("\n".join(idx) + "\n")
open(name + ".sub", "wb").write(sub)
PY
"${FF[@]}" -f lavfi -i "color=c=gray:size=320x180:rate=25:duration=8" -i "$subs/boxes.idx" -map 0:v -map 1 \
  "${X264[@]}" -crf 36 -g 50 -c:s copy -metadata:s:s:0 language=eng "$out/dvd_subtitles.mkv"
rm -r "$subs"
fi
if want hls; then "$here/make-hls" "$out/hls"; fi

# Pages as video sites serve them, for yt-dlp's generic extractor; the split page's picture
# and sound are the sync markers' (made above), the picture at three sizes.
if want sites; then
sites="$out/sites"
mkdir -p "$sites"
"${FF[@]}" -i "$out/av_sync_markers.mp4" -map 0:v -c copy -movflags +faststart "$sites/markers_180p.mp4"
for height in 360 720; do
  "${FF[@]}" -i "$out/av_sync_markers.mp4" -map 0:v -vf "scale=-2:$height" "${X264[@]}" -crf 30 -g 50 \
    -movflags +faststart "$sites/markers_${height}p.mp4"
done
"${FF[@]}" -i "$out/av_sync_markers.mp4" -map 0:a -c copy -movflags +faststart "$sites/markers_tone.m4a"
printf 'WEBVTT\n\n00:00:00.500 --> 00:00:09.000\nHello from the page\n' > "$sites/clock.en.vtt"
cat > "$sites/video.html" <<'PAGE'
<!DOCTYPE html><html><head><title>Clock in colour</title></head><body>
<video controls src="/clock_16x9_aac.mp4"><track kind="subtitles" src="clock.en.vtt" srclang="en" label="English"></video>
</body></html>
PAGE
cat > "$sites/two.html" <<'PAGE'
<!DOCTYPE html><html><head><title>Two clips</title></head><body>
<video src="/clock_4x3.mp4"></video>
<video src="/scope_239.mp4"></video>
</body></html>
PAGE
cat > "$sites/split.html" <<'PAGE'
<!DOCTYPE html><html><head><title>Markers in two streams</title></head><body>
<video src="split.mpd"></video>
</body></html>
PAGE
cat > "$sites/split.mpd" <<'PAGE'
<?xml version="1.0" encoding="utf-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" mediaPresentationDuration="PT12S" minBufferTime="PT2S">
  <Period id="0" start="PT0S">
    <AdaptationSet id="0" contentType="video" mimeType="video/mp4">
      <Representation id="v180" codecs="avc1.64000d" width="320" height="180" bandwidth="7000"><BaseURL>markers_180p.mp4</BaseURL></Representation>
      <Representation id="v360" codecs="avc1.64001e" width="640" height="360" bandwidth="8200"><BaseURL>markers_360p.mp4</BaseURL></Representation>
      <Representation id="v720" codecs="avc1.64001f" width="1280" height="720" bandwidth="13300"><BaseURL>markers_720p.mp4</BaseURL></Representation>
    </AdaptationSet>
    <AdaptationSet id="1" contentType="audio" mimeType="audio/mp4" lang="en">
      <Representation id="tone" codecs="mp4a.40.2" audioSamplingRate="48000" bandwidth="9300"><BaseURL>markers_tone.m4a</BaseURL></Representation>
    </AdaptationSet>
  </Period>
</MPD>
PAGE
fi

ls -l "$out"
