"""Extractors behind one small interface: the offline rules (the default) and an optional LLM (instructor + litellm).

The LLM is turned on by a model name in mirror.yaml (`extraction: {model: "ollama/qwen2.5:7b"}`, or any model litellm
knows); the API base and key come from the environment, never from the home. litellm and instructor are imported
only when a model is actually asked, so the default offline path never loads them.

What reaches a model: only the user's own messages (nothing anyone else said can become a memory about the user),
already screened (secrets are placeholders), and not the ones marked restricted (they held a secret) unless the
person sets `send_restricted: true`. Every answer is cached by the evidence text's hash, the model and the prompt
version, so no text is sent twice and a rerun costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo
from typing import Any, Protocol

import duckdb
import polars as pl
from pydantic import ValidationError

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.contracts.tables import EVIDENCE, LLM_RESPONSES
from mirror_pipeline.core import extraction as rules
from mirror_pipeline.core.extraction import creole, others
from mirror_pipeline.core.llm_extraction import (
    EXTRACTOR,
    PROMPT_VERSION,
    ProposedCandidate,
    ProposedCandidates,
    extractor_version,
    ground,
    render_messages,
)
from mirror_pipeline.core.model import Evidence, MemoryCandidate, Sensitivity, Speaker
from mirror_pipeline.core.screening import PLACEHOLDER_RE, find_secrets, redact
from mirror_pipeline.errors import ConfigError, LlmError

API_BASE_ENV = "MIRROR_LLM_API_BASE"
API_KEY_ENV = "MIRROR_LLM_API_KEY"


class ExtractionConfigError(ConfigError):
    """mirror.yaml's `extraction` section cannot be used; the message names the file and the setting."""


class InvalidReply(LlmError):
    """The model's answer did not fit the response model, even after being asked again."""

    def __init__(self, message: str, prompt_tokens: int = 0, completion_tokens: int = 0) -> None:
        super().__init__(message)
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens


class LlmUnavailable(LlmError):
    """The model cannot be reached or refuses (auth, unknown model, rate limits that outlast the retries)."""


@dataclass(frozen=True)
class LlmSettings:
    model: str
    batch_size: int = 20
    max_batch_chars: int = 8000
    send_restricted: bool = False
    timeout_seconds: float = 120.0
    max_attempts: int = 6


_SETTINGS = frozenset("model llm_model batch_size max_batch_chars send_restricted timeout_seconds max_attempts".split())


def llm_settings(config: Mapping[str, Any], source: str = "mirror.yaml") -> LlmSettings | None:
    """The LLM settings of a home's config, or None when no model is named (the offline rules are used)."""
    section = config.get("extraction") or {}
    if not isinstance(section, Mapping):
        raise ExtractionConfigError(f"{source}: `extraction` must be a mapping (e.g. extraction: {{model: null}})")
    for secret_like in ("api_key", "api_base", "key", "token"):
        if secret_like in section:
            raise ExtractionConfigError(
                f"{source}: extraction.{secret_like} is not read from the home; set {API_KEY_ENV} / {API_BASE_ENV} "
                "(or the provider's own variable, e.g. OPENAI_API_KEY) in the environment"
            )
    unknown = sorted(set(section) - _SETTINGS)
    if unknown:
        raise ExtractionConfigError(f"{source}: unknown extraction setting(s) {', '.join(unknown)}")
    model = section.get("model") or section.get("llm_model")
    if model is None or model == "":
        return None
    if not isinstance(model, str) or not model.strip():
        raise ExtractionConfigError(
            f"{source}: extraction.model must be a litellm model name such as ollama/qwen2.5:7b"
        )
    values: dict[str, Any] = {}
    for name, kind, low, high in (
        ("batch_size", int, 1, 200),
        ("max_batch_chars", int, 200, 200_000),
        ("timeout_seconds", (int, float), 1, 3600),
        ("max_attempts", int, 1, 20),
    ):
        if section.get(name) is None:
            continue
        value = section[name]
        if isinstance(value, bool) or not isinstance(value, kind) or not low <= value <= high:
            raise ExtractionConfigError(f"{source}: extraction.{name} must be a number from {low} to {high}")
        values[name] = value
    restricted = section.get("send_restricted", False)
    if not isinstance(restricted, bool):
        raise ExtractionConfigError(f"{source}: extraction.send_restricted must be true or false")
    return LlmSettings(model=model.strip(), send_restricted=restricted, **values)


@dataclass
class Usage:
    """What the model cost on this run (answers read from the cache cost nothing)."""

    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    unpriced_calls: int = 0  # calls litellm has no price for (local models are free; unknown ones are counted here)


@dataclass
class Extraction:
    candidates: list[MemoryCandidate] = field(default_factory=list)
    read: list[str] = field(default_factory=list)  # evidence this extractor version is done with
    failed: list[str] = field(default_factory=list)  # "evidence_id (reason)": tried again on the next run
    skipped: Counter[str] = field(default_factory=Counter)  # read, but not interpreted (reason -> count)
    dropped: Counter[str] = field(default_factory=Counter)  # proposals refused (reason -> count)
    usage: Usage = field(default_factory=Usage)

    def llm_metadata(self) -> dict[str, object]:
        """What a run with a model reports: calls, cache hits, tokens, cost, and why things were left out."""
        u = self.usage

        def counts(counter: Counter[str]) -> str:
            return ", ".join(f"{k}: {v}" for k, v in sorted(counter.items())) or "none"

        return {
            "llm_calls": u.calls,
            "llm_cache_hits": u.cache_hits,
            "llm_prompt_tokens": u.prompt_tokens,
            "llm_completion_tokens": u.completion_tokens,
            "llm_total_tokens": u.prompt_tokens + u.completion_tokens,
            "llm_cost_usd": round(u.cost_usd, 6),
            "llm_unpriced_calls": u.unpriced_calls,
            "evidence_skipped": counts(self.skipped),
            "proposals_dropped": counts(self.dropped),
        }


@dataclass(frozen=True)
class CachedAnswer:
    cache_key: str
    content_hash: str
    model: str
    prompt_version: str
    status: str  # answered | invalid (the model could not answer this text in shape: not asked again)
    proposed: str  # JSON list of ProposedCandidate dicts
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    answered_at: datetime


class ResponseCache(Protocol):
    def get(self, keys: Collection[str]) -> dict[str, CachedAnswer]: ...

    def put(self, answers: Sequence[CachedAnswer]) -> None: ...


class Extractor(Protocol):
    """Reads evidence and proposes candidates; `version` names everything its output depends on."""

    name: str
    version: str

    def extract(self, evidence: Sequence[Evidence], tz: tzinfo, cache: ResponseCache) -> Extraction: ...


class RulesExtractor:
    """The offline, rule-based extractor (core/extraction.py): no model, no network, no cache needed."""

    name = rules.EXTRACTOR
    version = rules.EXTRACTOR_VERSION

    def extract(self, evidence: Sequence[Evidence], tz: tzinfo, cache: ResponseCache) -> Extraction:
        out = Extraction()
        before = previous_turns(evidence)
        voiced = creole_voices(evidence)
        # the names the person gives their people beside a kin word, in any message ("me wife anjali"): a later line
        # opening with the name alone is that person's
        people = others.known_names([e.raw_content for e in evidence if e.actor == "user"])
        for e in evidence:
            try:
                candidates = rules.extract(e, tz, before.get(e.evidence_id), e.file_path in voiced, people)
            except Exception as err:  # one message the rules trip on must not stop every later run
                out.failed.append(f"{e.evidence_id} ({type(err).__name__})")
                continue
            out.candidates.extend(candidates)
            out.read.append(e.evidence_id)
        return out


def creole_voices(evidence: Sequence[Evidence]) -> set[str]:
    """The exports (by file) whose user writes an English creole (`creole.writes_creole` of their messages read
    together): there one creole word in a message is evidence enough to read it through the creole."""
    by_file: dict[str, list[str]] = defaultdict(list)
    for e in evidence:
        if e.actor == "user":
            by_file[e.file_path].append(e.raw_content)
    return {path for path, texts in by_file.items() if creole.writes_creole(texts)}


def previous_turns(evidence: Sequence[Evidence]) -> dict[str, Evidence]:
    """Each user message's turn just before it in its conversation (same session, by time, then as given): where a
    pointer's thing may be named. Only among the evidence read together (a first message of a later import has none).
    One pass; a session is sorted only when its messages are not already in time order."""
    by_session: dict[str, list[Evidence]] = defaultdict(list)
    for e in evidence:
        by_session[e.session_id].append(e)
    out: dict[str, Evidence] = {}
    for turns in by_session.values():
        times = [e.timestamp.timestamp() if e.timestamp else float("-inf") for e in turns]
        if any(b < a for a, b in zip(times, times[1:], strict=False)):
            order = sorted(range(len(turns)), key=times.__getitem__)  # stable: ties keep the order given
            turns = [turns[i] for i in order]
        for prev, e in zip(turns, turns[1:], strict=False):
            if e.actor == "user":
                out[e.evidence_id] = prev
    return out


@dataclass(frozen=True)
class Reply:
    proposed: ProposedCandidates
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float | None  # None: litellm has no price for this model


class Gateway(Protocol):
    """One structured call to a model."""

    def complete(self, messages: list[dict[str, str]]) -> Reply: ...


def _chain(err: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _one_line(err: BaseException) -> str:
    """An error for a log line: its type and first line, screened (a provider may echo what it was sent)."""
    first = (str(err).strip().splitlines() or [""])[0][:200]
    return f"{type(err).__name__}: {redact(first, scope='llm-error').text}" if first else type(err).__name__


_NOT_TRANSIENT = ("Connection refused", "Missing credentials")


class LitellmGateway:
    """instructor over litellm in JSON mode (what local Ollama models and hosted providers all support).

    Rate limits, timeouts and unavailable services are retried with exponential backoff (honouring Retry-After);
    an answer that does not fit the response model is asked again by instructor (`validation_retries`) and then
    reported as InvalidReply; anything else (auth, unknown model) is LlmUnavailable at once."""

    def __init__(
        self,
        model: str,
        *,
        timeout_seconds: float = 120.0,
        max_attempts: int = 6,
        validation_retries: int = 2,
        base_delay: float = 2.0,
        max_delay: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.model = model
        self.timeout_seconds = timeout_seconds
        self.max_attempts = max_attempts
        self.validation_retries = validation_retries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.sleep = sleep
        env = os.environ if environ is None else environ
        self._extra = {k: env[v] for k, v in (("api_base", API_BASE_ENV), ("api_key", API_KEY_ENV)) if env.get(v)}
        self._client: Any = None
        self._litellm: Any = None

    def _connect(self) -> Any:
        if self._client is None:
            os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no cost-map download at import
            import instructor
            import litellm

            litellm.suppress_debug_info = True
            # litellm's own Ollama types trip a pydantic notice on first use: noise on the person's terminal
            warnings.filterwarnings("ignore", message=r".*`ReadOnly` qualifier", category=UserWarning)
            # instructor logs every failed attempt with the provider's text; the retries and the one reason
            # reported are this gateway's
            logging.getLogger("instructor").setLevel(logging.CRITICAL)
            self._litellm = litellm
            # looked up on every call, so a test's patch of litellm.completion is honoured
            self._client = instructor.from_litellm(lambda **kw: litellm.completion(**kw), mode=instructor.Mode.JSON)
        return self._client

    def _kind(self, err: BaseException) -> str:
        lm = self._litellm
        transient = (
            lm.RateLimitError,
            lm.Timeout,
            lm.APIConnectionError,
            lm.ServiceUnavailableError,
            lm.InternalServerError,
        )
        for e in _chain(err):
            if isinstance(e, lm.ContextWindowExceededError):
                return "too_long"
            if isinstance(e, transient):
                # nothing listens there, or no key is set: waiting will not change it
                return "fatal" if any(m in str(e) for m in _NOT_TRANSIENT) else "transient"
            if isinstance(e, lm.APIError | lm.AuthenticationError | lm.BadRequestError | lm.NotFoundError):
                return "fatal"
        if any(isinstance(e, ValidationError | json.JSONDecodeError) for e in _chain(err)):
            return "invalid"
        return "invalid" if type(err).__name__ == "InstructorRetryException" else "fatal"

    def _delay(self, attempt: int, err: BaseException) -> float:
        for e in _chain(err):
            headers = getattr(getattr(e, "response", None), "headers", None) or {}
            try:
                after = float(headers.get("retry-after", ""))
            except (TypeError, ValueError, AttributeError):
                continue
            return min(max(after, 0.0), self.max_delay)
        return min(self.base_delay * 2 ** (attempt - 1) * (1 + random.uniform(0, 0.25)), self.max_delay)

    def complete(self, messages: list[dict[str, str]]) -> Reply:
        client = self._connect()
        for attempt in range(1, self.max_attempts + 1):
            try:
                proposed, raw = client.chat.completions.create_with_completion(
                    model=self.model,
                    messages=messages,
                    response_model=ProposedCandidates,
                    max_retries=self.validation_retries,
                    timeout=self.timeout_seconds,
                    **self._extra,
                )
            except Exception as err:
                kind = self._kind(err)
                if kind in ("invalid", "too_long"):
                    used = getattr(err, "total_usage", None)
                    raise InvalidReply(
                        f"{self.model}: {kind}",
                        int(getattr(used, "prompt_tokens", 0) or 0),
                        int(getattr(used, "completion_tokens", 0) or 0),
                    ) from None
                if kind == "transient" and attempt < self.max_attempts:
                    self.sleep(self._delay(attempt, err))
                    continue
                cause = next((e for e in _chain(err) if type(e).__module__.startswith("litellm")), err)
                tries = f" after {attempt} attempt(s)" if kind == "transient" else ""
                raise LlmUnavailable(f"model {self.model}{tries}: {_one_line(cause)}") from None
            usage = getattr(raw, "usage", None)
            try:
                cost: float | None = float(self._litellm.completion_cost(completion_response=raw))
            except Exception:  # a model litellm has no price for
                cost = None
            return Reply(
                proposed,
                int(getattr(usage, "prompt_tokens", 0) or 0),
                int(getattr(usage, "completion_tokens", 0) or 0),
                cost,
            )
        raise AssertionError("unreachable: the loop returns or raises")


def cache_key(content_hash: str, model: str, prompt_version: str = PROMPT_VERSION) -> str:
    # hex, as before ids were minted in letters (core/ids.py): a cache key is never screened, and the answers already
    # cached stay found
    digest = hashlib.sha256("\x1f".join((content_hash, model, prompt_version)).encode("utf-8")).hexdigest()
    return f"llm_{digest[:16]}"


def _shares(total: int, weights: Sequence[int]) -> list[int]:
    """`total` split in proportion to `weights`, in whole units that add up to `total`."""
    whole = sum(weights) or 1
    parts = [total * w // whole for w in weights]
    parts[-1] += total - sum(parts)
    return parts


def _looks_secret(c: ProposedCandidate) -> bool:
    values = (c.subject, c.predicate, c.object, c.content_text, c.time_expression or "")
    return any(find_secrets(v) or PLACEHOLDER_RE.search(v) for v in values)


class LlmExtractor:
    """Candidates proposed by a model and kept only when grounded in the evidence (core/llm_extraction.py)."""

    name = EXTRACTOR

    def __init__(
        self,
        settings: LlmSettings,
        gateway: Gateway | None = None,
        *,
        user_names: Sequence[str] = (),
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        with_rules: bool = False,
    ) -> None:
        self.settings = settings
        self.version = extractor_version(settings.model, send_restricted=settings.send_restricted)
        # the model's candidates beside the rules' (each keeps its extractor), not instead of them
        self.rules = RulesExtractor() if with_rules else None
        if self.rules is not None:
            self.version += f"+{self.rules.version}"
        self.gateway = gateway or LitellmGateway(
            settings.model, timeout_seconds=settings.timeout_seconds, max_attempts=settings.max_attempts
        )
        self.user_names = tuple(user_names)
        self.clock = clock

    def _key(self, e: Evidence) -> str:
        return cache_key(e.content_hash, self.settings.model)

    def _batches(self, items: Sequence[Evidence]) -> Iterator[list[Evidence]]:
        batch: list[Evidence] = []
        chars = 0
        for e in items:
            size = len(e.raw_content)
            if batch and (len(batch) >= self.settings.batch_size or chars + size > self.settings.max_batch_chars):
                yield batch
                batch, chars = [], 0
            batch.append(e)
            chars += size
        if batch:
            yield batch

    def _answers(
        self, batch: Sequence[Evidence], by_message: Mapping[int, list[ProposedCandidate]], reply: Reply, status: str
    ) -> list[CachedAnswer]:
        weights = [len(e.raw_content) + 1 for e in batch]
        prompt, completion = _shares(reply.prompt_tokens, weights), _shares(reply.completion_tokens, weights)
        cost = reply.cost_usd or 0.0
        now = self.clock()
        return [
            CachedAnswer(
                cache_key=self._key(e),
                content_hash=e.content_hash,
                model=self.settings.model,
                prompt_version=PROMPT_VERSION,
                status=status,
                proposed=json.dumps(
                    [c.model_dump(mode="json") | {"message": 1} for c in by_message.get(n, [])], ensure_ascii=False
                ),
                prompt_tokens=prompt[n - 1],
                completion_tokens=completion[n - 1],
                cost_usd=cost * weights[n - 1] / sum(weights),
                answered_at=now,
            )
            for n, e in enumerate(batch, start=1)
        ]

    def _ask(self, batch: list[Evidence], tz: tzinfo, out: Extraction) -> list[CachedAnswer]:
        """One call for the batch; an answer that does not fit is split in halves down to single messages."""
        out.usage.calls += 1
        try:
            reply = self.gateway.complete(render_messages(batch, tz))
        except InvalidReply as err:
            out.usage.prompt_tokens += err.prompt_tokens
            out.usage.completion_tokens += err.completion_tokens
            if len(batch) > 1:
                mid = len(batch) // 2
                return self._ask(batch[:mid], tz, out) + self._ask(batch[mid:], tz, out)
            spent = Reply(ProposedCandidates(), err.prompt_tokens, err.completion_tokens, 0.0)
            return self._answers(batch, {}, spent, "invalid")
        out.usage.prompt_tokens += reply.prompt_tokens
        out.usage.completion_tokens += reply.completion_tokens
        if reply.cost_usd is None:
            out.usage.unpriced_calls += 1
        else:
            out.usage.cost_usd += reply.cost_usd
        by_message: dict[int, list[ProposedCandidate]] = defaultdict(list)
        for c in reply.proposed.candidates:
            if not 1 <= c.message <= len(batch):
                out.dropped["unknown_message"] += 1
            elif _looks_secret(c):
                out.dropped["secret_in_answer"] += 1  # never stored, not even in the cache
            else:
                by_message[c.message].append(c)
        return self._answers(batch, by_message, reply, "answered")

    def extract(self, evidence: Sequence[Evidence], tz: tzinfo, cache: ResponseCache) -> Extraction:
        out = Extraction()
        sendable: list[Evidence] = []
        for e in evidence:
            if e.actor != Speaker.USER:
                out.skipped["not_the_users_words"] += 1
            elif not e.raw_content.strip():
                out.skipped["empty"] += 1
            elif e.sensitivity is Sensitivity.RESTRICTED and not self.settings.send_restricted:
                out.skipped["restricted"] += 1
            else:
                sendable.append(e)
                continue
            out.read.append(e.evidence_id)
        answers = cache.get({self._key(e) for e in sendable})
        out.usage.cache_hits = sum(1 for e in sendable if self._key(e) in answers)
        unique: dict[str, Evidence] = {}
        for e in sendable:
            if self._key(e) not in answers:
                unique.setdefault(self._key(e), e)  # the same text twice is asked once
        for batch in self._batches(list(unique.values())):
            fresh = self._ask(batch, tz, out)
            cache.put(fresh)  # at once: an interrupted run keeps what it has paid for
            answers.update({a.cache_key: a for a in fresh})
        for e in sendable:
            answer = answers[self._key(e)]
            if answer.status == "invalid":
                out.skipped["model_answer_invalid"] += 1
                out.read.append(e.evidence_id)
                continue
            try:
                proposed = [ProposedCandidate.model_validate(d) for d in json.loads(answer.proposed)]
            except (ValueError, ValidationError):
                out.failed.append(f"{e.evidence_id} (unreadable cached answer)")
                continue
            grounded = ground(proposed, e, version=self.version, tz=tz, user_names=self.user_names)
            out.candidates.extend(grounded.candidates)
            out.dropped.update(grounded.dropped)
            out.read.append(e.evidence_id)
        if self.rules is not None:
            ruled = self.rules.extract(evidence, tz, cache)
            # one version for the run's candidates (the asset keeps only the current version's), each its extractor
            out.candidates.extend(replace(c, extractor_version=self.version) for c in ruled.candidates)
            out.failed.extend(f for f in ruled.failed if f not in out.failed)
        return out


def extractor_for(config: Mapping[str, Any], source: str = "mirror.yaml") -> Extractor:
    """The extractor a home's config asks for: the offline rules unless a model is named."""
    settings = llm_settings(config, source)
    if settings is None:
        return RulesExtractor()
    user = config.get("user") or {}
    names = [user.get("name") or "", *(user.get("aliases") or [])] if isinstance(user, Mapping) else []
    return LlmExtractor(settings, user_names=[n for n in names if isinstance(n, str) and n], with_rules=True)


class MemoryCache:
    """A response cache in memory (tests, one-off runs)."""

    def __init__(self) -> None:
        self.answers: dict[str, CachedAnswer] = {}

    def get(self, keys: Collection[str]) -> dict[str, CachedAnswer]:
        return {k: self.answers[k] for k in keys if k in self.answers}

    def put(self, answers: Sequence[CachedAnswer]) -> None:
        self.answers.update({a.cache_key: a for a in answers})


class WarehouseCache:
    """The response cache in the warehouse (table llm_responses): it survives reruns and rebuilds from the inbox."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        try:
            warehouse.ensure(con, LLM_RESPONSES)
        except warehouse.SchemaChanged:  # a cache of an older shape is only a cache: start it again
            con.execute(f'drop table "{LLM_RESPONSES.name}"')
            warehouse.ensure(con, LLM_RESPONSES)

    def get(self, keys: Collection[str]) -> dict[str, CachedAnswer]:
        if not keys:
            return {}
        wanted = pl.DataFrame({"cache_key": sorted(keys)}, schema={"cache_key": pl.String})
        self.con.register("wanted_cache_keys", wanted)  # a join, not a scan of the list per row
        try:
            rows = warehouse.read(self.con, LLM_RESPONSES, "cache_key in (select cache_key from wanted_cache_keys)")
        finally:
            self.con.unregister("wanted_cache_keys")
        return {r["cache_key"]: CachedAnswer(**r) for r in rows.iter_rows(named=True)}

    def put(self, answers: Sequence[CachedAnswer]) -> None:
        if answers:
            frame = LLM_RESPONSES.frame([a.__dict__ for a in answers])
            with warehouse.transaction(self.con):
                warehouse.append_new(self.con, LLM_RESPONSES, frame, key="cache_key")

    def forget_unused(self) -> int:
        """Drop answers about texts no longer in the evidence (a file taken out of the inbox takes its answers
        with it); returns how many were dropped."""
        warehouse.ensure(self.con, EVIDENCE)
        before = self.con.execute(f'select count(*) from "{LLM_RESPONSES.name}"').fetchone()[0]
        warehouse.delete_where(self.con, LLM_RESPONSES, "content_hash not in (select content_hash from evidence)")
        return before - self.con.execute(f'select count(*) from "{LLM_RESPONSES.name}"').fetchone()[0]

    def totals(self) -> dict[str, float | int]:
        """What every stored answer cost, all runs together."""
        tokens, cost = self.con.execute(
            "select coalesce(sum(prompt_tokens + completion_tokens), 0), coalesce(sum(cost_usd), 0)"
            f' from "{LLM_RESPONSES.name}"'
        ).fetchone()
        return {"llm_tokens_all_runs": int(tokens), "llm_cost_usd_all_runs": round(float(cost), 6)}
