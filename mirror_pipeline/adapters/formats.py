"""Readers of the files people really have: detection, secret redaction on admission, and parsing into records.

Every refusal is a `RefusedFile` whose reason a person understands and that never quotes the file's content (a
refused file may hold a secret that screening never got to see).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import yaml

from mirror_pipeline.adapters.parsers import claude, dayone, plaintext, telegram, wechat, whatsapp
from mirror_pipeline.adapters.parsers.common import RefusedFile
from mirror_pipeline.adapters.parsers.common import SecretCounter as _Counter
from mirror_pipeline.adapters.parsers.common import load_json as _load_json
from mirror_pipeline.adapters.parsers.common import redact_strings as _redact_strings
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision, other_speaker
from mirror_pipeline.core.screening import RULES, redact_sequence

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
        dated = _entry_date(meta, name)
        if not dated and plaintext.sniff(text):
            return plaintext.FORMAT
        return "markdown_journal"
    raise RefusedFile(f"unknown format: files ending in '{suffix or '(none)'}' are not a supported export")


# ---------------------------------------------------------------- admission: redaction before anything is written


def _redact_chatgpt(name: str, text: str) -> tuple[str | None, int]:
    """Each message is screened whole (a secret can straddle two `parts`), scoped by its message id, so the same
    message gets the same reference ids in every later export that contains it; then every other string."""
    counter = _Counter()
    conversations = _load_json(text)
    for index, conv in enumerate(conversations if isinstance(conversations, list) else []):
        mapping = conv.get("mapping") if isinstance(conv, dict) else None
        # the conversation is screened as a sequence: a secret can be the reply to the message that asks for it
        slots: list[tuple[dict[str, Any], list[str] | None]] = []
        items: list[tuple[str, str]] = []
        for node_id, node in (mapping or {}).items():
            message = node.get("message") if isinstance(node, dict) else None
            content = message.get("content") if isinstance(message, dict) else None
            scope = f"chatgpt:{message.get('id') or node_id}" if isinstance(message, dict) else ""
            if isinstance(content, str):
                slots.append((message, None))
                items.append((content, scope))
            elif isinstance(content, dict) and isinstance(content.get("parts"), list):
                texts = [p for p in content["parts"] if isinstance(p, str)]
                slots.append((message, texts))
                items.append(("\n".join(texts), scope))
        for (message, texts), screened in zip(slots, redact_sequence(items), strict=True):
            counter.secrets += len(screened.secrets)
            if texts is None:
                message["content"] = screened.text
            elif screened.had_secret:
                parts = message["content"]["parts"]
                message["content"]["parts"] = [screened.text] + [p for p in parts if not isinstance(p, str)]
        conv_scope = str(conv.get("conversation_id") or conv.get("id") or index) if isinstance(conv, dict) else ""
        conversations[index] = _redact_strings(conv, counter, f"chatgpt:{conv_scope}")
    return (json.dumps(conversations, ensure_ascii=False) if counter.secrets else None), counter.secrets


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
    screened = redact_sequence([(block, f"{entry}#{i}") for i, block in enumerate(_blocks(text))])
    secrets = sum(len(s.secrets) for s in screened)
    return ("".join(s.text for s in screened) if secrets else None), secrets


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
        counter = _Counter()
        redacted_obj = _redact_strings(parsed, counter, name)
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
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None
    redacted = redacted_text.encode() if redacted_text is not None else data
    # parse once to refuse what cannot be read; nothing is kept from this pass
    records = len(parse(name, redacted, fmt, ZoneInfo("UTC")))
    if records == 0:
        raise RefusedFile("no messages or entries found in the file")
    return Admitted(fmt, redacted, secrets, records)


# ---------------------------------------------------------------- parsers


def _text_of_parts(parts: list[Any]) -> str:
    pieces = []
    for part in parts:
        if isinstance(part, str):
            pieces.append(part)
        elif isinstance(part, dict) and part.get("content_type") == "image_asset_pointer":
            pieces.append("[image]")
    return "\n".join(p for p in pieces if p)


def _message_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, dict):
        return ""
    if isinstance(content.get("parts"), list):
        return _text_of_parts(content["parts"])
    return str(content.get("text") or "")


def parse_chatgpt(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    """ChatGPT conversations.json: follow `current_node` up its parents, so only the active branch is read."""
    conversations = _load_json(text)
    if not isinstance(conversations, list):
        raise RefusedFile("a ChatGPT export is a JSON list of conversations")
    for index, conv in enumerate(conversations):
        if not isinstance(conv, dict) or not isinstance(conv.get("mapping"), dict):
            raise RefusedFile(f"conversation {index} has no 'mapping'")
        conv_id = str(conv.get("conversation_id") or conv.get("id") or f"index-{index}")
        mapping = conv["mapping"]
        node_id = conv.get("current_node")
        if node_id not in mapping:  # older exports: the last leaf is the active one
            leaves = [k for k, v in mapping.items() if isinstance(v, dict) and not v.get("children")]
            node_id = leaves[-1] if leaves else None
        chain: list[dict[str, Any]] = []
        seen: set[str] = set()
        while node_id and node_id in mapping and node_id not in seen:
            seen.add(node_id)
            node = mapping[node_id]
            chain.append(node)
            node_id = node.get("parent")
        conv_time = conv.get("create_time")
        for node in reversed(chain):
            message = node.get("message")
            if not isinstance(message, dict):
                continue
            role = (message.get("author") or {}).get("role")
            metadata = message.get("metadata") or {}
            if role == "system" or metadata.get("is_visually_hidden_from_conversation"):
                continue
            body = _message_text(message.get("content"))
            if not body.strip():
                continue
            actor = {"user": Speaker.USER, "assistant": Speaker.ASSISTANT}.get(role, other_speaker(str(role)))
            created = _timestamp(message.get("create_time")) or _timestamp(conv_time)
            yield Message(
                identity=f"chatgpt:{conv_id}:{message.get('id') or node.get('id')}",
                locator=f"conversation {conv_id} message {message.get('id') or node.get('id')}",
                session_id=f"chatgpt:{conv_id}",
                actor=str(actor),
                attribution=Attribution.FORMAT,
                timestamp=created,
                timestamp_precision=TimePrecision.SECOND if created else TimePrecision.UNKNOWN,
                text=body,
                source_type=SourceType.CHAT,
            )


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
    "chatgpt": parse_chatgpt,
    "markdown_journal": parse_markdown_journal,
    "mirror_form": parse_mirror_form,
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
    except Exception as err:  # the error's text may quote the file, so only its type is kept
        raise RefusedFile(f"unexpected structure for a {fmt} file ({type(err).__name__})") from None


def _timestamp(value: Any) -> datetime | None:
    """ChatGPT times are epoch seconds; some tools rewrite them as ISO strings. Anything else is unknown."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return datetime.fromtimestamp(float(value), tz=UTC)
    if isinstance(value, str):
        try:
            return datetime.fromtimestamp(float(value), tz=UTC)
        except ValueError:
            pass
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None
