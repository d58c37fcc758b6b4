import pytest

from mirror_pipeline.core.entities import canonical, is_place


@pytest.mark.parametrize(
    "names",
    [
        ("A公司", "A 公司", "company A", "Company A", "the company A"),
        ("我", "I", "me", "用户", "the user", "User"),
        ("大阪", "Osaka", "大阪市"),
        ("丹佛", "Denver"),
    ],
)
def test_one_entity_however_it_is_written(names: tuple[str, ...]) -> None:
    assert len({canonical(n) for n in names}) == 1


def test_people_and_places_stay_apart() -> None:
    assert canonical("Ian") != canonical("I") and canonical("我妈妈") != canonical("我")
    assert is_place("海淀区") and is_place("Denver") and not is_place("React")
