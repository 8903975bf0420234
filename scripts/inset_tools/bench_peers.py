"""../shared/bench/run_peers.sh with Unicode 16's octants in its terminal model.

The shared fidelity model knows half blocks, quadrants and sextants; any other glyph
counts as a flat half-and-half cell, so Inset's octant output would be scored as mush.
This adds the octants (U+1CD00..U+1CDE5, plus the 2x4 patterns Unicode had before:
U+1CEA0.., U+1FB82, U+1FB85, U+1FBE6/7) to its tables, exactly as Inset numbers them,
then runs the shared bench unchanged:

    scripts/bench-peers CLIP --grid 160x45 --reps 3 --peers inset,ncplayer-sex

For the "PSNR hi" score each cell is 2x6 sub-pixels: octant row r covers sub-rows
1.5r..1.5r+1.5, so a sub-row shared by two octant rows takes half of each.
Inset is found as the shared bench finds it ($INSET, `inset` on PATH, .build/release).
"""
import importlib.util
import os
import sys

import numpy as np

from . import ROOT

BENCH = os.environ.get("INSET_PEER_BENCH") or os.path.join(ROOT, "..", "shared", "bench")

# The 2x4 patterns that had characters before Unicode 16 (bit row*2+column, bit 0 the
# top-left), as SubCellGlyphs.octantsElsewhere has them.
ELSEWHERE = {
    0x00: 0x20, 0x01: 0x1CEA8, 0x02: 0x1CEAB, 0x03: 0x1FB82, 0x05: 0x2598, 0x0A: 0x259D,
    0x0F: 0x2580, 0x14: 0x1FBE6, 0x28: 0x1FBE7, 0x3F: 0x1FB85, 0x40: 0x1CEA3, 0x50: 0x2596,
    0x55: 0x258C, 0x5A: 0x259E, 0x5F: 0x259B, 0x80: 0x1CEA0, 0xA0: 0x2597, 0xA5: 0x259A,
    0xAA: 0x2590, 0xAF: 0x259C, 0xC0: 0x2582, 0xF0: 0x2584, 0xF5: 0x2599, 0xFA: 0x259F,
    0xFC: 0x2586, 0xFF: 0x2588,
}


def octant_mask(pattern):
    """6x2 coverage of a 2x4 pattern: octant row r spans sub-rows [1.5r, 1.5r + 1.5)."""
    m = np.zeros((6, 2), np.float32)
    for r in range(4):
        for c in range(2):
            if not (pattern >> (2 * r + c)) & 1:
                continue
            top, bottom = 1.5 * r, 1.5 * r + 1.5
            for k in range(6):
                m[k, c] += max(0.0, min(bottom, k + 1) - max(top, k))
    return m


def add_octants(fidelity):
    next_code = 0x1CD00
    for pattern in range(256):
        code = ELSEWHERE.get(pattern)
        if code is None:
            code = next_code
            next_code += 1
        ch = chr(code)
        if ch in fidelity.MASK:
            continue  # Block Elements the shared model already draws exactly
        m = octant_mask(pattern)
        fidelity.MASK[ch] = m
        fidelity.COVER[ch] = (float(m[:3].mean()), float(m[3:].mean()))
    assert next_code == 0x1CDE6, hex(next_code)


def load(name):
    """The shared bench's module `name`, from its file, under that name for the modules that
    import it (peers imports fidelity: it gets the one with the octants)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(BENCH, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main():
    add_octants(load("fidelity"))
    peers = load("peers")  # after the tables are complete
    sys.argv[0] = os.path.join(BENCH, "peers.py")
    peers.main()
