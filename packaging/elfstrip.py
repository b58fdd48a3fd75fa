"""Strip symbol tables from the frozen build's shared libraries, without breaking any (Linux).

The wheels' libraries (GEOS, ICU, numpy's and rpds' extensions) and libpython
keep their full symbol tables (``.symtab``/``.strtab``), about 4 MB the dynamic
loader never reads: it resolves through ``.dynsym``, which stripping keeps.
But ``strip`` rewrites the file, and on some libraries that auditwheel's
patchelf has already rewritten (numpy's OpenBLAS and gfortran) it moves a
loadable segment off its page alignment; the loader then refuses the library
("ELF load command address/offset not page-aligned") and numpy fails to import.

So each library is stripped as a copy, and the copy replaces the original only
if its loadable segments are laid out in memory exactly as before and every one
of them is still aligned. The others are kept as they are, and reported.

The spec imports this module; tests/packaging/test_elfstrip.py checks it.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

PT_LOAD = 1
PAGE = 4096  # the smallest page size the loader checks against on x86_64
LIBRARY = re.compile(r".+\.so(\.[0-9]+)*")
# Libraries already stripped (Qt's) would only lose their .comment, some 100 bytes:
# not worth rewriting a file for.
MIN_SAVING = 4096


def load_segments(data: bytes) -> list[tuple[int, int, int, int, int]]:
    """(offset, vaddr, memsz, flags, align) of each PT_LOAD program header of an ELF image."""
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    elf_class, encoding = data[4], data[5]
    end = "<" if encoding == 1 else ">"
    segments = []
    if elf_class == 2:  # 64-bit: type, flags, offset, vaddr, paddr, filesz, memsz, align
        (phoff,) = struct.unpack_from(end + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x36)
        for i in range(phnum):
            kind, flags, offset, vaddr, _, _, memsz, align = struct.unpack_from(end + "IIQQQQQQ", data, phoff + i * phentsize)
            if kind == PT_LOAD:
                segments.append((offset, vaddr, memsz, flags, align))
    elif elf_class == 1:  # 32-bit: type, offset, vaddr, paddr, filesz, memsz, flags, align
        (phoff,) = struct.unpack_from(end + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x2A)
        for i in range(phnum):
            kind, offset, vaddr, _, _, memsz, flags, align = struct.unpack_from(end + "IIIIIIII", data, phoff + i * phentsize)
            if kind == PT_LOAD:
                segments.append((offset, vaddr, memsz, flags, align))
    else:
        raise ValueError(f"unknown ELF class {elf_class}")
    return segments


def aligned(segments: list[tuple[int, int, int, int, int]]) -> bool:
    """Whether each segment's file offset and address agree modulo its alignment and the page size."""
    return all((offset - vaddr) % max(align, 1) == 0 and (offset - vaddr) % PAGE == 0
               for offset, vaddr, _, _, align in segments)


def safe_replacement(original: bytes, stripped: bytes) -> bool:
    """The stripped image maps the same segments at the same addresses, each still aligned."""
    try:
        before, after = load_segments(original), load_segments(stripped)
    except (ValueError, struct.error):
        return False
    layout = [(vaddr, memsz, flags) for _, vaddr, memsz, flags, _ in before]
    return bool(after) and [(vaddr, memsz, flags) for _, vaddr, memsz, flags, _ in after] == layout and aligned(after)


def libraries(folder: Path) -> list[Path]:
    """Shared libraries under ``folder`` (not symlinks; never the executable, whose archive is appended)."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and LIBRARY.fullmatch(p.name))


def strip_libraries(paths: list[Path], strip: str = "strip") -> tuple[int, list[Path]]:
    """Strip each library's symbol table in place where that is safe: (bytes saved, libraries left as they were)."""
    saved, kept = 0, []
    for path in paths:
        original = path.read_bytes()
        if original[:4] != b"\x7fELF":
            continue
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / path.name
            copy.write_bytes(original)
            done = subprocess.run([strip, "--strip-unneeded", "--remove-section=.comment", str(copy)],
                                  capture_output=True, check=False)
            stripped = copy.read_bytes()
        if done.returncode != 0:
            kept.append(path)
            continue
        if len(original) - len(stripped) < MIN_SAVING:
            continue
        if not safe_replacement(original, stripped):
            kept.append(path)
            continue
        path.write_bytes(stripped)  # in place: keeps the file's mode
        saved += len(original) - len(stripped)
    return saved, kept


def strip_build(internal: Path) -> None:
    """The spec's entry point: strip every library of the one-folder build's _internal/, if strip exists."""
    strip = shutil.which("strip")
    if strip is None:
        print("elfstrip: no strip on PATH; libraries keep their symbol tables (the build is about 4 MB larger)")
        return
    saved, kept = strip_libraries(libraries(internal), strip)
    names = ", ".join(p.name for p in kept) or "none"
    print(f"elfstrip: stripped symbol tables, {saved / 1e6:.1f} MB saved; left unstripped (unsafe to rewrite): {names}")
