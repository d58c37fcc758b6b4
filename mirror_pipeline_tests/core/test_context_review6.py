"""REVIEW-6 findings 4 and 5: a confirmed health or diet fact reaches the task that needs it, in either script and
language, however far down the ranking it is; a health memory reaches only the tasks that need that kind of health."""

from __future__ import annotations

import pytest

from mirror_pipeline.core.context import risk_kind
from mirror_pipeline_tests.core.test_context import ev, items, mem, memory

# what the dentist task shares words with: many lines about the tooth and the dentist, none about the allergy, so a
# context that looks at the top of the ranking only never sees the allergy
CROWD = [
    ev(
        f"ev_tooth{n}",
        f"dentist appointment {n}: my tooth hurts, what should I tell her about the tooth",
        day=1 + n % 27,
    )
    for n in range(80)
] + [ev(f"ev_ya{n}", f"牙医说这颗牙要补，跟她说什么好 {n}", day=1 + n % 27) for n in range(80)]

ALLERGIES = [
    mem("mem_pen_t", "用户對盤尼西林過敏", sensitivity="medium") | {"predicate": "state:life"},
    mem("mem_pen_s", "用户对青霉素过敏", sensitivity="medium") | {"predicate": "state:life"},
    mem("mem_pen_e", "The user is allergic to penicillin", sensitivity="medium") | {"predicate": "state:life"},
]


@pytest.mark.parametrize("allergy", ALLERGIES, ids=lambda m: m["doc_id"])
@pytest.mark.parametrize(
    "task",
    [
        "The dentist wants to prescribe antibiotics for my tooth, what should I tell her?",
        "牙医要给我开抗生素，我该跟她说什么？",
        "牙醫要給我開抗生素，我該跟她說什麼？",
    ],
)
def test_a_confirmed_allergy_reaches_a_task_about_medicine_in_either_script_and_language(allergy, task):
    found = items(memory([*CROWD, allergy]).context(task))
    assert allergy["doc_id"] in found, task
    labels = " ".join(found[allergy["doc_id"]][1]["labels"])
    assert "confirmed" in labels or "已确认" in labels
    assert "allerg" in labels or "过敏" in labels


def test_a_risk_word_is_read_in_either_script():
    assert risk_kind(mem("m", "用户對盤尼西林過敏")).name == "drug_allergy"
    assert risk_kind(mem("m", "用户對花生過敏")).name == "allergy"
    assert risk_kind(mem("m", "用户從2020年開始吃素")).name == "diet"
    assert risk_kind(mem("m", "The user has been vegetarian since 2020")).name == "diet"
    assert risk_kind(mem("m", "用户是素食者")).name == "diet"
    # an injury is health an activity needs (REVIEW-16 #11: a hike takes a knee, not a blood pressure)
    assert risk_kind(mem("m", "The user had a knee arthroscopy") | {"predicate": "event:health"}).name == "injury"


VEGETARIAN = [
    # the person's own correction, read as a plan in the past (REVIEW-6 finding 6): still a diet
    mem("mem_veg_zh", "用户从2020年开始吃素", sensitivity="medium") | {"predicate": "plans:life"},
    mem("mem_veg_en", "The user has been vegetarian since 2020", sensitivity="medium"),
]


@pytest.mark.parametrize("diet", VEGETARIAN, ids=lambda m: m["doc_id"])
@pytest.mark.parametrize(
    "task",
    ["My mom is visiting, what should I cook for dinner?", "媽媽來柏林，晚餐要煮什麼？", "妈妈来了，晚饭做什么菜？"],
)
def test_a_confirmed_diet_reaches_a_dinner(diet, task):
    found = items(memory([*CROWD, diet]).context(task))
    assert diet["doc_id"] in found, task
    assert any("diet" in label or "饮食" in label for label in found[diet["doc_id"]][1]["labels"])


KNEE = [
    mem("mem_scope", "The user had a knee arthroscopy", mtype="event", state="pending_review", sensitivity="high")
    | {"predicate": "event:health"},
    mem("mem_rom", "The user's physio Jonas measured ROM 0-5-110", mtype="event", sensitivity="high")
    | {"predicate": "event:health"},
    mem("mem_nut", "The user has a peanut allergy", sensitivity="high"),
]


@pytest.mark.parametrize(
    "task",
    [
        "My mom is visiting, what should I cook for dinner?",
        "媽媽來柏林，晚餐要煮什麼？",
        "我下周回家看妈妈，帮我准备",
        "write my bio for a conference",
    ],
)
def test_a_surgery_is_not_served_to_a_dinner_or_a_family_visit(task):
    found = items(memory(KNEE).context(task))
    assert "mem_scope" not in found and "mem_rom" not in found, task


def test_health_reaches_the_tasks_that_need_that_kind_of_health():
    m = memory(KNEE)
    hike = items(m.context("plan a hike this weekend"))
    assert "mem_scope" in hike and "mem_rom" in hike  # an injury bears on a hike
    doctor = items(m.context("The dentist wants to prescribe antibiotics, what should I tell her?"))
    assert "mem_nut" in doctor and "mem_scope" in doctor  # a medical history bears on a prescription
    dinner = items(m.context("My mom is visiting, what should I cook for dinner?"))
    assert "mem_nut" in dinner  # a food allergy bears on a dinner
    assert "allergy: bears on this task" in dinner["mem_nut"][1]["labels"]


@pytest.mark.parametrize(
    "task",
    [
        "Help me write an email to the Finanzamt about my payment plan",
        "帮我写一封邮件给税务局，关于分期付款的计划",
        "draft a text to my boss saying I'll be at dinner this weekend",
    ],
)
def test_a_message_about_a_plan_needs_no_health(task):
    found = items(memory(KNEE).context(task))
    assert "mem_scope" not in found and "mem_rom" not in found and "mem_nut" not in found, task


def test_a_drug_allergy_bears_on_a_prescription_not_on_a_dinner():
    for allergy in ALLERGIES:
        assert risk_kind(allergy).name == "drug_allergy"
        dinner = items(memory([*CROWD, allergy]).context("My mom is visiting, what should I cook for dinner?"))
        # (the test embedder finds everything a little relevant: if served, it is not said to bear on the dinner)
        if allergy["doc_id"] in dinner:
            slot, item = dinner[allergy["doc_id"]]
            assert slot != "Open Constraints / Risks" and not any("bears on" in x for x in item["labels"])
    assert risk_kind(mem("m", "用户對花生過敏")).name == "allergy"


def test_a_memory_the_write_policy_confirmed_says_so_and_one_the_person_confirmed_does_not():
    # REVIEW-16: "用户喜欢周末爬山 [confirmed]" from one reply, labelled as the person's own confirmation is
    auto = mem("mem_hike_a", "用户喜欢周末爬山", labels=["confirmed", "auto-confirmed"])  # as governance labels them
    mine = mem("mem_hike_u", "The user goes hiking most weekends", labels=["confirmed", "confirmed by you"])
    for task, words in (("plan a weekend near home", "taken as they said it"), ("帮我安排周末", "本人未亲自确认")):
        found = items(memory([*CROWD, auto, mine]).context(task))
        assert words in " ".join(found["mem_hike_a"][1]["labels"]), task
        assert not any("not confirmed" in x or "未亲自确认" in x for x in found["mem_hike_u"][1]["labels"]), task
