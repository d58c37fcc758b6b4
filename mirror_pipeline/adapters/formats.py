"""Readers of the files people really have: detection, secret redaction on admission, and parsing into records.

Every refusal is a `RefusedFile` whose reason a person understands and that never quotes the file's content (a
refused file may hold a secret that screening never got to see).
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import yaml

from mirror_pipeline.adapters.admission import RefusedFile, SecretCounter, Writer
from mirror_pipeline.adapters.parsers import (
    chatgpt,
    claude,
    dayone,
    form,
    note,
    plaintext,
    proposal,
    telegram,
    wechat,
    whatsapp,
)
from mirror_pipeline.adapters.parsers.common import (
    BrokenJson,
    check_json_depth,
    dump_json,
    json_prefix,
    keep_complete_hint,
    screen_in_order,
)
from mirror_pipeline.adapters.parsers.common import load_json as _load_json
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision
from mirror_pipeline.core.screening import PLACEHOLDER_RE, RULES

# what a forget leaves where a forgotten message stood in an inbox copy: the file stays readable in its format, and a
# message holding the mark is no message (reading the rewritten file again adds nothing)
FORGOTTEN_MARK = "[forgotten]"
TEXT_SUFFIXES = {".md", ".markdown", ".txt"}
_DATE_IN_NAME = re.compile(r"(\d{4})[-_.年](\d{1,2})[-_.月](\d{1,2})")
_EMBEDS_ONLY = re.compile(r"(?:\s*!\[\[[^\]]*\]\]|\s*!\[[^\]]*\]\([^)]*\))+\s*")
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*(?:\n|\Z)", re.DOTALL)
# Markdown's invisible comments as front matter: link reference definitions at the top of a note, which no renderer
# shows. `[annotation]: [create_time] (2023-12-31 23:55:30)` (a diary app's export), `[date]: <2024-03-05>`,
# `[//]: # (date: 2024-03-05)`, `[created]: "2024-03-05"`.
_LINK_REFERENCES = re.compile(r"\A(?:[ \t]*\n)*((?:\[[^\]\n]+\]:[^\n]*(?:\n|\Z))+)")
_LINK_REFERENCE = re.compile(r"\[([^\]\n]+)\]:[ \t]*(.*)")
_BRACKETED_KEY = re.compile(r"\[([^\]]+)\]\s*\((.*)\)\s*")  # [create_time] (2023-12-31 23:55:30)
_COMMENT = re.compile(r"#\s*\((.*)\)\s*")  # # (date: 2024-03-05)
_KEY_VALUE = re.compile(r"([A-Za-z_][\w -]*?)\s*[:=]\s*(.+)")
_TIME_AFTER_DATE = re.compile(r"\d{1,2}[-_.月/]\d{1,2}日?[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?")


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


BINARY = "not text: binary content (not a chat export or journal)"
# control bytes no text encoding but UTF-16/32 writes (tab, line ends, form feed and escape aside)
_CONTROL_BYTES = bytes(b for b in range(32) if b not in b"\t\n\r\x0c\x1b") + b"\x7f"


def _binary(head: bytes) -> bool:
    """Whether the start of a file is binary: more than 1% control bytes (random bytes have 12%, text none)."""
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))
    return controls > max(1, len(head) // 100)


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
    if _binary(data[:65536]):
        raise RefusedFile(BINARY)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        if err.reason == "unexpected end of data" and len(err.object) - err.start <= 3:
            # cut short inside its last character (an interrupted download, REVIEW-16 #13): read up to the cut, as
            # the format reads any last line that stops early, rather than refuse it all as another encoding
            return decode(data[: len(data) - (len(err.object) - err.start)])
        try:
            text = data.decode("gb18030")
        except UnicodeDecodeError:
            text = ""
        if not text or not _mostly_chinese(text):
            raise RefusedFile(
                f"not UTF-8, UTF-16 or GBK/GB18030 text (undecodable byte at offset {err.start})"
            ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _link_reference_meta(block: str) -> dict[str, Any]:
    """`[label]: value` lines as key: value pairs (the value's own `[key] (value)`, `# (key: value)`, `<value>` or
    `"value"` forms unwrapped)."""
    meta: dict[str, Any] = {}
    for line in block.splitlines():
        match = _LINK_REFERENCE.fullmatch(line.strip())
        if not match:
            continue
        key, value = match.group(1).strip(), match.group(2).strip()
        if inner := _BRACKETED_KEY.fullmatch(value):
            key, value = inner.group(1).strip(), inner.group(2).strip()
        elif inner := _COMMENT.fullmatch(value):
            value = inner.group(1).strip()
            if pair := _KEY_VALUE.fullmatch(value):
                key, value = pair.group(1).strip(), pair.group(2).strip()
        elif len(value) >= 2 and (value[0], value[-1]) in (("<", ">"), ('"', '"'), ("'", "'")):
            value = value[1:-1].strip()
        meta.setdefault(key.casefold(), value)
    return meta


def _front_matter(text: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, line number where the body starts)."""
    match = _FRONT_MATTER.match(text)
    if not match:
        references = _LINK_REFERENCES.match(text)
        meta = _link_reference_meta(references.group(1)) if references else {}
        if not meta or not references:
            return {}, text, 1
        return meta, text[references.end() :], text[: references.end()].count("\n") + 1
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError:
        raise RefusedFile("front matter is not valid YAML") from None
    except ValueError:  # YAML reads `date: 2024-02-30` as a date, and fails on it
        wrong = _impossible_date(match.group(1))
        raise RefusedFile(
            f"{wrong} is not a date (in the front matter)"
            if wrong
            else "front matter: a value that is not what it looks like (a date or a number out of range)"
        ) from None
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
            return form.FORMAT
        if "mirror_note" in meta:
            return note.FORMAT
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
        check_json_depth(text)  # screening walks the document level by level: nesting is bounded first
        parsed = json.loads(text)
    except (json.JSONDecodeError, RecursionError, RefusedFile):
        redacted, count = _redact_text(name, text)
    else:
        counter = SecretCounter()
        redacted_obj = counter.redact_strings(parsed, name)
        redacted, count = (json.dumps(redacted_obj, ensure_ascii=False) if counter.secrets else None), counter.secrets
    return (redacted.encode() if redacted is not None else None), count


# the JSON exports read whole, whose complete entries can be read from a file cut short
_WHOLE_JSON = (claude, telegram, dayone)


def _complete_part(text: str, forced_format: str | None) -> tuple[Any, str, int] | None:
    """(its parser, the complete entries as a whole export, how many) of a JSON export read whole that breaks (a
    download cut short), or None when no whole entry stands before the break."""
    prefix = json_prefix(text)
    for parser in _WHOLE_JSON:
        if forced_format in (None, parser.FORMAT) and (value := prefix.without_open_entry(parser.ENTRIES)) is not None:
            return parser, dump_json(value), parser.ENTRIES.count(value)
    return None


def admit(name: str, data: bytes, forced_format: str | None = None, cuts: list[str] | None = None) -> Admitted:
    """Detect the format, check that the file parses, and replace every secret in it by its reference placeholder.

    A JSON export that breaks (cut short) is refused, saying how many entries before the break are whole; given
    `cuts`, those are admitted instead and the reason is added to `cuts` (`mirror import --keep-complete`)."""
    text = decode(data)
    try:
        return _admit_text(name, text, data, forced_format)
    except BrokenJson as broken:
        complete = _complete_part(text, forced_format)
        if complete is None:
            raise
        parser, whole, count = complete
        if cuts is None:
            raise RefusedFile(f"{broken.reason}; {keep_complete_hint(count, parser.ENTRIES.unit)}") from None
        cuts.append(broken.reason)
        return _admit_text(name, whole, whole.encode(), parser.FORMAT)


def _admit_text(name: str, text: str, data: bytes, forced_format: str | None) -> Admitted:
    fmt = forced_format or detect(name, text)
    if fmt not in PARSERS:
        raise RefusedFile(f"unknown format '{fmt}'")
    redactor = REDACTORS.get(fmt, _redact_text)
    try:
        redacted_text, secrets = redactor(name, text)
    except RefusedFile:
        raise
    except (ImportError, MemoryError, OSError):  # a broken installation, a full machine or disk: not a bad file
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


# the keys a note's front matter dates it by: Obsidian templates write `date`, `created` or `day`; diary apps
# `create_time`, `created_at`, `date_created`
_DATE_KEYS = ("date", "day", "created", "create_time", "created_at", "created_time", "date_created", "creation_date")


def _impossible_date(value: Any) -> str | None:
    """A date as written that is no day of the calendar ("2024-02-30", "2024-13-01"), if `value` holds one."""
    for match in _DATE_IN_NAME.finditer(value if isinstance(value, str) else ""):
        try:
            date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
        except ValueError:
            return match.group(0)
    return None


def _entry_date(meta: dict[str, Any], name: str, *keys: str) -> date | None:
    """A daily note's day: a front matter date (`_DATE_KEYS`), else its name."""
    for key in (*keys, *_DATE_KEYS):
        found = _as_date(meta.get(key))
        if found:
            return found
    return _as_date(Path(name).stem)


def _entry_time(meta: dict[str, Any]) -> time | None:
    """The time of day a note's front matter gives with its date (`create_time: 2023-12-31 23:55:30`), if any."""
    for key in _DATE_KEYS:
        value = meta.get(key)
        if isinstance(value, datetime):
            return value.time().replace(tzinfo=None)
        if isinstance(value, str) and _as_date(value) and (found := _TIME_AFTER_DATE.search(value)):
            try:
                return time(int(found.group(1)), int(found.group(2)), int(found.group(3) or 0))
            except ValueError:
                return None
        if _as_date(value):
            return None
    return None


def parse_markdown_journal(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    """A journal entry: the date comes from front matter `date:` or a YYYY-MM-DD file name; one record a paragraph."""
    meta, body, first_line = _front_matter(text)
    day = _entry_date(meta, name)
    if day is None:
        for where, value in [*(("front matter", meta.get(k)) for k in _DATE_KEYS), ("file name", Path(name).stem)]:
            if wrong := _impossible_date(value):
                raise RefusedFile(f"{wrong} is not a date (in the {where})")
        raise RefusedFile("journal entry without a date: add 'date: YYYY-MM-DD' front matter or name it YYYY-MM-DD.md")
    at = _entry_time(meta)
    stamp = datetime.combine(day, at or time(0, 0), tzinfo=tz)
    precision = TimePrecision.SECOND if at is not None else TimePrecision.DAY
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
            timestamp_precision=precision,
            text=paragraph,
            source_type=SourceType.IMPORT,
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
    form.FORMAT: form.parse,
    note.FORMAT: note.parse,
    proposal.FORMAT: lambda name, text, tz: proposal.parse(name, text, *_front_matter(text)[:2]),
    **{p.FORMAT: p.parse for p in (claude, telegram, whatsapp, wechat, dayone, plaintext)},
}
# the formats that do not say who the user is by themselves take the configured names (mirror.yaml: user)
_NAME_AWARE = {p.FORMAT for p in (claude, telegram, whatsapp, wechat, dayone, plaintext)}
# the formats whose records say the offset from UTC they were written at (the zone question reads them; no message
# is dated by them)
OFFSETS: dict[str, Callable[[str], Counter[int]]] = {p.FORMAT: p.written_offsets for p in (claude, telegram)}
REDACTORS: dict[str, Callable[[str, str], tuple[str | None, int]]] = {
    "chatgpt": _redact_chatgpt,
    **{p.FORMAT: p.redact for p in (claude, telegram, whatsapp, wechat, dayone, plaintext)},
}


# A message longer than this is kept up to here, with a note of what was left out (README: "Bad input"). A chat
# message or a journal paragraph is rarely more than a few thousand characters; what passes 100,000 (about 50
# pages) is a pasted log, dump or file, and every later stage (screening, checks, search) pays for its length. The
# inbox copy keeps the whole message, screened.
MAX_MESSAGE_CHARS = 100_000


def cut_note(left_out: int) -> str:
    return f"\n[… {left_out:,} more characters not kept: a message is kept up to {MAX_MESSAGE_CHARS:,} characters]"


def bounded(message: Message) -> Message:
    """The message, cut to `MAX_MESSAGE_CHARS` (the cut at a space or line end when one is near, never inside a
    secret's reference placeholder), with a note of how much was left out."""
    text = message.text
    if len(text) <= MAX_MESSAGE_CHARS:
        return message
    end = MAX_MESSAGE_CHARS - 100  # room for the note: a cut message stays within the bound
    for placeholder in PLACEHOLDER_RE.finditer(text, max(0, end - 64), end + 64):
        if placeholder.start() < end < placeholder.end():
            end = placeholder.start()
    space = max(text.rfind(" ", end - 200, end), text.rfind("\n", end - 200, end))
    end = space if space > 0 else end
    return dataclasses.replace(message, text=text[:end] + cut_note(len(text) - end))


def parse(name: str, data: bytes, fmt: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> list[Message]:
    """Every message of a file, or a refusal: a shape the parser does not know is refused, never a crash."""
    try:
        parser = PARSERS[fmt]
        text = decode(data)
        messages = parser(name, text, tz, user_names) if fmt in _NAME_AWARE else parser(name, text, tz)
        return [bounded(m) for m in messages if FORGOTTEN_MARK not in m.text]
    except RefusedFile:
        raise
    except (ImportError, MemoryError, OSError):  # a broken installation, a full machine or disk: not a bad file
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
    admit: Callable[[Path, Writer, Callable[[int], None] | None, int, list[str] | None], tuple[int, int]]
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


# A format that is not streamed is read whole, and parsed JSON takes several times its size in memory: a file
# beyond this is refused before it is read rather than taking the machine down (a ChatGPT export streams: no bound).
MAX_WHOLE_FILE_BYTES = 512 * 1024 * 1024


def read_whole(path: Path, limit: int | None = None) -> bytes:
    """A file that is read at once, refused with its size when it is too large for that."""
    limit = MAX_WHOLE_FILE_BYTES if limit is None else limit
    size = path.stat().st_size
    if size > limit:
        raise RefusedFile(
            f"too large to read at once ({size / 1e6:,.0f} MB; files other than a ChatGPT export are read whole, "
            f"up to {limit / 1e6:,.0f} MB): export it in parts"
        )
    return path.read_bytes()


def _streaming_format(path: Path) -> str | None:
    """The streaming format of a file on disk, read from its start; None when it is none of them."""
    if path.suffix.lower() == ".json":
        return next((fmt for fmt, streaming in STREAMING.items() if streaming.matches(path)), None)
    return None


def detect_path(path: Path) -> str:
    """The format of a file on disk; only a format that cannot stream reads the whole file."""
    return _streaming_format(path) or detect(path.name, decode(read_whole(path)))


def admit_path(
    source: Path,
    out: Writer,
    forced_format: str | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    cuts: list[str] | None = None,
) -> AdmittedFile:
    """`admit` for a file on disk: its redacted bytes go to `out` as they are screened (a streaming format holds one
    conversation at a time). The caller writes `out` to a temporary file and keeps it only when this returns.
    Given `cuts`, a file cut short keeps its complete part and says where it broke in `cuts`."""
    fmt = forced_format or _streaming_format(source)
    if fmt is not None and fmt not in PARSERS:
        raise RefusedFile(f"unknown format '{fmt}'")
    if fmt not in STREAMING:
        admitted = admit(source.name, read_whole(source), fmt, cuts)
        out.write(admitted.data)
        return AdmittedFile(admitted.format, admitted.records, admitted.secrets_redacted)
    try:
        records, secrets = STREAMING[fmt].admit(source, out, progress, workers, cuts)
    except RefusedFile:
        raise
    except (ImportError, MemoryError, OSError):  # a broken installation, a full machine or disk: not a bad file
        raise
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None
    if records == 0:
        raise RefusedFile("no messages or entries found in the file")
    return AdmittedFile(fmt, records, secrets)


def parse_path(path: Path, fmt: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    """Every message of an inbox file, lazily for a streaming format; a refusal (possibly after some messages) when
    the file cannot be read, never a crash."""
    try:
        if fmt not in STREAMING:
            yield from parse(path.name, read_whole(path), fmt, tz, user_names)
            return
        yield from (bounded(m) for m in STREAMING[fmt].parse(path, tz) if FORGOTTEN_MARK not in m.text)
    except RefusedFile:
        raise
    except OSError as err:  # the inbox copy cannot be read (a disk error): a refusal that says so
        raise RefusedFile(f"cannot read the file ({err.strerror or type(err).__name__})") from None
    except (ImportError, MemoryError):  # a broken installation or a full machine, not a bad file
        raise
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None
