"""The shape of the served snapshot (what agents read): current, servable memories with their labels; deleted and
superseded content is absent; conflicted and stale rows carry their state as a label."""

from __future__ import annotations

import polars as pl

from mirror_pipeline.core.screening import PLACEHOLDER_RE, find_secrets, prefilter_mask
from mirror_pipeline.core.text import tokens

# archived: served and found by search, labelled, never in the default context (core/context.py leaves it out)
SERVABLE = ["confirmed", "pending_review", "conflicted", "stale", "archived"]

# What the person asked to keep to themselves ("Don't tell anyone yet", "先别告诉别人", "保密"): served as at least
# "high", so a context carries it only for a task that names it (core/context.py's ceiling); a memory made from such
# a line is served so too, whatever sensitivity its words alone were given ("planning to propose to Lin Yue").
CONFIDENTIAL_PATTERN = (
    r"(?i)\b(?:do not|don't|dont|never) (?:tell|mention|say)\b[^.!?\n]{0,30}\b(?:anyone|anybody|people|others|them"
    r"|her|him|mom|dad|family)\b|\bkeep (?:it|this|that) (?:a )?(?:secret|quiet|between us)\b|\bbetween you and me\b"
    r"|\bconfidential\b|(?:别|不要|先别|先不要)(?:告诉|透露|外传|声张|说出去)"
    r"|(?:别|不要|先别|先不要)(?:跟|和|对)[^，。！？\n]{1,8}(?:说|讲|提)|保密"
)
_RAISED = ["low", "medium"]

MEMORY_COLUMNS = [
    "memory_id",
    "version",
    "memory_type",
    "state",
    "subject",
    "predicate",
    "object",
    "content_text",
    "confidence",
    "importance",
    "sensitivity",
    "scope",
    "source_type",
    "valid_time_start",
    "valid_time_end",
    "time_precision",
    "time_expression",
    "evidence_ids",
    "labels",
    "supersedes",
    "created_at",
    "updated_at",
    "last_confirmed_at",
    "confirmed_by",  # "auto" (the write policy) or "user" (the person): distinguishable everywhere
]


def served_memories(versions: pl.DataFrame) -> pl.DataFrame:
    """Current, servable versions; what an agent proposed (`source_type` tool) says so in its labels."""
    from mirror_pipeline.core.proposals import PROPOSED_LABEL

    served = versions.filter(pl.col("is_current") & pl.col("state").is_in(SERVABLE)).select(MEMORY_COLUMNS)
    if "labels" in served.columns and "source_type" in served.columns:
        served = served.with_columns(
            labels=pl.when(pl.col("source_type") == "tool")
            .then(pl.col("labels").list.concat(pl.lit([PROPOSED_LABEL], dtype=pl.List(pl.String))))
            .otherwise(pl.col("labels"))
        )
    return served.sort("memory_id")


def timeline(memories: pl.DataFrame, evidence: pl.DataFrame, tz: str = "UTC") -> pl.DataFrame:
    """Events and dated facts (not emotion snapshots) in time order; when nothing says when, the first mention orders
    them (and says so), on the calendar it was said on: the evidence's own zone (a Day One entry's), else the
    person's (`tz`)."""
    said = evidence.select(
        pl.col("evidence_id").alias("evidence_ids"), "timestamp", _said_day(evidence, tz).alias("said_day")
    )
    first_mention = (
        memories.select("memory_id", "evidence_ids")
        .explode("evidence_ids")
        .join(said, on="evidence_ids", how="left")
        .group_by("memory_id")
        .agg(
            pl.col("timestamp").min().alias("first_mentioned_at"),
            pl.col("said_day").sort_by("timestamp").drop_nulls().first().alias("first_said_day"),
        )
    )
    return (
        # emotion snapshots are states of a day, not events of a life: they stay out of the timeline
        memories.filter(
            ((pl.col("memory_type") == "event") | pl.col("valid_time_start").is_not_null())
            & (pl.col("memory_type") != "emotion")
        )
        .join(first_mention, on="memory_id", how="left")
        .select(
            pl.col("memory_id").alias("id"),
            pl.col("content_text").alias("text"),
            "memory_type",
            "valid_time_start",
            "valid_time_end",
            "time_precision",
            "time_expression",
            "state",
            "evidence_ids",
            "first_mentioned_at",
            pl.coalesce(pl.col("valid_time_start"), pl.col("first_said_day")).alias("sort_time"),
            # what it is: a plan reads as planned for (core/when.py), not as a fact since
            pl.col("predicate") if "predicate" in memories.columns else pl.lit(None, pl.String).alias("predicate"),
            pl.col("first_said_day").alias("said_day"),  # the day it was first said, on its own calendar
        )
        .sort("sort_time", "id", nulls_last=True)
    )


def _said_day(evidence: pl.DataFrame, tz: str) -> pl.Expr:
    """Each evidence's day on its own zone's calendar where it has one (few distinct zones: one branch each)."""
    day = pl.col("timestamp").dt.convert_time_zone(tz).dt.date().cast(pl.String)
    if "source_timezone" not in evidence.columns:
        return day
    for zone in evidence["source_timezone"].drop_nulls().unique().sort():
        if _zone_ok(zone):
            own = pl.col("timestamp").dt.convert_time_zone(zone).dt.date().cast(pl.String)
            day = pl.when(pl.col("source_timezone") == zone).then(own).otherwise(day)
    return day


def _zone_ok(name: str) -> bool:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def relationships(memories: pl.DataFrame) -> pl.DataFrame:
    """The people of the person's life: each relationship stated, and each person known only by what is said of them
    ("老妈血压又高了": subject "user's mother") whom no relationship names, one row resting on the first memory of
    theirs (relation and other both the relation: "mother")."""
    columns = ["memory_id", "subject", "relation", "other", "state", "labels", "confidence", "evidence_ids"]
    stated = memories.filter(pl.col("memory_type") == "relationship").select(
        "memory_id",
        pl.col("subject"),
        pl.col("predicate").alias("relation"),
        pl.col("object").alias("other"),
        "state",
        "labels",
        "confidence",
        "evidence_ids",
    )
    relation = pl.col("subject").str.strip_prefix("user's ")
    known = (
        memories.filter(pl.col("subject").str.starts_with("user's ") & (pl.col("memory_type") != "relationship"))
        .with_columns(relation=relation)
        .filter(~pl.col("relation").is_in(stated["relation"].implode()))
        .sort("memory_id")
        .unique("relation", keep="first", maintain_order=True)
        .with_columns(pl.lit("user").alias("subject"), pl.col("relation").alias("other"))
        .select(columns)
    )
    return pl.concat([stated, known.cast(stated.schema)])


PRIORITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


def open_issues(issues: pl.DataFrame) -> pl.DataFrame:
    """Open issues, most pressing first."""
    rank = pl.col("priority").replace_strict(PRIORITY_RANK, default=9, return_dtype=pl.Int8)
    return issues.filter(pl.col("status").is_in(["open", "waiting_user"])).sort(rank, "issue_id")


def search_documents(memories: pl.DataFrame, evidence: pl.DataFrame) -> pl.DataFrame:
    """The lexical index: served memories and screened evidence with their search terms (placeholders removed, so a
    secret reference is never found by natural-language search)."""

    def terms(texts: pl.Series) -> pl.Series:
        return pl.Series([tokens(PLACEHOLDER_RE.sub(" ", t)) for t in texts], dtype=pl.List(pl.String))

    mem = memories.select(
        pl.col("memory_id").alias("doc_id"),
        pl.lit("memory").alias("kind"),
        pl.col("content_text").alias("text"),
        pl.lit("user").alias("speaker"),  # memories are made from the user's own words only
        "state",
        "evidence_ids",
        pl.lit(None, dtype=pl.Datetime("us", "UTC")).alias("timestamp"),
    )
    ev = evidence.select(
        pl.col("evidence_id").alias("doc_id"),
        pl.lit("evidence").alias("kind"),
        pl.col("raw_content").alias("text"),
        pl.col("actor").alias("speaker"),
        pl.lit("evidence").alias("state"),
        pl.concat_list(pl.col("evidence_id")).alias("evidence_ids"),
        "timestamp",
    )
    docs = pl.concat([mem, ev])
    return docs.with_columns(terms=terms(docs["text"])).select(
        "doc_id", "kind", "text", "speaker", "terms", "state", "evidence_ids", "timestamp"
    )


SEARCH_MEMORY_FIELDS = (
    "memory_type",
    "importance",
    "confidence",
    "sensitivity",
    "labels",
    "valid_time_start",
    "valid_time_end",
    "time_precision",
    "time_expression",
    "subject",
    "predicate",
    "object",
)


OUTDATED = "outdated"  # evidence label: it supports a version since superseded or gone stale ("I live in Tokyo")


def served_search_documents(
    memories: pl.DataFrame, evidence: pl.DataFrame, versions: pl.DataFrame | None = None
) -> pl.DataFrame:
    """What a served search reads: the served memories (with what ranking needs: type, importance, confidence,
    state, labels, time) and the served evidence (who said it, when). Built from the served tables themselves, so
    what governance removed (forgotten, superseded) cannot linger in the index. Secret placeholders are removed from
    the searchable text, so a reference is never found by natural-language search."""
    clean = pl.col("text").str.replace_all(PLACEHOLDER_RE.pattern, " ")
    mem = memories.select(
        pl.col("memory_id").alias("doc_id"),
        pl.lit("memory").alias("kind"),
        pl.col("content_text").alias("text"),
        pl.lit("user").alias("speaker"),  # memories are made from the user's own words only
        "state",
        "evidence_ids",
        pl.lit(None, dtype=pl.Datetime("us", "UTC")).alias("timestamp"),
        pl.lit(None, dtype=pl.String).alias("source_type"),
        *SEARCH_MEMORY_FIELDS,
        pl.lit(None, dtype=pl.String).alias("session_id"),
    )
    ev = evidence.select(
        pl.col("evidence_id").alias("doc_id"),
        pl.lit("evidence").alias("kind"),
        pl.col("raw_content").alias("text"),
        pl.col("actor").alias("speaker"),
        pl.lit("evidence").alias("state"),
        pl.concat_list(pl.col("evidence_id")).alias("evidence_ids"),
        pl.col("timestamp").cast(pl.Datetime("us", "UTC")),
        "source_type",
        pl.lit(None, dtype=pl.String).alias("memory_type"),
        pl.lit(None, dtype=pl.Float64).alias("importance"),
        pl.lit(None, dtype=pl.Float64).alias("confidence"),
        pl.col("sensitivity"),
        pl.lit([], dtype=pl.List(pl.String)).alias("labels"),
        *(pl.lit(None, dtype=pl.String).alias(c) for c in SEARCH_MEMORY_FIELDS[5:]),
        # the conversation a line belongs to: ranking reads a line with its neighbours
        (pl.col("session_id") if "session_id" in evidence.columns else pl.lit(None, dtype=pl.String)).alias(
            "session_id"
        ),
    )
    mem = mem.with_columns(pl.col(c).cast(ev.schema[c]) for c in SEARCH_MEMORY_FIELDS)
    if versions is not None and len(versions):
        old = versions.filter(pl.col("state").is_in(["superseded", "stale"])).select("memory_id", "evidence_ids")
        # words the same memory's current version still rests on are not outdated: a version the person edited is
        # superseded by their edit, which rests on the same words ("I live in Tokyo" stays outdated beside Osaka,
        # whatever else that message said)
        live = memories.filter(pl.col("state") != "stale").select("memory_id", "evidence_ids")
        outdated = (
            old.explode("evidence_ids")
            .join(live.explode("evidence_ids"), on=["memory_id", "evidence_ids"], how="anti")["evidence_ids"]
            .drop_nulls()
            .unique()
            .implode()
        )
        ev = ev.with_columns(
            labels=pl.when(pl.col("doc_id").is_in(outdated))
            .then(pl.lit([OUTDATED], dtype=pl.List(pl.String)))
            .otherwise(pl.col("labels"))
        )
    ev = _at_least_its_memories(ev, memories)
    secret_ev = ev.filter(pl.col("text").str.contains(CONFIDENTIAL_PATTERN))["doc_id"].implode()
    confidential = (
        pl.col("text").str.contains(CONFIDENTIAL_PATTERN)
        | pl.col("evidence_ids").list.eval(pl.element().is_in(secret_ev)).list.any()
    )
    return (
        pl.concat([mem, ev], how="vertical")
        .with_columns(
            sensitivity=pl.when(confidential & (pl.col("sensitivity").is_null() | pl.col("sensitivity").is_in(_RAISED)))
            .then(pl.lit("high"))
            .otherwise(pl.col("sensitivity"))
        )
        .with_columns(text=clean)
        # the language group of a text: dense similarity is compared within a group (e5 scores any two Chinese
        # texts higher than a Chinese and an English one, whatever they say)
        .with_columns(is_zh=pl.col("text").str.contains(r"[\u4e00-\u9fff]"))
        .sort("kind", "doc_id", descending=[True, False])
    )


_SENSITIVITY_ORDER = ["low", "medium", "high", "restricted"]


def _at_least_its_memories(ev: pl.DataFrame, memories: pl.DataFrame) -> pl.DataFrame:
    """The lines, each as sensitive as at least the most sensitive memory made from it: a health memory held back
    as high is not handed out as its own words instead (「十月要開刀」 to a dinner)."""
    rank = pl.col("sensitivity").replace_strict(
        {s: n for n, s in enumerate(_SENSITIVITY_ORDER)}, default=None, return_dtype=pl.Int8
    )
    held = (
        memories.select(pl.col("evidence_ids").alias("doc_id"), rank.alias("held"))
        .explode("doc_id")
        .group_by("doc_id")
        .agg(pl.col("held").max())
    )
    top = pl.max_horizontal(rank, "held").replace_strict(
        dict(enumerate(_SENSITIVITY_ORDER)), default=None, return_dtype=pl.String
    )
    return (
        ev.join(held, on="doc_id", how="left", maintain_order="left")
        .with_columns(sensitivity=top.cast(ev.schema["sensitivity"]))
        .drop("held")
    )


def tables_matching_secret_patterns(tables: dict[str, pl.DataFrame]) -> list[str]:
    """`table.column` names in which a text value matches a secret pattern (names only: never the value).

    The prefilter screening runs picks the few values the slower rules need to see: it reads the text folded, as
    the rules do (a Traditional "密碼係" is seen as "密码系", a full-width "ｐａｓｓ" as "pass"), so a value screening
    would catch is never waved through here."""
    leaking = []
    for name, df in tables.items():
        for column, dtype in df.schema.items():
            if dtype != pl.String:
                continue  # list columns (search terms, ids) are derived from the text columns checked here
            values = df.get_column(column).drop_nulls().to_list()
            if any(find_secrets(v) for v, hit in zip(values, prefilter_mask(values), strict=True) if hit):
                leaking.append(f"{name}.{column}")
    return leaking
