"""ChatGPT `conversations.json`, read a conversation at a time so a 1 GB export needs the memory of one conversation.

What the real export holds and how it is read:
- each conversation is a `mapping` tree of nodes; editing a message or regenerating an answer leaves the earlier
  version as a side branch. The conversation is the branch from `current_node` up through `parent` to the root (when
  `current_node` is missing, the most recent leaf); side branches are screened (the inbox must hold no secret
  anywhere) but are not evidence.
- the root node has `message: null`; hidden messages (`metadata.is_visually_hidden_from_conversation`: the system
  prompt, custom instructions, memory updates) and empty system prompts are skipped.
- tool machinery is skipped: messages from the `tool` role (code output, browsing results, image generation) and
  assistant messages addressed to a tool (`recipient` other than `all`, e.g. the code it runs); so is the model's
  hidden reasoning (`thoughts`, `reasoning_recap`).
- `content_type` text and multimodal_text (`parts`: strings kept, an image noted as `[image]`, a voice message by its
  transcription), code and execution output (`text`), browsing displays (`result`).
- a message without `create_time` takes the time of the message before it (else the conversation's), marked rough.
"""

from __future__ import annotations

import codecs
import io
import json
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any
from zoneinfo import ZoneInfo

import ijson
import orjson

from mirror_pipeline.adapters.admission import RefusedFile, SecretCounter, Writer
from mirror_pipeline.adapters.parsers.common import (
    DepthGuardedStream,
    ends_in_the_middle,
    keep_complete_hint,
    plausible,
)
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision, other_speaker
from mirror_pipeline.core.screening import redact_sequence

Progress = Callable[[int], None]  # called with how many bytes of the source have been read so far

_HIDDEN_CONTENT = frozenset({"thoughts", "reasoning_recap", "model_editable_context", "user_editable_context"})
_SPEAKERS = {"user": str(Speaker.USER), "assistant": str(Speaker.ASSISTANT)}
_HEAD = 65536


# ---------------------------------------------------------------- reading the file a conversation at a time


def _json_stream(raw: IO[bytes]) -> IO[Any]:
    """The stream ijson reads (UTF-8, a BOM skipped, or UTF-16 decoded). Refuses what is not a JSON list."""
    head = raw.read(_HEAD)
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        first = head.decode("utf-16", errors="ignore").lstrip()
        raw.seek(0)
        stream: IO[Any] = io.TextIOWrapper(raw, encoding="utf-16")
    else:
        if b"\x00" in head:
            raise RefusedFile("not text: binary content (not a chat export or journal)")
        skip = len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8) else 0
        first = head[skip:].decode("utf-8", errors="ignore").lstrip()
        raw.seek(skip)
        stream = raw
    if not first:
        raise RefusedFile("empty file")
    if not first.startswith("["):
        raise RefusedFile("a ChatGPT export is a JSON list of conversations")
    return stream


def _by_line(raw: IO[bytes], progress: Progress | None) -> Generator[dict[str, Any], None, bool]:
    """The layout admission writes: `[`, then one conversation a line, then `]` (orjson reads a line three times as
    fast as the streaming parser). Returns True when the whole file was read so, False at the first line that is
    not a whole conversation (another layout, or a broken file): reading then goes on with the streaming parser."""
    if raw.readline(8).rstrip() != b"[":  # a bounded read: an export on one line is not read whole here
        return False
    for line in raw:
        body = line.rstrip()
        if body == b"]":
            return not raw.read(_HEAD).strip()
        try:
            conv = orjson.loads(body[:-1] if body.endswith(b",") else body)
        except orjson.JSONDecodeError:
            return False
        if not isinstance(conv, dict):
            return False
        yield conv
        if progress is not None:
            progress(raw.tell())
    return False  # no closing bracket: truncated


def conversations(
    source: Path | IO[bytes], progress: Progress | None = None, cuts: list[str] | None = None
) -> Iterator[dict[str, Any]]:
    """Each conversation of the export in file order; a truncated or invalid file is refused where it breaks (line,
    column), or, given `cuts`, ends there: the complete conversations before the break are kept and the reason is
    added to `cuts` (an interrupted download: `mirror import --keep-complete`)."""
    raw = open(source, "rb") if isinstance(source, Path) else source  # noqa: SIM115 (closed below)
    try:
        yield from _conversations(raw, progress, cuts)
    finally:
        if isinstance(source, Path):
            raw.close()


def _conversations(raw: IO[bytes], progress: Progress | None, cuts: list[str] | None) -> Iterator[dict[str, Any]]:
    index = 0
    try:
        stream = _json_stream(raw)
        if stream is raw:
            start = raw.tell()
            lines = _by_line(raw, progress)
            while True:
                try:
                    conv = next(lines)
                except StopIteration as done:
                    if done.value:
                        return
                    break
                yield conv
                index += 1
            raw.seek(start)
        guarded = DepthGuardedStream(stream)  # nesting bounded before the parser sees it
        for position, conv in enumerate(ijson.items(guarded, "item", use_float=True, buf_size=1 << 18)):
            if position < index:
                continue  # read line by line already
            if not isinstance(conv, dict):
                raise RefusedFile(f"conversation {index} is not a JSON object")
            yield conv
            index += 1
            if progress is not None:
                progress(raw.tell())
    except ijson.JSONError as err:
        # the parser's message quotes the file around the error, so only its kind and the place are kept
        at_end = any(w in str(err) for w in ("premature EOF", "Incomplete JSON content"))
        refusal = RefusedFile(json_break(raw, at_end, index))
        if cuts is None:
            raise refusal from None
        cuts.append(str(refusal))
    except UnicodeDecodeError:
        raise RefusedFile(f"not UTF-8 text (after conversation {index})") from None


# beyond this size the place of a break in the middle of a file is not looked for (it needs the file in memory)
_PLACE_LIMIT = 64 * 1024 * 1024


def json_break(raw: IO[bytes], at_end: bool, complete: int) -> str:
    """Why and where an export's JSON breaks, as the README promises (line and column, never the words there), and
    what can still be read: a file cut short (an interrupted download) breaks at its end."""
    raw.seek(0, io.SEEK_END)
    size = raw.tell()
    place = ""
    if at_end:
        raw.seek(0)
        lines, last = 1, b""
        while chunk := raw.read(1 << 20):
            lines += chunk.count(b"\n")
            last = (last + chunk).rsplit(b"\n", 1)[-1]
        column = len(last.decode("utf-8", "replace")) + 1
        place = ends_in_the_middle(lines, column)
    elif size <= _PLACE_LIMIT:
        raw.seek(0)
        try:
            json.loads(raw.read().decode("utf-8-sig", "replace"))
        except json.JSONDecodeError as err:  # err.msg is the parser's fixed vocabulary, it never quotes content
            place = f"{err.msg.removesuffix(' at')} at line {err.lineno}, column {err.colno}"
    what = f"truncated or invalid JSON ({place})" if place else "truncated or invalid JSON"
    return f"{what}; {keep_complete_hint(complete, 'conversation')}" if complete else what


def looks_like_chatgpt(path: Path) -> bool:
    """Whether the file's first conversation has a `mapping` (reads only that conversation)."""
    try:
        first = next(conversations(path), None)
    except RefusedFile:
        return False
    return first is not None and "mapping" in first


# ---------------------------------------------------------------- the conversation as the person saw it


def _timestamp(value: Any) -> datetime | None:
    """ChatGPT times are epoch seconds; some tools rewrite them as ISO strings. Anything else is unknown."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return plausible(datetime.fromtimestamp(float(value), tz=UTC))
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str):
        try:
            return plausible(datetime.fromtimestamp(float(value), tz=UTC))
        except (OverflowError, OSError, ValueError):
            pass
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return None
        return plausible(parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC))
    return None


def _node_time(node: Any) -> float:
    message = node.get("message") if isinstance(node, dict) else None
    stamp = _timestamp(message.get("create_time")) if isinstance(message, dict) else None
    return stamp.timestamp() if stamp else float("-inf")


def active_branch(mapping: dict[str, Any], current: Any) -> list[str]:
    """Node ids from the root down to `current_node` (or, when it is missing, to the most recent leaf)."""
    if not isinstance(current, str) or current not in mapping:
        leaves = [k for k, v in mapping.items() if isinstance(v, dict) and not v.get("children")]
        # max keeps the first of equal times; reversed so that the last leaf in the file wins a tie
        current = max(reversed(leaves), key=lambda k: _node_time(mapping[k]), default=None)
    chain: list[str] = []
    seen: set[str] = set()
    node_id = current
    while isinstance(node_id, str) and node_id in mapping and node_id not in seen:
        seen.add(node_id)
        chain.append(node_id)
        node = mapping[node_id]
        node_id = node.get("parent") if isinstance(node, dict) else None
    chain.reverse()
    return chain


def screening_order(mapping: dict[str, Any], current: Any) -> list[str]:
    """Every node id: the active branch in order, then the side branches, each from where it leaves in order."""
    order = active_branch(mapping, current)
    seen = set(order)
    roots = [k for k, v in mapping.items() if not isinstance(v, dict) or v.get("parent") not in mapping]
    stack = list(reversed(roots + order))  # side branches hang off the active branch or another root
    while stack:
        node_id = stack.pop()
        if node_id not in seen:
            seen.add(node_id)
            order.append(node_id)
        node = mapping.get(node_id)
        children = node.get("children") if isinstance(node, dict) else None
        if isinstance(children, list):
            stack.extend(c for c in reversed(children) if isinstance(c, str) and c in mapping and c not in seen)
    return order


def _part_text(part: Any) -> str:
    if isinstance(part, str):
        return part
    if not isinstance(part, dict):
        return ""
    kind = str(part.get("content_type") or "")
    if kind == "audio_transcription":
        return str(part.get("text") or "")
    if kind.endswith("asset_pointer"):
        media = next((m for m in ("image", "audio", "video") if m in kind), "attachment")
        return f"[{media}]"
    return ""


def message_text(content: Any) -> str:
    """The text a person saw of a message's `content`, whatever its `content_type`."""
    if isinstance(content, str):
        return content
    if not isinstance(content, dict):
        return ""
    parts = content.get("parts")
    if isinstance(parts, list):
        return "\n".join(t for t in map(_part_text, parts) if t)
    for field in ("text", "result"):
        if isinstance(content.get(field), str):
            return content[field]
    return ""


def visible_text(message: dict[str, Any]) -> str | None:
    """The message's text if the person saw it in the conversation; None for hidden messages and tool machinery."""
    metadata = message.get("metadata")
    if isinstance(metadata, dict) and metadata.get("is_visually_hidden_from_conversation"):
        return None
    author = message.get("author")
    role = author.get("role") if isinstance(author, dict) else None
    if role == "tool" or message.get("recipient") not in (None, "all"):
        return None
    content = message.get("content")
    if isinstance(content, dict) and content.get("content_type") in _HIDDEN_CONTENT:
        return None
    body = message_text(content)
    return body if body.strip() else None


def conversation_messages(conv: dict[str, Any], index: int) -> Iterator[Message]:
    """The messages of the active branch that the person saw, in order, each with its speaker and time."""
    mapping = conv.get("mapping")
    if not isinstance(mapping, dict):
        raise RefusedFile(f"conversation {index} has no 'mapping'")
    conv_id = str(conv.get("conversation_id") or conv.get("id") or f"index-{index}")
    session = f"chatgpt:{conv_id}"
    earlier = _timestamp(conv.get("create_time"))
    for node_id in active_branch(mapping, conv.get("current_node")):
        node = mapping[node_id]
        message = node.get("message") if isinstance(node, dict) else None
        if not isinstance(message, dict):
            continue
        own = _timestamp(message.get("create_time"))
        body = visible_text(message)
        if own is not None:
            earlier = own
        if body is None:
            continue
        author = message.get("author")
        role = str(author.get("role") if isinstance(author, dict) else None)
        message_id = message.get("id") or node_id
        yield Message(
            identity=f"chatgpt:{conv_id}:{message_id}",
            locator=f"conversation {conv_id} message {message_id}",
            session_id=session,
            actor=_SPEAKERS.get(role) or other_speaker(role),
            attribution=Attribution.FORMAT,
            timestamp=own or earlier,
            timestamp_precision=(
                TimePrecision.SECOND if own else TimePrecision.ROUGH if earlier else TimePrecision.UNKNOWN
            ),
            text=body,
            source_type=SourceType.CHAT,
        )


def parse_file(source: Path | IO[bytes], tz: ZoneInfo) -> Iterator[Message]:
    """Every message of the export, a conversation at a time."""
    for index, conv in enumerate(conversations(source)):
        yield from conversation_messages(conv, index)


def parse_chatgpt(name: str, text: str, tz: ZoneInfo) -> Iterator[Message]:
    """The same reading of an export already in memory (the in-memory parser registry's signature)."""
    yield from parse_file(io.BytesIO(text.encode()), tz)


# ---------------------------------------------------------------- admission: every secret replaced before writing


def _spoken(part: Any) -> bool:
    """Whether a part is text the person wrote or said (a string, or a voice message's transcription)."""
    if isinstance(part, str):
        return True
    transcription = isinstance(part, dict) and part.get("content_type") == "audio_transcription"
    return transcription and isinstance(part.get("text"), str)


def _main_text(message: dict[str, Any]) -> str | None:
    """The text of a message that is screened with its conversation: its text parts joined (a secret can straddle
    two parts), or its `text`; None when it has neither."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if not isinstance(content, dict):
        return None
    parts = content.get("parts")
    if isinstance(parts, list):
        texts = [p if isinstance(p, str) else p["text"] for p in parts if _spoken(p)]
        return "\n".join(texts) if texts else None
    return content["text"] if isinstance(content.get("text"), str) else None


def _set_main_text(message: dict[str, Any], text: str) -> None:
    """Put the screened text back: in the first text part when the parts were screened together (the others are
    emptied, so the text is not said twice)."""
    content = message["content"]
    if isinstance(content, str):
        message["content"] = text
    elif isinstance(content.get("parts"), list):
        parts, first = content["parts"], True
        for i, part in enumerate(parts):
            if _spoken(part):
                value = text if first else ""
                parts[i] = value if isinstance(part, str) else {**part, "text": value}
                first = False
    else:
        content["text"] = text


def redact_conversation(conv: dict[str, Any], index: int, counter: SecretCounter | None = None) -> int:
    """Replace, in place, every secret in a conversation; returns how many.

    The messages are screened as one sequence in conversation order (a secret can be given in the message after the
    one that asks for it), each scoped by its message id so the same message gets the same reference ids in every
    later export that contains it; every other string (titles, metadata, tool payloads) is screened on its own.
    """
    counter = counter or SecretCounter()
    before = counter.secrets
    conv_scope = f"chatgpt:{conv.get('conversation_id') or conv.get('id') or index}"
    mapping = conv.get("mapping")
    screened_whole: list[dict[str, Any]] = []
    if isinstance(mapping, dict):
        items: list[tuple[str, str]] = []
        for node_id in screening_order(mapping, conv.get("current_node")):
            node = mapping[node_id]
            message = node.get("message") if isinstance(node, dict) else None
            text = _main_text(message) if isinstance(message, dict) else None
            if text is not None:
                screened_whole.append(message)
                items.append((text, f"chatgpt:{message.get('id') or node_id}"))
        for message, screened in zip(screened_whole, redact_sequence(items), strict=True):
            if screened.secrets:
                counter.secrets += len(screened.secrets)
                _set_main_text(message, screened.text)
    done = {id(m) for m in screened_whole}
    for key, value in conv.items():
        if key != "mapping" or not isinstance(value, dict):
            conv[key] = counter.redact_strings(value, conv_scope)
            continue
        for node in value.values():
            if not isinstance(node, dict):
                continue
            for node_key, node_value in node.items():
                if node_key == "message" and id(node_value) in done:
                    _redact_rest_of_message(node_value, counter, conv_scope)
                else:
                    node[node_key] = counter.redact_strings(node_value, conv_scope)
    return counter.secrets - before


def _redact_rest_of_message(message: dict[str, Any], counter: SecretCounter, scope: str) -> None:
    """Every string of a message but the text already screened with its conversation."""
    for key, value in message.items():
        if key != "content" or not isinstance(value, dict):
            if key != "content":
                message[key] = counter.redact_strings(value, scope)
            continue
        for content_key, content_value in value.items():
            if content_key == "parts" and isinstance(content_value, list):
                value["parts"] = [_redact_rest_of_part(p, counter, scope) for p in content_value]
            elif content_key != "text" or "parts" in value:
                value[content_key] = counter.redact_strings(content_value, scope)


def _redact_rest_of_part(part: Any, counter: SecretCounter, scope: str) -> Any:
    if isinstance(part, str):
        return part
    if _spoken(part):
        return {k: v if k == "text" else counter.redact_strings(v, scope) for k, v in part.items()}
    return counter.redact_strings(part, scope)


def _dumps(conv: dict[str, Any]) -> bytes:
    try:
        return orjson.dumps(conv)
    except TypeError:  # an integer beyond 64 bits: the standard module writes it
        return json.dumps(conv, ensure_ascii=False, allow_nan=False).encode()


def _admit_batch(batch: list[tuple[int, dict[str, Any]]], counter: SecretCounter) -> list[tuple[bytes, int, int]]:
    """(redacted JSON line, messages the run will read, secrets replaced) of each conversation of a batch."""
    out = []
    for index, conv in batch:
        secrets = redact_conversation(conv, index, counter)
        out.append((_dumps(conv), sum(1 for _ in conversation_messages(conv, index)), secrets))
    return out


_WORKER_COUNTER: SecretCounter | None = None  # one per worker process, so its memo of clean strings lasts


def _admit_batch_in_worker(batch: list[tuple[int, dict[str, Any]]]) -> list[tuple[bytes, int, int]]:
    global _WORKER_COUNTER
    _WORKER_COUNTER = _WORKER_COUNTER or SecretCounter()
    return _admit_batch(batch, _WORKER_COUNTER)


def _batches(
    source: Path | IO[bytes], progress: Progress | None, cuts: list[str] | None = None
) -> Iterator[list[tuple[int, dict[str, Any]]]]:
    """Conversations in batches of about 256 messages (a long conversation is a batch of its own)."""
    batch: list[tuple[int, dict[str, Any]]] = []
    nodes = 0
    for index, conv in enumerate(conversations(source, progress, cuts)):
        batch.append((index, conv))
        nodes += len(conv.get("mapping") or ())
        if nodes >= 256:
            yield batch
            batch, nodes = [], 0
    if batch:
        yield batch


def _screened(
    source: Path | IO[bytes], progress: Progress | None, workers: int, cuts: list[str] | None = None
) -> Iterator[list[tuple[bytes, int, int]]]:
    """The screened batches in file order: screened here, or by `workers` processes with a few batches in flight
    (so memory stays that of a few batches however large the file)."""
    if workers <= 1:
        counter = SecretCounter()  # shared, so strings every conversation repeats are screened once
        for batch in _batches(source, progress, cuts):
            yield _admit_batch(batch, counter)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: deque[Future[list[tuple[bytes, int, int]]]] = deque()
        for batch in _batches(source, progress, cuts):
            pending.append(pool.submit(_admit_batch_in_worker, batch))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def admit_file(
    source: Path | IO[bytes],
    out: Writer,
    progress: Progress | None = None,
    workers: int = 1,
    cuts: list[str] | None = None,
) -> tuple[int, int]:
    """Screen the export a conversation at a time and write it, redacted, to `out` (a JSON list, one conversation a
    line). Returns (messages the pipeline will read, secrets replaced); refuses what cannot be read.

    Screening is most of the cost: with `workers` > 1 it runs in that many processes, the file still read and
    written in order by this one."""
    records = secrets = 0
    out.write(b"[\n")
    first = True
    for batch in _screened(source, progress, workers, cuts):
        for data, batch_records, batch_secrets in batch:
            out.write(data if first else b",\n" + data)
            records, secrets, first = records + batch_records, secrets + batch_secrets, False
    out.write(b"\n]\n")
    return records, secrets
