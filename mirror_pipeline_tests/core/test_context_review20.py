"""REVIEW-20 #1: a confirmed "can't eat" is a diet a dinner needs, however far down the ranking it is: a negated
verb of eating or drinking, whatever the modal that negates it ("can't", "cannot", "mustn't", "shouldn't"), names
what the person does not eat, not only a limit of any kind (which a task is not handed unless it ranks)."""

from __future__ import annotations

import pytest

from mirror_pipeline.core.context import risk_kind
from mirror_pipeline_tests.core.test_context import ev, items, mem, memory

# lines that share the task's words (dinner, Marek, farewell) and none about food the person avoids
CROWD = [
    ev(f"ev_dinner{n}", f"farewell dinner with Marek {n}: which place, what time, who else comes", day=1 + n % 27)
    for n in range(80)
] + [ev(f"ev_wanfan{n}", f"和Marek的告别晚饭 {n}，去哪家，几点", day=1 + n % 27) for n in range(40)]

CANNOT_EAT = [
    mem("mem_shell", "The user can't eat shellfish"),
    mem("mem_pork", "The user cannot eat pork"),
    mem("mem_nuts", "The user mustn't eat nuts"),
    mem("mem_wine", "The user shouldn't drink alcohol"),
    # as the rules file it (REVIEW-20's home): a preference `avoids`, whose predicate names only a limit of any kind
    mem("mem_avoids", "The user can't eat shellfish", mtype="preference") | {"predicate": "avoids"},
]


@pytest.mark.parametrize("row", CANNOT_EAT, ids=lambda m: m["doc_id"])
def test_a_negated_verb_of_eating_is_a_diet(row):
    assert risk_kind(row).name == "diet"


def test_a_limit_of_another_kind_stays_a_constraint():
    assert risk_kind(mem("m", "The user can't drive at night")).name == "constraint"


@pytest.mark.parametrize("row", CANNOT_EAT, ids=lambda m: m["doc_id"])
@pytest.mark.parametrize("task", ["plan a farewell dinner with Marek", "帮我安排和Marek的告别晚饭"])
def test_a_confirmed_cannot_eat_reaches_a_dinner_as_a_memory(row, task):
    found = items(memory([*CROWD, row]).context(task))
    assert row["doc_id"] in found, task
    assert any("diet" in label or "饮食" in label for label in found[row["doc_id"]][1]["labels"])
