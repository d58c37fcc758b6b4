"""Replace every secret with its reference placeholder: one text, or the texts of one conversation in order.

The placeholder names the reference, never the value: `[secret:<kind>:<ref_id>]`. A reference id is derived from the
redacted text around it, never from the value (a hash of a four-digit PIN can be reversed by trying all ten thousand).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mirror_pipeline.core.screening.detection import Finding, find_secrets
from mirror_pipeline.core.screening.detectors import turns_over_messages
from mirror_pipeline.core.screening.dialogue import (
    ASKS_NAME,
    CORRECTS,
    answered,
    asks_for_secret,
    card_code_asked,
    card_halves,
    card_rest,
    codes_listed_on,
    continued,
    corrected,
    corrected_within,
    given_in_parts,
    named_parts,
    named_parts_within,
    named_then_given,
    opens_with_rest,
    spoken_in_parts,
)
from mirror_pipeline.core.screening.documents import document_given_after, names_a_document_last
from mirror_pipeline.core.screening.labels import _label, _safe_label
from mirror_pipeline.core.screening.prefilter import prefilter_mask
from mirror_pipeline.core.screening.rules import _HELD, PLACEHOLDER_RE, RULES
from mirror_pipeline.core.screening.values import _COMPOSITION, Judge, _fold, _plausible
from mirror_pipeline.core.text import stable_id

_GENERIC = "\x00SECRET\x00"


@dataclass(frozen=True)
class SecretSpan:
    """A redacted secret in the output text: its reference and the context label, never its value."""

    ref_id: str
    kind: str
    label: str
    placeholder: str


@dataclass(frozen=True)
class Screened:
    text: str
    secrets: tuple[SecretSpan, ...]

    @property
    def had_secret(self) -> bool:
        return bool(self.secrets)


def redact(
    text: str, scope: str, *, before: str = "", prefiltered: bool = False, given: Sequence[Finding] = ()
) -> Screened:
    """Replace every secret in `text` with its reference placeholder.

    Screening is run again on its own output until nothing more is found (a match that was cut short, or a value
    whose neighbour only became a placeholder, can hide a second secret): redact(redact(x).text) == redact(x).

    `scope` (a file name, an evidence id) makes reference ids unique across texts; ids depend on the redacted text
    and the position of the secret in it, so the same text always gets the same ids. `before` is the (already
    redacted) end of the text that came just before in the same conversation: a value given in reply to a question
    that asks for it, or after a label that ended the previous message, is a secret here. `given`: spans that the
    conversation around `text` makes secrets (a card's number in halves over two messages).
    """
    screened = _redact_once(text, scope, before=before, prefiltered=prefiltered, given=given)
    for _ in range(_PASSES):
        if not screened.secrets:
            break
        again = _redact_once(screened.text, scope, before=before, prefiltered=False)
        if not again.secrets:
            break
        screened = Screened(again.text, screened.secrets + again.secrets)
    return screened


_PASSES = 4
_DIGIT = re.compile(r"\d")


def _redact_once(text: str, scope: str, *, before: str, prefiltered: bool, given: Sequence[Finding] = ()) -> Screened:
    findings = find_secrets(text, prefiltered=prefiltered)
    for g in given:
        # a span the conversation gives is hidden whole: what a rule found inside or across it joins it ("卡号前8位是
        # 4539 1488": a code's rule took 4539 alone)
        overlapping = [f for f in findings if f.start < g.end and g.start < f.end]
        start, end = min((g.start, *(f.start for f in overlapping))), max((g.end, *(f.end for f in overlapping)))
        findings = [f for f in findings if f not in overlapping] + [Finding(g.kind, start, end, g.rule_index)]
    if again := corrected_within(text, findings):
        findings = [*findings, *again]
    if given or again:
        findings.sort(key=lambda f: f.start)
    # a label is read from the text with every other value masked: no secret ends up in another one's label
    masked = _splice(text, findings, [_HELD * (f.end - f.start) for f in findings]) if findings else text
    labels = [_label(masked, f.start, f.kind) for f in findings]
    if before and findings:
        # a value whose own text names nothing ("Work@2024abc" after "工作邮箱密码：") takes its label from the end
        # of the text before it
        tail = before[-160:]
        labels = [
            _label(f"{tail}\n{masked}", len(tail) + 1 + f.start, f.kind) if label == f.kind.replace("_", " ") else label
            for f, label in zip(findings, labels, strict=True)
        ]
    if before and "[secret:" in before:
        # a correction of the secret just given: "哦不对，…是字母i，hz_family2026", "wait, capital T: Tangerine-Owl-58"
        for finding in (
            *corrected(before, masked),
            *continued(before, masked),
            *card_rest(before, masked),
            *codes_listed_on(before, masked),
        ):
            if not any(f.start < finding.end and finding.start < f.end for f in findings):
                findings.append(finding)
                labels.append(
                    _label(f"{before[-160:]}\n{masked}", len(before[-160:]) + 1 + finding.start, finding.kind)
                )
        order = sorted(range(len(findings)), key=lambda k: findings[k].start)
        findings, labels = [findings[k] for k in order], [labels[k] for k in order]
    # (a question may go on after it: "DBS send you the code? I'm doing the transfer for the reno deposit")
    if before and (
        _ASKS_OR_LABELS.search(_fold(before)[-40:])
        or _ASKED_BEFORE.search(_fold(before)[-120:])
        or card_code_asked(_fold(before)[-160:])
        or ("[secret:" in before[-160:] and _NEW_VALUE.match(text))
    ):
        for finding, label in _carried_over(before, masked):
            if not any(f.start < finding.end and finding.start < f.end for f in findings):
                findings.append(finding)
                labels.append(label)
        order = sorted(range(len(findings)), key=lambda k: findings[k].start)
        findings, labels = [findings[k] for k in order], [labels[k] for k in order]
    if before and not findings:
        # a password named and described on the line before, however long, its value alone in this text
        # ("password is my mom's maiden name plus her birth year" -> "Okafor1961")
        findings = named_then_given(before, masked) or document_given_after(before, masked)
        labels = [_label(f"{before[-160:]}\n{masked}", len(before[-160:]) + 1 + f.start, f.kind) for f in findings]
    if not findings:
        return Screened(text, ())
    if before and "[secret:" in before and CORRECTS.match(_fold(text)):
        # a correction is for what the value it corrects was for
        last = list(PLACEHOLDER_RE.finditer(before[-300:]))
        prior = _label(before[-300:], last[-1].start(), findings[0].kind) if last else ""
        labels = [
            prior if prior and label == f.kind.replace("_", " ") else label
            for f, label in zip(findings, labels, strict=True)
        ]
    # the blank space around a text is not its words: a chat's last message, read with the file's final newline,
    # gets the ids it gets when a newer export goes on after it
    generic = _splice(text, findings, [_GENERIC] * len(findings)).strip()
    refs = [stable_id("sec", scope, generic, i, f.kind) for i, f in enumerate(findings)]
    placeholders = [f"[secret:{f.kind}:{ref}]" for f, ref in zip(findings, refs, strict=True)]
    spans = tuple(
        SecretSpan(ref, f.kind, _safe_label(label, text[f.start : f.end], f.kind), ph)
        for f, ref, label, ph in zip(findings, refs, labels, placeholders, strict=True)
    )
    return Screened(_splice(text, findings, placeholders), spans)


# What the end of a text must hold for the next one to be read with it: a secret's name (a question, a label), or
# the head of a key block.
_ASKS_OR_LABELS = re.compile(
    r"(?i)密|码|口令|令牌|暗号|答案|助记|位数|数字|pass|pin|pw|code|key|token|secret|otp|wi-?fi|answer|phrase|seed|-----|"
    r"padlock|lockbox|combination|"
    # session 21: a wallet named, its words to come ("writing this down, the ledger words:" / six words / six more)
    r"ledger|trezor|metamask|wallet|mnemonic|钱包"
)


# session 19: the new value of a secret the text before gave ("new one is Pelican_Bay_41")
_NEW_VALUE = re.compile(
    r"(?i)[ \t]*(?:and[ \t]+)?(?:the[ \t]+)?(?:new|current|updated|latest)[ \t]+(?:one|pass(?:word)?|pw|pin|code)\b"
)


# a secret asked for by its name, the message going on after the question mark
_ASKED_BEFORE = re.compile(
    r"(?i)(?:密码|验证码|\b(?:code|pin|password|passcode|otp|pw)\b)[^\n?？]{0,24}[?？][^\n?？]*$"
)


_QUESTION_NAMED = re.compile(r"(?i)密保|安全问题|security question|secret question|recovery question|memorable")


def _carried_over(before: str, text: str) -> list[tuple[Finding, str]]:
    """Secrets in `text` that only the end of the previous text makes secrets ("wifi 密码多少？" -> "Tplink8888")."""
    tail = before[-160:]
    last_line = _fold(before)[-160:].rstrip().rsplit("\n", 1)[-1]
    if ASKS_NAME.search(last_line) and not _QUESTION_NAMED.search(last_line):
        # (session 21: a security question may ask a name, "第一只宠物叫什么": its answer is a secret)
        return []  # "Wi-Fi 名字是什么？" -> "CasaVerde_5G": a network's name is asked for, not its password
    joined = f"{tail}\n{text}"
    offset = len(tail) + 1
    carried = []
    for f in find_secrets(joined):
        if f.end <= offset or f.start < offset - 1 and f.rule_index >= 0 and RULES[f.rule_index].judge == Judge.WHOLE:
            continue  # wholly in the previous text, or a pattern that needs no context (found in `text` alone)
        value = joined[max(f.start, offset) : f.end]
        # a loose rule believes any value after "password?"; across messages only a password shape is believed
        # ("why?" in reply is not one)
        loose = f.rule_index >= 0 and RULES[f.rule_index].judge == Judge.LOOSE
        if not loose or _plausible(value, Judge.REPLY, explicit=False) or _COMPOSITION.search(value):
            shifted = Finding(f.kind, max(f.start, offset) - offset, f.end - offset, f.rule_index)
            carried.append((shifted, _label(joined, f.start, f.kind)))
    if not carried and len(text) <= 200 and _QUESTION_NAMED.search(line := tail.rstrip().rsplit("\n", 1)[-1]):
        # session 21: a security question named in one message, its answer given in the next ("招行的密保问题是“你小学
        # 班主任姓什么”" / "我填的答案是 欧阳"): read as one line, the answer's rules read across
        one_line = f"{line}，{text}"
        start = len(line) + 1
        carried = [
            (Finding(f.kind, f.start - start, f.end - start, f.rule_index), _label(one_line, f.start, f.kind))
            for f in find_secrets(one_line)
            if f.kind == "security_answer" and f.start >= start
        ]
    if not carried:
        # a value of a secret's shape in a short reply to a message that asks for one by name
        carried = [(f, _label(joined, offset + f.start, f.kind)) for f in answered(before, text)]
    # a value announced in parts, none given yet ("the password is first half" -> "Gr8Wall then second half …"):
    # every part, whichever of them a rule found
    carried += [
        (f, _label(joined, offset + f.start, f.kind))
        for f in given_in_parts(before, text)
        if not any(c.start < f.end and f.start < c.end for c, _ in carried)
    ]
    return carried


def redact_sequence(items: Sequence[tuple[str, str]]) -> list[Screened]:
    """Screen the texts of one conversation (its messages in order) or one entry (its paragraphs in order).

    Each item is (text, scope) as for `redact`. The sequence is the unit because a secret can be given in the text
    after the one that asks for it ("wifi 密码多少？" -> "Tplink8888"), or split over two; every importer screens
    through here.
    """
    mask = prefilter_mask([text for text, _ in items])
    out: list[Screened] = []
    before = ""
    # screening-11: a question for a secret stays open for the next few messages ("what's the code for the garage
    # keypad again?" / "also did you feed the cat" / "380215, and yes"): the text that asked, and where
    asked, asked_at = "", -_OPEN
    # the rest of a card's number whose first half the text before gave (session 12)
    rest: tuple[Finding, ...] = ()
    # a code said in words, a combination's turns, over messages (session 19)
    spoken: dict[int, tuple[Finding, ...]] = {}
    if len(items) > 1:
        texts = [text for text, _ in items]
        for k, parts in (*spoken_in_parts(texts).items(), *turns_over_messages(texts).items()):
            spoken[k] = (*spoken.get(k, ()), *parts)
    for k, (text, scope) in enumerate(items):
        # (a first half passes the prefilter: dialogue.card_halves is asked only then)
        halves = card_halves(text, items[k + 1][0]) if mask[k] and k + 1 < len(items) else None
        if halves is None and k + 1 < len(items) and (mask[k] or k and mask[k - 1] or opens_with_rest(items[k + 1][0])):
            halves = named_parts(items[k - 1][0] if k else "", text, items[k + 1][0])  # (session 18)
        within = named_parts_within(items[k - 1][0] if k else "", text) if mask[k] or k and mask[k - 1] else None
        given = (*rest, *(halves[:1] if halves else ()), *(within or ()), *spoken.get(k, ()))
        rest = halves[1:] if halves else ()
        if given:
            screened = redact(text, scope, before=before, given=given)
        elif mask[k]:
            screened = redact(text, scope, before=before, prefiltered=True)
        elif (
            k
            and (
                mask[k - 1]
                or (_DIGIT.search(text) and names_a_document_last(items[k - 1][0]))
                # session 21: the message before ended in a hidden secret (a list of codes may go on in this one)
                or (_DIGIT.search(text) and before.rstrip().endswith("]") and "[secret:" in before[-80:])
            )
        ):
            screened = redact(text, scope, before=before)
        else:
            screened = Screened(text, ())
        if not screened.secrets and asked and 1 < k - asked_at <= _OPEN and _MAY_ANSWER.search(text[:_SHORT_REPLY]):
            screened = redact(text, scope, before=asked)
        out.append(screened)
        if screened.secrets:
            asked = ""  # answered
        elif mask[k] and asks_for_secret(screened.text):
            asked, asked_at = screened.text, k
        before = screened.text if screened.text.strip() else before
    return out


# how many messages after a question its answer may come (the question's own next message, and two more), and what a
# later message must hold to be read as the answer: a digit, a numeral, a digit word or a password's symbol, near its
# start (a reply is short)
_OPEN = 3
_SHORT_REPLY = 100
_NUMERAL = "[零〇一二三四五六七八九幺两拐洞]"
_DIGIT_WORD = "(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_MAY_ANSWER = re.compile(
    rf"[\d!@#$%^&*_]|{_NUMERAL}[ \t]?{_NUMERAL}[ \t]?{_NUMERAL}[ \t]?{_NUMERAL}"
    rf"|(?i:\b{_DIGIT_WORD}(?:[ \t-]+{_DIGIT_WORD}){{3}})"
)


def placeholders_in(text: str) -> list[SecretSpan]:
    """The references already in a text (one per reference id), each with the label its context gives it."""
    spans: dict[str, SecretSpan] = {}
    for m in PLACEHOLDER_RE.finditer(text):
        kind, ref = m.group("kind"), m.group("ref")
        spans.setdefault(ref, SecretSpan(ref, kind, _label(text, m.start(), kind), m.group(0)))
    return list(spans.values())


def _splice(text: str, findings: list[Finding], replacements: list[str]) -> str:
    out: list[str] = []
    cursor = 0
    for finding, replacement in zip(findings, replacements, strict=True):
        out.append(text[cursor : finding.start])
        out.append(replacement)
        cursor = finding.end
    out.append(text[cursor:])
    return "".join(out)
