"""REVIEW-16 findings 3, 6, 11 and 13, as mechanisms, on a person of these tests' own (a cartographer in Suzhou):
- a bio / self-introduction / cover letter draws on the person's work and home whatever its words, so a confirmed
  job is served to it; an older value of a one-value attribute yields to a newer one (left out when the person
  confirmed the newer one, labelled "a newer account exists" otherwise, with the newer account beside it);
- a plan whose time has passed, or an undated one said long ago, is labelled so;
- a weekend plan takes an allergy or an injury, never a blood pressure or a family history;
- "where do I live now": the person's own lives_in memory outranks a line about where someone else lives."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mirror_pipeline.core.context import newer_accounts, plan_label
from mirror_pipeline_tests.core.test_context import ev, items, mem, memory

# lines a bio task shares words with, none of them the job
NOISE = [
    ev("ev_club", "I still need to update the bio on the climbing club page", day=3),
    ev("ev_kettle", "The kettle broke again, ordered a new one", day=4),
    ev("ev_rain", "下雨了，一整天没出门", day=5),
    mem("mem_window", "The user sits by the window at work", state="pending_review") | {"predicate": "state:work"},
]
JOB = mem("mem_job", "The user works at Kestrel Maps as a cartographer", importance=0.6) | {
    "predicate": "works_at",
    "subject": "user",
    "valid_time_start": "2026-02-01",
}
OLD_JOB = mem("mem_old_job", "The user works at Harbour Freight", state="pending_review") | {
    "predicate": "works_at",
    "subject": "user",
    "evidence_ids": ["ev_old_job"],
}
OLD_JOB_SAID = ev("ev_old_job", "I work at Harbour Freight, in the billing team") | {
    "timestamp": datetime(2024, 11, 5, tzinfo=UTC)
}


@pytest.mark.parametrize(
    "task", ["write my bio", "帮我写一段自我介绍", "draft a cover letter for me", "写一份个人简介"]
)
def test_a_bio_is_served_the_confirmed_job_that_shares_no_word_with_it(task):
    found = items(memory([*NOISE, JOB]).context(task))
    assert "mem_job" in found, task
    slot, item = found["mem_job"]
    assert slot == "Relevant Stable Facts"
    assert item["label_codes"][0] == "confirmed"


def test_an_old_employer_is_left_out_when_the_person_confirmed_a_newer_one():
    found = items(memory([*NOISE, JOB, OLD_JOB, OLD_JOB_SAID]).context("write my bio"))
    assert "mem_job" in found and "mem_old_job" not in found


@pytest.mark.parametrize("task", ["write my bio", "帮我写一段自我介绍"])
def test_an_older_account_is_labelled_and_served_beside_the_newer_one(task):
    newer = JOB | {"state": "pending_review", "labels": ["pending_review"]}
    found = items(memory([*NOISE, newer, OLD_JOB, OLD_JOB_SAID]).context(task))
    assert "newer_account" in found["mem_old_job"][1]["label_codes"]
    assert "mem_job" in found and "newer_account" not in found["mem_job"][1]["label_codes"]


def test_a_newer_account_is_read_from_a_line_stating_the_domain_by_its_shape():
    promoted = mem("mem_promo", "The user got promoted to survey lead at Kestrel Maps", mtype="event") | {
        "predicate": "event:work",
        "subject": "user",
        "valid_time_start": "2026-09-14",
    }
    moved = mem("mem_moved", "用户搬进了苏州的新家", mtype="event") | {
        "predicate": "event:residence",
        "subject": "user",
        "valid_time_start": "2026-10-02",
    }
    old_home = mem("mem_rent", "用户在无锡租房", state="pending_review") | {
        "predicate": "state:residence",
        "subject": "user",
        "evidence_ids": ["ev_rent"],
    }
    said = {"mem_old_job": "2025-05-01", "mem_rent": "2025-05-01"}
    found = newer_accounts([OLD_JOB, promoted, moved, old_home], said)
    assert found["mem_old_job"][0] == "newer_account" and found["mem_old_job"][1]["doc_id"] == "mem_promo"
    assert found["mem_rent"][1]["doc_id"] == "mem_moved"
    # nothing newer: nothing said; a confirmed memory yields only to a confirmed account
    assert newer_accounts([OLD_JOB], said) == {}
    assert newer_accounts([JOB, promoted | {"valid_time_start": "2026-02-20", "state": "pending_review"}], {}) == {}


def test_a_later_day_of_the_same_month_is_not_newer():
    month = JOB | {"valid_time_start": "2026-09", "state": "pending_review"}
    promoted = mem("mem_promo", "I got promoted to survey lead", mtype="event") | {
        "predicate": "event:work",
        "valid_time_start": "2026-09-14",
    }
    assert newer_accounts([month, promoted], {}) == {}


TODAY = datetime(2026, 12, 1, tzinfo=UTC).date()


def test_a_plan_whose_time_has_passed_and_an_old_undated_plan_are_labelled():
    trip = mem("mem_trip", "The user plans to hike the Dolomites", mtype="fact") | {
        "predicate": "plans:travel",
        "valid_time_start": "2026-07-01",
        "valid_time_end": "2026-07-31",
    }
    assert plan_label(trip, TODAY, None, 365) == "past_plan"
    assert plan_label(trip | {"valid_time_end": "2027-03"}, TODAY, None, 365) is None
    assert plan_label(trip | {"valid_time_start": "2026-12", "valid_time_end": "2026-12"}, TODAY, None, 365) is None
    undated = trip | {"valid_time_start": None, "valid_time_end": None}
    assert plan_label(undated, TODAY, "2025-06-30", 365) == "old_plan"
    assert plan_label(undated, TODAY, "2026-06-30", 365) is None
    assert plan_label(mem("mem_home", "The user lives in Suzhou"), TODAY, "2020-01-01", 365) is None  # not a plan


@pytest.mark.parametrize(
    ("task", "words"),
    [("plan a trip to the lake this summer", "its time has passed"), ("帮我安排一下这个周末", "计划的时间已过")],
)
def test_a_passed_plan_is_served_with_its_label_in_the_task_language(task, words):
    trip = mem("mem_trip", "The user will go to the lake for the weekend", mtype="fact") | {
        "predicate": "plans:travel",
        "valid_time_start": "2026-08-08",
        "valid_time_end": "2026-08-09",
    }
    found = items(memory([*NOISE, trip]).context(task))
    assert any(words in label for label in found["mem_trip"][1]["labels"])


HEALTH = [
    mem("mem_bp", "用户的血压是142/91", sensitivity="high") | {"predicate": "state:health"},
    mem("mem_history", "The user's family has a history of diabetes", sensitivity="high")
    | {"predicate": "diagnosed_with"},
    mem("mem_sesame", "The user is allergic to sesame", sensitivity="high") | {"predicate": "state:health"},
    mem("mem_ankle", "用户的脚踝扭伤了，还在恢复", sensitivity="high") | {"predicate": "state:health"},
]


@pytest.mark.parametrize("task", ["plan a weekend near home", "帮我安排这个周末", "plan a day trip for Saturday"])
def test_a_weekend_takes_an_allergy_and_an_injury_not_a_blood_pressure(task):
    found = items(memory([*NOISE, *HEALTH]).context(task))
    assert "mem_sesame" in found and "mem_ankle" in found, task
    assert "mem_bp" not in found and "mem_history" not in found, task


def test_a_doctor_still_takes_the_blood_pressure():
    found = items(memory([*NOISE, *HEALTH]).context("what should I tell the doctor at my check-up?"))
    assert "mem_bp" in found and "mem_history" in found


@pytest.mark.parametrize(
    ("query", "other"),
    [
        ("where do I live now", ev("ev_bro", "My brother Tomas lives in Suzhou, near the old canal", day=9)),
        ("我现在住在哪里", ev("ev_bro", "我哥哥一直住在苏州，离老运河很近", day=9)),
    ],
)
def test_the_persons_home_outranks_a_line_about_where_someone_else_lives(query, other):
    home = mem("mem_home", "用户住在苏州", importance=0.6) | {"predicate": "lives_in", "subject": "user"}
    home_en = mem("mem_home_en", "The user lives in Suzhou", importance=0.6) | {"predicate": "lives_in"}
    m = memory([*NOISE, home, home_en, other])
    ids = [r["id"] for r in m.search(query, k=10, log=False)["results"]]
    assert ids.index("ev_bro") > max(ids.index("mem_home"), ids.index("mem_home_en")), ids
    theirs = next(r for r in m.search(query, k=10, log=False)["results"] if r["id"] == "ev_bro")
    assert "other_subject" in theirs["components"] and "domain" not in theirs["components"]


def test_a_question_about_someone_else_keeps_their_line():
    other = ev("ev_bro", "My brother Tomas lives in Suzhou, near the old canal", day=9)
    m = memory([*NOISE, other, mem("mem_home_en", "The user lives in Suzhou") | {"predicate": "lives_in"}])
    theirs = next(r for r in m.search("where does my brother live", k=10, log=False)["results"] if r["id"] == "ev_bro")
    assert "other_subject" not in theirs["components"]
