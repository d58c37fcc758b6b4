"""The home's time zone is asked about, never changed silently, when it is UTC and the imports say another
(REVIEW-18 #3): the question in the person's language, the zone most records name, not asked again once kept."""

from __future__ import annotations

from mirror_pipeline.core.review import ZONE_CHOICES, zone_question


def test_a_utc_home_whose_journal_names_another_zone_is_asked_in_the_persons_language() -> None:
    written = {"Asia/Shanghai": 40, "Europe/Lisbon": 3}
    zone, question, options = zone_question("UTC", written, frozenset(), "zh")
    assert zone == "Asia/Shanghai" and "40 条" in question and "时区" in question
    assert options[0] == "设成 Asia/Shanghai" and len(options) == len(ZONE_CHOICES)
    zone, question, options = zone_question("UTC", written, frozenset(), "en")
    assert "40 of the records" in question and options[1] == "no, keep UTC"


def test_nothing_is_asked_when_the_imports_agree_or_name_no_zone_or_the_person_kept_the_home_zone() -> None:
    assert zone_question("UTC", {}, frozenset(), "en") is None
    assert zone_question("UTC", {"UTC": 12}, frozenset(), "en") is None
    assert zone_question("UTC", {"America/Bogota": 9}, frozenset({"America/Bogota"}), "zh") is None
    # two entries written on a trip say where the person was, not where they live
    assert zone_question("UTC", {"Asia/Tokyo": 2, "Asia/Ho_Chi_Minh": 1}, frozenset(), "en") is None


def test_a_move_between_zones_is_said_so_the_person_chooses() -> None:
    _, question, _ = zone_question("UTC", {"Asia/Shanghai": 6, "Europe/Lisbon": 4}, frozenset(), "en")
    assert "6 of the records" in question and "(4 name Europe/Lisbon)" in question
    _, question, _ = zone_question("UTC", {"Asia/Shanghai": 6, "Europe/Lisbon": 4}, frozenset(), "zh")
    assert "另有 4 条写明是 Europe/Lisbon" in question
