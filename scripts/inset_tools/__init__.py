"""Inset's Python tools, one package: the pty and picture readers, the real terminals'
scenes, the fuzzer's targets, the benchmarks' helpers and the test groups. The programs in
scripts/ are thin entry points that import from here; nothing here imports a program.
Modules import each other relatively, and none imports one that imports it (no cycle)."""
import os

# The repository: scripts/inset_tools/ is two folders below it.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# scripts/: the programs (the entry points that import from here) and tools/.
SCRIPTS = os.path.join(ROOT, "scripts")
