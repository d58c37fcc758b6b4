"""Traditional and Simplified Chinese as one language where text is matched, each in its own script where it is shown.

`fold_script` turns every Traditional character that has one Simplified form into it (驗證碼 -> 验证码, 聖誕節 ->
圣诞节), one character for one, so a span found in the folded text is the same span in the text as written. Screening,
the lexical index and its queries, and the extractor's rules read folded text; what a person reads stays as they
wrote it. `to_traditional` is the way back for text the system writes itself (a question, a label) about words the
person wrote in Traditional: only characters with one Traditional form are changed.

Pure computation: the tables are in `script_data` (made once from OpenCC's dictionaries, Apache-2.0).
"""

from __future__ import annotations

from mirror_pipeline.core.script_data import SIMPLIFIED, SIMPLIFIED_ONE, TRADITIONAL, TRADITIONAL_ONE

# A character OpenCC's Taiwan variant tables fold although Simplified text writes it as it is: 著 (著名, 显著, 著作;
# folded, a Simplified 著名 would be read as 着 + 名). Traditional 看著 then stays apart from 看着: 着 is a stopword, so
# nothing is lost to search. (乾 is folded: Traditional 乾淨 / 餅乾 are common, Simplified 乾隆 rare.)
_SIMPLIFIED_TOO = "著"
TO_SIMPLIFIED = {k: v for k, v in str.maketrans(TRADITIONAL, SIMPLIFIED).items() if chr(k) not in _SIMPLIFIED_TOO}
TO_TRADITIONAL = str.maketrans(SIMPLIFIED_ONE, TRADITIONAL_ONE)
_TRADITIONAL_ONLY = frozenset(TRADITIONAL) - frozenset(_SIMPLIFIED_TOO)
_SIMPLIFIED_ONLY = frozenset(SIMPLIFIED_ONE)


def fold_script(text: str) -> str:
    """`text` with its Traditional characters in their Simplified form, one character for one."""
    return text if text.isascii() else text.translate(TO_SIMPLIFIED)


def to_traditional(text: str) -> str:
    """`text` with its Simplified characters in their (Taiwan) Traditional form where there is one only."""
    return text if text.isascii() else text.translate(TO_TRADITIONAL)


def is_traditional(text: str) -> bool:
    """Whether `text` is written in Traditional characters: more of its characters are Traditional-only than
    Simplified-only (a text of shared characters, such as 台北, is neither: False)."""
    if text.isascii():
        return False
    traditional = sum(c in _TRADITIONAL_ONLY for c in text)
    return traditional > 0 and traditional > sum(c in _SIMPLIFIED_ONLY for c in text)
