"""Session 20 (REVIEW-19 #1 and #5): a line that says little is not near every query by the direction every text of
its kind shares, and a meal planned is a meal, not an outing. Sentences written for these tests, in new words."""

from __future__ import annotations

import numpy as np
import pytest

from mirror_pipeline.core.ranking import MIN_COMMON, Corpus, RankingWeights, dense_contrast, task_types
from mirror_pipeline_tests.core.test_context import items, mem, memory


def _unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


def _filler_corpus() -> tuple[Corpus, np.ndarray]:
    """Short chat fillers, each mostly the direction all the chat shares, and one line about a topic the query
    asks about: the way e5 places "ok 👍" near any short query and a real answer a little less near."""
    rng = np.random.default_rng(7)
    dim = 32
    shared, topic = np.zeros(dim), np.zeros(dim)
    shared[0], topic[1] = 1.0, 1.0
    texts = [*(["ok", "haha", "sure", "night night", "yep", "lol", "嗯嗯", "好的"] * 3), "I never eat coriander"]
    vectors = [_unit(shared + 0.05 * rng.normal(size=dim) * (np.arange(dim) > 1)) for _ in texts[:-1]]
    vectors.append(_unit(0.6 * shared + 0.5 * topic + 0.15 * rng.normal(size=dim) * (np.arange(dim) > 1)))
    rows = [{"doc_id": f"d{i}", "kind": "evidence", "text": t} for i, t in enumerate(texts)]
    corpus = Corpus.build(rows, np.stack(vectors))
    return corpus, _unit(0.9 * shared + 0.45 * topic)


def test_a_line_that_says_little_is_not_the_nearest_by_the_direction_all_lines_share():
    corpus, query = _filler_corpus()
    dense = corpus.dense_scores(query)
    before = dense_contrast(corpus, dense)
    after = dense_contrast(corpus, dense, query, RankingWeights().dense_common)
    answer = len(corpus.rows) - 1
    assert int(np.argmax(before)) != answer  # the raw cosine: a filler is nearest
    assert int(np.argmax(after)) == answer


def test_without_a_query_vector_the_contrast_is_as_before():
    corpus, query = _filler_corpus()
    dense = corpus.dense_scores(query)
    assert np.array_equal(dense_contrast(corpus, dense), dense_contrast(corpus, dense, None, 1.0))
    assert np.array_equal(dense_contrast(corpus, dense), dense_contrast(corpus, dense, query, 0.0))


def test_memories_and_lines_each_have_their_own_shared_direction():
    n = MIN_COMMON
    rows = [{"doc_id": f"m{i}", "kind": "memory", "text": "x"} for i in range(n)]
    rows += [{"doc_id": f"e{i}", "kind": "evidence", "text": "y"} for i in range(n)]
    vectors = np.zeros((2 * n, 2), dtype=np.float32)
    vectors[:n, 0] = vectors[n:, 1] = 1.0
    sums, kinds, centrality, _ = Corpus.build(rows, vectors).common()
    assert kinds.tolist() == [1] * n + [0] * n and np.allclose(centrality, 1.0)
    assert np.allclose(sums, [[0.0, n], [n, 0.0]])
    # too few documents in all: no direction they share, every cosine kept whole
    few = Corpus.build(rows[: n - 1], vectors[: n - 1]).common()
    assert few is not None and np.allclose(few[2], 0.0)


def _small_kind_corpus(memories: int):
    """30 lines near a direction of lines, `memories` memories near a direction of memories, both with a little of
    two topics; the query has both directions and the first topic, the last line is the one about it."""
    rng = np.random.default_rng(7)
    line, memory, topic = np.eye(4)[0], np.eye(4)[1], np.eye(4)[2]

    def near(base, k):
        noise = np.zeros((k, 4))
        noise[:, 2:] = rng.normal(0, 0.25, (k, 2))
        v = base + noise
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    vectors = np.vstack([near(memory, memories), near(line, 30), near(line + 0.5 * topic, 1)]).astype(np.float32)
    rows = [{"doc_id": f"m{i}", "kind": "memory", "text": "The user ..."} for i in range(memories)]
    rows += [{"doc_id": f"e{i}", "kind": "evidence", "text": "a line"} for i in range(31)]
    query = line + memory + 0.8 * topic
    return Corpus.build(rows, vectors), (query / np.linalg.norm(query)).astype(np.float32)


@pytest.mark.parametrize("memories", [10, 17])
def test_a_kind_of_a_few_has_its_shared_direction_taken_out_too(memories):
    # REVIEW-20 #3: 17 memories among 283 lines kept their cosines whole while the lines lost theirs, so every
    # memory stood above the lines' median and topped any query ("The user moved to Huangdao" for 工资卡 密码)
    corpus, query = _small_kind_corpus(memories)
    dense = corpus.dense_scores(query)
    contrast = dense_contrast(corpus, dense, query, RankingWeights().dense_common)
    assert int(np.argmax(contrast)) == len(corpus.rows) - 1


@pytest.mark.parametrize(
    "task, kind",
    [
        ("plan a dinner with my sister on friday", "gift_or_food"),
        ("can you plan a birthday dinner", "gift_or_food"),
        ("help me plan what to cook tonight", "gift_or_food"),
        ("help me plan", "plan_activity"),
        ("plan a weekend by the coast", "plan_activity"),
        ("帮我计划一下做饭", "gift_or_food"),
    ],
)
def test_a_plan_of_something_another_task_names_is_that_task(task, kind):
    names = [t.name for t in task_types(task)]
    assert names[0] == kind, (task, names)
    if kind == "gift_or_food":
        assert "plan_activity" not in names, (task, names)


TASTES = [
    # an outing's habit: what "plan" alone asks for ("every weekend", "run" are the activity's words), not a meal
    mem("mem_trail", "The user does a long trail run every weekend", importance=0.3),
    mem("mem_olives", "The user hates olives", mtype="preference") | {"predicate": "dislikes"},
    mem("mem_pork", "用户不再吃猪肉了", state="pending_review"),
    mem("mem_desk", "The user bought a standing desk"),
]


@pytest.mark.parametrize("task", ["plan a dinner for me and Ines", "help me plan a dinner party"])
def test_a_dinner_takes_what_the_person_will_not_eat_not_their_runs(task):
    found = items(memory(TASTES).context(task))
    assert "mem_olives" in found, task
    assert "mem_pork" in found, task
    assert "mem_trail" not in found, task


def test_a_short_line_that_answers_is_not_ranked_down_for_lying_near_the_shared_direction():
    # lme16: "Did the half yesterday: 2:09:15" is near what all lines share, so little of it is left once that is
    # out; read against its kind's median remainder it outranks a longer line that says less of the query
    rng = np.random.default_rng(3)
    line, topic, other = np.eye(5)[0], np.eye(5)[1], np.eye(5)[2]
    noise = np.zeros((40, 5))
    noise[:, 2:] = rng.normal(0, 0.3, (40, 3))  # of other things than the query's
    crowd = line + noise
    short = line + 0.25 * topic
    long = line + 0.6 * other + 0.35 * topic
    vectors = np.vstack([crowd, long, short])
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    rows = [{"doc_id": f"e{i}", "kind": "evidence", "text": "a line"} for i in range(len(vectors))]
    corpus = Corpus.build(rows, vectors)
    query = line + 0.5 * topic
    query = (query / np.linalg.norm(query)).astype(np.float32)
    dense = corpus.dense_scores(query)
    weights = RankingWeights()
    whole = dense_contrast(corpus, dense, query, weights.dense_common, 1.0)  # the knob on (off by default)
    undivided = dense_contrast(corpus, dense, query, weights.dense_common, 0.0)
    assert int(np.argmax(undivided)) == len(rows) - 2  # the remainder undivided: the longer line
    assert int(np.argmax(whole)) == len(rows) - 1
