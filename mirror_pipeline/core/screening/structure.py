"""Secrets that stand where a structure puts them, not after a sentence's keyword: the cells of a Markdown table's
password column, the last field of a list row "service / user / password", the value of a "name: value" row under a
heading that says the rows are logins. What a cell holds is still judged (a description, a masked value, a word are
not secrets)."""

from __future__ import annotations

import re

from mirror_pipeline.core.screening.detectors import Finding
from mirror_pipeline.core.screening.values import _CJK, Judge, _plausible

_TABLE_RULE, _ROW_RULE = -6, -7

_SEPARATOR_ROW = re.compile(r"^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)+\|?[ \t]*$")
# a column header that names a secret: strongly (any value but a word or a description is one) ...
_STRONG_HEADER = re.compile(
    r"(?i)密码|口令|密碼|密钥|秘钥|令牌|pin|pass|pwd|(?<![a-z])pw(?![a-z])|secret|token|passphrase|答案|answer"
)
# ... or weakly (a key, a code: only a value that looks generated)
_WEAK_HEADER = re.compile(r"(?i)(?<![a-z])(?:key|code|combo|combination)s?(?![a-z])|码")
_MASKED = re.compile(r"^[*•●·xX#]+$")


def _cells(line: str) -> list[tuple[int, int]]:
    """The spans of a table row's cells (stripped), leading and trailing pipes not counted."""
    spans = []
    start = 0
    bounds = [i for i, ch in enumerate(line) if ch == "|"]
    edges = [-1, *bounds, len(line)]
    for a, b in zip(edges, edges[1:], strict=False):
        start, end = a + 1, b
        while start < end and line[start] in " \t":
            start += 1
        while end > start and line[end - 1] in " \t":
            end -= 1
        spans.append((start, end))
    if bounds and not line[: bounds[0]].strip():
        spans = spans[1:]
    if bounds and not line[bounds[-1] + 1 :].strip():
        spans = spans[:-1]
    return spans


def table_findings(text: str) -> list[Finding]:
    """Cells under a header that names a secret, in every Markdown table of the text."""
    if "|" not in text or "\n" not in text:
        return []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found: list[Finding] = []
    k = 0
    while k + 1 < len(lines):
        if "|" not in lines[k]:
            k += 1
            continue
        header = [lines[k][a:b] for a, b in _cells(lines[k])]
        strong = {i for i, h in enumerate(header) if _STRONG_HEADER.search(h)}
        weak = {i for i, h in enumerate(header) if i not in strong and _WEAK_HEADER.search(h)}
        if _SEPARATOR_ROW.match(lines[k + 1]):
            row = k + 2
        elif (strong or weak) and len(header) >= 2 and _is_header(header) and len(_cells(lines[k + 1])) == len(header):
            row = k + 1  # screening-11: a table pasted without its separator row, the header naming the secret
        else:
            k += 1
            continue
        while row < len(lines) and "|" in lines[row]:
            for i, (a, b) in enumerate(_cells(lines[row])):
                if i in strong or i in weak:
                    value = lines[row][a:b]
                    if _cell_is_secret(value, strong=i in strong):
                        kind = "pin" if re.search(r"(?i)pin", header[i]) else "password"
                        found.append(Finding(kind, offsets[row] + a, offsets[row] + b, _TABLE_RULE))
            row += 1
        k = row
    return found


# a header's cells are names: short, no digits ("| 平台 | key | 备注 |", "url,username,password")
_HEADER_CELL = re.compile(r"[^\d]{0,24}")


def _is_header(cells: list[str]) -> bool:
    return all(_HEADER_CELL.fullmatch(c) for c in cells)


# ---- screening-11: a CSV whose header names a secret's column (a password manager's or a browser's export:
# "name,url,username,password", "title,login_uri,login_username,login_password,notes", "网站,用户名,密码"): the
# cells under it, row by row (an empty cell is none; a row of another width is not the table's)
_CSV_HEADER = re.compile(r"(?im)^[^\n,]{0,24}(?:,[^\n,]{0,24}){1,12}$")


def csv_findings(text: str) -> list[Finding]:
    if "," not in text or "\n" not in text:
        return []
    found: list[Finding] = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for k, line in enumerate(lines[:-1]):
        if line.count(",") < 1 or not _CSV_HEADER.fullmatch(line):
            continue
        header = line.split(",")
        if not _is_header(header):
            continue
        columns = {i for i, h in enumerate(header) if _STRONG_HEADER.search(h) and not _NOT_SECRET_COLUMN.search(h)}
        if not columns:
            continue
        for row in range(k + 1, len(lines)):
            cells = lines[row].split(",")
            if len(cells) != len(header):
                break
            start = offsets[row]
            for i, cell in enumerate(cells):
                if i in columns and _cell_is_secret(cell.strip(), strong=True):
                    lead = len(cell) - len(cell.lstrip())
                    found.append(Finding("password", start + lead, start + lead + len(cell.strip()), _TABLE_RULE))
                start += len(cell) + 1
    return found


# columns a password's name stands in that hold no password: "password_hint", "password changed", "pin_required"
_NOT_SECRET_COLUMN = re.compile(r"(?i)hint|提示|changed|updated|date|time|strength|required|policy|length|长度|时间")


def _cell_is_secret(value: str, *, strong: bool) -> bool:
    if len(value) < 3 or _MASKED.match(value) or " " in value.strip() and not re.fullmatch(r"[\d \-]+", value):
        return False
    if _CJK.search(value):
        return False  # a description ("路由器后台", "至少8位"), not a value
    if not strong:
        # a key or a code column holds generated values (digits among them), or shortcuts and names ("Ctrl+S")
        return any(c.isdigit() for c in value) and _plausible(value, Judge.TIGHT, explicit=False)
    return _plausible(value, Judge.LOOSE, explicit=True)


# A list row: a marker, then fields ("1. Gmail - sarah.w - Pine#cone55", "- netflix / dan.p / Couch_Potato9",
# "① 网易云 18612345678 wyy8823qq", "* steam: gabe_fan / Steam#Deck24")
_MARKER = re.compile(r"^[ \t]*(?:\d{1,2}[.)、]|\(\d{1,2}\)|[-*•·+]|[\u2460-\u2473])[ \t]*")
# (a slash, a bar or a dash between fields stands between spaces: "a/b" is a path, "10:30" a time)
_FIELD_SEP = re.compile(
    r"[ \t]*(?:(?<=[ \t])[/|—–-](?=[ \t])|[—–]|[:：](?=[ \t])|(?<=[\u4e00-\u9fff])[:：]|：)[ \t]*|[ \t]{2,}|\t"
)
_SPACE = re.compile(r"[ \t]+")
_EXPLICIT = (" / ", " - ", "—", "–", " | ", ": ", ":")
# a heading that says the rows below are logins
_LOGINS_HEAD = re.compile(
    r"(?i)(?<![a-z])(?:creds|credentials?|logins?|accounts?|passwords?|pws)(?![a-z])|账号|帐号|账户|密码|口令"
)
_USERISH = re.compile(r"^[A-Za-z0-9_.@+\-]{2,64}$")
_NOT_A_PASSWORD = re.compile(r"(?i)@.*\.|://|^www\.|^v?\d+(?:\.\d+)+$|^\d{1,2}[:/]\d{2}$|^[$€£¥]")


def _strong_shape(value: str) -> bool:
    """A generated-looking or password-like field: letters and digits, or letters and a symbol inside."""
    letters = sum(c.isalpha() for c in value)
    digits = sum(c.isdigit() for c in value)
    symbols = sum(not c.isalnum() for c in value[1:-1])
    return len(value) >= 6 and letters > 0 and (digits > 0 or symbols > 0 and any(c.isupper() for c in value))


def row_findings(text: str) -> list[Finding]:
    """The password field of list rows of a service, a user and a password; under a heading about logins, also the
    value of a two-field row ("- iPad: 090365")."""
    if "\n" not in text and not _MARKER.match(text) and sum(map(text.count, _EXPLICIT)) < 2:
        return []
    found: list[Finding] = []
    offset = 0
    logins = False  # a heading about logins on a line above
    for line in text.split("\n"):
        marker = _MARKER.match(line)
        body_start = marker.end() if marker else 0
        body = line[body_start:]
        fields = _fields(body, spaced=bool(marker))
        if fields:
            start, end = fields[-1]
            value = body[start:end].rstrip(".,;!?")
            end = start + len(value)
            others = [body[a:b] for a, b in fields[:-1]]
            if _row_secret(value, others, logins=logins, marked=bool(marker)):
                found.append(Finding("password", offset + body_start + start, offset + body_start + end, _ROW_RULE))
        logins = logins or bool(_LOGINS_HEAD.search(line))
        offset += len(line) + 1
    return found


def _fields(body: str, *, spaced: bool) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    cursor = 0
    for m in _FIELD_SEP.finditer(body):
        spans.append((cursor, m.start()))
        cursor = m.end()
    spans.append((cursor, len(body)))
    spans = [(a, b) for a, b in spans if b > a]
    if len(spans) < 3 and spaced:
        # "① 网易云 18612345678 wyy8823qq", "• jenkins  ci-bot  J3nk!ns_ci": white space between the fields
        split = []
        for a, b in spans:
            cursor = a
            for m in _SPACE.finditer(body, a, b):
                split.append((cursor, m.start()))
                cursor = m.end()
            split.append((cursor, b))
        spans = [(a, b) for a, b in split if b > a]
    return spans


def _row_secret(value: str, others: list[str], *, logins: bool, marked: bool) -> bool:
    if (
        not value
        or any(c.isspace() for c in value)
        or _NOT_A_PASSWORD.search(value)
        or _CJK.search(value)
        or _MASKED.match(value)
    ):
        return False
    if 2 <= len(others) <= 3 and _USERISH.match(others[-1].strip()):
        # service, user, password: the user is one token (a name, an address, a number) and the password looks made
        return _strong_shape(value) and value != others[-1]
    if len(others) == 1 and logins and marked:
        # under "Logins for mom:", "- iPad: 090365"
        return _plausible(value, Judge.TIGHT, explicit=False) and not value.isalpha()
    return False
