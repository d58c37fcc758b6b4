"""Text helpers shared by every stage: stable ids, language, tokens for search, sentence splitting.

Chinese is tokenized into overlapping character bigrams (plus single characters for one-character words): the
classic dictionary-free way to index Chinese, and it needs no model or download.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import UTC, datetime, tzinfo

from mirror_pipeline.core.ids import mint
from mirror_pipeline.core.model import Language

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_CHAR = re.compile(f"[{_CJK}]")
_TOKEN = re.compile(f"[{_CJK}]+|[A-Za-z0-9]+(?:['’][A-Za-z]+)?", re.UNICODE)
_LATIN_LETTER = re.compile(r"[A-Za-z]")
# a period ends a sentence unless it ends an abbreviation or an initial ("Hiked Mt. Rokko", "Dr. Lee", "J. Smith")
_NOT_AN_ABBREVIATION = "".join(
    rf"(?<!\b{a}\.)"
    for a in ("Mt", "Mr", "Mrs", "Ms", "Dr", "St", "Jr", "Sr", "Prof", "vs", "etc", "e\\.g", "i\\.e", "[A-Z]")
)
_SENTENCE_END = re.compile(rf"(?<=[。！？!?；;])|(?<=\.){_NOT_AN_ABBREVIATION}(?=\s)|\n+")

_EN_STOPWORDS = (
    "a an the and or but of to in on at for with by from as is are was were be been being it its this that these "
    "those i me my we our you your he she they them his her their do does did have has had not no so if then than "
    "what which who whom how when where why can could should would will shall may might must about into over"
)
EN_STOPWORDS = frozenset(_EN_STOPWORDS.split())


def stable_id(prefix: str, *parts: object) -> str:
    """A short id that is the same on every machine and every run for the same parts, in a form no screening rule
    reads as a secret (core/ids.py)."""
    return mint(prefix, *parts)


def local_day(moment: datetime | None, tz: tzinfo | None = None) -> str | None:
    """The day `moment` fell on in the person's timezone `tz` (None: the moment's own), as every printed date says
    it: a diary of 2026-06-30 stored as 2026-06-29 16:00 UTC is 2026-06-30 in Shanghai. A naive moment is UTC."""
    if moment is None:
        return None
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return (aware.astimezone(tz) if tz else aware).date().isoformat()


def local_minute(moment: datetime | str | None, tz: tzinfo | None = None) -> str | None:
    """`moment` as "YYYY-MM-DD HH:MM" on the person's clock (`tz`), beside the days `local_day` prints: a decision
    made at 2026-12-01 20:03 UTC is 2026-12-02 04:03 in Shanghai, the day "you confirmed it on" says."""
    if moment is None or moment == "":
        return None
    at = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    aware = at if at.tzinfo else at.replace(tzinfo=UTC)
    return (aware.astimezone(tz) if tz else aware).strftime("%Y-%m-%d %H:%M")


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def normalize(text: str) -> str:
    """NFKC (full-width to half-width), collapse white space."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def detect_language(text: str) -> Language:
    cjk = len(CJK_CHAR.findall(text))
    latin = len(_LATIN_LETTER.findall(text))
    if cjk == 0 and latin == 0:
        return Language.UNKNOWN
    # A Chinese character carries about as much as a short English word: weigh letters down accordingly.
    latin_weight = latin / 4
    if cjk and cjk >= 4 * latin_weight:
        return Language.ZH if latin_weight < 1 or cjk >= 10 * latin_weight else Language.MIXED
    if latin_weight >= 4 * cjk:
        return Language.EN
    return Language.MIXED


def tokens(text: str) -> list[str]:
    """Search tokens: lower-cased English words without stop words, Chinese character bigrams."""
    out: list[str] = []
    for match in _TOKEN.finditer(unicodedata.normalize("NFKC", text)):
        run = match.group(0)
        if CJK_CHAR.match(run):
            if len(run) == 1:
                out.append(run)
            else:
                out.extend(run[i : i + 2] for i in range(len(run) - 1))
        else:
            word = run.lower()
            if word not in EN_STOPWORDS:
                out.append(stem(word))
    return out


def stem(word: str) -> str:
    """A light English stemmer, enough for search to meet its words: moved, moves, moving -> mov; cities -> city."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # running -> run, stopped -> stop
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def sentences(text: str) -> list[tuple[int, int]]:
    """Spans (start, end) of the sentences of a text, Chinese and English punctuation alike."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.start()
        if end > start and text[start:end].strip():
            spans.append((start, end))
        start = match.end() if match.end() > match.start() else end
    if start < len(text) and text[start:].strip():
        spans.append((start, len(text)))
    # trim white space inside each span
    trimmed = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            trimmed.append((s, e))
    return trimmed


def estimate_tokens(text: str) -> int:
    """A model-free estimate of prompt tokens: about one per Chinese character, 1.3 per English word."""
    cjk = len(CJK_CHAR.findall(text))
    words = len(re.findall(r"[A-Za-z0-9]+", text))
    return cjk + int(words * 1.3) + 1
