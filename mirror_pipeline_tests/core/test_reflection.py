"""The weekly reflection (Generative Agents): insights from the governed memories and the person's words of a period,
stored as inferred memories with their evidence, never confirmed on their own, in the language of the evidence."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from mirror_pipeline.adapters.reflection import reflect_with_model
from mirror_pipeline.core.decisions import Action, new_decision
from mirror_pipeline.core.governance import govern, value_key
from mirror_pipeline.core.lifecycle import merge_inferred
from mirror_pipeline.core.model import IssueType, MemoryState
from mirror_pipeline.core.policy import Policy, Rule, Write
from mirror_pipeline.core.reflection import InsightKind, ReflectionSettings, reflect
from mirror_pipeline.core.rows import memory_row
from mirror_pipeline_tests.core.test_decisions import T0, story

# written before the mechanism was tuned: a month of a bilingual life with a recurring person, activity and
# feeling, a move, and one-off things that must not become insights
ZH_MONTH = (
    ("我和小林去爬山了，累但开心。", 0, "ev_1", "s1"),
    ("今天特别开心！", 1, "ev_2", "s2"),
    ("小林是我的上司。", 2, "ev_3", "s3"),
    ("我住在杭州。", 3, "ev_6", "s4"),
    ("周末又去爬山，小林也来了。", 7, "ev_4", "s5"),
    ("今天特别开心！", 8, "ev_5", "s6"),
    ("今天有点累。", 9, "ev_11", "s7"),
    ("我上周搬到了上海。", 20, "ev_7", "s8"),
    ("今天特别开心！", 21, "ev_8", "s9"),
    ("我现在每个周末都去爬山。", 22, "ev_9", "s10"),
    ("小林说下周一起去爬山。", 23, "ev_10", "s11"),
)
EN_MONTH = (
    ("I went climbing with Priya after work.", 0, "ev_1", "s1"),
    ("Priya is my sister.", 2, "ev_2", "s2"),
    ("I love climbing on weekends.", 6, "ev_3", "s3"),
    ("Priya called about the climbing trip.", 12, "ev_4", "s4"),
    ("I went climbing again, new route.", 18, "ev_5", "s5"),
    ("I prefer tea over coffee.", 19, "ev_6", "s6"),
)
NOW = T0 + timedelta(days=24)


def _inputs(said):
    items, briefs = story(*said)
    governed = govern(items, evidence=briefs)
    current = {m.version_id for m in governed.current}
    rows = [
        memory_row(m, is_current=m.version_id in current, labels=governed.labels[m.version_id])
        for m in governed.versions
    ]
    evidence = [
        {
            "evidence_id": b.evidence_id,
            "raw_content": b.text,
            "actor": "user",
            "session_id": b.session_id,
            "timestamp": b.timestamp,
        }
        for b in briefs.values()
    ]
    return governed, [r for r in rows if r["is_current"]], rows, evidence


def test_a_chinese_month_gives_chinese_insights_on_what_recurs_and_what_changed() -> None:
    _, memories, versions, evidence = _inputs(ZH_MONTH)
    found = {(i.kind, i.theme): i for i in reflect(memories, versions, evidence, NOW)}
    assert set(found) == {
        (InsightKind.PERSON, "小林"),
        (InsightKind.ACTIVITY, "爬山"),
        (InsightKind.FEELING, "开心"),
        (InsightKind.CHANGE, "杭州 -> 上海"),
    }
    person = found[InsightKind.PERSON, "小林"]
    assert person.content_text == "这几周你常常提到小林" and person.language == "zh"
    assert person.evidence_ids == ("ev_1", "ev_3", "ev_4", "ev_10") and person.sessions == 4
    assert found[InsightKind.FEELING, "开心"].evidence_ids == ("ev_2", "ev_5", "ev_8")  # 累 was said once: nothing
    assert found[InsightKind.ACTIVITY, "爬山"].content_text.startswith("「爬山」是你这几周反复说到的事")
    assert found[InsightKind.CHANGE, "杭州 -> 上海"].content_text == "这几周有了变化：以前你住在杭州，现在你住在上海"
    # deterministic: the same inputs, the same insights, the same ids
    assert reflect(memories, versions, evidence, NOW) == reflect(memories, versions, evidence, NOW)
    # outside the window nothing recurs
    assert reflect(memories, versions, evidence, NOW + timedelta(days=60)) == []


def test_an_english_month_gives_english_insights_and_a_one_off_preference_is_none() -> None:
    _, memories, versions, evidence = _inputs(EN_MONTH)
    found = {(i.kind, i.theme): i for i in reflect(memories, versions, evidence, NOW)}
    assert (InsightKind.PERSON, "Priya") in found
    assert found[InsightKind.PERSON, "Priya"].content_text == "You often talked about Priya in these weeks"
    assert (InsightKind.ACTIVITY, "climbing") in found
    assert all(i.language == "en" for i in found.values())
    assert not [k for k in found if "tea" in k[1] or "coffee" in k[1]]
    strict = ReflectionSettings(min_sessions=5)
    assert reflect(memories, versions, evidence, NOW, strict) == []


def _rows(insights, now):
    return [i.row(now) for i in insights]


def test_insights_are_inferred_memories_that_wait_for_the_person_and_answer_to_their_decisions() -> None:
    governed, memories, versions, evidence = _inputs(ZH_MONTH)
    insights = reflect(memories, versions, evidence, NOW)
    rows = _rows(insights, NOW)
    person = next(i for i in insights if i.kind is InsightKind.PERSON)
    # a policy that would auto-confirm everything still never confirms an insight
    yes = Policy(rules=(Rule(name="all", write=Write.AUTO_CONFIRM),))
    items, briefs = story(*ZH_MONTH)
    merged = merge_inferred(govern(items, evidence=briefs, policy=yes), rows, [])
    inferred = [m for m in merged.current if m.predicate.startswith("inferred:")]
    assert len(inferred) == len(insights) and {m.state for m in inferred} == {MemoryState.PENDING_REVIEW}
    assert all(m.confirmed_by is None and m.state_path[:3] == ("captured", "extracted", "inferred") for m in inferred)
    head = next(m for m in inferred if m.memory_id == person.memory_id)
    assert merged.labels[head.version_id][-2:] == ("inferred", "推断：mi-mirror 从你的记录中归纳出来的，不是你说的原话")
    (question,) = [i for i in merged.issues if i.memory_ids == (person.memory_id,)]
    assert question.issue_type is IssueType.CONFIRMATION_NEEDED and question.language == "zh"
    assert question.question.startswith("我从你最近的记录里归纳出一条：「这几周你常常提到小林」。说得对吗？")
    assert question.options == ("对", "不对", "改一下", "以后再说")

    confirm = new_decision(Action.CONFIRM, person.memory_id, NOW, object_key=value_key(person.theme))
    change = next(i for i in insights if i.kind is InsightKind.CHANGE)
    reject = new_decision(Action.REJECT, change.memory_id, NOW)
    feeling = next(i for i in insights if i.kind is InsightKind.FEELING)
    forget = new_decision(Action.FORGET, feeling.memory_id, NOW)
    decisions = [confirm, reject, forget]
    after = merge_inferred(govern(items, evidence=briefs, decisions=decisions), rows, decisions)
    by_id = {m.memory_id: m for m in after.current}
    assert by_id[person.memory_id].state is MemoryState.CONFIRMED and by_id[person.memory_id].confirmed_by == "user"
    assert change.memory_id not in by_id and feeling.memory_id not in by_id
    assert [v.state for v in after.versions if v.memory_id == change.memory_id] == [MemoryState.ARCHIVED]
    assert not [v for v in after.versions if v.memory_id == feeling.memory_id]  # forgotten: nothing of it
    assert {d.decision_id for d, applied, _ in after.outcomes if applied} >= {confirm.decision_id, reject.decision_id}

    # drawn from a memory the person forgot: the insight goes too; its evidence gone: it goes
    source = person.source_memory_ids[0]
    gone = merge_inferred(governed, rows, [new_decision(Action.FORGET, source, NOW)])
    assert person.memory_id not in {m.memory_id for m in gone.current}
    unknown = merge_inferred(governed, rows, [], known_evidence=set())
    assert not [m for m in unknown.current if m.predicate.startswith("inferred:")]


CONFIG = {"extraction": {"model": "openai/gpt-4o-mini"}, "reflection": {"with_model": True}}


def test_a_model_reflection_is_kept_only_where_it_cites_what_it_was_shown() -> None:
    _, _, _, evidence = _inputs(ZH_MONTH)
    seen: list = []

    def fake(model, messages, timeout):  # the remote model, and only it, is faked
        seen.append((model, messages))
        return json.dumps(
            {
                "insights": [
                    {"text": "你的周末大多和户外有关", "evidence_ids": ["ev_4", "ev_9"]},
                    {"text": "You are planning a trip to Mars", "evidence_ids": ["ev_404"]},  # cites nothing shown
                    {"text": "你的密码是 Hunter2049xq!", "evidence_ids": ["ev_1"]},  # a secret: never kept
                ]
            },
            ensure_ascii=False,
        )

    result = reflect_with_model(CONFIG, evidence, NOW, 5, complete=fake)
    assert result.reason == "ok"
    (insight,) = result.insights
    assert insight.content_text == "你的周末大多和户外有关" and insight.evidence_ids == ("ev_4", "ev_9")
    assert insight.kind is InsightKind.MODEL and insight.derived_by == "openai/gpt-4o-mini" and insight.language == "zh"
    ((model, messages),) = seen
    assert model == "openai/gpt-4o-mini" and "[ev_9]" in messages[1]["content"]


@pytest.mark.parametrize("reply", ["not json", json.dumps({"insights": "many"})])
def test_a_model_that_answers_nonsense_or_fails_leaves_the_rules_insights_alone(reply: str) -> None:
    _, _, _, evidence = _inputs(ZH_MONTH)
    result = reflect_with_model(CONFIG, evidence, NOW, 5, complete=lambda *_: reply)
    assert result.insights == [] and result.reason.startswith("model reflection skipped")

    def down(*_):
        raise ConnectionError("no route")

    assert reflect_with_model(CONFIG, evidence, NOW, 5, complete=down).insights == []
    # off unless asked for, and without a model
    assert reflect_with_model({"extraction": {"model": "x/y"}}, evidence, NOW, 5, complete=down).reason == "off"
    assert reflect_with_model({"reflection": {"with_model": True}}, evidence, NOW, 5, complete=down).reason == "off"


def test_the_model_reflection_goes_through_litellm_with_a_mocked_response(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default path (litellm.completion in JSON mode), with litellm's own mocked response: no network."""
    litellm = pytest.importorskip("litellm")
    _, _, _, evidence = _inputs(ZH_MONTH)
    real = litellm.completion
    calls: list[dict] = []

    def mocked(**kw):
        calls.append(kw)
        reply = json.dumps({"insights": [{"text": "你常常和小林一起爬山", "evidence_ids": ["ev_4", "ev_10"]}]})
        return real(**kw, mock_response=reply)

    monkeypatch.setattr(litellm, "completion", mocked)
    result = reflect_with_model(CONFIG, evidence, NOW, 3)
    assert result.reason == "ok" and [i.content_text for i in result.insights] == ["你常常和小林一起爬山"]
    (call,) = calls
    assert call["model"] == "openai/gpt-4o-mini" and call["response_format"] == {"type": "json_object"}
