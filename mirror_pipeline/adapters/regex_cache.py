"""Compiled regular expressions kept on disk between processes, so a command does not recompile its rules each start.

The screening, time and ranking modules compile a few hundred patterns when they are imported: 0.2 s of a read
command's 1 s start-up, ~2 s of a pipeline process's. CPython's `re` parses a pattern and generates its matcher's code
in Python (`re._parser`, `re._compiler`); only the last step (`_sre.compile`) is native and cheap. This module keeps
the generated code of every pattern compiled while a module is being imported (a constant of the code, never text
that a person wrote: a pattern built at run time, from a name or a screened value, is compiled as usual and never
stored), in one file per interpreter and `_sre` version, and hands it to `_sre.compile` in the next process.

`cached()` is used around a whole command (`cli.run_cli`). Any surprise (another Python, a damaged or foreign
file, code `_sre` refuses) falls back to the standard compiler: the cache can only make a start faster, never change a
pattern's meaning (`_sre.compile` validates the code it is given)."""

from __future__ import annotations

import contextlib
import marshal
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:  # CPython's internals; another implementation simply gets no cache
    import _sre
    from re import _compiler, _parser
except ImportError:  # pragma: no cover
    _sre = None

_SUPPORTED = sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13)
_MAX_ENTRIES = 20_000  # beyond it (patterns of old code versions piling up) the file keeps only this process's


def default_path() -> Path:
    """Beside the embedding cache: `$MIRROR_CACHE`, else `$XDG_CACHE_HOME/mirror`, else `~/.cache/mirror`."""
    if "MIRROR_CACHE" in os.environ:
        base = Path(os.environ["MIRROR_CACHE"])
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mirror"
    version = "-".join(str(v) for v in sys.version_info[:3])
    return base / "regex" / f"{sys.implementation.name}-{version}-sre{_sre.MAGIC}-{_sre.CODESIZE}.marshal"


def _importing(package: str) -> bool:
    """Whether the pattern is a constant of the package's code: compiled by one of its modules (or a function of it)
    while a module is being imported, not by a running function, nor by another library (the standard library's
    `tokenize` builds one from a set, in another order in each process)."""
    frame = sys._getframe(3)
    while frame is not None and frame.f_globals.get("__name__", "").partition(".")[0] == "re":
        frame = frame.f_back
    if frame is None or frame.f_globals.get("__name__", "").partition(".")[0] != package:
        return False
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):
            return True
        frame = frame.f_back
    return False


def _generated(pattern: str | bytes, flags: int) -> tuple:
    """What `re._compiler.compile` hands to `_sre.compile` after the pattern (the same steps, kept apart)."""
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # opcodes are int subclasses: plain ints marshal
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex, tuple(indexgroup)


class _Cache:
    def __init__(self, path: Path, package: str) -> None:
        self.path = path
        self.package = package
        self.entries: dict[tuple[Any, int], tuple] = {}
        self.used: dict[tuple[Any, int], tuple] = {}
        self.new = 0
        with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
            loaded = marshal.loads(path.read_bytes())
            if isinstance(loaded, dict):
                self.entries = loaded

    def compile(self, original: Any, pattern: Any, flags: int) -> Any:
        if not isinstance(pattern, str | bytes) or type(pattern) not in (str, bytes) or not _importing(self.package):
            return original(pattern, flags)
        key = (pattern, int(flags))
        entry = self.entries.get(key)
        if entry is not None:
            with contextlib.suppress(Exception):  # a stale or foreign entry: compile it afresh below
                compiled = _sre.compile(pattern, *entry)
                self.used[key] = entry
                return compiled
        try:
            entry = _generated(pattern, flags)
            compiled = _sre.compile(pattern, *entry)
        except re.error:
            raise
        except Exception:  # internals not as this module knows them: the standard compiler, nothing stored
            return original(pattern, flags)
        self.entries[key] = self.used[key] = entry
        self.new += 1
        return compiled

    def save(self) -> None:
        if not self.new:
            return
        keep = self.entries if len(self.entries) <= _MAX_ENTRIES else self.used
        with contextlib.suppress(OSError, ValueError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".regex-")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(marshal.dumps(keep))
                os.replace(tmp, self.path)  # another process's file is replaced whole, never half-written
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


@contextlib.contextmanager
def cached(path: Path | None = None, package: str = "mirror_pipeline") -> Iterator[None]:
    """Within the block, the patterns the package's modules compile on import come from (and go to) the file;
    outside it nothing changes."""
    if not _SUPPORTED or _sre is None or os.environ.get("MIRROR_REGEX_CACHE") == "0":
        yield
        return
    cache = _Cache(path or default_path(), package)
    original = _compiler.compile
    _compiler.compile = lambda pattern, flags=0: cache.compile(original, pattern, flags)
    try:
        yield
    finally:
        _compiler.compile = original
        cache.save()


__all__ = ["cached", "default_path"]
