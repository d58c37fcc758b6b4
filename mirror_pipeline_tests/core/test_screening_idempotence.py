"""Screening twice is screening once: the inbox is redacted at import and the run screens the evidence again, so a
placeholder must count as a value already given, and the text around a value stays as written."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mirror_pipeline.core.screening import PLACEHOLDER_RE, redact, redact_sequence

SECRETS_DIR = Path(__file__).resolve().parents[2] / "benchmarks" / "secrets"
CORPUS_LINES = sorted(
    {
        message
        for path in sorted(SECRETS_DIR.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
        for message in json.loads(line)["messages"]
    }
)


def _twice(text: str, scope: str = "s") -> tuple[str, str]:
    once = redact(text, scope).text
    return once, redact(once, scope).text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my password is hunter2 and my PIN is 1234.", "my password is [] and my PIN is []."),
        (
            "the door PIN for the new place is 4821, don't tell anyone",
            "the door PIN for the new place is [], don't tell anyone",
        ),
        ("my PIN is 4821.", "my PIN is []."),
        ("密码是abc123，别告诉别人", "密码是[]，别告诉别人"),
        ("银行卡密码 482193。记住了", "银行卡密码 []。记住了"),
        ("(password is abc123x)", "(password is [])"),
        ("PIN is 1234! ok", "PIN is []! ok"),
    ],
)
def test_a_value_ends_before_the_punctuation_and_a_second_pass_changes_nothing(text: str, expected: str) -> None:
    once, twice = _twice(text)
    assert PLACEHOLDER_RE.sub("[]", once) == expected
    assert twice == once


def test_a_placeholder_fills_the_value_slot_of_every_rule() -> None:
    # each of these, with its value already a placeholder, must not give the next word away as a value
    for head in ("my password is", "密码是", "the wifi password:", "验证码", "security answer:", "passphrase is"):
        text = f"{head} [secret:password:sec_0123456789abcdef] and then tomorrow we talk"
        assert redact(text, "s").text == text, head


def test_a_label_names_a_thing_or_falls_back_to_the_kind() -> None:
    (span,) = redact("I changed my password: it is now Tr0ub4dor&3", "s").secrets
    assert span.label == "password"
    (span,) = redact("so my gmail password is Hunter2049xq", "s").secrets
    assert span.label == "gmail"


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("The wifi password here is Tplink8888", "wifi"),
        ("password? mine is hunter2xyz", "password"),
        ("Just so you know, the Hulu password got changed to popcorn0612", "Hulu"),
        ("the password I use for everything is Pumpkin2016", "password"),
        ("password for bank of america is Xyz!2024", "bank of america"),
        ("我把wifi密码改成 lanlan1314 了", "wifi"),
        ("路由器密码我设的是 qwer1234asdf", "路由器"),
        ("电脑开机密码是 6个1 就是111111", "电脑开机"),
        ("你的验证码是 771203，请勿泄露", "one time code"),
        ("这是爱奇艺会员的账号 13800001111 密码 aqy_vip_2024", "爱奇艺会员"),  # a field name (账号) is no label
    ],
)
def test_a_label_is_the_thing_named_before_the_secret_never_the_words_between(text: str, label: str) -> None:
    (span,) = redact(text, "s").secrets
    assert span.label == label


def test_no_label_carries_another_secret_of_the_same_text() -> None:
    screened = redact("my password is hunter2zz and my PIN is 1234.", "s")
    assert len(screened.secrets) == 2
    assert all("hunter2zz" not in s.label and "1234" not in s.label for s in screened.secrets)


def test_every_corpus_line_screened_twice_is_screened_once() -> None:
    assert len(CORPUS_LINES) > 2000
    bad = [line for line in CORPUS_LINES if len(set(_twice(line, "corpus"))) != 1]
    assert bad == []


def test_a_conversation_screened_twice_is_screened_once() -> None:
    items = [("wifi 密码多少？", "a"), ("Tplink8888, 别外传", "b"), ("my PIN is 4821.", "c"), ("ok thanks", "d")]
    once = redact_sequence(items)
    twice = redact_sequence([(s.text, scope) for s, (_, scope) in zip(once, items, strict=True)])
    assert [s.text for s in twice] == [s.text for s in once]
    assert "Tplink8888" not in once[1].text and once[1].text.endswith(", 别外传")


_PIECES = st.sampled_from(
    [
        "my password is",
        "password:",
        "pw",
        "PIN",
        "is",
        "密码是",
        "验证码",
        "wifi密码",
        "hunter2",
        "Tplink8888",
        "4821",
        "583920",
        "and",
        "don't",
        "tell",
        "anyone",
        "别",
        "告诉",
        ",",
        ".",
        "，",
        "。",
        "!",
        "?",
        "：",
        "\n",
        "it's",
        "now",
        "the",
        "security answer is",
        "passphrase:",
        "sk-proj-Zx81Qw3rTy7UiOp9AsDf2GhJkL4",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=8)), max_size=14), st.sampled_from([" ", "", "  "]))
def test_screening_is_idempotent_on_generated_text(pieces: list[str], joiner: str) -> None:
    once, twice = _twice(joiner.join(pieces))
    assert twice == once


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("提醒自己：网银登录密码=Winter7412,刚把QQ邮箱密码改成了k14yhidqyt", ["Winter7412", "k14yhidqyt"]),
        ("garage code PIN is 9617，老妈的银行卡取款密码是她生日 0315", ["9617", "0315"]),
        ("the wifi password here is on the receipt. 转到这张卡 6228 9489 0272 1503 277，户名张伟", ["6228 9489"]),
    ],
)
def test_a_match_cut_short_or_rejected_hides_no_second_secret(text: str, values: list[str]) -> None:
    once, twice = _twice(text)
    assert twice == once
    assert [v for v in values if v in once] == []
