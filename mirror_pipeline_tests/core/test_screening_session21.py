"""Session 21: a secret's name in other languages; a code's digits in groups over messages; a document named last and
given after "is"; a document's value that begins near its window's end; a list of codes and a wallet's words that go
on in the next message; a lock that opens with its code, a keypad's star before it; a security question's answer in
the next message; a correction after a dash. And what a long history holds that must stay: codes anyone may know
(dress, zip, promo, sort code), loyalty and library cards, an account's reference, a secret said to be absent, a
contraction in reply, another number's value after a question."""

import pytest

from mirror_pipeline_tests.core.test_screening_session19 import _gone, _screen


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("le mot de passe de la box c'est Tournesol_88",), ("Tournesol_88",)),
        (("el código pin de la tarjeta es 5160",), ("5160",)),
        (("mein Kennwort ist Hafen#2231",), ("Hafen#2231",)),
        (("a senha do wifi é casa-azul-77",), ("casa-azul-77",)),
        (("ルーターのパスワードは momiji_4411 です",), ("momiji_4411",)),
        (("비밀번호는 hangang2020! 이에요",), ("hangang2020!",)),
        (("mijn wachtwoord: Molen!5521",), ("Molen!5521",)),
    ],
)
def test_a_secrets_name_in_another_language_hides_its_value(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    "text",
    [
        "la clave es importante, no la olvides",
        "le code de la route a changé en 2024",
        "el código postal es 28013",
    ],
)
def test_a_foreign_word_before_no_value_stays(text: str) -> None:
    assert _screen(text) == [text]


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("bike lock code, first part is 41", "and the rest is 07, don't lose it"), ("41", "07")),
        (("the code for the shed:", "38", "then 90, then pull hard"), ("38", "90")),
    ],
)
def test_a_codes_digit_groups_over_messages_are_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("they want my personnummer for the lease", "ok is 850709-4574"), ("850709-4574",)),
        (("el RUT de mi hermano for the hotel booking: 17.482.356-1",), ("17.482.356-1",)),
        (("writing down the trezor words:", "unit fiber kidney tongue next syrup"), ("unit fiber", "tongue next")),
        (
            ("github recovery codes, keep safe:", "a1b2c-3d4e5 f6g7h-8i9j0", "k1l2m-3n4o5 p6q7r-8s9t0"),
            ("k1l2m-3n4o5", "p6q7r-8s9t0"),
        ),
        (("the lockbox at the cottage opens with 6 0 3 1",), ("6 0 3 1",)),
        (("the lockbox at the cottage opens with four four one nine",), ("four four one nine",)),
        (("building keypad is hash 2284",), ("2284",)),
        (("密保问题是“第一只宠物叫什么”", "我填的答案是 豆豆"), ("豆豆",)),
        (("door pin is 5512 - no, 5521",), ("5512", "5521")),
    ],
)
def test_values_given_by_where_they_stand_are_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    "messages",
    [
        ("what's the dress code for the wedding?", "20415"),
        ("zip code for the office?", "94107"),
        ("use promo code for 20% off", "SAVE2024"),
        ("pay the rent to the landlord's account, sort code 90-12-34",),
        ("my tesco clubcard number is 3967 3215 5384 9501, add it to the order",),
        ("星巴克会员卡号 4141016995408750",),
        ("account ref 7287-2587-5129 on the gas bill",),
        ("account ref 0091-6744-7188-4868-83",),
        ("the cafe wifi is BT-Hub-77K2, no password", "honestly I'm so tired"),
        ("the guest wifi has no password", "ok123 cool"),
        ("what is the door pin?", "the book is ISBN 978-1-356-80247-9"),
        ("what is the door pin?", "hmm", "order 4471 came today though"),
        ("the pin is 4821 no wait, 4812",),
    ],
)
def test_a_long_historys_look_alikes_stay(messages: tuple[str, ...]) -> None:
    out = _screen(*messages)
    if messages == ("the pin is 4821 no wait, 4812",):
        # a corrected value is hidden once: one placeholder, not two side by side
        assert out[0].count("[secret:") == 2 and "][secret:" not in out[0]
        return
    assert out == list(messages)


def test_a_credential_assigned_inside_a_config_link_is_hidden_and_the_link_kept() -> None:
    # (an .npmrc line: the token sat inside what reads as a link, and links' random pieces are left alone)
    from mirror_pipeline.core.screening import redact_sequence

    token = "npm_" + "IjuuINDcRvbIGbtakXBnpBluUTbfJuFMkOhY"
    out = redact_sequence([(f"add this to ~/.npmrc:\n//registry.npmjs.org/:_authToken={token}", "t#0")])[0].text
    assert token not in out and "registry.npmjs.org" in out
    plain = "see https://github.com/IjuuINDcRvbIGbtakXBnpBluUTbfJuFMkOhY/x"
    assert redact_sequence([(plain, "t#1")])[0].text == plain


def test_spanish_clave_names_a_password_only_before_a_value() -> None:
    from mirror_pipeline.core.screening import redact_sequence

    assert "Tortuga.Verde.71" not in redact_sequence([("la clave del wifi es Tortuga.Verde.71", "c#0")])[0].text
    for kept in ("la clave es importante", "mi clave única de identificación tributaria"):
        assert redact_sequence([(kept, "c#1")])[0].text == kept
