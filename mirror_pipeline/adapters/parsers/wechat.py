"""WeChat chat exports as CSV, from the two common tools.

PyWxDump: `id,MsgSvrID,type_name,is_sender,talker,room_name,msg,src,CreateTime`; `type_name` is 文本, 图片, 引用回复
(the reply, then "[引用](time)name:quoted text"), 系统通知, 消息撤回… ; `CreateTime` is local wall time.
MemoTrace: `localId,TalkerId,Type,SubType,IsSender,CreateTime,Status,StrContent,StrTime,Remark,NickName,Sender`;
Type 1 text, 49/57 a reply (its XML holds the quoted message), 10000 system; `CreateTime` is Unix seconds.

`is_sender` / `IsSender` says which messages are the user's (FORMAT). A quoted message is someone else's words and
becomes its own record, never part of the user's reply. System notices (recalled messages, pats, joins) and media
without words are skipped.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from xml.etree import ElementTree
from zoneinfo import ZoneInfo

from mirror_pipeline.adapters.parsers.common import (
    Occurrences,
    RefusedFile,
    SecretCounter,
    digest,
    epoch,
    is_user_name,
    screen_in_order,
)
from mirror_pipeline.core.ids import without_copy_marker
from mirror_pipeline.core.model import Attribution, Message, SourceType, Speaker, TimePrecision, other_speaker

FORMAT = "wechat"
PYWXDUMP = ("id", "MsgSvrID", "type_name", "is_sender", "talker", "room_name", "msg", "src", "CreateTime")
MEMOTRACE = (
    "localId", "TalkerId", "Type", "SubType", "IsSender", "CreateTime", "Status", "StrContent", "StrTime", "Remark",
    "NickName", "Sender",
)  # fmt: skip
_QUOTE = re.compile(r"\n*\[引用\]\((?P<time>[^)]*)\)(?P<name>[^:：\n]*)[:：](?P<text>.*)\Z", re.DOTALL)
_TEXT_TYPES = {"文本", "引用回复", "text"}
_MEMO_TEXT = {("1", "0"), ("1", ""), ("49", "57")}
# what a tool writes for media it could not render: not anyone's words
_MEDIA = re.compile(r"^\[(?:图片|语音|视频|表情|动画表情|文件|位置|链接|名片|语音通话|视频通话|红包|转账|拍一拍)\]$")


def _columns(header: list[str]) -> str | None:
    names = {h.strip().lstrip("\ufeff") for h in header}
    if set(PYWXDUMP) <= names:
        return "pywxdump"
    if set(MEMOTRACE) <= names:
        return "memotrace"
    return None


def sniff(text: str) -> bool:
    try:
        first = next(csv.reader(io.StringIO(text[:4096].split("\n", 1)[0])), [])
    except csv.Error:
        return False
    return _columns(first) is not None


# one very long message must not refuse its whole chat: a cell is read whatever its length (the file's size is
# bounded before it is read, and the message is cut to the bound every message has after parsing)
csv.field_size_limit(1 << 30)

# the csv module's errors in words (its messages name the dialect's characters, never the content)
_CSV_ERRORS = (
    ("field larger than field limit", "a cell longer than {limit:,} characters"),
    ("unexpected end of data", "the file ends inside a quoted cell: cut short?"),
    ("expected after", "a quote inside a cell that is not doubled"),
    ("new-line character seen in unquoted field", "a line break inside a cell that is not quoted"),
    ("line contains nul", "a NUL byte: not text"),
)


def _csv_problem(err: csv.Error) -> str:
    message = str(err).lower()
    for known, words in _CSV_ERRORS:
        if known in message:
            return words.format(limit=csv.field_size_limit())
    return "malformed CSV"


def _rows(text: str) -> tuple[list[str], str, list[dict[str, str]]]:
    try:
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        header = [h.strip().lstrip("\ufeff") for h in next(reader, [])]
        tool = _columns(header)
        if tool is None:
            raise RefusedFile(
                f"unknown CSV columns ({len(header)} columns): a WeChat export from PyWxDump "
                f"({','.join(PYWXDUMP)}) or MemoTrace ({','.join(MEMOTRACE)}) is expected"
            )
        rows = []
        for number, values in enumerate(reader, start=2):
            if not any(v.strip() for v in values):
                continue
            if len(values) != len(header):
                raise RefusedFile(f"row {number} has {len(values)} fields, the header has {len(header)}: cut short?")
            rows.append(dict(zip(header, values, strict=True)))
    except csv.Error as err:
        raise RefusedFile(f"not a readable CSV file (line {reader.line_num}: {_csv_problem(err)})") from None
    return header, tool, rows


@dataclass(frozen=True)
class _Said:
    row: int  # the CSV data row, 1-based after the header
    message_id: str | None
    chat: str
    is_user: bool
    sender: str
    when: datetime | None
    raw_time: str
    reply: str
    quoted_name: str | None
    quoted: str | None


def _xml_reply(content: str) -> tuple[str, str | None, str | None]:
    """(reply, quoted sender, quoted text) from a type-57 appmsg; the content itself when it is not XML."""
    if not content.lstrip().startswith("<"):
        return content, None, None
    try:
        root = ElementTree.fromstring(content.strip())
    except ElementTree.ParseError:
        return "", None, None
    appmsg = root if root.tag == "appmsg" else root.find("appmsg")
    if appmsg is None:
        return "", None, None
    refer = appmsg.find("refermsg")
    title = appmsg.findtext("title") or ""
    if refer is None:
        return title, None, None
    return title, refer.findtext("displayname") or "", refer.findtext("content") or ""


def _local(value: str, tz: ZoneInfo) -> datetime | None:
    value = value.strip()
    if value[:1].isdigit() and "-" in value[:5]:
        try:  # "2024-01-20 21:05:10", the common case, at C speed
            parsed = datetime.fromisoformat(value)
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)
        except ValueError:
            pass
    stamp = epoch(value)
    if stamp:
        return stamp
    for pattern in ("%Y-%m-%d %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y/%m/%d %H:%M"):
        try:
            return datetime.strptime(value, pattern).replace(tzinfo=tz)
        except ValueError:
            continue
    return None


def _said(tool: str, index: int, row: dict[str, str], tz: ZoneInfo) -> _Said | None:
    if tool == "pywxdump":
        kind = row["type_name"].strip()
        if kind not in _TEXT_TYPES:
            return None  # 图片, 语音, 系统通知, 消息撤回, 拍一拍 ...: no words of anyone's
        content = row["msg"]
        quote = _QUOTE.search(content) if kind == "引用回复" else None
        reply = content[: quote.start()] if quote else content
        chat = row["room_name"].strip() or row["talker"].strip()
        return _Said(
            index, row["MsgSvrID"].strip() or None, chat, row["is_sender"].strip() == "1", row["talker"].strip(),
            _local(row["CreateTime"], tz), row["CreateTime"].strip(), reply,
            quote.group("name").strip() if quote else None, quote.group("text").strip() if quote else None,
        )  # fmt: skip
    if (row["Type"].strip(), row["SubType"].strip()) not in _MEMO_TEXT:
        return None  # 3 image, 34 voice, 47 sticker, 10000 system (recalls, pats) ...
    reply, quoted_name, quoted = _xml_reply(row["StrContent"])
    sender = row["Sender"].strip() or row["Remark"].strip() or row["NickName"].strip()
    when = _local(row["CreateTime"], tz) or _local(row["StrTime"], tz)
    return _Said(
        index, None, row["TalkerId"].strip(), row["IsSender"].strip() == "1", sender, when,
        row["CreateTime"].strip() or row["StrTime"].strip(), reply, quoted_name, quoted,
    )  # fmt: skip


def _scope(said: _Said, seen: Occurrences) -> str:
    """A message's stable identity without its words: the server id, else chat + time + sender + occurrence."""
    if said.message_id:
        return f"wechat:{said.message_id}"
    key = f"{said.chat}|{said.raw_time}|{'me' if said.is_user else said.sender}"
    return f"wechat:{key}:{seen.nth(key)}"


def redact(name: str, text: str) -> tuple[str | None, int]:
    """The messages (reply and quote together) screened in order; every other field on its own; rewritten as CSV."""
    header, tool, rows = _rows(text)
    body_column = "msg" if tool == "pywxdump" else "StrContent"
    seen = Occurrences()
    scopes = []
    for index, row in enumerate(rows, start=1):
        said = _said(tool, index, row, ZoneInfo("UTC"))
        scopes.append(_scope(said, seen) if said else f"wechat:row-{index}")
    redacted, secrets = screen_in_order([(row[body_column], scope) for row, scope in zip(rows, scopes, strict=True)])
    counter = SecretCounter()
    for row, scope, body in zip(rows, scopes, redacted, strict=True):
        row[body_column] = body
        for column, value in row.items():
            if column != body_column and value.strip():
                row[column] = counter.redact(value, scope)
    secrets += counter.secrets
    if not secrets:
        return None, 0
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue(), secrets


def _quoted(name: str, user_names: Sequence[str]) -> tuple[str, Attribution]:
    """Who wrote a quoted message: the export gives only a display name, which may be the user's own."""
    if is_user_name(name, user_names):
        return str(Speaker.USER), Attribution.CONFIG
    return other_speaker(name), Attribution.CONFIG if any(n.strip() for n in user_names) else Attribution.UNSURE


# a file name's own words, not the contact's: the tool's or the export's ("pywxdump_妈妈.csv", "chat_妈妈.csv"), and the
# inbox's suffix for a second copy ("chat_妈妈.chbgbhrh.csv", "chat_妈妈-1a2b3c4d.csv")
_COPY_SUFFIX = re.compile(r"[.-][0-9a-z]{8}$")
_NOT_A_NAME = re.compile(
    r"(?i)^(?:chat|chats|export|messages?|wechat|weixin|pywxdump|memotrace|聊天记录|微信|\d[\d\s.-]*)$"
)


def chat_name(file_name: str, contact: str) -> str | None:
    """The name a one-to-one PyWxDump chat's file gives its contact (the tools name the file by the remark:
    "chat_妈妈.csv"), which its rows never say (only `talker`, "wxid_lixiuying58"); None when the file says none."""
    stem = without_copy_marker(_COPY_SUFFIX.sub("", Path(file_name).stem.removesuffix(".csv")))
    word = stem.rsplit("_", 1)[-1].strip() if "_" in stem else stem.strip()
    if not word or (contact and contact in stem) or "wxid" in stem or "[" in word or _NOT_A_NAME.match(word):
        return None
    return word


def parse(name: str, text: str, tz: ZoneInfo, user_names: Sequence[str] = ()) -> Iterator[Message]:
    _, tool, rows = _rows(text)
    names: dict[str, str | None] = {}
    seen = Occurrences()
    hashes = Occurrences()
    for index, row in enumerate(rows, start=1):
        said = _said(tool, index, row, tz)
        if said is None:
            continue
        scope = _scope(said, seen)
        base = dict(
            session_id=f"wechat:{said.chat}",
            timestamp=said.when,
            timestamp_precision=TimePrecision.SECOND if said.when else TimePrecision.UNKNOWN,
            source_type=SourceType.CHAT,
        )
        identity = scope
        if not said.message_id:  # no server id: the words make it the same message in a later export
            key = f"{scope}|{digest(said.reply + (said.quoted or ''))}"
            identity = f"{key}:{hashes.nth(key)}"
        locator = f"row {said.row + 1}" + (f" (message {said.message_id})" if said.message_id else "")
        if said.quoted:
            actor, attribution = _quoted(said.quoted_name or "unknown", user_names)
            yield Message(
                identity=f"{identity}:quoted",
                locator=f"{locator}, quoted",
                actor=actor,
                attribution=attribution,
                text=said.quoted,
                **base,
            )
        reply = said.reply.strip()
        if not reply or _MEDIA.match(reply):
            continue
        if said.is_user:
            actor, attribution = str(Speaker.USER), Attribution.FORMAT
        else:  # is_sender 0: the format says someone else sent it, whatever the names
            sender = said.sender or said.chat
            if tool == "pywxdump" and sender == said.chat and not said.chat.endswith("@chatroom"):
                if sender not in names:
                    names[sender] = chat_name(name, sender)
                sender = names[sender] or sender  # one to one: the contact is the one the file is named for
            actor, attribution = other_speaker(sender), Attribution.FORMAT
        yield Message(identity=identity, locator=locator, actor=actor, attribution=attribution, text=reply, **base)
