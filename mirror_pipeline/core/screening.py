"""The secret boundary (sections 6.6, 9.2, 15): find secrets in text and replace them with a reference placeholder.

A pattern table plus pure functions. The placeholder names the reference, never the value:
`[secret:<kind>:<ref_id>]`. A reference id is derived from the redacted text around it, never from the value (a hash
of a four-digit PIN can be reversed by trying all ten thousand).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mirror_pipeline.core.text import stable_id

PLACEHOLDER_RE = re.compile(r"\[secret:(?P<kind>[a-z_]+):(?P<ref>sec_[0-9a-f]{16})\]")
_GENERIC = "\x00SECRET\x00"

# The value of a natural-language secret: no white space, no closing punctuation; a placeholder is not a value.
_VALUE = r"(?P<value>(?!\[secret:)[^\s，。；！？、“”‘’（）【】]{3,64})"
_SEP_ZH = r"\s*(?:是|为|:|：|=|是:|是：)?\s*"
_SEP_EN = r"\s*(?:is|was|:|=|-|is:)?\s*"


@dataclass(frozen=True)
class Rule:
    kind: str
    pattern: re.Pattern[str]
    # value group to redact; None means the whole match
    group: str | None = "value"
    # the value must look like a secret, not a word (see _looks_like_secret)
    check_value: bool = False


RULES: tuple[Rule, ...] = (
    Rule(
        "private_key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY"
            r"(?: BLOCK)?-----|\Z)"
        ),
        group=None,
    ),
    Rule("api_key", re.compile(r"\bsk-(?:proj-|ant-|live-)?[A-Za-z0-9_\-]{20,}"), group=None),
    Rule("api_key", re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}\b"), group=None),
    Rule("api_key", re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}\b"), group=None),
    Rule("api_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), group=None),
    Rule("api_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b"), group=None),
    Rule("api_key", re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}\b"), group=None),
    Rule("api_key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}\b"), group=None),
    Rule("token", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), group=None),
    Rule("password", re.compile(r"(?i)\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:(?P<value>[^\s@/]{3,})@")),
    Rule(
        "password",
        re.compile(r"(?i)\b(?:password|passwd|pwd|passphrase)\s*[:=]\s*[\"']?(?P<value>[^\s\"',;]{3,64})"),
        check_value=True,
    ),
    Rule("password", re.compile(r"(?:密码|口令|密碼)" + _SEP_ZH + _VALUE), check_value=True),
    Rule("pin", re.compile(r"(?i)(?:PIN码?|pin code|取款密码)" + _SEP_ZH + r"(?P<value>\d{4,8})\b")),
    Rule(
        "password",
        re.compile(r"(?i)\b(?:password|passcode|passphrase)\b(?: for [\w .@-]{1,30}?)?" + _SEP_EN + _VALUE),
        check_value=True,
    ),
    Rule("pin", re.compile(r"(?i)\bPIN(?: code| number)?\b" + _SEP_EN + r"(?P<value>\d{4,8})\b")),
    Rule(
        "one_time_code", re.compile(r"(?:验证码|校验码|动态码|动态密码)" + _SEP_ZH + r"(?P<value>[A-Za-z0-9]{4,8})\b")
    ),
    Rule(
        "one_time_code",
        re.compile(
            r"(?i)\b(?:verification|security|one[- ]time|login|otp|2fa)? ?code\b" + _SEP_EN + r"(?P<value>\d{4,8})\b"
        ),
    ),
)


def _looks_like_secret(value: str) -> bool:
    """A password value has a digit or a symbol or inner capitals; 'my password is strong' has none of them."""
    if any(ch.isdigit() for ch in value):
        return True
    if any(not ch.isalnum() for ch in value):
        return True
    return any(ch.isupper() for ch in value[1:])


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    rule_index: int


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


def find_secrets(text: str) -> list[Finding]:
    """Every secret span in `text`, earliest first, overlaps merged (the first, widest rule wins)."""
    if not _PREFILTER.search(text):
        return []
    # placeholders already in the text are blanked (same length, so spans stay true): never a secret themselves
    masked = PLACEHOLDER_RE.sub(lambda m: " " * len(m.group(0)), text)
    found: list[Finding] = []
    for index, rule in enumerate(RULES):
        for match in rule.pattern.finditer(masked):
            if rule.group is None:
                start, end = match.span()
            else:
                value = match.group(rule.group)
                if rule.check_value and not _looks_like_secret(value):
                    continue
                start, end = match.span(rule.group)
            found.append(Finding(rule.kind, start, end, index))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    merged: list[Finding] = []
    for finding in found:
        if merged and finding.start < merged[-1].end:
            continue
        merged.append(finding)
    return merged


def may_hold_secret(text: str) -> bool:
    """A cheap test that decides whether the slower rules look at a text at all."""
    return bool(_PREFILTER.search(text))


# A pattern every secret rule's match also matches (RE2/Rust-regex compatible, so DuckDB and polars can run it too).
PREFILTER_PATTERN = (
    r"(?i)密|码|口令|key|pass|pin|pwd|code|token|sk-|sk_|rk_|pk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat|akia|asia|aiza|"
    r"xox|eyj|://|private key"
)
_PREFILTER = re.compile(PREFILTER_PATTERN)


_LABEL_ZH = re.compile(r"([A-Za-z0-9\u4e00-\u9fff]{1,12})$")
_LABEL_EN = re.compile(r"((?:[A-Za-z0-9@.\-]+ ){0,3})$")
_LABEL_STRIP = re.compile(r"^(?:我的|我|的|家里的|my|the|our|your|is|for)\s*|(?:的|是|为)$", re.IGNORECASE)


def _label(text: str, start: int, kind: str) -> str:
    """What the secret is for, from the words just before it (`工作邮箱密码` -> 工作邮箱, `wifi password` -> wifi)."""
    before = PLACEHOLDER_RE.sub("", text[max(0, start - 40) : start])
    before = re.sub(
        r"(?i)(密码|口令|密碼|pin码?|验证码|校验码|password|passcode|pin|code)\s*(是|为|is|:|：|=)?\s*$", "", before
    )
    before = before.rstrip(" :：=，,")
    match = _LABEL_ZH.search(before) or _LABEL_EN.search(before)
    label = match.group(1).strip() if match else ""
    for _ in range(3):
        label = _LABEL_STRIP.sub("", label).strip()
    return label or kind.replace("_", " ")


def redact(text: str, scope: str) -> Screened:
    """Replace every secret in `text` with its reference placeholder.

    `scope` (a file name, an evidence id) makes reference ids unique across texts; ids depend on the redacted text
    and the position of the secret in it, so the same text always gets the same ids.
    """
    findings = find_secrets(text)
    if not findings:
        return Screened(text, ())
    generic = _splice(text, findings, [_GENERIC] * len(findings))
    labels = [_label(text, f.start, f.kind) for f in findings]
    refs = [stable_id("sec", scope, generic, i, f.kind) for i, f in enumerate(findings)]
    placeholders = [f"[secret:{f.kind}:{ref}]" for f, ref in zip(findings, refs, strict=True)]
    spans = tuple(
        SecretSpan(ref, f.kind, label, ph)
        for f, ref, label, ph in zip(findings, refs, labels, placeholders, strict=True)
    )
    return Screened(_splice(text, findings, placeholders), spans)


def references_in(text: str) -> list[tuple[str, str]]:
    """(kind, ref_id) of the placeholders already in a text."""
    return [(m.group("kind"), m.group("ref")) for m in PLACEHOLDER_RE.finditer(text)]


def label_of_placeholder(text: str, ref_id: str) -> str:
    match = next((m for m in PLACEHOLDER_RE.finditer(text) if m.group("ref") == ref_id), None)
    if match is None:
        return ""
    return _label(text, match.start(), match.group("kind"))


def _splice(text: str, findings: list[Finding], replacements: list[str]) -> str:
    out: list[str] = []
    cursor = 0
    for finding, replacement in zip(findings, replacements, strict=True):
        out.append(text[cursor : finding.start])
        out.append(replacement)
        cursor = finding.end
    out.append(text[cursor:])
    return "".join(out)
