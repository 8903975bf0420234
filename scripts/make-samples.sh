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

if want hls; then "$here/make-hls" "$out/hls"; fi

ls -l "$out"
