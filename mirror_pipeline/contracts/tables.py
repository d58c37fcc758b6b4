"""The contract of every table that crosses a stage boundary: a polars schema plus pandera checks.

One declaration per table gives both the polars schema (for typed empty frames and DuckDB tables) and the pandera
schema that the assets enforce before they write. pandera (and the pandas and hypothesis it brings, a second of a
command's start) is loaded when a table is first validated, not when the contracts are read: a run that writes nothing
never loads it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import polars as pl

from mirror_pipeline.core.model import (
    IssuePriority,
    IssueStatus,
    IssueType,
    Language,
    MemoryState,
    MemoryType,
    Scope,
    Sensitivity,
    SourceType,
    TimePrecision,
)
from mirror_pipeline.core.serving import MEMORY_COLUMNS, SERVABLE
from mirror_pipeline.errors import ContractViolation  # re-exported: its name has always been here

if TYPE_CHECKING:
    import pandera.polars as pa
    from pandera.api.polars.types import PolarsData
    from pandera.errors import SchemaError, SchemaErrors

UTC_TIME = pl.Datetime("us", "UTC")
TEXTS = pl.List(pl.String)


@dataclass(frozen=True)
class Check:
    """A column's check as pandera names it (`check("isin", values)` is `pa.Check.isin(values)`), or a function of ours
    with its name; made a pandera check when its table is first validated."""

    builder: str | Callable[..., Any]
    args: tuple = ()
    name: str | None = None

    def pandera(self) -> pa.Check:
        import pandera.polars as pa

        if callable(self.builder):
            return pa.Check(self.builder, name=self.name)
        return getattr(pa.Check, self.builder)(*self.args)


def check(builder: str, *args: Any) -> Check:
    return Check(builder, args)


@dataclass(frozen=True)
class Col:
    name: str
    dtype: pl.DataType | type[pl.DataType]
    nullable: bool = False
    checks: tuple[Check, ...] = ()
    unique: bool = False


def one_of(enum: type) -> tuple[Check, ...]:
    return (check("isin", [e.value for e in enum]),)


UNIT = (check("in_range", 0.0, 1.0),)


def _not_empty(data: PolarsData) -> pl.LazyFrame:
    return data.lazyframe.select(pl.col(data.key).list.len() > 0)


NOT_EMPTY = Check(_not_empty, name="not_empty")


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Col, ...]

    @functools.cached_property
    def pandera(self) -> pa.DataFrameSchema:
        import pandera.polars as pa

        return pa.DataFrameSchema(
            {
                c.name: pa.Column(c.dtype, nullable=c.nullable, checks=[k.pandera() for k in c.checks], unique=c.unique)
                for c in self.columns
            },
            strict=True,
            ordered=False,
            name=self.name,
        )

    @property
    def schema(self) -> pl.Schema:
        return pl.Schema({c.name: c.dtype for c in self.columns})

    def subset(self, name: str, columns: list[str], **overrides: Col) -> Table:
        """A table of some of these columns (a served view), with some column contracts replaced."""
        by_name = {c.name: overrides.get(c.name, c) for c in self.columns}
        return Table(name, tuple(by_name[c] for c in columns))

    def empty(self) -> pl.DataFrame:
        return pl.DataFrame(schema=self.schema)

    def frame(self, rows: list[dict]) -> pl.DataFrame:
        return pl.DataFrame(rows, schema=self.schema) if rows else self.empty()

    def validate(self, df: pl.DataFrame) -> pl.DataFrame:
        """Check `df` against the contract; the error never carries a value (it may be screened text)."""
        if df.is_empty() and dict(df.schema) == dict(self.schema):
            return df  # no row to check and the contract's very columns: what pandera would say (without loading it)
        from pandera.errors import SchemaError, SchemaErrors

        try:
            return self.pandera.validate(df)
        except (SchemaError, SchemaErrors) as err:
            raise ContractViolation(f"table {self.name} broke its contract: {_summary(err)}") from None


def _summary(err: SchemaError | SchemaErrors) -> str:
    """Which columns failed which checks: names only, never the failing values."""
    errors = getattr(err, "schema_errors", None) or [err]
    failed = set()
    for e in errors:
        column = getattr(getattr(e, "schema", None), "name", None) or "?"
        check = getattr(getattr(e, "check", None), "name", None) or getattr(e, "reason_code", "schema")
        failed.add(f"{column}: {check}")
    return "; ".join(sorted(failed))


INBOX_FILES = Table(
    "inbox_files",
    (
        Col("file_path", pl.String, unique=True),
        Col("file_hash", pl.String),
        Col("format", pl.String, nullable=True),
        Col("status", pl.String, checks=(check("isin", ["accepted", "refused"]),)),
        Col("reason", pl.String, nullable=True),
        Col("records", pl.Int64),
        Col("secrets_redacted", pl.Int64),
        Col("size_bytes", pl.Int64),
        Col("seen_at", UTC_TIME),
    ),
)

EVIDENCE = Table(
    "evidence",
    (
        Col("evidence_id", pl.String, unique=True),
        Col("source_type", pl.String, checks=one_of(SourceType)),
        Col("source_format", pl.String),
        Col("file_path", pl.String),
        Col("file_hash", pl.String),
        Col("locator", pl.String),
        Col("session_id", pl.String),
        Col("actor", pl.String),
        Col("attribution", pl.String),
        Col("timestamp", UTC_TIME, nullable=True),
        Col("timestamp_precision", pl.String, checks=one_of(TimePrecision)),
        Col("raw_content", pl.String),
        Col("content_hash", pl.String),
        Col("language", pl.String, checks=one_of(Language)),
        Col("sensitivity", pl.String, checks=one_of(Sensitivity)),
        Col("secret_ref_ids", TEXTS),
        Col("captured_at", UTC_TIME),
        Col("source_timezone", pl.String, nullable=True),  # the source's own zone (Day One's timeZone), else null
        # the message apart from the file it came in (`warehouse.message_keys`), kept when captured: an import reads
        # it instead of hashing every message the home holds; null when undated
        Col("message_key", pl.String, nullable=True),
    ),
)

SECRET_REFERENCES = Table(
    "secret_references",
    (
        Col("secret_ref_id", pl.String, unique=True),
        Col("kind", pl.String),
        Col("label", pl.String),
        Col("subject", pl.String),
        Col("predicate", pl.String),
        Col("vault", pl.String),
        Col("hint", pl.String, nullable=True),
        Col("evidence_id", pl.String),
        Col("created_at", UTC_TIME),
        Col("state", pl.String, checks=one_of(MemoryState)),
        Col("content_stored_in_memory_system", pl.Boolean, checks=(check("isin", [False]),)),
    ),
)

_MEMORY_BODY = (
    Col("memory_type", pl.String, checks=one_of(MemoryType)),
    Col("subject", pl.String),
    Col("predicate", pl.String),
    Col("object", pl.String),
    Col("content_text", pl.String),
    Col("confidence", pl.Float64, checks=UNIT),
    Col("importance", pl.Float64, checks=UNIT),
    Col("sensitivity", pl.String, checks=one_of(Sensitivity)),
    Col("scope", pl.String, checks=one_of(Scope)),
    Col("source_type", pl.String, checks=one_of(SourceType)),
    Col("valid_time_start", pl.String, nullable=True),
    Col("valid_time_end", pl.String, nullable=True),
    Col("time_precision", pl.String, checks=one_of(TimePrecision)),
    Col("time_expression", pl.String, nullable=True),
)

MEMORY_CANDIDATES = Table(
    "memory_candidates",
    (
        Col("candidate_id", pl.String, unique=True),
        *_MEMORY_BODY,
        # only the user's words say things about the user; an agent's proposal (`tool:<agent>`) is a claim the user
        # reviews (core/proposals.py: never confirmed by itself)
        Col("speaker", pl.String, checks=(check("str_matches", r"^(?:user|tool:.+)$"),)),
        Col("evidence_id", pl.String),
        Col("span_start", pl.Int64),
        Col("span_end", pl.Int64),
        Col("mention_time", UTC_TIME, nullable=True),
        Col("source_timezone", pl.String, nullable=True),  # the evidence's own zone: the day it was said on
        Col("extractor", pl.String),
        Col("extractor_version", pl.String),
        Col("extracted_at", UTC_TIME),
    ),
)

MEMORY_VERSIONS = Table(
    "memory_versions",
    (
        Col("version_id", pl.String, unique=True),
        Col("memory_id", pl.String),
        Col("version", pl.Int64, checks=(check("ge", 1),)),
        Col("state", pl.String, checks=one_of(MemoryState)),
        *_MEMORY_BODY,
        Col("evidence_ids", TEXTS, checks=(NOT_EMPTY,)),
        Col("created_at", UTC_TIME),
        Col("updated_at", UTC_TIME),
        Col("last_confirmed_at", UTC_TIME, nullable=True),
        Col("supersedes", pl.String, nullable=True),
        Col("is_current", pl.Boolean),
        Col("labels", TEXTS),
        Col("tags", TEXTS),
        Col("confirmed_by", pl.String, nullable=True, checks=(check("isin", ["auto", "user"]),)),
        Col("changed_by", pl.String),
        Col("decision_id", pl.String, nullable=True),
        Col("state_path", TEXTS),
    ),
)

MEMORY_ISSUES = Table(
    "memory_issues",
    (
        Col("issue_id", pl.String, unique=True),
        Col("issue_type", pl.String, checks=one_of(IssueType)),
        Col("priority", pl.String, checks=one_of(IssuePriority)),
        Col("status", pl.String, checks=one_of(IssueStatus)),
        Col("memory_ids", TEXTS),
        Col("question", pl.String),
        Col("options", TEXTS),
        Col("evidence_ids", TEXTS),
        Col("created_at", UTC_TIME),
        Col("choices", TEXTS),
        Col("impact", pl.Float64),
        Col("language", pl.String),
        Col("evidence_key", pl.String),
    ),
)

# What is left of a forgotten memory or evidence (section 16): ids, when and by which decision. Never content.
TOMBSTONES = Table(
    "tombstones",
    (
        Col("target_id", pl.String, unique=True),
        Col("kind", pl.String, checks=(check("isin", ["memory", "evidence", "file"]),)),
        Col("decision_id", pl.String, nullable=True),
        Col("forgotten_at", UTC_TIME, nullable=True),
    ),
)

# How each of the person's decisions was applied on the last run (a decision whose memory is gone is kept, reported)
DECISION_OUTCOMES = Table(
    "decision_outcomes",
    (
        Col("decision_id", pl.String, unique=True),
        Col("action", pl.String),
        Col("target", pl.String),
        Col("applied", pl.Boolean),
        Col("note", pl.String),
    ),
)

# Memories a governance check found broken: withheld from serving, each with an issue for the person
QUARANTINED_MEMORIES = Table(
    "quarantined_memories",
    (Col("version_id", pl.String), Col("memory_id", pl.String), Col("check", pl.String)),
)

# The weekly reflection's insights (core/reflection.py): governance serves each as an `inferred` memory
REFLECTIONS = Table(
    "reflections",
    (
        Col("memory_id", pl.String, unique=True),
        Col("kind", pl.String),
        Col("theme", pl.String),
        Col("content_text", pl.String),
        Col("language", pl.String),
        Col("evidence_ids", TEXTS, checks=(NOT_EMPTY,)),
        Col("source_memory_ids", TEXTS),
        Col("sessions", pl.Int64),
        Col("first_seen", UTC_TIME),
        Col("last_seen", UTC_TIME),
        Col("sensitivity", pl.String, checks=one_of(Sensitivity)),
        Col("derived_by", pl.String),
        Col("derived_at", UTC_TIME),
    ),
)

SEARCH_DOCUMENTS = Table(
    "search_documents",
    (
        Col("doc_id", pl.String, unique=True),
        Col("kind", pl.String, checks=(check("isin", ["memory", "evidence"]),)),
        Col("text", pl.String),
        Col("speaker", pl.String),
        Col("terms", TEXTS),
        Col("state", pl.String),
        Col("evidence_ids", TEXTS),
        Col("timestamp", UTC_TIME, nullable=True),
    ),
)

# The served snapshot: what agents may rely on. Deleted and superseded memories never reach it.
SERVED_MEMORIES = MEMORY_VERSIONS.subset(
    "memories",
    MEMORY_COLUMNS,
    memory_id=Col("memory_id", pl.String, unique=True),
    state=Col("state", pl.String, checks=(check("isin", SERVABLE),)),
)

TIMELINE = Table(
    "timeline",
    (
        Col("id", pl.String, unique=True),
        Col("text", pl.String),
        Col("memory_type", pl.String, checks=one_of(MemoryType)),
        Col("valid_time_start", pl.String, nullable=True),
        Col("valid_time_end", pl.String, nullable=True),
        Col("time_precision", pl.String, checks=one_of(TimePrecision)),
        Col("time_expression", pl.String, nullable=True),
        Col("state", pl.String, checks=(check("isin", SERVABLE),)),
        Col("evidence_ids", TEXTS, checks=(NOT_EMPTY,)),
        Col("first_mentioned_at", UTC_TIME, nullable=True),
        Col("sort_time", pl.String, nullable=True),
        Col("predicate", pl.String, nullable=True),
        Col("said_day", pl.String, nullable=True),
    ),
)

RELATIONSHIPS = Table(
    "relationships",
    (
        Col("memory_id", pl.String, unique=True),
        Col("subject", pl.String),
        Col("relation", pl.String),
        Col("other", pl.String),
        Col("state", pl.String, checks=(check("isin", SERVABLE),)),
        Col("labels", TEXTS),
        Col("confidence", pl.Float64, checks=UNIT),
        Col("evidence_ids", TEXTS, checks=(NOT_EMPTY,)),
    ),
)

# Which inbox files were parsed (a newer export whose messages are all known adds no evidence, yet is read once).
PARSED_FILES = Table("parsed_files", (Col("file_hash", pl.String, unique=True), Col("parsed_at", UTC_TIME)))

# Which evidence an extractor version has already read: only new evidence is interpreted on a run.
# What the extractor has read: an evidence row is read again when its text (content_hash) or the extractor's version
# or the person's timezone (relative times are resolved on it) changes
INTERPRETED_EVIDENCE = Table(
    "interpreted_evidence",
    (Col("evidence_id", pl.String), Col("content_hash", pl.String), Col("extractor_version", pl.String)),
)

# What a model answered for one evidence text (content hash + model + prompt version): no text is sent twice, a rerun
# costs nothing. Kept apart from WAREHOUSE_TABLES: a rebuild from the inbox must not pay for every answer again.
# `proposed` is the model's answer as JSON, with any candidate that looked like a secret removed before it is stored.
LLM_RESPONSES = Table(
    "llm_responses",
    (
        Col("cache_key", pl.String, unique=True),
        Col("content_hash", pl.String),
        Col("model", pl.String),
        Col("prompt_version", pl.String),
        Col("status", pl.String, checks=(check("isin", ["answered", "invalid"]),)),
        Col("proposed", pl.String),
        Col("prompt_tokens", pl.Int64, checks=(check("ge", 0),)),
        Col("completion_tokens", pl.Int64, checks=(check("ge", 0),)),
        Col("cost_usd", pl.Float64, checks=(check("ge", 0.0),)),
        Col("answered_at", UTC_TIME),
    ),
)

# Which texts the secret checks found clean, by a keyed digest of the text under one screening version (never the text):
# a value checked once is not checked again by any later check or run while the rules are the same, so a daily run's
# checks cost what the day's new text costs (issue 13). A digest of a text that failed is never stored. Kept apart from
# WAREHOUSE_TABLES like the model's answers: a cache, not the person's data.
CHECKED_TEXTS = Table("checked_texts", (Col("text_digest", pl.String, unique=True),))

# Evidence stored without its text: screened, its text still looked like a secret (issue 9). Nothing of it is served,
# and the person is asked to look at that place in that file.
WITHHELD_EVIDENCE = Table("withheld_evidence", (Col("evidence_id", pl.String, unique=True), Col("found_at", UTC_TIME)))

WAREHOUSE_TABLES = (
    INBOX_FILES,
    EVIDENCE,
    SECRET_REFERENCES,
    PARSED_FILES,
    MEMORY_CANDIDATES,
    INTERPRETED_EVIDENCE,
    MEMORY_VERSIONS,
    MEMORY_ISSUES,
    SEARCH_DOCUMENTS,
    WITHHELD_EVIDENCE,
    TOMBSTONES,
    DECISION_OUTCOMES,
    QUARANTINED_MEMORIES,
    REFLECTIONS,
)
