"""Telegram Desktop JSON export: one chat (`result.json` with `messages`) or the whole account (`chats.list`).

Who the user is: a full export names the account in `personal_information.user_id`, and each message's `from_id` is
`user<id>`; in a one-chat export of a personal chat the chat's `id` is the other person, so every other sender is the
user; saved messages are the user's own. In a group exported alone, the configured names decide, else UNSURE.
A forwarded message carries someone else's words (`forwarded_from`), whoever forwarded it. Service messages (joins,
pins, calls) are events, not statements. `text` is a string or a list of strings and entity objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.parsers.common import (
    Entries,
    RefusedFile,
    SecretCounter,
    digest,
    dump_json,
    epoch,
    iso_time,
    load_json,
    offset_minutes,
    redact_strings,
    screen_in_order,
    speaker_by_name,
)
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision, other_speaker

FORMAT = "telegram"
_PERSONAL = {"personal_chat", "bot_chat"}


def sniff(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    if isinstance(data.get("chats"), dict) and isinstance(data["chats"].get("list"), list):
        return True
    return isinstance(data.get("messages"), list) and ("type" in data or "id" in data)


def _chats(data: Any) -> list[dict[str, Any]]:
    if not isinstance(data, dict):
        raise RefusedFile("a Telegram export is a JSON object")
    if isinstance(data.get("chats"), dict):
        chats = list(data["chats"].get("list") or [])
        if isinstance(data.get("left_chats"), dict):
            chats += list(data["left_chats"].get("list") or [])
        return chats
    return [data]


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(
            p if isinstance(p, str) else str(p.get("text") or "") for p in value if isinstance(p, str | dict)
        )
    return ""


def _chat_id(chat: dict[str, Any], index: int) -> str:
    return str(chat.get("id") if chat.get("id") is not None else f"index-{index}")


def redact(name: str, text: str) -> tuple[str | None, int]:
    """Each chat's messages screened in order, scoped by chat and message id; then every other string."""
    data = load_json(text)
    counter = SecretCounter()
    secrets = 0
    for index, chat in enumerate(_chats(data)):
        if not isinstance(chat, dict):
            continue
        chat_id = _chat_id(chat, index)
        messages = [m for m in chat.get("messages") or [] if isinstance(m, dict)]
        said = [_text(m.get("text")) for m in messages]
        scopes = [f"telegram:{chat_id}:{m.get('id', i)}" for i, m in enumerate(messages)]
        redacted, found = screen_in_order(list(zip(said, scopes, strict=True)))
        secrets += found
        for message, before, after in zip(messages, said, redacted, strict=True):
            if before != after:
                message["text"] = after
                message["text_entities"] = [{"type": "plain", "text": after}]
        for message in messages:  # the rest of each message (poll answers, file names); its text is screened above
            for key, value in list(message.items()):
                if key not in ("text", "text_entities"):
                    message[key] = redact_strings(value, counter, f"telegram:{chat_id}")
        for key, value in list(chat.items()):
            if key != "messages":
                chat[key] = redact_strings(value, counter, f"telegram:{chat_id}")
    if isinstance(data, dict):
        for key, value in list(data.items()):
            if key not in ("chats", "left_chats", "messages", "name", "type", "id"):
                data[key] = redact_strings(value, counter, "telegram:account")
    secrets += counter.secrets
    return (dump_json(data) if secrets else None), secrets


def _when(message: dict[str, Any], tz: ZoneInfo) -> datetime | None:
    # date_unixtime is exact; `date` is the exporting computer's wall clock, without an offset
    return epoch(message.get("date_unixtime")) or iso_time(message.get("date"), tz)


def written_offsets(text: str) -> Counter[int]:
    """How many messages were written at each offset from UTC (minutes): `date` is the exporting computer's wall
    clock beside the exact `date_unixtime`. For the zone question only: messages are dated by `date_unixtime`."""
    found: Counter[int] = Counter()
    for chat in _chats(load_json(text)):
        for message in (chat.get("messages") or []) if isinstance(chat, dict) else []:
            if isinstance(message, dict):
                offset = offset_minutes(message.get("date"), epoch(message.get("date_unixtime")))
                found.update([offset] if offset else [])
    return found


def _count(data: Any) -> int:
    return sum(len(c.get("messages") or []) for c in _chats(data) if isinstance(c, dict)) if sniff(data) else 0


# a one-chat export's messages; a whole account's chats, and each chat's messages
ENTRIES = Entries(
    ("messages.item", *(f"{chats}.list.item{m}" for chats in ("chats", "left_chats") for m in ("", ".messages.item"))),
    "message",
    _count,
)


def parse(name: str, text: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    data = load_json(text)
    account = data.get("personal_information") if isinstance(data, dict) else None
    own_id = f"user{account['user_id']}" if isinstance(account, dict) and account.get("user_id") else None
    for index, chat in enumerate(_chats(data)):
        if not isinstance(chat, dict) or not isinstance(chat.get("messages", []), list):
            raise RefusedFile(f"chat {index} has no list of messages")
        chat_id = _chat_id(chat, index)
        chat_type = str(chat.get("type") or "")
        messages = [m for m in chat.get("messages") or [] if isinstance(m, dict)]
        senders = {str(m.get("from")) for m in messages if m.get("from")}
        for message in messages:
            if message.get("type", "message") != "message":
                continue  # service: joined, pinned, called, changed the title
            body = _text(message.get("text"))
            if not body.strip():
                continue  # a photo, sticker or voice note without a caption says nothing we can read
            sender = str(message.get("from") or message.get("from_id") or "unknown")
            from_id = str(message.get("from_id") or "")
            if message.get("forwarded_from"):
                actor, attribution = other_speaker(str(message["forwarded_from"])), Attribution.FORMAT
            elif own_id and from_id:
                actor = str(Speaker.USER) if from_id == own_id else other_speaker(sender)
                attribution = Attribution.FORMAT
            elif chat_type == "saved_messages":
                actor, attribution = str(Speaker.USER), Attribution.FORMAT
            elif chat_type in _PERSONAL and from_id and chat.get("id") is not None:
                is_other = from_id.removeprefix("user") == str(chat["id"])
                actor = other_speaker(sender) if is_other else str(Speaker.USER)
                attribution = Attribution.FORMAT
            elif chat_type in _PERSONAL and chat.get("name") and message.get("from"):
                # older exports have no from_id: the chat is named after the other person
                is_other = str(message["from"]) == str(chat["name"])
                actor = other_speaker(sender) if is_other else str(Speaker.USER)
                attribution = Attribution.FORMAT
            else:
                actor, attribution = speaker_by_name(sender, user_names, senders)
            created = _when(message, tz)
            message_id = message.get("id")
            if message_id is None:  # never seen in real exports; a stable stand-in all the same
                message_id = f"{message.get('date')}:{sender}:{digest(body)}"
            yield Message(
                identity=f"telegram:{chat_id}:{message_id}",
                locator=f"chat {chat_id} message {message_id}",
                session_id=f"telegram:{chat_id}",
                actor=actor,
                attribution=attribution,
                timestamp=created,
                timestamp_precision=TimePrecision.SECOND if created else TimePrecision.UNKNOWN,
                text=body,
                source_type=SourceType.CHAT,
            )
