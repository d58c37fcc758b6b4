"""Quarantine, not lock-out (issue 9): a row whose text still looks like a secret after screening is withheld from
what agents read, with whatever was derived from it, and the person is asked to look at that place in that file.
The run goes on and publishes the rest.

Only text that comes from the person's data is screened: raw content, labels, questions, memory text, names the
person gave (a file's own name, without the suffix the inbox adds). The system's own identifiers, hashes and locators
are not: they are minted so that no rule reads them as a secret (core/ids.py), and a rule that did would lock the
home for good, since an id never changes.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import PurePosixPath

import polars as pl

from mirror_pipeline.core.ids import mint, without_generated_suffix
from mirror_pipeline.core.model import IssuePriority, IssueStatus, IssueType, MemoryIssue
from mirror_pipeline.core.screening import count_secrets


class TextOrigin(StrEnum):
    PERSON = "person"  # the person's words, or built from them: screened whole
    NAME_PATH = "name_path"  # a path of names the person gave: each name screened, the inbox's suffix taken off
    SYSTEM = "system"  # ids, hashes, locators, states, kinds: never screened


# Columns the system writes. Any other text column is the person's (deny by default: a new column is screened until
# it is declared here).
SYSTEM_COLUMNS = frozenset(
    (
        "id locator session_id supersedes fingerprint run_id source_type source_format format status reason kind state "
        "memory_type predicate_kind attribution timestamp_precision time_precision language sensitivity scope "
        "issue_type priority extractor extractor_version sort_time"
    ).split()
)
NAME_COLUMNS = frozenset(("file_path",))


def origin(column: str) -> TextOrigin:
    if column in NAME_COLUMNS:
        return TextOrigin.NAME_PATH
    if column in SYSTEM_COLUMNS or column.endswith(("_id", "_hash")):
        return TextOrigin.SYSTEM
    return TextOrigin.PERSON


def name_parts(path: str) -> list[str]:
    """The names in a path that the person gave, as they gave them (`markdown_journal/2024-01-10.kdqzbmht.md` ->
    `markdown_journal`, `2024-01-10`)."""
    parts = PurePosixPath(path).parts
    if not parts:
        return []
    last = PurePosixPath(parts[-1])
    return [*parts[:-1], without_generated_suffix(last.stem)]


def screened_columns(frame: pl.DataFrame) -> list[str]:
    """The text columns of a table that are screened (list columns hold ids and terms derived from those)."""
    return [c for c, dtype in frame.schema.items() if dtype == pl.String and origin(c) is not TextOrigin.SYSTEM]


def values_to_screen(frame: pl.DataFrame, column: str) -> pl.Series:
    """The values a column contributes to screening: its text, or for a name path each name in it."""
    values = frame.get_column(column).drop_nulls().unique()
    if origin(column) is TextOrigin.NAME_PATH:
        return pl.Series(column, sorted({p for v in values for p in name_parts(v)}), dtype=pl.String)
    return values


def flagged_values(values: Iterable[str]) -> set[str]:
    """The values the screening rules still find a secret in (each distinct value screened once)."""
    unique = list(dict.fromkeys(values))
    return {v for v, n in zip(unique, count_secrets(unique), strict=True) if n}


def flagged_rows(frame: pl.DataFrame, flagged: set[str]) -> dict[int, tuple[str, ...]]:
    """Row index -> the columns whose value was flagged (names only, never values)."""
    rows: dict[int, list[str]] = {}
    if not flagged or not len(frame):
        return {}
    bad = pl.Series(sorted(flagged), dtype=pl.String)
    for column in screened_columns(frame):
        values = frame.get_column(column)
        if origin(column) is TextOrigin.NAME_PATH:
            hit = pl.Series([v is not None and any(p in flagged for p in name_parts(v)) for v in values])
        else:
            hit = values.is_in(bad.implode()).fill_null(False)
        for i in hit.arg_true().to_list():
            rows.setdefault(i, []).append(column)
    return {i: tuple(cols) for i, cols in rows.items()}


@dataclass(frozen=True)
class Withheld:
    """A row kept out of the snapshot because its own text looked like a secret (not one withheld with it)."""

    table: str
    row_key: str
    columns: tuple[str, ...]
    evidence_ids: tuple[str, ...]
    file_path: str | None = None


# the key of each served table, and where its evidence is named
KEYS = {
    "memories": "memory_id",
    "evidence": "evidence_id",
    "open_issues": "issue_id",
    "secret_references": "secret_ref_id",
    "search_documents": "doc_id",
    "inbox_files": "file_path",
    "timeline": "id",
    "relationships": "memory_id",
}


def _evidence_of(row: dict) -> tuple[str, ...]:
    if isinstance(row.get("evidence_ids"), list):
        return tuple(row["evidence_ids"])
    return (row["evidence_id"],) if row.get("evidence_id") else ()


def _keep(frame: pl.DataFrame, column: str, withheld: set[str]) -> pl.DataFrame:
    return frame.filter(~pl.col(column).is_in(pl.Series(sorted(withheld), dtype=pl.String).implode()))


def withhold(
    tables: dict[str, pl.DataFrame],
    withheld_evidence: Iterable[str] = (),
    screened_when_written: Mapping[str, Collection[str]] | None = None,
) -> tuple[dict[str, pl.DataFrame], list[Withheld]]:
    """The served tables without any row whose text looks like a secret, nor what was derived from it: evidence,
    the memories, references, issues and search documents that cite it, the timeline and relationship rows of a
    withheld memory. `withheld_evidence`: evidence already stored without its text by screening (its text looked like
    a secret). `screened_when_written`: columns (by table) whose text was screened again as it was written, on the
    same rules (evidence text: its withheld rows are in `withheld_evidence`), not screened a second time here.
    Returns the tables and the rows withheld for their own text."""
    skip = screened_when_written or {}
    flagged = flagged_values(
        v
        for name, frame in tables.items()
        for c in screened_columns(frame)
        if c not in skip.get(name, ())
        for v in values_to_screen(frame, c)
    )
    found = [Withheld("evidence", e, ("raw_content",), (e,)) for e in sorted(withheld_evidence)]
    if not flagged and not found:
        return tables, []
    for name, frame in sorted(tables.items()):
        key = KEYS.get(name)
        for i, columns in sorted(flagged_rows(frame, flagged).items()):
            row = frame.row(i, named=True)
            found.append(
                Withheld(
                    table=name,
                    row_key=str(row[key]) if key else str(i),
                    columns=columns,
                    evidence_ids=_evidence_of(row),
                    file_path=row.get("file_path") if name == "inbox_files" else None,
                )
            )
    evidence = {e for w in found if w.table in ("evidence", "search_documents") for e in w.evidence_ids}
    evidence |= {w.row_key for w in found if w.table == "evidence"}
    memories = {w.row_key for w in found if w.table in ("memories", "timeline", "relationships")}
    memories |= {w.row_key for w in found if w.table == "search_documents" and w.row_key.startswith("mem_")}
    cites = pl.col("evidence_ids").list.eval(pl.element().is_in(pl.Series(sorted(evidence)).implode())).list.any()
    out = dict(tables)
    if "memories" in out:
        citing = out["memories"].filter(cites)["memory_id"].to_list() if evidence else []
        memories |= set(citing)
    refs = {w.row_key for w in found if w.table == "secret_references"}
    if "secret_references" in out:
        ref_frame = out["secret_references"]
        refs |= set(ref_frame.filter(pl.col("evidence_id").is_in(sorted(evidence)))["secret_ref_id"].to_list())
    issues = {w.row_key for w in found if w.table == "open_issues"}
    if "open_issues" in out:
        about = memories | refs
        issue_frame = out["open_issues"]
        hit = issue_frame.filter(cites | pl.col("memory_ids").list.eval(pl.element().is_in(sorted(about))).list.any())
        issues |= set(hit["issue_id"].to_list())
    withheld_keys = {
        "memories": memories,
        "evidence": evidence,
        "open_issues": issues,
        "secret_references": refs,
        "search_documents": evidence | memories | {w.row_key for w in found if w.table == "search_documents"},
        "inbox_files": {w.row_key for w in found if w.table == "inbox_files"},
        "timeline": memories,
        "relationships": memories,
    }
    for name, keys in withheld_keys.items():
        if name in out and keys:
            out[name] = _keep(out[name], KEYS[name], keys)
    # a table of unknown shape (another stage's, newer than this list): its flagged rows are dropped by position
    for name, frame in tables.items():
        if name not in KEYS and (rows := flagged_rows(frame, flagged)):
            out[name] = frame.with_row_index("_row").filter(~pl.col("_row").is_in(sorted(rows))).drop("_row")
    return out, found


def withheld_issues(found: list[Withheld], evidence: pl.DataFrame, now: datetime) -> list[MemoryIssue]:
    """One issue a place: the file and where in it (the locator), never the value. Asked in the passage's
    language (for a file's name: the language of what the file says, else of its name)."""
    places = {r["evidence_id"]: r for r in evidence.iter_rows(named=True)} if len(evidence) else {}
    file_languages: dict[str, list[str]] = {}
    for r in places.values():
        file_languages.setdefault(r.get("file_path") or "", []).append(str(r.get("language") or ""))
    issues: dict[str, MemoryIssue] = {}
    for w in found:
        cited = [places[e] for e in w.evidence_ids if e in places]
        place = cited[0] if cited else None
        file_path = place["file_path"] if place else w.file_path
        name_only = all(origin(c) is TextOrigin.NAME_PATH for c in w.columns)
        # a file's name: one question for the file, not one for each of its messages
        issue_id = (
            mint("iss", "withheld", "name", file_path) if name_only else mint("iss", "withheld", w.table, w.row_key)
        )
        chinese = _chinese(place, file_languages.get(file_path or "", []), file_path)
        created = (place or {}).get("captured_at") or now
        if name_only:
            place = None
        issues[issue_id] = MemoryIssue(
            issue_id=issue_id,
            issue_type=IssueType.WITHHELD_TEXT,
            priority=IssuePriority.HIGH,
            status=IssueStatus.OPEN,
            memory_ids=(),
            question=_question(file_path, place, name_only, chinese),
            options=OPTIONS["zh" if chinese else "en"],
            evidence_ids=w.evidence_ids,
            # when the passage was taken in, so that a rerun asks the same question and republishes nothing
            created_at=created,
            language="zh" if chinese else "en",
        )
    return list(issues.values())


OPTIONS = {
    "en": ("I removed it from the file and imported the file again", "later"),
    "zh": ("我已经把它从文件里删掉，并重新导入了这个文件", "以后再说"),
}


def _chinese(place: dict | None, file_languages: list[str], file_path: str | None) -> bool:
    """The passage's language; for a place without one (a file's name), what most of the file says, else the
    name itself ("日记.md")."""
    if place and place.get("language"):
        return place["language"] in ("zh", "mixed")
    known = [lang for lang in file_languages if lang]
    if known:
        return 2 * sum(lang in ("zh", "mixed") for lang in known) >= len(known)
    return any("\u4e00" <= ch <= "\u9fff" for ch in "".join(name_parts(file_path or "")))


# a locator in the person's language: "line 3" -> "第 3 行" (other shapes are named as they are)
_LOCATOR_ZH = (
    (re.compile(r"^line (\d+)$"), r"第 \1 行"),
    (re.compile(r"^lines (\d+)-(\d+)$"), r"第 \1-\2 行"),
    (re.compile(r"^paragraph (\d+)$"), r"第 \1 段"),
    (re.compile(r"^entry (\d+)$"), r"第 \1 篇"),
)


def _locator(locator: str, chinese: bool) -> str:
    if chinese:
        for pattern, zh in _LOCATOR_ZH:
            if pattern.match(locator):
                return pattern.sub(zh, locator)
    return locator


def _question(file_path: str | None, place: dict | None, name_only: bool = False, chinese: bool | None = None) -> str:
    """The question names the file and the place in it. A place is named by its locator, or (when a locator holds
    numbers a rule could read, a long message id) by its time: the question is screened like any other text."""
    if chinese is None:
        chinese = bool(place) and place.get("language") in ("zh", "mixed")
    anonymous = "一个文件" if chinese else "a file"
    tries: list[tuple[str, str]] = []
    if place:
        tries.append((file_path or anonymous, _locator(str(place["locator"]), chinese)))
        if place.get("timestamp") is not None:
            tries.append((file_path or anonymous, place["timestamp"].strftime("%Y-%m-%d %H:%M UTC")))
    if name_only:
        tries.append((file_path or anonymous, "文件名" if chinese else "its name"))
    tries.append((file_path or anonymous, ""))
    tries.append((anonymous, ""))  # nothing of the person's: never flagged
    for file, where in tries:
        if chinese:
            at = f"（{where}）" if where else ""
            question = (
                f"{file}{at}里有一段看起来像是没有被替换掉的密码或密钥，已不提供给智能体。请查看文件里的这个位置："
                "如果是秘密，请把它删掉（存进密码管理器），再重新导入这个文件。"
            )
        else:
            at = f" ({where})" if where else ""
            question = (
                f"Something in {file}{at} looks like a secret that screening did not replace, so it is kept out of "
                "what agents read. Look at that place in the file: if it is a secret, take it out (keep it in a "
                "password manager) and import the file again."
            )
        if not flagged_values([question]):
            return question
    return question
