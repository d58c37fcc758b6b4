"""Readers of the files people really have: detection, secret redaction on admission, and parsing into records.

Every refusal is a `RefusedFile` whose reason a person understands and that never quotes the file's content (a
refused file may hold a secret that screening never got to see).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import yaml

from mirror_pipeline.adapters.admission import RefusedFile, SecretCounter, Writer
from mirror_pipeline.adapters.parsers import chatgpt, claude, dayone, plaintext, proposal, telegram, wechat, whatsapp
from mirror_pipeline.adapters.parsers.common import load_json as _load_json
from mirror_pipeline.adapters.parsers.common import screen_in_order
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision
from mirror_pipeline.core.screening import RULES

TEXT_SUFFIXES = {".md", ".markdown", ".txt"}
_DATE_IN_NAME = re.compile(r"(\d{4})[-_.年](\d{1,2})[-_.月](\d{1,2})")
_EMBEDS_ONLY = re.compile(r"(?:\s*!\[\[[^\]]*\]\]|\s*!\[[^\]]*\]\([^)]*\))+\s*")
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*(?:\n|\Z)", re.DOTALL)


@dataclass(frozen=True)
class Admitted:
    """A file ready to be written to the inbox: its format and its bytes with every secret replaced."""

    format: str
    data: bytes
    secrets_redacted: int
    records: int


def _utf16_without_bom(head: bytes) -> str | None:
    """WhatsApp on Windows and some Excel exports write UTF-16 without a byte order mark: ASCII characters then show
    as a zero byte on every other position."""
    even, odd = head[0::2], head[1::2]
    if len(head) < 4:
        return None
    zeros_even, zeros_odd = even.count(0) / len(even), odd.count(0) / max(len(odd), 1)
    if zeros_odd > 0.3 and zeros_even < 0.05:
        return "utf-16-le"
    if zeros_even > 0.3 and zeros_odd < 0.05:
        return "utf-16-be"
    return None


def _mostly_chinese(text: str) -> bool:
    """A GB18030 decoding that is really Chinese, not Latin-1 bytes read as Chinese by accident."""
    wide = [c for c in text if ord(c) > 0x7F]
    cjk = sum(
        1
        for c in wide
        if "\u3000" <= c <= "\u9fff"
        or "\uff00" <= c <= "\uffef"
        or "\U00020000" <= c <= "\U0003ffff"
        or c in "\u2018\u2019\u201c\u201d\u2026\u00b7\u2014"
    )
    return not wide or cjk / len(wide) >= 0.75


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), UTF-16 (with or without BOM), GBK/GB18030; line ends become \\n."""
    if not data.strip():
        raise RefusedFile("empty file")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding: str | None = "utf-16"
    else:
        encoding = _utf16_without_bom(data[:4096] if len(data) % 2 == 0 or len(data) > 4096 else data[:-1])
    if encoding:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            raise RefusedFile("not readable as UTF-16 text: cut short or not text") from None
        return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if b"\x00" in data[:8192]:
        raise RefusedFile("binary file: not a chat export or journal")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        try:
            text = data.decode("gb18030")
        except UnicodeDecodeError:
            text = ""
        if not text or not _mostly_chinese(text):
            raise RefusedFile(
                f"not UTF-8, UTF-16 or GBK/GB18030 text (undecodable byte at offset {err.start})"
            ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _front_matter(text: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, line number where the body starts)."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text, 1
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError:
        raise RefusedFile("front matter is not valid YAML") from None
    if not isinstance(meta, dict):
        raise RefusedFile("front matter is not a set of key: value lines")
    return meta, text[match.end() :], text[: match.end()].count("\n") + 1


def detect(name: str, text: str) -> str:
    """By content first (two files named conversations.json can be ChatGPT or Claude), the name's suffix second."""
    suffix = Path(name).suffix.lower()
    opening = text.lstrip()[:1]
    if suffix == ".json" or (suffix not in TEXT_SUFFIXES | {".csv"} and opening in ("[", "{")):
        data = _load_json(text)
        if isinstance(data, list) and data and isinstance(data[0], dict) and "mapping" in data[0]:
            return "chatgpt"
        for parser in (claude, telegram, dayone):
            if parser.sniff(data):
                return parser.FORMAT
        if isinstance(data, list) and not data:
            raise RefusedFile("empty export: the JSON list holds no conversations")
        if isinstance(data, dict) and data.get("entries") == []:
            raise RefusedFile("empty export: the Day One journal holds no entries")
        raise RefusedFile(
            "unknown JSON export: not a ChatGPT or Claude conversations.json, a Telegram result.json or a Day One "
            "journal"
        )
    if wechat.sniff(text):
        return wechat.FORMAT
    if suffix == ".csv":
        raise RefusedFile(
            "unknown CSV columns: a WeChat export from PyWxDump (id,MsgSvrID,type_name,...) or MemoTrace "
            "(localId,TalkerId,Type,...) is expected"
        )
    if whatsapp.sniff(text):
        return whatsapp.FORMAT
    if suffix in TEXT_SUFFIXES:
        meta, _, _ = _front_matter(text)
        if "mirror_form" in meta:
            return "mirror_form"
        if "mirror_proposal" in meta:
            return proposal.FORMAT
        dated = _entry_date(meta, name)
        if not dated and plaintext.sniff(text):
            return plaintext.FORMAT
        return "markdown_journal"
    raise RefusedFile(f"unknown format: files ending in '{suffix or '(none)'}' are not a supported export")


# ---------------------------------------------------------------- admission: redaction before anything is written


def _redact_chatgpt(name: str, text: str) -> tuple[str | None, int]:
    """An export already in memory, screened the way the streaming admission screens a file."""
    out = io.BytesIO()
    _, secrets = chatgpt.admit_file(io.BytesIO(text.encode()), out)
    return (out.getvalue().decode() if secrets else None), secrets


def _blocks(text: str) -> list[str]:
    """Paragraphs (with the blank lines after them), except that a private key block is never cut in two."""
    parts = re.split(r"(?<=\n)(?=[ \t]*\n)", text)
    keys = [m.span() for m in RULES[0].pattern.finditer(text)]
    blocks: list[str] = []
    offset = 0
    for part in parts:
        inside_key = any(start < offset < end for start, end in keys)
        if blocks and inside_key:
            blocks[-1] += part
        else:
            blocks.append(part)
        offset += len(part)
    return blocks


def _redact_text(name: str, text: str) -> tuple[str | None, int]:
    """Paragraph by paragraph, each scoped by the entry's date (or name) and its position, so a reference id
    neither moves when another paragraph changes nor collides with one in another entry."""
    try:
        meta, _, _ = _front_matter(text)
    except RefusedFile:
        meta = {}  # a refused file is still screened
    day = _entry_date(meta, name, "filled_on")
    entry = day.isoformat() if day else name
    texts, secrets = screen_in_order([(block, f"{entry}#{i}") for i, block in enumerate(_blocks(text))])
    return ("".join(texts) if secrets else None), secrets


def redact_refused(name: str, data: bytes) -> tuple[bytes | None, int]:
    """A file that is refused still must not keep a secret in the home: when it is readable text (or JSON), its
    secrets are replaced all the same. Returns (new bytes, or None when nothing changed; secrets replaced)."""
    try:
        text = decode(data)
    except RefusedFile:
        return None, 0  # binary, empty or undecodable: nothing that screening could read
    try:
        parsed = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        redacted, count = _redact_text(name, text)
    else:
        counter = SecretCounter()
        redacted_obj = counter.redact_strings(parsed, name)
        redacted, count = (json.dumps(redacted_obj, ensure_ascii=False) if counter.secrets else None), counter.secrets
    return (redacted.encode() if redacted is not None else None), count


def admit(name: str, data: bytes, forced_format: str | None = None) -> Admitted:
    """Detect the format, check that the file parses, and replace every secret in it by its reference placeholder."""
    text = decode(data)
    fmt = forced_format or detect(name, text)
    if fmt not in PARSERS:
        raise RefusedFile(f"unknown format '{fmt}'")
    redactor = REDACTORS.get(fmt, _redact_text)
    try:
        redacted_text, secrets = redactor(name, text)
    except RefusedFile:
        raise
    except (ImportError, MemoryError):  # a broken installation or a full machine, not a bad file
        raise
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None
    redacted = redacted_text.encode() if redacted_text is not None else data
    # parse once to refuse what cannot be read; nothing is kept from this pass
    records = len(parse(name, redacted, fmt, ZoneInfo("UTC")))
    if records == 0:
        raise RefusedFile("no messages or entries found in the file")
    return Admitted(fmt, redacted, secrets, records)


# ---------------------------------------------------------------- parsers


def _as_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        match = _DATE_IN_NAME.search(value)
        if match:
            try:
                return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
            except ValueError:
                return None
    return None


def _entry_date(meta: dict[str, Any], name: str, *keys: str) -> date | None:
    """A daily note's day: front matter `date` (Obsidian templates also write `created` or `day`), else its name."""
    for key in ("date", *keys, "day", "created"):
        found = _as_date(meta.get(key))
        if found:
            return found
    return _as_date(Path(name).stem)


def parse_markdown_journal(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    """A journal entry: the date comes from front matter `date:` or a YYYY-MM-DD file name; one record a paragraph."""
    meta, body, first_line = _front_matter(text)
    day = _entry_date(meta, name)
    if day is None:
        raise RefusedFile("journal entry without a date: add 'date: YYYY-MM-DD' front matter or name it YYYY-MM-DD.md")
    stamp = datetime.combine(day, time(0, 0), tzinfo=tz)
    seen: dict[str, int] = {}
    for line, paragraph in _paragraphs_with_headings(body, first_line):
        if paragraph.startswith("#") or _EMBEDS_ONLY.fullmatch(paragraph):
            continue  # headings are structure, an embedded picture says nothing: not statements
        nth = seen.get(paragraph, 0)
        seen[paragraph] = nth + 1
        yield Message(
            identity=f"journal:{day.isoformat()}:{paragraph}:{nth}",
            locator=f"line {line}",
            session_id=f"journal:{day.isoformat()}",
            actor=Speaker.USER,
            attribution=Attribution.FORMAT,
            timestamp=stamp,
            timestamp_precision=TimePrecision.DAY,
            text=paragraph,
            source_type=SourceType.IMPORT,
        )


def parse_mirror_form(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    """The questionnaire `mirror init` writes: each answered question is the user's own, high-trust statement."""
    meta, body, first_line = _front_matter(text)
    day = _as_date(meta.get("filled_on"))
    if day is None:
        raise RefusedFile("questionnaire without 'filled_on: YYYY-MM-DD' in its front matter")
    stamp = datetime.combine(day, time(0, 0), tzinfo=tz)
    question = ""
    for line, paragraph in _paragraphs_with_headings(body, first_line):
        if paragraph.startswith("#"):
            question = paragraph.lstrip("#").strip()
            continue
        answer = "\n".join(ln for ln in paragraph.split("\n") if not ln.lstrip().startswith(">")).strip()
        if not answer:
            continue
        yield Message(
            identity=f"form:{meta.get('mirror_form')}:{question}:{answer}",
            locator=f"line {line} ({question})" if question else f"line {line}",
            session_id=f"form:{meta.get('mirror_form')}:{day.isoformat()}",
            actor=Speaker.USER,
            attribution=Attribution.FORMAT,
            timestamp=stamp,
            timestamp_precision=TimePrecision.DAY,
            text=answer,
            source_type=SourceType.USER_FORM,
        )


def _paragraphs_with_headings(body: str, first_line: int) -> Iterator[tuple[int, str]]:
    """(line number, text) of each paragraph, and each heading line on its own."""
    block: list[str] = []
    start = first_line
    for offset, line in enumerate(body.split("\n") + [""]):
        line_no = first_line + offset
        stripped = line.strip()
        if stripped.startswith("#"):
            if block:
                yield start, "\n".join(block)
                block = []
            yield line_no, stripped
        elif not stripped:
            if block:
                yield start, "\n".join(block)
                block = []
        else:
            if not block:
                start = line_no
            block.append(line.rstrip())


PARSERS: dict[str, Callable[..., Iterator[Message]]] = {
    "chatgpt": chatgpt.parse_chatgpt,
    "markdown_journal": parse_markdown_journal,
    "mirror_form": parse_mirror_form,
    proposal.FORMAT: lambda name, text, tz: proposal.parse(name, text, *_front_matter(text)[:2]),
    **{p.FORMAT: p.parse for p in (claude, telegram, whatsapp, wechat, dayone, plaintext)},
}
# the formats that do not say who the user is by themselves take the configured names (mirror.yaml: user)
_NAME_AWARE = {p.FORMAT for p in (claude, telegram, whatsapp, wechat, dayone, plaintext)}
REDACTORS: dict[str, Callable[[str, str], tuple[str | None, int]]] = {
    "chatgpt": _redact_chatgpt,
    **{p.FORMAT: p.redact for p in (claude, telegram, whatsapp, wechat, dayone, plaintext)},
}


def parse(name: str, data: bytes, fmt: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> list[Message]:
    """Every message of a file, or a refusal: a shape the parser does not know is refused, never a crash."""
    try:
        parser = PARSERS[fmt]
        text = decode(data)
        return list(parser(name, text, tz, user_names) if fmt in _NAME_AWARE else parser(name, text, tz))
    except RefusedFile:
        raise
    except (ImportError, MemoryError):  # a broken installation or a full machine, not a bad file
        raise
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None


# ---------------------------------------------------------------- files too large to hold: read from the path


@dataclass(frozen=True)
class StreamingFormat:
    """A format read from its file a piece at a time, so memory does not grow with the file.

    `matches` looks at the start of a file; `admit` screens the source (in that many worker processes) and writes it,
    redacted, to a stream (returning messages and secrets); `parse` yields the messages of an admitted file."""

    matches: Callable[[Path], bool]
    admit: Callable[[Path, Writer, Callable[[int], None] | None, int], tuple[int, int]]
    parse: Callable[[Path, ZoneInfo], Iterator[Message]]


STREAMING: dict[str, StreamingFormat] = {
    "chatgpt": StreamingFormat(chatgpt.looks_like_chatgpt, chatgpt.admit_file, chatgpt.parse_file),
}


@dataclass(frozen=True)
class AdmittedFile:
    """What admitting a file from its path wrote: its format, messages and the secrets replaced."""

    format: str
    records: int
    secrets_redacted: int


def detect_path(path: Path) -> str:
    """The format of a file on disk; only a format that cannot stream reads the whole file."""
    if path.suffix.lower() == ".json":
        for fmt, streaming in STREAMING.items():
            if streaming.matches(path):
                return fmt
    return detect(path.name, decode(path.read_bytes()))


def admit_path(
    source: Path,
    out: Writer,
    forced_format: str | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> AdmittedFile:
    """`admit` for a file on disk: its redacted bytes go to `out` as they are screened (a streaming format holds one
    conversation at a time). The caller writes `out` to a temporary file and keeps it only when this returns."""
    fmt = forced_format or detect_path(source)
    if fmt not in PARSERS:
        raise RefusedFile(f"unknown format '{fmt}'")
    if fmt not in STREAMING:
        admitted = admit(source.name, source.read_bytes(), fmt)
        out.write(admitted.data)
        return AdmittedFile(fmt, admitted.records, admitted.secrets_redacted)
    try:
        records, secrets = STREAMING[fmt].admit(source, out, progress, workers)
    except RefusedFile:
        raise
    except (ImportError, MemoryError):  # a broken installation or a full machine, not a bad file
        raise
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None
    if records == 0:
        raise RefusedFile("no messages or entries found in the file")
    return AdmittedFile(fmt, records, secrets)


def parse_path(path: Path, fmt: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    """Every message of an inbox file, lazily for a streaming format; a refusal (possibly after some messages) when
    the file cannot be read, never a crash."""
    if fmt not in STREAMING:
        yield from parse(path.name, path.read_bytes(), fmt, tz, user_names)
        return
    try:
        yield from STREAMING[fmt].parse(path, tz)
    except RefusedFile:
        raise
    except (ImportError, MemoryError):  # a broken installation or a full machine, not a bad file
        raise
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None
