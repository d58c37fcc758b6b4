"""A secret given in answer: the message before asks for one (or says one is coming) by its name, and this short
message holds a value of a secret's shape ("netflix pw?" -> "sure: couchtime2022", "door code?" -> "1 9 7 3",
"你的apple id密码还记得吗" -> "记得，Apple@lin99"). Who asked does not matter: a secret said by the other person in
the chat is still a secret."""

from __future__ import annotations

import re

from mirror_pipeline.core.screening.detectors import Finding
from mirror_pipeline.core.screening.rules import _HELD, _SPACED, PLACEHOLDER_RE
from mirror_pipeline.core.screening.values import Judge, _plausible

_ANSWER_RULE = -8

# a secret's name strong enough to carry a reply (not 'pass' or 'key' alone: "did you pass?" -> "yes, 1450")
_NAME = re.compile(
    r"(?i)密码|口令|密碼|验证码|门禁|解锁码|(?<![a-z])(?:pin|pw|pwd|passwords?|passcode|passphrase|wi-?fi|otp|combo|"
    r"combination)(?![a-z])|\bcode (?:for|to|of)\b|\b(?:door|gate|garage|alarm|lock|locker|safe|access|entry|unlock|"
    r"wifi|alarm|lockbox|keypad|verification) code\b"
)
_CODE_NAME = re.compile(r"(?i)code|combo|combination|门禁")
# a question, a request, or the promise of a value
_ASKS = re.compile(
    r"(?i)[?？]|多少|是啥|是什么|啥|吗|来着|发我|给我|告诉我|发一下|\b(?:remind|what'?s|what is|send|tell|give|text you"
    r"|"
    r"here'?s|share)\b"
)
_VALUE = re.compile(
    r"(?<![\w@#$%^&*.+=~/\-])[\"'“‘]?(?P<value>" + _SPACED + r"|[A-Za-z0-9!@#$%^&*._+=~\-]{4,64})(?![\w@/])"
)
_NOT_A_VALUE = re.compile(r"(?i)^(?:(?:19|20)\d\d|\d{1,2}(?:am|pm)|\d+(?:st|nd|rd|th)|\d+(?:k|m|mb|gb|kg|km|%))$")
_SHORT = 100


def answered(before: str, text: str) -> list[Finding]:
    """The value in `text` that answers the end of `before`, if `before` asks for a secret by its name."""
    if len(text) > _SHORT or text.count("\n") > 1:
        return []
    last = before.rstrip().rsplit("\n", 1)[-1][-160:]
    name = _NAME.search(last)
    if not name or not _ASKS.search(last):
        return []
    kind = "combination" if _CODE_NAME.search(name.group(0)) else "password"
    if "[secret:" in text:  # a value already given is no answer (and a placeholder's id is not a value)
        text = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), text)
    for m in _VALUE.finditer(text):
        value = m.group("value").rstrip(".,!?;:")
        if _NOT_A_VALUE.match(value) or "@" in value and "." in value.split("@")[-1]:
            continue  # a year, a time, a size, an e-mail address
        digits = sum(c.isdigit() for c in value)
        if re.fullmatch(_SPACED, value):
            ok = digits >= 4
        else:
            ok = (
                len(value) >= 4
                and _plausible(value, Judge.REPLY, explicit=False)
                and (digits >= 4 or not value.isdigit())
            )
        if ok:
            return [Finding(kind, m.start("value"), m.start("value") + len(value), _ANSWER_RULE)]
    return []


def answered_lines(text: str) -> list[Finding]:
    """The same pairing inside one text, line by line: a quoted question in an e-mail and the answer under it
    ("> what's the code for the side entrance?" / "It's 4-4-7-9")."""
    if "\n" not in text or not _NAME.search(text):
        return []
    found: list[Finding] = []
    lines = text.split("\n")
    offset = len(lines[0]) + 1
    for prev, line in zip(lines, lines[1:], strict=False):
        if line.strip() and _NAME.search(prev):
            found += [Finding(f.kind, offset + f.start, offset + f.end, f.rule_index) for f in answered(prev, line)]
        offset += len(line) + 1
    return found
