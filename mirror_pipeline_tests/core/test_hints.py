import pytest

from mirror_pipeline.core.screening.hints import HintRefused, checked_hint, derived_hint, hint_problems


@pytest.mark.parametrize(
    "hint", ["工作邮箱相关", "海外券商登录项", "NAS 管理后台", "related to home wifi", "the family Apple ID"]
)
def test_a_hint_that_only_locates_is_kept(hint: str) -> None:
    assert hint_problems(hint, secret="Tplink8888") == []
    assert checked_hint(f"  {hint} ") == hint


@pytest.mark.parametrize(
    ("hint", "secret"),
    [
        ("starts with Tpl", "Tplink8888"),
        ("the router brand then 8888", "Tplink8888"),
        ("ends in 821", "4821"),
        ("sunflower something", "Sunflower2023"),
    ],
)
def test_a_fragment_of_the_secret_is_refused(hint: str, secret: str) -> None:
    assert "contains a fragment of the secret" in hint_problems(hint, secret=secret)


@pytest.mark.parametrize(
    "hint",
    [
        "8位，字母加数字",
        "12 characters",
        "大写字母开头，结尾是符号",
        "uppercase first letter, ends with a symbol",
        "我的生日加手机号后四位",
        "birthday plus the last four of my phone",
        "恢复码第一组 8831",
        "mother's maiden name",
        "名字拼音+1314",
    ],
)
def test_length_composition_and_construction_rules_are_refused(hint: str) -> None:
    assert hint_problems(hint)


def test_a_hint_that_is_a_secret_itself_is_refused_without_quoting_it() -> None:
    with pytest.raises(HintRefused) as refused:
        checked_hint("password: Hunter2024x")
    assert "Hunter2024x" not in str(refused.value)


def test_a_hint_is_derived_from_the_label_only_when_it_says_nothing_of_the_secret() -> None:
    assert derived_hint("工作邮箱") == "与工作邮箱相关"
    assert derived_hint("home wifi") == "related to home wifi"
    assert derived_hint("生日") is None
    assert derived_hint("") is None


def test_a_label_with_a_number_is_kept_when_the_number_is_not_part_of_the_secret() -> None:
    assert hint_problems("12306", secret="huoche888") == []
    assert hint_problems("12306", secret="x12306y") == ["contains a fragment of the secret"]
    assert hint_problems("恢复码第一组 8831")  # a number in a hint typed without the secret at hand
