"""English as people type it in chat (issue 10, session 18): English creoles and varieties read through their
standard counterparts (Caribbean "mi", "di", "fi", "a" as aspect; Nigerian Pidgin / Krio "don", "pikin"; Scots
"ma", "cannae", "no"; Singlish particles), the omitted subject of a chat line, and feelings as a chat types them.
The sentences are written for the tests, before any rule was tuned, in words none of the benchmark sets use."""

from datetime import UTC, date, datetime

import pytest

from mirror_pipeline.core.extraction import creole, extract
from mirror_pipeline.core.extraction.casual import spelled
from mirror_pipeline_tests.core.helpers import evidence

SAID = datetime(2026, 9, 9, 12, 0, tzinfo=UTC)  # a Wednesday


def _found(text: str, previous: str | None = None):
    before = evidence(previous, "assistant", evidence_id="ev_0", when=SAID) if previous else None
    return extract(evidence(text, "user", when=SAID), previous=before)


@pytest.mark.parametrize(
    ("written", "starts"),
    [
        # Jamaican: "mi" at the subject slot is "I", a bare eventive verb after it is past
        ("mi sell di old van to mi bredda last month, him did need it fi work", "The user sold the old van"),
        ("last year mi move inna a likkle flat pon Spanish Town Road wid mi two pickney", "The user moved"),
        # Nigerian Pidgin: "don" before a verb is the perfect
        ("abeg no vex, I don start work for di new bank for Ikeja since Monday", "The user has started work"),
    ],
)
def test_a_creole_clause_is_read_through_its_standard_english(written: str, starts: str) -> None:
    found = _found(written)
    assert any(c.content_text.startswith(starts) for c in found), [c.content_text for c in found]
    for c in found:  # the span stays on the person's own words
        assert 0 <= c.span_start < c.span_end <= len(written)


@pytest.mark.parametrize(
    ("written", "has"),
    [
        ("mi a study fi di nursing board exam, dem seh it hard", "studying for the nursing board exam"),
        ("mi name Shanice, mi a teacher inna Montego Bay", "teacher"),
        ("ma wee lassie started at the nursery, aye, she loves it", "The user's"),
    ],
)
def test_the_creole_fold_reads_pronouns_and_copulas_by_their_place(written: str, has: str) -> None:
    found = _found(written)
    assert any(has in c.content_text for c in found), [c.content_text for c in found]


def test_a_scots_no_before_a_verb_is_a_negation_not_a_plan() -> None:
    found = _found("I'm no going back tae ma old job at the call centre, I cannae face it")
    for c in found:
        if "going back" in c.content_text:
            assert "not" in c.content_text


@pytest.mark.parametrize(
    "written",
    [
        "mi hermana vive en Madrid y mi casa es pequeña",  # Spanish
        "mi piace la pizza di mia nonna, è la migliore",  # Italian
        "Mi and I went to the market, then Mi bought a fish",  # a name
        "I bought a bike and a helmet for the trip",  # the article
        "ran 5 mi this morning along the canal",  # miles
        "我今天很开心，去了公园",  # Chinese
    ],
)
def test_no_creole_fold_without_creole_evidence(written: str) -> None:
    assert creole.folded(written) == (written, None)


def test_a_creole_message_keeps_the_written_offsets() -> None:
    written = "mi nuh like di new boss, mi a look fi a next job"
    text, back = spelled(written)
    assert back is not None and len(back) == len(text) + 1
    assert text.startswith("I don't like the new boss")
    assert written[back[text.index("boss")] :].startswith("boss")


@pytest.mark.parametrize(
    ("written", "kind"),
    [
        ("finish probation liao, boss confirm me already", "event"),
        ("passport renewed!! can fly in December", "event"),
        ("begin driving lessons next Tuesday, quite nervous", "fact"),  # a plan: this codebase types plans `fact`
    ],
)
def test_a_chat_line_with_no_subject_is_the_writers(written: str, kind: str) -> None:
    found = _found(written)
    assert any(c.memory_type.value == kind for c in found), [c.content_text for c in found]


@pytest.mark.parametrize(
    ("written", "previous"),
    [
        ("moved to Perth last month, loves it there", "How is your brother doing these days?"),
        ("my cousin quit the bank. moved to Leeds last week", None),
    ],
)
def test_a_subjectless_line_about_someone_else_is_not_the_writers(written: str, previous: str | None) -> None:
    found = _found(written, previous)
    assert not any("moved" in c.content_text and c.content_text.startswith("The user") for c in found)


@pytest.mark.parametrize(
    ("written", "feeling"),
    [
        ("so sian today, the queue never end", "sian"),
        ("mi fraid bad fi di driving test tomorrow", "afraid"),
        ("i nervous sia, interview at 3", "nervous"),
        ("knackered af after that double shift", "knackered"),
        ("damn excited today, the results are out", "excited"),
        ("vex bad wid di landlord, him raise di rent again", "angry"),
    ],
)
def test_a_chat_feeling_is_the_writers_emotion(written: str, feeling: str) -> None:
    found = [c for c in _found(written) if c.memory_type.value == "emotion"]
    assert found, [c.content_text for c in _found(written)]
    assert any(feeling in c.content_text for c in found), [c.content_text for c in found]


def test_a_feeling_since_a_day_is_dated_from_that_day() -> None:
    found = [c for c in _found("feeling down since Sunday, cannot sleep") if c.memory_type.value == "emotion"]
    assert found
    assert found[0].valid_time_start is not None
    assert found[0].valid_time_start.startswith(date(2026, 9, 6).isoformat())


@pytest.mark.parametrize(
    "written",
    [
        "haha so happy for u, congrats on the new flat",
        "my mum so worried about the surgery",
        "wah your baby so cute, so happy see her",
    ],
)
def test_filler_and_other_peoples_feelings_are_not_the_writers(written: str) -> None:
    assert not [c for c in _found(written) if c.memory_type.value == "emotion"]


def test_one_creole_word_is_enough_from_a_person_who_writes_a_creole() -> None:
    person = [
        "mi sell di old van last week",
        "dem call mi fi di interview",
        "how yuh do, mi deh ya",
        "ok thanks",
        "mi love a good curry goat on a Saturday",
    ]
    assert creole.writes_creole(person)
    assert not creole.writes_creole(["mi casa es tu casa", "ok thanks", "mi hermana vive en Lima"])
    said = "mi love a good curry goat on a Saturday"
    assert not [c for c in _found(said) if c.memory_type.value == "preference"]
    voiced = extract(evidence(said, "user", when=SAID), creole_voice=True)
    assert any(c.memory_type.value == "preference" and "curry goat" in c.content_text for c in voiced)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        # forms no standard English has are read without further evidence: Pidgin's perfect, Scots' "no" + -ing
        ("I don sell my old laptop for Ikeja", "I have sold my old laptop for Ikeja"),
        ("I don know the place", "I don't know the place"),  # before a state it is a chat's "don't"
        ("she's no coming to the ceilidh", "she's not coming to the ceilidh"),
        ("that is no good", "that is no good"),
        # the Caribbean plural marker goes onto its noun; the span keeps the written words
        ("mi sell di mango dem pon Sunday dem", "I sold the mangos on Sundays"),
    ],
)
def test_forms_of_a_variety_are_read_by_their_place(written: str, read: str) -> None:
    text, back = creole.folded(written)
    assert text == read
    if back is not None:
        assert written[back[len(text) - 1]] == written[-1]  # the last read character stands for the last written


@pytest.mark.parametrize(
    ("written", "read"),
    [
        # Trinidad and the Eastern Caribbean: "ah" the subject before its verb, "meh" before a noun, "de", "doh", "cyah"
        ("ah is a welder by de shipyard", "I am a welder by the shipyard"),
        ("ah did de course in san fernando", "I did the course in san fernando"),
        ("meh sister cyah come for de wedding", "my sister can't come for the wedding"),
        ("doh send me de long version", "don't send me the long version"),
        ("ah ok, de one wid de blue cover", "ah ok, the one with the blue cover"),  # "ah" a sigh: no subject
        ("ah ok cool", "ah ok cool"),  # no creole evidence: nothing folded
        ("can meh?", "can?"),  # a closing Singlish "meh" stays a particle, dropped
    ],
)
def test_an_eastern_caribbean_message_is_read_by_its_function_words(written: str, read: str) -> None:
    assert creole.folded(written)[0] == read


def test_a_trinidadian_job_is_the_writers() -> None:
    found = _found("ah is a electrician by de hospital in arima, 6 yrs now")
    assert any("electrician" in c.content_text and c.content_text.startswith("The user") for c in found), [
        c.content_text for c in found
    ]
