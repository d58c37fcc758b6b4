"""Hints for secret references (section 15.3): a hint may help the person find a secret, never rebuild it.

Allowed: "工作邮箱相关", "海外券商登录项", "NAS 管理后台", "related to home wifi". Refused: any fragment of the secret,
its length or character composition, a birthday / phone-number style construction rule, a recovery-code fragment,
seed-phrase words. Pure functions: the caller decides what a refusal means (drop the hint, or tell the person why).
"""

from __future__ import annotations

import re
import unicodedata

from mirror_pipeline.core.screening.detection import find_secrets
from mirror_pipeline.core.script import fold_script

# the shortest piece of a secret that counts as a fragment (a PIN of four digits gives away a lot with three)
_FRAGMENT = 3

_LENGTH = re.compile(
    r"(?i)\d+\s*(?:位|个字符|个字|字符|个数字|个字母|chars?\b|characters?\b|digits?\b|letters?\b|words?\b)|"
    r"长度|多长|几位|(?:\blength\b|\blong\b\s+(?:password|pin|code))|\b(?:four|five|six|seven|eight|nine|ten|"
    r"twelve)[ -](?:digit|char|letter|word)"
)
_COMPOSITION = re.compile(
    r"(?i)大写|小写|数字|字母|符号|特殊字符|开头|结尾|首字母|末尾|后[一二三四五六两\d]位|前[一二三四五六两\d]位|组合|加上|拼音|"
    r"倒过来|反过来|[左右][0-9一二三四五六七八九]|"
    r"\b(?:upper|lower)[- ]?case\b|\bcapital|\bdigits?\b|\bnumbers?\b|\bsymbols?\b|special char|\bstarts? with\b|"
    r"\bends? with\b|\bfirst (?:letter|\d|two|three|four)\b|\blast (?:letter|\d|two|three|four)\b|\bfollowed by\b|"
    r"\bplus\b|\bbackwards\b|\breversed\b|\+"
)
_CONSTRUCTION = re.compile(
    r"(?i)生日|出生|手机号|电话|身份证|纪念日|车牌|门牌|学号|工号|结婚|名字|姓名|"
    r"\bbirthday|\bbirth ?date|date of birth|\bdob\b|\bphone\b|\bmobile\b|\banniversary|\bzip\b|\bssn\b|"
    r"social security|maiden name|pet'?s name|\bname of\b"
)
_DIGIT_RUN = re.compile(r"\d{3,}")


def _fold(text: str) -> str:
    return fold_script(unicodedata.normalize("NFKC", text).casefold())  # the patterns are in Simplified


def hint_problems(hint: str, secret: str | None = None) -> list[str]:
    """Why `hint` may not be kept (an empty list: it may). Reasons never quote the secret or the hint."""
    folded = _fold(hint)
    problems = []
    if secret:
        value = _fold(secret).strip()
        size = min(_FRAGMENT, len(value))
        if size and any(value[i : i + size] in folded for i in range(len(value) - size + 1)):
            problems.append("contains a fragment of the secret")
    if find_secrets(hint):
        problems.append("looks like a secret itself")
    if _LENGTH.search(folded):
        problems.append("tells the secret's length")
    if _COMPOSITION.search(folded):
        problems.append("tells how the secret is composed")
    if _CONSTRUCTION.search(folded):
        problems.append("tells what the secret is built from (a birthday, a phone number, a name)")
    if secret is None and _DIGIT_RUN.search(folded):  # with the secret known, the fragment test above decides
        problems.append("holds a number that may be part of the secret or a recovery code")
    return problems


class HintRefused(ValueError):
    """A hint that would help rebuild a secret; the message names the reasons, never the hint or the secret."""


def checked_hint(hint: str, secret: str | None = None) -> str:
    """The hint, stripped, or HintRefused with every reason."""
    problems = hint_problems(hint, secret)
    if problems:
        raise HintRefused(
            "hint refused: it " + "; it ".join(problems) + " (section 15.3: a hint may locate, not rebuild)"
        )
    return hint.strip()


# labels that only name a kind of secret ("token", "one time code"): a hint from one says nothing it is for
_KIND_LABELS = frozenset(
    "password api key pin recovery code private key token one time code passphrase combination seed phrase "
    "security answer card security bank card id number secret".split(" ")
) | frozenset(
    (
        "api key",
        "recovery code",
        "private key",
        "one time code",
        "seed phrase",
        "security answer",
        "card security",
        "bank card",
        "id number",
    )
)


def derived_hint(label: str, *, chinese: bool | None = None) -> str | None:
    """The hint a reference gets from the context it was found in ("工作邮箱" -> "与工作邮箱相关"), or None when the
    context would say too much or nothing (a label that only names the kind: "token"). `chinese`: the language of
    the evidence (else the label's)."""
    label = label.strip()
    if not label or label.lower() in _KIND_LABELS:
        return None
    if chinese is None:
        chinese = bool(re.search(r"[\u4e00-\u9fff]", label))
    hint = f"与{label}相关" if chinese else f"related to {label}"
    return None if hint_problems(hint) else hint
