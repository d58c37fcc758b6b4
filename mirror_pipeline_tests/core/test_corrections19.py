"""Corrections and changes of a value are the next version of what they change (sentences written for this test, in
new words and invented names, before any rule was tuned): "actually it's the 14th not the 12th", "说错了，是六千五",
"rent went up to 1,450" supersede the person's latest memory holding a value of that kind; the old one is kept as
superseded and its words are served as outdated. A one-off or planned thing is an event or a plan with its time."""

from datetime import UTC, date

import polars as pl
import pytest

from mirror_pipeline.core.extraction import extract
from mirror_pipeline.core.governance import govern
from mirror_pipeline.core.model import MemoryState, MemoryType
from mirror_pipeline.core.rows import memory_row
from mirror_pipeline.core.serving import served_memories, served_search_documents
from mirror_pipeline_tests.core.helpers import evidence
from mirror_pipeline_tests.core.test_plans_called_off import T0, said  # (2026-06-01, a Monday)


def _head_of(governed, evidence_id: str):
    """The current version of the memory the statement `evidence_id` first made."""
    first = [m for m in governed.versions if evidence_id in m.evidence_ids]
    assert first, [(m.content_text, m.state) for m in governed.versions]
    (head,) = [m for m in governed.current if m.memory_id == first[0].memory_id]
    return first, head


# (the earlier statement, the correction, what the served value now is: an ISO day, a weekday number, or words)
CORRECTED = [
    ("My root canal is on the 12th.", "actually it's the 14th not the 12th", "2026-06-14"),
    ("The pottery class is on Thursday.", "wait no, it was Tuesday", 1),
    ("The quote for the new gutters came to 6,200.", "sorry, 5,500 not 6,200", "5,500"),
    ("My viva is on June 18.", "correction: the viva is June 25, not the 18th", "2026-06-25"),
    ("I pay 900 a month for the studio.", "no wait, it's 950 a month, I misread the lease", "950"),
    ("Parents' evening is on Wednesday.", "I got it wrong, parents' evening is Thursday", 3),
    ("My flight to Accra leaves on June 9.", "my mistake, it leaves June 10", "2026-06-10"),
    ("体检约在12号。", "不是12号，是14号。", "2026-06-14"),
    ("家长会在下周二。", "听错了，是下周三。", "2026-06-10"),
    ("这个月奖金八千。", "说错了，是六千五。", "六千五"),
    ("驾考定在6月20号。", "记错了，驾考是6月22号。", "2026-06-22"),
    ("我交了三千押金。", "搞错了，不是三千，是两千八。", "两千八"),
    ("复诊约在周四。", "写错了，不是周四，是周五。", 4),
]


@pytest.mark.parametrize(("before", "correction", "now"), CORRECTED)
def test_a_correction_is_the_next_version_of_the_latest_value_of_its_kind(before, correction, now):
    governed = govern(said(before, 0, "ev_said") + said(correction, 1, "ev_fix"))
    first, head = _head_of(governed, "ev_said")
    assert all(m.state is MemoryState.SUPERSEDED for m in first)
    assert head.evidence_ids == ("ev_fix",) and head.supersedes == first[-1].version_id
    if isinstance(now, int):
        assert date.fromisoformat(head.valid_time_start[:10]).weekday() == now, head
    elif now[:1].isdigit() and "-" in now:
        assert head.valid_time_start == now, (head.content_text, head.valid_time_start)
    else:
        assert now in head.content_text, head.content_text


def test_a_correction_follows_the_value_of_its_kind_not_the_latest_memory():
    said_ = said("Rent is 1,300 a month.", 0, "ev_rent") + said("My dentist check is on the 12th.", 1, "ev_dent")
    governed = govern(said_ + said("I like cold brew.", 2, "ev_tea") + said("oops, the 15th not the 12th", 3, "ev_fix"))
    _, head = _head_of(governed, "ev_dent")
    assert head.evidence_ids == ("ev_fix",) and head.valid_time_start == "2026-06-15"
    _, rent = _head_of(governed, "ev_rent")
    assert rent.evidence_ids == ("ev_rent",)


def test_the_old_value_said_picks_the_memory_it_corrects_and_without_it_the_latest_of_its_kind():
    plans = said("The dentist check is on the 12th.", 0, "ev_dent") + said(
        "The yoga retreat is on the 20th.", 1, "ev_yoga"
    )
    by_old = govern(plans + said("sorry, the 13th, not the 12th", 2, "ev_fix"))
    assert _head_of(by_old, "ev_dent")[1].evidence_ids == ("ev_fix",)
    assert _head_of(by_old, "ev_yoga")[1].evidence_ids == ("ev_yoga",)
    latest = govern(plans + said("sorry, my mistake: it's the 22nd", 2, "ev_fix"))
    assert _head_of(latest, "ev_yoga")[1].evidence_ids == ("ev_fix",)
    assert _head_of(latest, "ev_dent")[1].evidence_ids == ("ev_dent",)


@pytest.mark.parametrize("text", ["不是12号，是14号。", "actually it's the 14th not the 12th", "说错了，是六千五。"])
def test_a_correction_of_nothing_said_is_not_kept(text):
    # (session 20 kept such a correction on its own; the judge of the merge found none of five right: test_versions20)
    governed = govern(said("I like cold brew.", 0, "ev_tea") + said(text, 1, "ev_fix"))
    assert not [m for m in governed.current if "ev_fix" in m.evidence_ids]


@pytest.mark.parametrize(
    "text",
    [
        "it's not the 200 dollars, it's the principle",
        "不是我不想去，是真的没时间。",
        "not bad at all, the new cafe on 5th Street",
        "wrong number called me twice today",
    ],
)
def test_no_correction_without_a_new_value_of_the_kind_set_right(text):
    assert not [c for c in extract(evidence(text, when=T0), UTC) if "corrected" in c.tags]


def test_the_served_context_gives_the_new_value_and_labels_the_old_words_outdated():
    governed = govern(said("体检约在12号。", 0, "ev_said") + said("不是12号，是14号。", 1, "ev_fix"))
    current = {m.version_id for m in governed.current}
    versions = pl.DataFrame(
        [
            memory_row(m, is_current=m.version_id in current, labels=governed.labels[m.version_id])
            for m in governed.versions
        ]
    )
    served = served_memories(versions)
    evidence_rows = pl.DataFrame(
        {
            "evidence_id": ["ev_said", "ev_fix"],
            "raw_content": ["体检约在12号。", "不是12号，是14号。"],
            "actor": ["user", "user"],
            "timestamp": [T0, T0],
            "source_type": ["chat", "chat"],
            "sensitivity": ["low", "low"],
        }
    )
    docs = served_search_documents(served, evidence_rows, versions)
    memories = docs.filter(pl.col("kind") == "memory")["text"].to_list()
    assert any("14" in t for t in memories) and not any("12号" in t for t in memories), memories
    assert docs.filter(pl.col("doc_id") == "ev_said")["labels"][0].to_list() == ["outdated"]


# (the earlier figure, the later one, the figure the head holds)
CHANGED = [
    ("My salary is 9.5 lakh.", "salary is now 10.8 lakh", "10.8"),
    ("底薪是五千八。", "底薪涨到6500了。", "6500"),
    ("Rent is 1,300 a month.", "rent went up to 1,450 from March", "1,450"),
    ("我体重68公斤。", "体重降到64公斤了。", "64"),
    ("My A1c was 8.1 in April.", "A1c is down to 6.9 now", "6.9"),
    ("我的月租是两千二。", "月租涨到两千五了。", "两千五"),
]


@pytest.mark.parametrize(("before", "after", "figure"), CHANGED)
def test_a_new_figure_of_an_attribute_supersedes_the_old_one(before, after, figure):
    governed = govern(said(before, 0, "ev_said") + said(after, 30, "ev_now"))
    first, head = _head_of(governed, "ev_said")
    assert all(m.state is MemoryState.SUPERSEDED for m in first)
    assert figure in head.content_text and head.evidence_ids == ("ev_now",)
    assert first[-1].valid_time_end is not None


def test_figures_of_two_attributes_both_stand():
    governed = govern(said("Rent is 1,300 a month.", 0, "ev_rent") + said("My salary is 4,000 a month.", 1, "ev_pay"))
    assert _head_of(governed, "ev_rent")[1].evidence_ids == ("ev_rent",)
    assert _head_of(governed, "ev_pay")[1].evidence_ids == ("ev_pay",)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("送女儿去实验中学报到了", MemoryType.EVENT),
        ("went to the clinic for a follow-up", MemoryType.EVENT),
        ("我去过一次西藏", MemoryType.EVENT),
        ("we got the keys to the flat", MemoryType.EVENT),
        ("体检约在12号。", None),  # a planned thing with its time
        ("下个月准备去考驾照", None),
        ("I'm gonna put the bonus into a savings account", None),
        ("next week I'll start the night course", None),
        ("周六带老妈去医院拆线了", MemoryType.EVENT),
        ("took my nephew to the aquarium on Sunday", MemoryType.EVENT),
    ],
)
def test_a_one_off_or_a_planned_thing_is_an_event_or_a_plan_with_its_time(text, kind):
    found = [c for c in extract(evidence(text, when=T0), UTC) if c.memory_type is not MemoryType.EMOTION]
    assert found, text
    for c in found:
        if kind is None:  # a plan: a goal with the time it is for (or none said)
            assert "goal" in c.tags, (c.memory_type, c.content_text)
            if any(w in text for w in ("12号", "下个月", "next week")):
                assert c.valid_time_start, c.content_text
        else:
            assert c.memory_type is kind, (c.memory_type, c.content_text)
