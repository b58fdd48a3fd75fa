"""packaging/elfstrip.py: symbol tables go, but never at the cost of a library that no longer loads.

Fast: a few synthetic ELF headers, and real libraries of this venv stripped as
copies (skipped where there is no strip or the library is not there).
"""

from __future__ import annotations

import importlib.util
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("elfstrip", ROOT / "packaging" / "elfstrip.py")
elfstrip = importlib.util.module_from_spec(spec)
spec.loader.exec_module(elfstrip)

linux_with_strip = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("strip") is None, reason="needs Linux and binutils' strip"
)


def elf64(segments: list[tuple[int, int, int, int, int]]) -> bytes:
    """A minimal little-endian ELF64 image: header and PT_LOAD program headers (offset, vaddr, memsz, flags, align)."""
    phoff, phentsize = 64, 56
    header = bytearray(64)
    header[:6] = b"\x7fELF\x02\x01"
    struct.pack_into("<Q", header, 0x20, phoff)
    struct.pack_into("<HH", header, 0x36, phentsize, len(segments))
    table = b"".join(
        struct.pack("<IIQQQQQQ", elfstrip.PT_LOAD, flags, offset, vaddr, vaddr, memsz, memsz, align)
        for offset, vaddr, memsz, flags, align in segments
    )
    return bytes(header) + table


TEXT = (0x0, 0x0, 0x5000, 5, 0x1000)
DATA = (0x5000, 0x6000, 0x800, 6, 0x1000)


def test_load_segments_reads_the_program_headers() -> None:
    assert elfstrip.load_segments(elf64([TEXT, DATA])) == [TEXT, DATA]
    with pytest.raises(ValueError):
        elfstrip.load_segments(b"MZ not an ELF file")


def test_a_segment_moved_off_its_page_is_refused() -> None:
    """What strip does to numpy's OpenBLAS: the loader then says "address/offset not page-aligned"."""
    moved = (0x5098, 0x6000, 0x800, 6, 0x1000)
    assert elfstrip.aligned([TEXT, DATA])
    assert not elfstrip.aligned([TEXT, moved])
    assert not elfstrip.safe_replacement(elf64([TEXT, DATA]), elf64([TEXT, moved]))


def test_a_changed_memory_layout_is_refused() -> None:
    """What strip does to GEOS: patchelf's extra segment comes back 3 bytes shorter. Aligned, but not the same image."""
    shorter = (0x5000, 0x6000, 0x7FD, 6, 0x1000)
    assert elfstrip.safe_replacement(elf64([TEXT, DATA]), elf64([TEXT, DATA]))
    assert not elfstrip.safe_replacement(elf64([TEXT, DATA]), elf64([TEXT, shorter]))
    assert not elfstrip.safe_replacement(elf64([TEXT, DATA]), elf64([TEXT]))
    assert not elfstrip.safe_replacement(elf64([TEXT, DATA]), b"garbage")


def test_only_libraries_are_candidates(tmp_path: Path) -> None:
    for name in ("libfoo.so", "libfoo.so.6", "libicuuc.so.73", "mod.cpython-311-x86_64-linux-gnu.so", "app", "base_library.zip"):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "link.so").symlink_to(tmp_path / "libfoo.so")
    assert [p.name for p in elfstrip.libraries(tmp_path)] == [
        "libfoo.so", "libfoo.so.6", "libicuuc.so.73", "mod.cpython-311-x86_64-linux-gnu.so"
    ]


def _venv_file(pattern: str) -> Path | None:
    for base in map(Path, sys.path):
        if base.is_dir():
            found = sorted(base.glob(pattern))
            if found:
                return found[0]
    return None


@linux_with_strip
def test_numpys_gfortran_is_left_alone(tmp_path: Path) -> None:
    """The real failure: strip breaks auditwheel's gfortran copy, so elfstrip must keep the original bytes."""
    library = _venv_file("numpy.libs/libgfortran*.so*")
    if library is None:
        pytest.skip("this numpy wheel vendors no gfortran")
    copy = tmp_path / library.name
    shutil.copyfile(library, copy)
    saved, kept = elfstrip.strip_libraries([copy])
    assert (saved, kept) == (0, [copy])
    assert copy.read_bytes() == library.read_bytes()


@linux_with_strip
def test_a_stripped_extension_still_imports(tmp_path: Path) -> None:
    """rpds (under jsonschema) carries a full symbol table; stripped, it is smaller and still works."""
    extension = _venv_file("rpds/rpds.*.so")
    if extension is None:
        pytest.skip("rpds is not installed here")
    copy = tmp_path / extension.name
    shutil.copyfile(extension, copy)
    saved, kept = elfstrip.strip_libraries([copy])
    assert kept == []
    assert saved > elfstrip.MIN_SAVING and copy.stat().st_size == extension.stat().st_size - saved
    probe = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('rpds.rpds', {str(copy)!r})\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "print(module.HashTrieMap({'a': 1})['a'])\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1"
