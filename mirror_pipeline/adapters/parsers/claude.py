"""Claude.ai data export `conversations.json`: a list of conversations, each with `chat_messages` in order.

A message's `sender` is `human` (the user) or `assistant`. Its words are the `text` blocks of `content` (older
exports: the message's `text`); `thinking` blocks are the assistant's private reasoning and never become anyone's
statement; tool calls and results are not said by anyone. Attachments and files are named, not read as the user's
words (a pasted document is not a statement about oneself).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.parsers.common import (
    Entries,
    RefusedFile,
    SecretCounter,
    dump_json,
    iso_time,
    load_json,
    offset_minutes,
    redact_strings,
    screen_in_order,
)
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision, other_speaker

FORMAT = "claude"
_ROLES = {"human": Speaker.USER, "user": Speaker.USER, "assistant": Speaker.ASSISTANT}


def sniff(data: Any) -> bool:
    return (
        isinstance(data, list)
        and bool(data)
        and isinstance(data[0], dict)
        and isinstance(data[0].get("chat_messages"), list)
    )


def _conversations(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise RefusedFile("a Claude export is a JSON list of conversations")
    return data


def _conv_id(conv: dict[str, Any], index: int) -> str:
    return str(conv.get("uuid") or f"index-{index}")


def _message_id(message: dict[str, Any], index: int) -> str:
    return str(message.get("uuid") or f"message-{index}")


def _said(message: dict[str, Any]) -> str:
    """The words of a message: its text blocks (thinking, tool use and tool results left out)."""
    content = message.get("content")
    if isinstance(content, list) and content:
        texts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "\n\n".join(t for t in texts if isinstance(t, str) and t.strip())
    text = message.get("text")
    return text if isinstance(text, str) else ""


def _attachment_names(message: dict[str, Any]) -> list[str]:
    names = []
    for key in ("attachments", "files"):
        for item in message.get(key) or []:
            if isinstance(item, dict) and isinstance(item.get("file_name"), str) and item["file_name"].strip():
                names.append(item["file_name"].strip())
    return list(dict.fromkeys(names))


def redact(name: str, text: str) -> tuple[str | None, int]:
    """Each conversation's messages are screened in order, scoped by message uuid; then every other string
    (thinking, attachment text, titles) on its own."""
    conversations = _conversations(load_json(text))
    counter = SecretCounter()
    secrets = 0
    for index, conv in enumerate(conversations):
        if not isinstance(conv, dict):
            continue
        messages = [m for m in conv.get("chat_messages") or [] if isinstance(m, dict)]
        scopes = [f"claude:{_message_id(m, i)}" for i, m in enumerate(messages)]
        said = [_said(m) for m in messages]
        redacted, found = screen_in_order(list(zip(said, scopes, strict=True)))
        secrets += found
        for message, before, after in zip(messages, said, redacted, strict=True):
            if before == after:
                continue
            message["text"] = after
            kept = [b for b in message.get("content") or [] if isinstance(b, dict) and b.get("type") != "text"]
            message["content"] = [{"type": "text", "text": after}, *kept]
        scope = f"claude:{_conv_id(conv, index)}"
        for message in messages:  # the rest (thinking, tool input, attachment text); the words are screened above
            for key, value in list(message.items()):
                if key == "content" and isinstance(value, list):
                    message[key] = [
                        b if isinstance(b, dict) and b.get("type") == "text" else redact_strings(b, counter, scope)
                        for b in value
                    ]
                elif key != "text":
                    message[key] = redact_strings(value, counter, scope)
        for key, value in list(conv.items()):
            if key != "chat_messages":
                conv[key] = redact_strings(value, counter, scope)
    secrets += counter.secrets
    return (dump_json(conversations) if secrets else None), secrets


def written_offsets(text: str) -> Counter[int]:
    """How many of the person's messages carry an offset from UTC other than 0 in `created_at` (minutes), for the
    zone question only."""
    found: Counter[int] = Counter()
    for conv in _conversations(load_json(text)):
        for message in (conv.get("chat_messages") or []) if isinstance(conv, dict) else []:
            if isinstance(message, dict) and _ROLES.get(message.get("sender")) is Speaker.USER:
                offset = offset_minutes(message.get("created_at"))
                found.update([offset] if offset else [])
    return found


def _count(data: Any) -> int:
    return len(data) if sniff(data) else 0


ENTRIES = Entries(("item",), "conversation", _count)


def parse(name: str, text: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    for index, conv in enumerate(_conversations(load_json(text))):
        if not isinstance(conv, dict) or not isinstance(conv.get("chat_messages"), list):
            raise RefusedFile(f"conversation {index} has no 'chat_messages'")
        conv_id = _conv_id(conv, index)
        conv_time = iso_time(conv.get("created_at"), tz)
        for m_index, message in enumerate(conv["chat_messages"]):
            if not isinstance(message, dict):
                raise RefusedFile(f"conversation {index}: message {m_index} is not an object")
            sender = str(message.get("sender") or "")
            body = _said(message)
            attached = _attachment_names(message)
            if attached:
                body = "\n".join(filter(None, [body, *(f"[attachment: {a}]" for a in attached)]))
            if not body.strip():
                continue
            message_id = _message_id(message, m_index)
            created = iso_time(message.get("created_at"), tz) or conv_time
            yield Message(
                identity=f"claude:{conv_id}:{message_id}",
                locator=f"conversation {conv_id} message {message_id}",
                session_id=f"claude:{conv_id}",
                actor=str(_ROLES.get(sender, other_speaker(sender))),
                attribution=Attribution.FORMAT,
                timestamp=created,
                timestamp_precision=TimePrecision.SECOND if created else TimePrecision.UNKNOWN,
                text=body,
                source_type=SourceType.CHAT,
            )
