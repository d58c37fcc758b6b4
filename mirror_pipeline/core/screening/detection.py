"""Where the secrets in a text are: every rule whose words the text holds, then the detectors; overlaps merged."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from mirror_pipeline.core.screening.detectors import (
    Finding,
    _listed_findings,
    _number_findings,
    _random_token_findings,
    _seed_findings,
    _with_dotted_parts,
    _with_wrapped_values,
    card_code_findings,
    code_list_findings,
    dial_findings,
    gets_in_findings,
    national_id_findings,
    phonetic_findings,
    public_key_spans,
    spelled_findings,
    spelled_number_findings,
    strong_token_findings,
)
from mirror_pipeline.core.screening.dialogue import (
    PUBLIC_CODE,
    answered_clauses,
    answered_lines,
    spoken_findings,
)
from mirror_pipeline.core.screening.documents import document_findings
from mirror_pipeline.core.screening.keywords import may_be_misspelt, normalized
from mirror_pipeline.core.screening.prefilter import _may_hold, prefilter_mask
from mirror_pipeline.core.screening.rules import (
    _ANCHORED,
    _ANCHORS,
    _HELD,
    _NEED_WORDS,
    _NEED_WORDS_ASCII,
    _RULES_NEEDING,
    PLACEHOLDER_RE,
    RULES,
    Rule,
)
from mirror_pipeline.core.screening.structure import csv_findings, row_findings, table_findings
from mirror_pipeline.core.screening.values import _CJK, _CLAUSE_REST, _COMPOSITION, Judge, _fold, _plausible, _trim_end

_NEGATION_GATES = ("no ", "without", "没", "无", "免", "不用", "不需要")
_NO_SECRET = re.compile(
    r"(?:(?<![a-z])(?:no|without(?: a| any)?|doesn'?t need(?: a)?|don'?t need(?: a)?)[ \t]+|没有|没|无|免|不用|不需要)"
    r"(?P<name>password|passcode|pin|code|密码)(?![a-z])(?![ \t]*(?:is|was|[:=]|yet|until|是|为|：))"
)


def _absent(lowered: str) -> list[tuple[int, int]]:
    return [m.span("name") for m in _NO_SECRET.finditer(lowered)]


def find_secrets(text: str, *, prefiltered: bool = False) -> list[Finding]:
    """Every secret span in `text`, earliest first, overlaps merged (the first, widest rule wins). `prefiltered`:
    the caller already knows the prefilter lets `text` through."""
    folded = _fold(text)
    if not prefiltered and not _may_hold(folded):
        return []
    lowered = folded.lower()
    if may_be_misspelt(lowered) and (shadow := normalized(folded)):
        # a misspelt or homophone name ("pssword", "蜜码"): the rules read the text with the name they know, and
        # what they find is mapped back (values are never rewritten)
        spelt, where = shadow
        return [Finding(f.kind, where[f.start], where[f.end], f.rule_index) for f in _find(spelt, folded)]
    return _find(folded, folded)


def _find(folded: str, original: str) -> list[Finding]:
    # placeholders already in the text are masked (same length, so spans stay true) with a character that fills a
    # value slot: "password is [secret:...] and" has its value already, and "and" is not taken for one. A finding
    # that touches a placeholder is dropped, so redact(redact(x)) == redact(x).
    placeholders = [m.span() for m in PLACEHOLDER_RE.finditer(folded)]
    masked = PLACEHOLDER_RE.sub(lambda m: _HELD * len(m.group(0)), folded) if placeholders else folded
    lowered = masked.lower()
    if "code" in lowered and (public := [m.span("code") for m in PUBLIC_CODE.finditer(lowered)]):
        # session 21: a code anyone may know is no secret's name ("what's the dress code for saturday?" / "13203",
        # "zip code 94107"): the word is masked (same length), what follows it is read as if it were not there
        for a, b in public:
            masked = masked[:a] + "~" * (b - a) + masked[b:]
        lowered = masked.lower()
    if any(map(lowered.__contains__, _NEGATION_GATES)) and (absent := _absent(lowered)):
        # session 21: a secret said to be absent names no value ("the cafe wifi is TP-LINK_797H, no password" /
        # "honestly I'm so tired"; "这个wifi没有密码"): the name is masked as a public code's is
        for a, b in absent:
            masked = masked[:a] + "~" * (b - a) + masked[b:]
        lowered = masked.lower()
    present = tuple(filter(lowered.__contains__, _NEED_WORDS_ASCII if lowered.isascii() else _NEED_WORDS))
    found: list[Finding] = []
    starts: dict[int, list[int]] = {}
    # the rules some of whose words the text holds, in their order (only those are looked at)
    for index in _rules_needing(present):
        rule = RULES[index]
        found.extend(Finding(rule.kind, a, b, index) for a, b in _rule_spans(rule, index, masked, starts))
    found.extend(_listed_findings(masked, lowered))
    found.extend(table_findings(masked))
    found.extend(csv_findings(masked))
    found.extend(row_findings(masked))
    found.extend(answered_lines(masked))
    found.extend(answered_clauses(masked, lowered))
    card_given = "[secret:bank_card:" in original
    found.extend(_number_findings(masked, card_given=card_given))
    found.extend(card_code_findings(masked, lowered, card_given=card_given))
    found.extend(national_id_findings(masked))
    found.extend(document_findings(masked))
    found.extend(dial_findings(masked, lowered))
    found.extend(gets_in_findings(masked, lowered))
    # a seed phrase is spoken of in this text, or was in the text before it (then a placeholder)
    found.extend(_seed_findings(masked, spoken_of="[secret:seed_phrase:" in original))
    found.extend(_random_token_findings(masked))
    found.extend(strong_token_findings(masked))
    found.extend(code_list_findings(masked))
    found.extend(spelled_findings(masked))
    found.extend(spelled_number_findings(masked, lowered))
    found.extend(spoken_findings(masked))
    found.extend(phonetic_findings(masked, lowered))
    found = _with_wrapped_values(masked, found)
    found = _with_dotted_parts(masked, found)
    public = public_key_spans(masked, lowered)
    if public:
        # a public key is meant to be given away: none of it is a secret
        found = [f for f in found if not any(a <= f.start and f.end <= b for a, b in public)]
    found = [f for f in found if not _example_in_general_talk(masked, f) and not _postal_pin(masked, f)]
    if placeholders:
        found = [f for f in found if not any(a < f.end and f.start < b for a, b in placeholders)]
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    merged: list[Finding] = []
    for finding in found:
        if merged and finding.start < merged[-1].end:
            if finding.end > merged[-1].end:  # overlapping findings are one span: no piece of either stays out
                last = merged[-1]
                merged[-1] = Finding(last.kind, last.start, finding.end, last.rule_index)
            continue
        merged.append(finding)
    return merged


@lru_cache(maxsize=4096)
def _rules_needing(present: tuple[str, ...]) -> tuple[int, ...]:
    """The rules one of whose words is present, in their order (the same few sets of words recur: cached)."""
    return tuple(sorted({index for word in present for index in _RULES_NEEDING[word]}))


def _rule_spans(rule: Rule, index: int, text: str, starts: dict[int, list[int]]) -> list[tuple[int, int]]:
    """The secret spans one rule finds, left to right. A rule that begins with a secret's name (several do) is tried
    only where a name stands (the names are looked for once per text, not once per rule), and a match it rejects, or
    cuts short, does not hide the next name ("密码=Winter7412,刚把QQ邮箱密码改成了k14y...")."""
    anchor = _ANCHORED[index]
    if anchor < 0:
        return [span for match in rule.pattern.finditer(text) if (span := _secret_span(match, rule))]
    if anchor not in starts:
        starts[anchor] = [m.start() for m in _ANCHORS[anchor].finditer(text)]
    spans: list[tuple[int, int]] = []
    for start in starts[anchor]:
        if spans and start < spans[-1][1]:
            continue
        if (match := rule.pattern.match(text, start)) and (span := _secret_span(match, rule)):
            spans.append(span)
    return spans


_SENTENCE_GOES_ON = re.compile(r"[ \t]+(?!(?:lol|haha|lmao|btw|ok|now|though|tho|right)\b)[a-z]{2,}[ \t]+[a-z]{2,}\b")
_GENERIC_KIND = re.compile(r"那种|这种|之类|那样|一类|这类|那类")
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
_DESCRIPTION_GOES_ON = frozenset(
    "on in at under behind inside by from onto into near next you i we they he she it somewhere".split()
)


def _secret_span(match: re.Match[str], rule: Rule) -> tuple[int, int] | None:
    if rule.judge == Judge.WHOLE:
        return match.span()
    if rule.judge == Judge.VALUE:
        return match.span("value")
    if rule.judge == Judge.MIXED:
        group = "value" if "value" in match.groupdict() else 0
        start, end = match.span(group)
        end = _trim_end(match.string, start, end)
        return (start, end) if _plausible(match.string[start:end], Judge.MIXED, explicit=False) else None
    group = "quoted" if match.groupdict().get("quoted") is not None else "value"
    start, end = match.span(group)
    if group == "value":
        end = _trim_end(match.string, start, end)
        if end - start < 2:
            return None
    value = match.string[start:end]
    cjk = _CJK.search(value)
    if (
        group == "value"
        and cjk
        and cjk.start() >= 3
        and rule.kind != "recovery_code"
        and not _COMPOSITION.search(value)
    ):
        # "密码是iloveyou明天改": the secret ends where the Chinese sentence goes on
        end = _trim_end(match.string, start, start + cjk.start())
        value = match.string[start:end]
    elif group == "value" and cjk and _COMPOSITION.search(value):
        # "密码是她生日 0315": how it is built, and what follows in the clause
        end = _trim_end(match.string, start, _CLAUSE_REST.match(match.string, end).end())
        if _GENERIC_KIND.search(match.string, start, end):
            return None  # "密码是生日那种不安全": a kind of password in general, not how one is built
    # loose rules only match after an explicit separator (是, :, =, is, it's ...) or inside a URL's credentials
    judged = _CJK.sub("", value) if rule.kind == "recovery_code" else value  # a list joined by 另一个, 还有
    how = Judge.TIGHT if match.groupdict().get("filler") else rule.judge  # words between a name and 'is'
    if how == Judge.LOOSE and value.isascii() and value.isalpha() and value.islower():
        # "the pin is printed on the card", "the passcode is whatever you set": a word that goes on into a
        # description or a clause is not a value
        following = _NEXT_WORD.match(match.string, end)
        if following and following.group(1).lower() in _DESCRIPTION_GOES_ON:
            return None
        # "my password is way too weak": a word that a sentence goes on from is not a value
        if _SENTENCE_GOES_ON.match(match.string, end):
            return None
    if not _plausible(judged, how, explicit=how == Judge.LOOSE):
        return None
    built = match.groupdict().get("built")
    if built and _COMPOSITION.search(built):
        start = match.start("built")  # "取款密码我生日 880213": how it is built is no less secret than the value
    return (start, end)


def count_secrets(texts: Sequence[str]) -> list[int]:
    """How many secret spans each text holds (the prefilter decides which texts the rules see)."""
    mask = prefilter_mask(texts)
    return [len(find_secrets(text)) if hit else 0 for text, hit in zip(texts, mask, strict=True)]


# "看新闻说 admin123 和 password 仍然是最常见的弱密码": a shape people use, quoted in talk about passwords in general
_GENERAL_TALK = re.compile(
    r"(?i)最常见|最常用|常见的|弱密码|泄露的密码|排行|榜|most (?:common|popular|used)|worst|weakest|top (?:the )?list|"
    r"leaked|ranking|commonly used|news"
)
_SENTENCE_END = re.compile(r"[。！？!?\n]|\.(?:\s|$)")


def _example_in_general_talk(text: str, finding: Finding) -> bool:
    if finding.rule_index < 0 or not RULES[finding.rule_index].example_shape:
        return False
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, finding.start)]
    start = starts[-1] if starts else 0
    end_match = _SENTENCE_END.search(text, finding.end)
    return bool(_GENERAL_TALK.search(text, start, end_match.end() if end_match else len(text)))


# session 18: India's postal code is called a PIN ("Bengaluru, PIN code 560071", "pincode 411014", "the pin code for
# Koramangala?"): six digits, its first 1 to 8, after "pin code" with an address or a place beside it, or "pincode"
_POSTAL_PIN = re.compile(r"(?i)(?:(?P<word>pincode)|pin[ \t]?code)[ \t]*(?:(?:is|was|of|for)[ \t]+)?[:#-]?[ \t]*$")
_ADDRESS_BESIDE = re.compile(
    r"(?i)\b(?:road|rd|street|st|nagar|colony|layout|sector|lane|marg|main|cross|city|district|taluk|address|post"
    r"|area|near|deliver(?:y|ed)?|ship(?:ping)?|send it to|courier|parcel)\b|,[ \t]*[A-Z][a-z]+[ \t]*,|"
    r"(?:for|of|in)[ \t]+[A-Z][a-z]+"
)


def _postal_pin(text: str, finding: Finding) -> bool:
    if not _SIX_DIGITS.fullmatch(text, finding.start, finding.end):
        return False
    if not (m := _POSTAL_PIN.search(text, max(0, finding.start - 24), finding.start)):
        return False
    line_end = text.find("\n", finding.end)
    line = (text.rfind("\n", 0, finding.start) + 1, len(text) if line_end < 0 else line_end)
    return bool(m.group("word")) or bool(_ADDRESS_BESIDE.search(text, *line))


_SIX_DIGITS = re.compile(r"[1-8]\d{5}")
