"""Compiled patterns kept between processes (adapters/regex_cache.py): the same matchers as the standard compiler, only
the patterns of a module's own code stored, and any damage to the file falls back to compiling."""

from __future__ import annotations

import importlib
import marshal
import re
import subprocess
import sys
from pathlib import Path

from mirror_pipeline.adapters import regex_cache

MODULE = """
import re
WORD = re.compile(r"(?i)\\b(?P<word>pass(?:word)?|口令)\\s*[:：]\\s*(\\S+)")
CJK = re.compile(r"[\\u4e00-\\u9fff]{2,}")
BYTES = re.compile(rb"\\x00+")


def find(value, text):
    return re.compile(re.escape(value)).search(text)
"""
TEXTS = ["My Password: hunter2", "口令：芝麻开门", "pass:x", "nothing here", "中文句子", "password : two words"]


def _module(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / "mods"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.py").write_text(MODULE, encoding="utf-8")
    return folder


def _import_fresh(folder: Path, name: str, store: Path):
    sys.path.insert(0, str(folder))
    try:
        re.purge()  # re's own in-process cache would answer before ours
        sys.modules.pop(name, None)
        with regex_cache.cached(store, package=name):
            return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop(name, None)


def _matches(mod) -> list:
    return [(m.groupdict(), m.groups(), m.span()) if (m := mod.WORD.search(t)) else None for t in TEXTS] + [
        mod.CJK.findall(t) for t in TEXTS
    ]


def test_patterns_from_the_file_match_as_freshly_compiled_ones(tmp_path) -> None:
    store = tmp_path / "cache" / "regex.marshal"
    folder = _module(tmp_path, "rx_first")
    first = _import_fresh(folder, "rx_first", store)
    assert store.exists()
    stored = marshal.loads(store.read_bytes())
    assert {first.WORD.pattern, first.CJK.pattern, first.BYTES.pattern} <= {key[0] for key in stored}
    again = _import_fresh(folder, "rx_first", store)  # now from the file
    plain = _matches(first)
    assert _matches(again) == plain
    assert again.WORD.groupindex == re.compile(first.WORD.pattern).groupindex
    assert again.BYTES.sub(b"-", b"a\x00\x00b") == b"a-b"
    # and in a new process, where nothing but the file can answer
    code = (
        "import sys, importlib; sys.path.insert(0, sys.argv[1])\n"
        "from mirror_pipeline.adapters import regex_cache\n"
        "with regex_cache.cached(__import__('pathlib').Path(sys.argv[2]), package='rx_first'):\n"
        "    mod = importlib.import_module('rx_first')\n"
        "print(repr([m.group(2) if (m := mod.WORD.search(t)) else None for t in sys.argv[3:]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(folder), str(store), *TEXTS], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == repr([m.group(2) if (m := first.WORD.search(t)) else None for t in TEXTS])


def test_a_pattern_built_while_running_or_by_another_library_is_compiled_but_never_stored(tmp_path) -> None:
    store = tmp_path / "regex.marshal"
    folder = _module(tmp_path, "rx_second")
    (folder / "rx_other.py").write_text("import re\nOTHER = re.compile(r'other-library-[0-9]+')\n", encoding="utf-8")
    sys.path.insert(0, str(folder))
    re.purge()  # the other tests compiled the same constants: re's own cache would answer before ours
    value = "Tplink8888-" + "x" * 7  # as a redaction builds a pattern from a value it found
    try:
        with regex_cache.cached(store, package="rx_second"):
            mod = importlib.import_module("rx_second")
            assert mod.find(value, f"wifi {value} ok")  # the package's own function, called after its import
            assert importlib.import_module("rx_other").OTHER.match("other-library-1")
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("rx_second", None)
        sys.modules.pop("rx_other", None)
    stored = {key[0] for key in marshal.loads(store.read_bytes())}
    assert mod.WORD.pattern in stored  # the module's constants are
    assert value.encode() not in store.read_bytes() and not any(value in str(p) for p in stored)
    assert not any("other-library" in str(p) for p in stored)


def test_a_damaged_or_foreign_file_falls_back_to_compiling(tmp_path) -> None:
    folder = _module(tmp_path, "rx_third")
    for junk in (b"not marshal at all", marshal.dumps([1, 2, 3])):
        store = tmp_path / "damaged.marshal"
        store.write_bytes(junk)
        assert _matches(_import_fresh(folder, "rx_third", store))[0] is not None
    # an entry whose code `_sre` refuses is compiled afresh, not trusted
    store = tmp_path / "wrong.marshal"
    good = _import_fresh(folder, "rx_third", store)
    wrong = {key: (entry[0], [0, 0, 0], *entry[2:]) for key, entry in marshal.loads(store.read_bytes()).items()}
    store.write_bytes(marshal.dumps(wrong))
    assert _matches(_import_fresh(folder, "rx_third", store)) == _matches(good)


def test_a_syntax_error_is_the_standard_error(tmp_path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "rx_bad.py").write_text("import re\nBAD = re.compile(r'(unclosed')\n", encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        with regex_cache.cached(tmp_path / "x.marshal", package="rx_bad"):
            try:
                importlib.import_module("rx_bad")
            except re.error as err:
                assert "missing )" in str(err)
            else:
                raise AssertionError("the bad pattern compiled")
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("rx_bad", None)
