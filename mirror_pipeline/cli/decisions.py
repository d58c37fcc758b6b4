"""Commands of the person in the loop: show, confirm, reject, edit, forget, resolve, review.

Each decision is one line appended to `decisions/decisions.jsonl` (flushed and fsynced); the next `mirror run`
applies it. Nothing here writes the warehouse (the pipeline is its only writer) or imports Dagster, except
`review --run`, which runs the pipeline at the end.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any

import click

from mirror_pipeline.adapters import decisions as store
from mirror_pipeline.adapters.home import Home
from mirror_pipeline.cli.common import (
    Failure,
    _require_home,
    _screened,
    _served,
    _served_where,
    _snapshot,
    command,
    emit,
)
from mirror_pipeline.cli.group import main
from mirror_pipeline.core import review as review_core
from mirror_pipeline.core import when as timing
from mirror_pipeline.core.decisions import Action, Decision, new_decision
from mirror_pipeline.core.governance import value_key
from mirror_pipeline.core.policy import policy_from_config
from mirror_pipeline.core.text import local_day, local_minute
from mirror_pipeline.core.timeexpr import local_moment


def _now() -> datetime:
    return datetime.now(UTC)


def _record(home: Home, decisions: list[Decision]) -> None:
    store.append(home.decisions, decisions)


def _served_or_empty(home: Home, table: str) -> list[dict[str, Any]]:
    try:
        return _served(home, table).to_dicts()
    except Failure:
        return []


def _served_evidence(home: Home, evidence_ids: list[str]) -> list[dict[str, Any]]:
    """The served evidence rows with these ids (read by id: not the whole evidence table)."""
    try:
        return _served_where(home, "evidence", "evidence_id", evidence_ids)
    except Failure:
        return []


def _source_time(row: dict[str, Any], home_zone: tzinfo, shown: Callable[..., str | None] = local_day) -> str | None:
    """When an evidence row was written, `shown` as a day (`local_day`) or a minute (`local_minute`: "YYYY-MM-DD
    HH:MM") on its source's own clock, else the home's (a naive time is UTC)."""
    ts = row.get("timestamp")
    if not isinstance(ts, datetime):
        return shown(ts, home_zone) if ts is not None else None
    return shown(_source_moment(ts, row, home_zone))


def _source_moment(ts: datetime, row: dict[str, Any], home_zone: tzinfo) -> datetime | None:
    return local_moment(ts if ts.tzinfo else ts.replace(tzinfo=UTC), row.get("source_timezone"), home_zone)


def _memory(home: Home, memory_id: str) -> dict[str, Any] | None:
    return next((m for m in _served_or_empty(home, "memories") if m["memory_id"] == memory_id), None)


def _secret_ref(home: Home, ref_id: str) -> dict[str, Any] | None:
    return next((r for r in _served_or_empty(home, "secret_references") if r["secret_ref_id"] == ref_id), None)


def _known_target(home: Home, target: str) -> str:
    """What an id names: a memory, a secret reference, an evidence row; a Failure when nothing has that id."""
    if _memory(home, target) is not None:
        return "memory"
    if _secret_ref(home, target) is not None:
        return "secret_reference"
    if _served_evidence(home, [target]):
        return "evidence"
    history = _warehouse_rows(home, "select memory_id from memory_versions where memory_id = ? limit 1", [target])
    if history:
        return "memory"
    raise Failure(f"no memory, secret reference or evidence with id {target} (see `mirror search`, `mirror issues`)")


def _decided(as_json: bool, decisions: list[Decision]) -> None:
    emit(
        as_json,
        {"decisions": [json.loads(d.to_json()) for d in decisions], "applies_on": "the next `mirror run`"},
        lambda p: (
            "\n".join(f"recorded {d['action']} {d['target']} ({d['decision_id']})" for d in p["decisions"])
            + "\nit applies on the next `mirror run`"
        ),
    )


@main.command()
@click.argument("target")
@click.option("--vault", default=None, help="A secret reference: where the secret is kept (a manager, a safe).")
@click.option("--hint", default=None, help="A secret reference: a hint that locates it (never rebuilds it).")
@command
def confirm(home: Home, as_json: bool, target: str, vault: str | None, hint: str | None) -> None:
    """Confirm a memory (or a secret reference, with where it is kept)."""
    _require_home(home)
    kind = _known_target(home, target)
    fields: dict[str, Any] = {}
    if kind == "secret_reference":
        fields = _vault_fields(vault, hint)
    elif vault or hint:
        raise Failure("--vault and --hint are for secret references only")
    elif kind == "memory":
        memory = _memory(home, target)
        if memory is not None:
            fields["object_key"] = value_key(memory["object"])
    action = Action.SET_VAULT if fields.get("vault") or fields.get("hint") else Action.CONFIRM
    d = new_decision(action, target, _now(), **fields)
    _record(home, [d])
    _decided(as_json, [d])


def _vault_fields(vault: str | None, hint: str | None) -> dict[str, Any]:
    from mirror_pipeline.core.screening.hints import HintRefused, checked_hint

    fields: dict[str, Any] = {}
    if vault:
        fields["vault"] = _screened(vault.strip())
    if hint:
        try:
            fields["hint"] = checked_hint(hint)
        except HintRefused as err:
            raise Failure(str(err)) from None
    return fields


@main.command()
@click.argument("target")
@command
def reject(home: Home, as_json: bool, target: str) -> None:
    """Say a memory is wrong: it is kept as history, never served."""
    _require_home(home)
    kind = _known_target(home, target)
    memory = _memory(home, target) if kind == "memory" else None
    fields = {"object_key": value_key(memory["object"])} if memory else {}
    d = new_decision(Action.REJECT, target, _now(), **fields)
    _record(home, [d])
    _decided(as_json, [d])


def _archive_decision(home: Home, target: str, action: Action) -> Decision:
    memory = _memory(home, target)
    if memory is None:
        raise Failure(f"no current memory with id {target} (see `mirror search`)")
    if action is Action.ARCHIVE and memory["state"] == "archived":
        raise Failure(f"{target} is archived already (`mirror keep {target}` brings it back)")
    return new_decision(action, target, _now(), object_key=value_key(memory["object"]))


@main.command()
@click.argument("target")
@command
def archive(home: Home, as_json: bool, target: str) -> None:
    """Archive a memory (what the monthly review proposes): it leaves the default context, search still finds it,
    labelled archived. Said again later, it comes back."""
    _require_home(home)
    d = _archive_decision(home, target, Action.ARCHIVE)
    _record(home, [d])
    _decided(as_json, [d])


@main.command()
@click.argument("target")
@command
def keep(home: Home, as_json: bool, target: str) -> None:
    """Keep a memory the monthly review proposed to archive (not proposed again until unused for
    `policy.archive_after_days`); on an archived memory, bring it back."""
    _require_home(home)
    d = _archive_decision(home, target, Action.KEEP)
    _record(home, [d])
    _decided(as_json, [d])


@main.command()
@click.argument("target")
@click.option("--text", required=True, help="The right wording.")
@command
def edit(home: Home, as_json: bool, target: str, text: str) -> None:
    """Correct a memory: a new version that supersedes the old one (who and when recorded)."""
    _require_home(home)
    memory = _memory(home, target)
    if memory is None:
        raise Failure(f"no current memory with id {target}")
    clean = _screened(text).strip()
    if not clean:
        raise Failure("the new text is empty")
    d = new_decision(Action.EDIT, target, _now(), text=clean, object_key=value_key(memory["object"]))
    _record(home, [d])
    _decided(as_json, [d])


@main.command()
@click.argument("target")
@click.option("--evidence", "with_evidence", is_flag=True, help="Forget the words it came from too (inbox copy).")
@command
def forget(home: Home, as_json: bool, target: str, with_evidence: bool) -> None:
    """Forget a memory (or an evidence row): on the next run its content leaves every table, index, snapshot,
    cache and review; a content-free tombstone stays. --evidence: its evidence too, inbox copy included."""
    _require_home(home)
    kind = _known_target(home, target)
    now = _now()
    decisions: list[Decision] = []
    if kind == "evidence":
        decisions.append(new_decision(Action.FORGET_EVIDENCE, target, now))
    else:
        decisions.append(new_decision(Action.FORGET, target, now))
        if with_evidence:
            evidence_ids = _evidence_of(home, target)
            decisions += [new_decision(Action.FORGET_EVIDENCE, e, now) for e in evidence_ids]
    _record(home, decisions)
    _decided(as_json, decisions)
    if kind != "evidence" and not with_evidence and not as_json and (kept := _evidence_of(home, target)):
        # REVIEW-16: the person's own words stay searchable (`mirror search`, an agent's search) unless forgotten too
        click.echo(
            f"its evidence ({', '.join(kept)}) stays searchable as said; "
            f"to remove those words too: `mirror forget {target} --evidence`"
        )


def _evidence_of(home: Home, memory_id: str) -> list[str]:
    memory = _memory(home, memory_id)
    if memory is not None:
        return list(memory["evidence_ids"])
    rows = _warehouse_rows(home, "select evidence_ids from memory_versions where memory_id = ?", [memory_id])
    return sorted({e for (ids,) in rows for e in ids})


def _issue(home: Home, issue_id: str) -> dict[str, Any]:
    issue = next((i for i in _served_or_empty(home, "open_issues") if i["issue_id"] == issue_id), None)
    if issue is None:
        raise Failure(f"no open issue {issue_id} (see `mirror issues`)")
    return issue


def answer(
    home: Home,
    issue: dict[str, Any],
    *,
    choose: int | None = None,
    dismiss: bool = False,
    later: bool = False,
    text: str | None = None,
    vault: str | None = None,
    hint: str | None = None,
    memory: str | None = None,
) -> Decision:
    """The decision that answers an issue. A choice records what its option does (so it applies even if the
    question's wording or id changes after re-extraction) and what the question rested on."""
    now = _now()
    if dismiss:
        return new_decision(Action.DISMISS, issue["issue_id"], now)
    if later:
        return new_decision(Action.LATER, issue["issue_id"], now, evidence_key=issue.get("evidence_key"))
    choices = list(issue.get("choices") or [])
    if choose is None or not 1 <= choose <= len(choices):
        raise Failure(f"--choose takes 1 to {len(choices)} for issue {issue['issue_id']}")
    effect = choices[choose - 1]
    memory_ids = list(issue["memory_ids"])
    if effect == "later":
        return new_decision(Action.LATER, issue["issue_id"], now, evidence_key=issue.get("evidence_key"))
    served = {m["memory_id"]: m for m in _served_or_empty(home, "memories")}
    keys = {m: value_key(served[m]["object"]) for m in memory_ids if m in served}
    fields: dict[str, Any] = {"choice": choose, "evidence_key": issue.get("evidence_key")}
    if effect == "edit":
        if not text or not _screened(text).strip():
            raise Failure("this option corrects the memory: give the right wording with --text")
        fields["text"] = _screened(text).strip()
        memory_ids = [_edited_memory(issue, memory)]  # one question on three memories: the edit is of one of them
    if effect == "reject" and len(memory_ids) > 1:
        memory_ids = _rejected_memories(issue, memory)  # "two of the five are wrong": those two, never all five
    if effect == "set_vault":
        fields |= _vault_fields(vault, hint)
        if not fields.get("vault") and not fields.get("hint"):
            raise Failure("this option records where the secret is kept: give --vault (and maybe --hint)")
        if len(memory_ids) > 1:  # a question about several secrets of one kind: kept in the same place
            fields["extra"] = {"memory_ids": memory_ids[1:]}
        return new_decision(Action.SET_VAULT, memory_ids[0], now, **fields)
    extra = {"effect": effect, "memory_ids": memory_ids, "object_keys": {m: keys[m] for m in memory_ids if m in keys}}
    return new_decision(Action.CHOOSE, issue["issue_id"], now, extra=extra, **fields)


def _named(ids: list[str], memory: str) -> str | None:
    """One memory of a question named by its id or its place in the question (2 for the second 「…」)."""
    if memory in ids:
        return memory
    if memory.isdigit() and 1 <= int(memory) <= len(ids):
        return ids[int(memory) - 1]
    return None


def _edited_memory(issue: dict[str, Any], memory: str | None) -> str:
    """The one memory an edit answer corrects: the question's only one, else the one named."""
    ids = list(issue["memory_ids"])
    if memory is None and len(ids) == 1:
        return ids[0]
    if memory and (named := _named(ids, memory)):
        return named
    raise Failure(
        f"issue {issue['issue_id']} asks about {len(ids)} memories: an edit corrects one, name it with --memory"
        f" (1 to {len(ids)}, or one of {', '.join(ids)})"
    )


def _rejected_memories(issue: dict[str, Any], memory: str | None) -> list[str]:
    """The memories a "not right" answer to a question about several rejects: the ones named ("1,3", "2 5", ids;
    "all" / 全部 for every one); the others stay asked."""
    ids = list(issue["memory_ids"])
    words = [w for w in re.split(r"[\s,，、;；]+", (memory or "").strip()) if w]
    if words and all(w.lower() in ("all", "a", "全部", "都不对") for w in words):
        return ids
    named = [_named(ids, w) for w in words]
    if not named or None in named:
        raise Failure(
            f"issue {issue['issue_id']} asks about {len(ids)} memories: say which are wrong with --memory"
            f" (numbers 1 to {len(ids)} or ids, e.g. --memory 1,3; --memory all for every one)"
        )
    return list(dict.fromkeys(m for m in named if m))


@main.command()
@click.argument("issue_id")
@click.option("--choose", type=int, default=None, help="The option's number (1-based).")
@click.option("--dismiss", is_flag=True, help="Not a real question: nothing changes, it is not asked again.")
@click.option("--later", is_flag=True, help="Ask again only when something new bears on it.")
@click.option("--text", default=None, help="With an 'edit' option: the right wording.")
@click.option("--vault", default=None, help="With a secret reference: where it is kept.")
@click.option("--hint", default=None, help="With a secret reference: a hint that locates it.")
@click.option(
    "--memory",
    default=None,
    help="On a question about several: the one an 'edit' corrects (id or N), the ones a 'reject' says are wrong"
    " (N,M or ids; all).",
)
@command
def resolve(
    home: Home,
    as_json: bool,
    issue_id: str,
    choose: int | None,
    dismiss: bool,
    later: bool,
    text: str | None,
    vault: str | None,
    hint: str | None,
    memory: str | None,
) -> None:
    """Answer an issue: --choose N, --dismiss or --later."""
    _require_home(home)
    if sum([choose is not None, dismiss, later]) != 1:
        raise Failure("give exactly one of --choose N, --dismiss, --later")
    d = answer(
        home,
        _issue(home, issue_id),
        choose=choose,
        dismiss=dismiss,
        later=later,
        text=text,
        vault=vault,
        hint=hint,
        memory=memory,
    )
    _record(home, [d])
    _decided(as_json, [d])


class Keys:
    """One keypress per answer: from the terminal when there is one, else the next non-blank character of stdin (a
    test drives it with a string)."""

    def __init__(self) -> None:
        self.tty = sys.stdin.isatty()

    def key(self) -> str:
        if self.tty:
            return click.getchar()
        while True:
            ch = sys.stdin.read(1)
            if ch == "":
                return "q"
            if not ch.isspace():
                return ch

    def line(self, prompt: str) -> str:
        click.echo(prompt, nl=False, err=True)
        if self.tty:
            return input()
        return sys.stdin.readline().strip() or sys.stdin.readline().strip()


def _answered_since_snapshot(home: Home) -> set[str]:
    """Issues and memories decided on after the served snapshot was made: not asked again before the next run."""
    meta = _served_or_empty(home, "snapshot_meta")
    published = meta[0]["published_at"] if meta else None
    done: set[str] = set()
    for d in store.read_all(home.decisions).decisions:
        if published is None or d.at > published:
            done |= {d.target, *(d.extra.get("memory_ids") or [])}
    return done


def _ordered_questions(home: Home) -> list[dict[str, Any]]:
    done = _answered_since_snapshot(home)
    issues = [
        i
        for i in _served_or_empty(home, "open_issues")
        if i["status"] == "open" and i["issue_id"] not in done and not set(i["memory_ids"]) & done
    ]
    return review_core.in_asking_order(issues)


@main.command()
@click.option("--max", "limit", type=click.IntRange(min=1), default=None, help="At most this many questions.")
@click.option("--run/--no-run", "run_after", default=None, help="Run the pipeline at the end (default: ask).")
@command
def review(home: Home, as_json: bool, limit: int | None, run_after: bool | None) -> None:
    """Walk the open questions, most pressing first: one key per answer (the option's number; l = later,
    d = dismiss, s = skip, q = quit). At most `policy.max_questions_per_review` (mirror.yaml) at a time."""
    _require_home(home)
    policy = policy_from_config(home.config.get("policy"))
    budget = limit or policy.max_questions_per_review
    questions = _ordered_questions(home)[:budget]
    keys = Keys()
    out = sys.stderr if as_json else sys.stdout
    answered: list[Decision] = []
    zone_set, stopped, zone_asked = _ask_zone(home, keys, out, answered)
    asked = int(zone_asked)  # the zone question is a question too (REVIEW-20 #8)
    for n, issue in enumerate([] if stopped else questions, start=1):
        asked += 1
        click.echo(f"\n[{n}/{len(questions)}] {issue['question']}", file=out)
        for i, option in enumerate(issue["options"], start=1):
            click.echo(f"  {i}) {option}", file=out)
        zh = issue.get("language") == "zh"
        click.echo(
            "  (l 以后再说 · d 不是问题 · s 跳过 · q 退出)" if zh else "  (l later · d dismiss · s skip · q quit)",
            file=out,
        )
        key = keys.key()
        if key == "q":
            stopped = True
            break
        if key == "s":
            continue
        try:
            if key == "l":
                d = answer(home, issue, later=True)
            elif key == "d":
                d = answer(home, issue, dismiss=True)
            elif key.isdigit():
                choice = int(key)
                effect = (
                    (issue.get("choices") or [None] * 99)[choice - 1] if 1 <= choice <= len(issue["options"]) else None
                )
                text = vault = memory = None
                if effect == "edit" and len(issue["memory_ids"]) > 1:
                    memory = _which_memory(home, issue, keys, out)
                if effect == "reject" and len(issue["memory_ids"]) > 1:
                    memory = _which_memory(home, issue, keys, out, several=True)
                if effect == "edit":
                    text = keys.line("改成：" if zh else "new wording: ")
                if effect == "set_vault":
                    vault = keys.line("保存在哪里：" if zh else "where is it kept: ")
                d = answer(home, issue, choose=choice, text=text, vault=vault, memory=memory)
            else:
                click.echo(f"  ? {key!r}: skipped", file=out)
                continue
        except Failure as err:
            click.echo(f"  {err.format_message()}: " + ("跳过" if zh else "skipped"), file=out)
            continue
        _record(home, [d])  # each answer is durable as soon as it is given
        answered.append(d)
    proposals = [] if stopped else archive_proposals_now(home, policy)[: max(0, budget - len(questions))]
    for n, proposal in enumerate(proposals, start=1):
        question, options, lang = review_core.archive_question(proposal)
        click.echo(f"\n[{n}/{len(proposals)}] {question}", file=out)
        for i, option in enumerate(options, start=1):
            click.echo(f"  {i}) {option}", file=out)
        click.echo("  (s 跳过 · q 退出)" if lang == "zh" else "  (s skip · q quit)", file=out)
        asked += 1
        key = keys.key()
        if key == "q":
            break
        if key not in ("1", "2"):
            continue
        action = Action.ARCHIVE if key == "1" else Action.KEEP
        d = new_decision(action, proposal["memory_id"], _now(), object_key=value_key(proposal["object"]))
        _record(home, [d])
        answered.append(d)
    ran = None
    answered_any = answered or zone_set
    if answered_any and run_after is None and keys.tty:
        run_after = click.confirm(
            "现在运行一次来应用你的回答？ / Run the pipeline now to apply your answers?", default=True, err=True
        )
    if answered_any and run_after:
        from mirror_pipeline.cli.pipeline import run_pipeline

        result = run_pipeline(home)
        ran = {"run_id": result.run_id, "success": result.success}
    emit(
        as_json,
        {
            "asked": asked,  # the questions shown before the person quit (the zone's and archive proposals too)
            "archive_proposals": len(proposals),
            "answered": [json.loads(d.to_json()) for d in answered],
            "timezone_set": zone_set,
            "still_open": len(_ordered_questions(home)) if stopped else None,
            "run": ran,
        },
        lambda p: (
            f"\n{len(p['answered'])} answer(s) recorded of {p['asked']} question(s)"
            + (f"; {p['still_open']} still open (`mirror review` again)" if p["still_open"] else "")
            + (f"; time zone set to {p['timezone_set']}" if p["timezone_set"] else "")
            + (
                f"; run {'succeeded' if p['run']['success'] else 'failed'}"
                if p["run"]
                else ("; they apply on the next `mirror run`" if p["answered"] or p["timezone_set"] else "")
            )
        ),
    )


def _written_in(home: Home) -> dict[str, int]:
    """How many served records say which zone they were written in (Day One's `timeZone`), by zone."""
    import polars as pl

    try:
        zones = _snapshot(home).table("evidence", columns=["source_timezone"])["source_timezone"]
    except (Failure, pl.exceptions.ColumnNotFoundError):
        return {}
    counts = zones.drop_nulls().value_counts()
    named = dict(zip(*(counts[c].to_list() for c in counts.columns), strict=True))
    return review_core.zones_written(named, _inbox_offsets(home))


def _inbox_offsets(home: Home) -> Counter[int]:
    """The offsets from UTC the inbox's Telegram and Claude records were written at (`formats.OFFSETS`), read for
    the zone question only (REVIEW-19 #7): no message is dated by them. A file that cannot be read says nothing."""
    from mirror_pipeline.adapters.formats import OFFSETS

    found: Counter[int] = Counter()
    for fmt, offsets in OFFSETS.items():
        for path in sorted((home.inbox / fmt).glob("*.json")):
            with contextlib.suppress(Exception):  # the run refuses such a file with its reason; no question here
                found += offsets(path.read_text(encoding="utf-8"))
    return found


def _ask_zone(home: Home, keys: Keys, out: Any, answered: list[Decision]) -> tuple[str | None, bool, bool]:
    """The home's time zone, asked first when it is UTC and the imports say another (REVIEW-18 #3): a wrong zone
    moves the day of every message that carries none. (the zone set or None, whether the person quit, whether it
    was asked)."""
    from mirror_pipeline.adapters.home import is_utc
    from mirror_pipeline.cli.capture import home_language, set_timezone

    home_zone = str(home.config.get("timezone") or "UTC")
    if not is_utc(home_zone):
        return None, False, False
    kept = frozenset(
        d.target.removeprefix("zone:")
        for d in store.read_all(home.decisions).decisions
        if d.action is Action.DISMISS and d.target.startswith("zone:")
    )
    lang = str(home_language(home, None))
    asked = review_core.zone_question(home_zone, _written_in(home), kept, lang)
    if asked is None:
        return None, False, False
    zone, question, options = asked
    click.echo(f"\n[{'时区' if lang == 'zh' else 'time zone'}] {question}", file=out)
    for i, option in enumerate(options, start=1):
        click.echo(f"  {i}) {option}", file=out)
    click.echo("  (s 跳过 · q 退出)" if lang == "zh" else "  (s skip · q quit)", file=out)
    key = keys.key()
    effect = dict(zip("123", review_core.ZONE_CHOICES, strict=True)).get(key)
    if effect == "set_timezone":
        set_timezone(home, zone)
        click.echo(f"  {'时区已设为' if lang == 'zh' else 'time zone set to'} {zone}", file=out)
        return zone, False, True
    if effect == "keep":
        d = new_decision(Action.DISMISS, f"zone:{zone}", _now())
        _record(home, [d])
        answered.append(d)
    return None, key == "q", True


def archive_proposals_now(home: Home, policy: Any) -> list[dict[str, Any]]:
    """What the monthly review proposes to archive, as of now, from the served snapshot (the same rule): memories
    not said, confirmed, kept nor used for `policy.archive_after_days`; none decided on since the snapshot."""
    from mirror_pipeline.adapters.accesses import fold
    from mirror_pipeline.core.lifecycle import last_kept

    memories = _served_or_empty(home, "memories")
    if not memories:
        return []
    import polars as pl

    wanted = sorted({e for m in memories for e in m["evidence_ids"]})
    try:  # two columns of what may be a large table
        evidence = _snapshot(home).table("evidence").select("evidence_id", "timestamp")
    except (Failure, FileNotFoundError):
        return []
    cited = evidence.filter(pl.col("evidence_id").is_in(pl.Series(wanted, dtype=pl.String).implode()))
    said = dict(zip(cited["evidence_id"].to_list(), cited["timestamp"].to_list(), strict=True))
    mentioned: dict[str, datetime] = {}
    for m in memories:
        times = [said[e] for e in m["evidence_ids"] if said.get(e) is not None]
        if times:
            mentioned[m["memory_id"]] = max(times)
    decisions = store.read_all(home.decisions).decisions
    done = _answered_since_snapshot(home)
    used = {r["memory_id"]: r["last_accessed_at"] for r in fold(home.audit / "accesses.jsonl").iter_rows(named=True)}
    kept = last_kept(decisions)
    proposals = review_core.archive_proposals(memories, _now(), policy.archive_after_days, mentioned, used, kept)
    return [p for p in proposals if p["memory_id"] not in done]


def _which_memory(home: Home, issue: dict[str, Any], keys: Keys, out: Any, several: bool = False) -> str:
    """An edit on a question about several memories: which one (its number); a "not right": which ones (their
    numbers on one line). The others stay asked."""
    served = {m["memory_id"]: m for m in _served_or_empty(home, "memories")}
    zh = issue.get("language") == "zh"
    if several:
        click.echo("  哪几条不对？" if zh else "  which ones are wrong?", file=out)
    else:
        click.echo("  改哪一条？" if zh else "  which one?", file=out)
    for i, m in enumerate(issue["memory_ids"], start=1):
        click.echo(f"    {i}) {(served.get(m) or {}).get('content_text', m)}", file=out)
    if several:
        return keys.line("  编号（如 1 3；a = 全部）: " if zh else "  numbers (e.g. 1 3; a = all): ")
    count = len(issue["memory_ids"])
    for _ in range(3):  # a slip of the key is asked again, in the question's language (REVIEW-16)
        key = keys.key()
        if key == "q" or (key.isdigit() and 1 <= int(key) <= count):
            return key
        click.echo(f"  请按 1 到 {count} 的编号" if zh else f"  a number from 1 to {count}, please", file=out)
    return key


def _warehouse_rows(home: Home, sql: str, params: list[Any]) -> list[tuple]:
    """A read of the pipeline's history (every version, decision outcomes), read-only; empty while a run holds it."""
    import duckdb

    path = Path(home.warehouse)
    if not path.exists():
        return []
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error:
        return []
    try:
        return con.execute(sql, params).fetchall()
    except duckdb.Error:
        return []
    finally:
        con.close()


def _rows(home: Home, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    import duckdb

    path = Path(home.warehouse)
    if not path.exists():
        return []
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error:
        return []
    try:
        cur = con.execute(sql, params)
        names = [c[0] for c in cur.description]
        return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
    except duckdb.Error:
        return []
    finally:
        con.close()


def _accesses(home: Home, memory_id: str) -> list[dict[str, Any]]:
    path = home.audit / "accesses.jsonl"
    if not path.exists():
        return []
    out = []
    with path.open(encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            if memory_id in entry.get("memory_ids", []):
                at = entry.get("at")
                out.append({"at": at, "local_at": local_minute(at, home.timezone), "task": entry.get("task")})
    return out


def _made_by(d: Decision) -> str:
    """What a decision did to a memory's wording: an edit (`mirror edit`, or a question's "edit" option), else its
    action."""
    return str(Action.EDIT) if d.action is Action.EDIT or d.extra.get("effect") == "edit" else str(d.action)


def _why_current(
    memory: dict[str, Any] | None,
    versions: list[dict[str, Any]],
    tz: tzinfo | None = None,
    actions: dict[str, str] | None = None,
) -> str:
    """Why the served version is the valid one, in the person's words. `actions`: each decision's action by id, to
    tell a version the person wrote (an edit) or chose (a conflict's account) from one they confirmed as it was."""
    if memory is None:
        return "not served: no current version (rejected, archived, forgotten or quarantined)"
    state, by = memory["state"], memory.get("confirmed_by")
    if state == "archived":
        return "archived at your word: out of the default context, still found by search (`mirror keep` brings it back)"
    if state == "confirmed" and by == "user":
        day = local_day(memory["last_confirmed_at"], tz)
        current = next((v for v in versions if v.get("is_current")), None) or {}
        made = (actions or {}).get(current.get("decision_id") or "") if current.get("changed_by") == "user" else None
        if made == str(Action.EDIT):  # REVIEW-20 #7: an edit was shown as "you confirmed it"
            return f"you edited it on {day}: your wording replaces version {current['version'] - 1}"
        if made is not None and current.get("supersedes"):
            return f"you chose this account on {day}: it replaces version {current['version'] - 1}"
        return f"you confirmed it on {day}"
    if state == "confirmed":
        return "confirmed automatically by the write policy (explicit and low risk); you have not confirmed it"
    if state == "conflicted":
        return "in conflict with another account: both are kept until you answer the question"
    if state == "stale":
        return "it may be out of date: not said again or confirmed for a long time"
    if len(versions) > 1:
        return "the latest account: earlier versions are superseded (see versions)"
    return "waiting for your confirmation"


@main.command()
@click.argument("memory_id")
@command
def show(home: Home, as_json: bool, memory_id: str) -> None:
    """Where a memory came from (evidence with locator and excerpt), when and how it was confirmed, its versions,
    its conflicts, why the current version is the valid one, and which tasks used it."""
    _require_home(home)
    memory = _memory(home, memory_id)
    versions = _rows(
        home,
        "select version_id, version, state, object, content_text, valid_time_start, valid_time_end, time_precision,"
        " time_expression, supersedes, is_current, confirmed_by, changed_by, decision_id, last_confirmed_at,"
        " created_at, updated_at, evidence_ids, state_path, labels from memory_versions where memory_id = ?"
        " order by version",
        [memory_id],
    )
    tomb = _rows(home, "select * from tombstones where target_id = ?", [memory_id])
    if memory is None and not versions and not tomb:
        if (ref := _secret_ref(home, memory_id)) is not None:
            emit(as_json, _secret_payload(home, ref), _secret_text)  # a secret reference: what, where, never a value
            return
        if evidence_rows := _served_evidence(home, [memory_id]):
            emit(as_json, _evidence_payload(home, evidence_rows[0]), _evidence_text)
            return
        # a question the run asks of the served snapshot itself (a withheld text, a review's) is served, not stored
        served_issue = [i for i in _served_or_empty(home, "open_issues") if i["issue_id"] == memory_id]
        if issue := _rows(home, "select * from memory_issues where issue_id = ?", [memory_id]) or served_issue:
            i = issue[0]
            payload = {k: i.get(k) for k in ("issue_id", "issue_type", "status", "question", "options", "memory_ids")}
            emit(
                as_json,
                payload,
                lambda p: (
                    f"question {p['issue_id']} [{p['status']}] {p['question']}\n"
                    + "\n".join(f"  {n}. {o}" for n, o in enumerate(p["options"] or [], 1))
                    + f"\nabout: {', '.join(p['memory_ids'] or [])}"
                ),
            )
            return
        raise Failure(
            f"no memory, evidence, question or secret reference with id {memory_id} (see `mirror search`, "
            "`mirror issues`, `mirror secrets`)"
        )
    evidence_ids = sorted(
        {e for v in versions for e in (v["evidence_ids"] or [])} | set((memory or {}).get("evidence_ids") or [])
    )
    evidence = [
        {
            "id": e["evidence_id"],
            "file": e["file_path"],
            "locator": e["locator"],
            "timestamp": e["timestamp"],
            # the day on the source's own calendar (Day One's timeZone), else the home's, as every date printed
            "day": _source_time(e, home.timezone),
            "speaker": e["actor"],
            "excerpt": " ".join(e["raw_content"].split())[:160],
        }
        for e in _served_evidence(home, evidence_ids)
    ]
    all_decisions = store.read_all(home.decisions).decisions
    outcomes = {r["decision_id"]: r for r in _rows(home, "select * from decision_outcomes", [])}
    mine = [d for d in all_decisions if d.target == memory_id or memory_id in (d.extra.get("memory_ids") or [])]
    decisions = [
        {
            **json.loads(d.to_json()),
            "local_at": local_minute(d.at, home.timezone),  # on the home's clock, as the days printed beside it
            "applied": outcomes.get(d.decision_id, {}).get("applied"),
            "outcome": outcomes.get(d.decision_id, {}).get("note"),
        }
        for d in mine
    ]
    issues = [
        {
            "id": i["issue_id"],
            "type": i["issue_type"],
            "status": i["status"],
            "question": i["question"],
            "options": i["options"],
        }
        for i in _rows(home, "select * from memory_issues where list_contains(memory_ids, ?)", [memory_id])
    ]
    payload = {
        "id": memory_id,
        "memory": memory,
        "forgotten": bool(tomb),
        "versions": versions,
        "evidence": evidence,
        "decisions": decisions,
        "issues": issues,
        "why_current": _why_current(
            memory, versions, home.timezone, {d.decision_id: _made_by(d) for d in all_decisions}
        ),
        "accesses": _accesses(home, memory_id),
    }
    emit(as_json, payload, _show_text)


def _evidence_payload(home: Home, e: dict[str, Any]) -> dict[str, Any]:
    """A piece of evidence (what `search` returns beside memories): where it is, who said it, and the memories that
    rest on it; forgetting a memory leaves its evidence searchable, forgetting the evidence removes its words."""
    evidence_id = e["evidence_id"]
    resting = [
        {"id": m["memory_id"], "state": m["state"], "text": m["content_text"]}
        for m in _served_or_empty(home, "memories")
        if evidence_id in (m.get("evidence_ids") or [])
    ]
    return {
        "id": evidence_id,
        "evidence": {
            "file": e["file_path"],
            "locator": e["locator"],
            "timestamp": e["timestamp"],
            "local_at": _source_time(e, home.timezone, local_minute),
            "speaker": e["actor"],
            "excerpt": " ".join((e["raw_content"] or "").split())[:400],
        },
        "memories": resting,
        "forget_with": f"mirror forget {evidence_id} --evidence",
    }


def _evidence_text(p: dict[str, Any]) -> str:
    e = p["evidence"]
    lines = [f"evidence {p['id']}: {e['file']} @ {e['locator']} ({e['local_at'] or '?'}, {e['speaker']})"]
    lines.append(f"  {e['excerpt']}")
    lines.append("memories resting on it:" if p["memories"] else "no memory rests on it (it is searchable as said)")
    lines += [f"  {m['id']} [{m['state']}] {m['text']}" for m in p["memories"]]
    lines.append(f"to remove its words from every table and snapshot: `{p['forget_with']}`")
    return "\n".join(lines)


def _secret_payload(home: Home, ref: dict[str, Any]) -> dict[str, Any]:
    ref_id = ref["secret_ref_id"]
    keep = ("kind", "label", "hint", "vault", "state", "evidence_id", "created_at")
    evidence = [
        {
            "id": e["evidence_id"],
            "file": e["file_path"],
            "locator": e["locator"],
            "timestamp": e["timestamp"],
            # printed on the source's / the home's clock, not UTC's
            "local_at": _source_time(e, home.timezone, local_minute),
            "excerpt": " ".join((e["raw_content"] or "").split())[:160],
        }
        for e in _served_evidence(home, [ref["evidence_id"]])
    ]
    issues = [
        {"id": i["issue_id"], "status": i["status"], "question": i["question"], "options": i["options"]}
        for i in _rows(home, "select * from memory_issues where list_contains(memory_ids, ?)", [ref_id])
    ]
    return {"id": ref_id, "secret_reference": {k: ref.get(k) for k in keep}, "evidence": evidence, "issues": issues}


def _secret_text(p: dict[str, Any]) -> str:
    r = p["secret_reference"]
    lines = [f"secret reference {p['id']} ({r['kind']}, {r['state']}): the value is never stored, only where it is"]
    lines.append(f"  for: {r['label']}; kept in: {r['vault']}; hint: {r['hint'] or '-'}")
    lines.append("evidence:")
    lines += [
        f"  {e['id']} {e['file']} @ {e['locator']} ({e['local_at'] or '?'}): {e['excerpt']}" for e in p["evidence"]
    ]
    if p["issues"]:
        lines.append("questions:")
        lines += [f"  {i['id']} [{i['status']}] {i['question']}" for i in p["issues"]]
    return "\n".join(lines)


def _show_text(p: dict[str, Any]) -> str:
    lines = [f"memory {p['id']}"]
    if p["forgotten"]:
        lines.append("forgotten at your request: only this tombstone is left")
    m = p["memory"]
    if m:
        said_on = min((e["day"] for e in p["evidence"] if e.get("day")), default=None)
        when = timing.render(m, said_on)  # "planned for 2027-03 – 2027-05, said on 2026-03-02", "before 2026-03-02"
        by = f", {m['confirmed_by']}" if m.get("confirmed_by") else ""
        lines.append(f"  {m['content_text']}{when} [{m['state']}{by}]")
    lines.append(f"why this version: {p['why_current']}")
    lines.append("versions:")
    lines += [
        f"  v{v['version']} [{v['state']}] {v['content_text']}"
        + (f" (supersedes {v['supersedes']})" if v["supersedes"] else "")
        + (f" by {v['changed_by']}" if v["changed_by"] != "extractor" else "")
        for v in p["versions"]
    ]
    lines.append("evidence:")
    lines += [f"  {e['id']} {e['file']} @ {e['locator']} ({e['day'] or '?'}): {e['excerpt']}" for e in p["evidence"]]
    if p["decisions"]:
        lines.append("your decisions:")
        lines += [f"  {d['local_at']} {d['action']} -> {d.get('outcome') or 'not applied yet'}" for d in p["decisions"]]
    if p["issues"]:
        lines.append("questions:")
        lines += [f"  {i['id']} [{i['status']}] {i['question']}" for i in p["issues"]]
    lines.append(f"used by {len(p['accesses'])} task(s)")
    lines += [f"  {a['local_at']} {a['task']}" for a in p["accesses"][-5:]]
    return "\n".join(lines)
