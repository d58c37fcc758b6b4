"""The optional model reflection: with `reflection.with_model: true` and a model named in `extraction.model`, the
weekly review also asks the model what the period's own words say about the person (Generative Agents' reflect()).

The model sees the person's own words of the period (never an assistant's, never restricted text unless
`extraction.send_restricted`), each with its evidence id, and answers JSON: `{"insights": [{"text", "evidence_ids"}]}`.
What it says is kept only when it cites evidence it was shown and holds no secret (`reflection.accept_model_insights`);
every kept insight is an inferred memory waiting for the person, like the rules' own. Any failure of the model is a
reason in the run's metadata, never a failed run: the rules' insights stand.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from mirror_pipeline.adapters.llm_extractor import API_BASE_ENV, API_KEY_ENV, llm_settings
from mirror_pipeline.core.reflection import Insight, accept_model_insights

PROMPT = (
    "You read what one person wrote over the last weeks (their own words, each line with its evidence id). Say, "
    "in at most {limit} short sentences addressed to the person ('you ...'), what patterns or changes these words "
    "show: things that recur, people and places that matter, how they felt, what changed. Only what the lines "
    "support; cite the evidence ids each insight rests on. Write each insight in the language of the lines it "
    'cites. Answer JSON only: {{"insights": [{{"text": "...", "evidence_ids": ["ev_..."]}}]}}'
)
MAX_LINES = 80
MAX_CHARS = 300

Complete = Callable[[str, list[dict[str, str]], float], str]  # (model, messages, timeout) -> the reply's text


@dataclass(frozen=True)
class ModelReflection:
    insights: list[Insight]
    reason: str  # "ok", "off", or why nothing came back (no value, never the person's words)


def _litellm_complete(model: str, messages: list[dict[str, str]], timeout: float) -> str:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    extra = {k: os.environ[v] for k, v in (("api_base", API_BASE_ENV), ("api_key", API_KEY_ENV)) if os.environ.get(v)}
    reply = litellm.completion(
        model=model, messages=messages, timeout=timeout, response_format={"type": "json_object"}, **extra
    )
    return reply.choices[0].message.content or ""


def _short(text: str) -> str:
    return " ".join(text.split())[:MAX_CHARS]


def lines_for_model(evidence: Sequence[Mapping[str, Any]], send_restricted: bool) -> list[Mapping[str, Any]]:
    """The person's own words of the period, the most recent last; restricted rows only when allowed."""
    rows = [
        e
        for e in evidence
        if (e.get("actor") or "user") == "user"
        and (e.get("raw_content") or "").strip()
        and (send_restricted or e.get("sensitivity") != "restricted")
    ]
    return sorted(rows, key=lambda e: (e.get("timestamp") or datetime.min, e["evidence_id"]))[-MAX_LINES:]


def reflect_with_model(
    config: Mapping[str, Any],
    evidence: Sequence[Mapping[str, Any]],
    now: datetime,
    limit: int,
    complete: Complete | None = None,
) -> ModelReflection:
    """The model's insights over the period's evidence (already limited to the period by the caller)."""
    section = config.get("reflection") or {}
    settings = llm_settings(config)
    if not section.get("with_model") or settings is None or limit <= 0:
        return ModelReflection([], "off")
    shown = lines_for_model(evidence, settings.send_restricted)
    if not shown:
        return ModelReflection([], "no words of the person in the period")
    listing = "\n".join(
        f"[{e['evidence_id']}] {str(e.get('timestamp') or '')[:10]}: {_short(str(e['raw_content']))}" for e in shown
    )
    messages = [{"role": "system", "content": PROMPT.format(limit=limit)}, {"role": "user", "content": listing}]
    try:
        text = (complete or _litellm_complete)(settings.model, messages, settings.timeout_seconds)
        proposed = json.loads(text).get("insights") or []
        if not isinstance(proposed, list):
            raise ValueError("insights is not a list")
    except Exception as err:  # a model that fails or answers nonsense never stops the review
        return ModelReflection([], f"model reflection skipped ({type(err).__name__})")
    rows = [p for p in proposed if isinstance(p, dict)]
    return ModelReflection(accept_model_insights(rows, shown, now, settings.model, limit), "ok")
