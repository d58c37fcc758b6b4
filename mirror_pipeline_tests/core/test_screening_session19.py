"""Session 19: a card's code called by where it is printed; a combination told in words, its turns maybe one message
at a time; a code said in words over messages; a named code's two parts in one text; tokens in pasted config; a code
told with how long it lasts; a password's new value after the old one; New Zealand's IRD number; and the look-alikes
that stay (a jersey's back number, a product's batch, a postal code, directions, counts said in reply, a login's
user)."""

import pytest

from mirror_pipeline.core.screening import redact, redact_sequence


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def _gone(messages: tuple[str, ...], values: tuple[str, ...]) -> bool:
    joined = "\n".join(_screen(*messages))
    return not any(value in joined for value in values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        # a card's code by where it is printed, a card or a payment spoken of
        (("my visa's three little digits on the back: 415",), ("415",)),
        (("credit card rear code is 0932",), ("0932",)),
        (("借记卡背面的三位数是 527",), ("527",)),
        # the signature strip and the code's own names need no card beside them
        (("the number next to the signature panel is 618",), ("618",)),
        (("签名条上的数字 884",), ("884",)),
        (("security code 是 3 位的 306",), ("306",)),
        # a card's number given, its code's place in the next message
        (("card is 4012888888881881", "and the back number 271"), ("4012888888881881", "271")),
    ],
)
def test_a_cards_code_by_where_it_is_printed_goes(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("the locker dial: right to fourteen, left to thirty-nine, right to two",), ("fourteen", "thirty-nine")),
        (("保险箱 逆时针到三十三 顺时针到八 再逆时针到二十",), ("三十三", "二十")),
        (("combo for the trunk is forty, left to six, right to twenty-one",), ("forty", "twenty-one", "left to six")),
        (("the old safe at mum's", "right to 17", "left to 40", "right to 3"), ("17", "40", "to 3")),
    ],
)
def test_a_combination_in_words_or_over_messages_goes(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("the phone passcode?", "eight three", "one one"), ("eight three", "one one")),
        (("保险箱密码", "七七", "二零"), ("七七", "二零")),
        (("garage code is", "four", "oh", "nine", "one"), ("four", "oh", "nine", "one")),
        (("the pin begins triple five", "then two"), ("triple five",)),
    ],
)
def test_a_code_said_in_words_over_messages_goes(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("the bike lock code begins with 40 and ends with 19",), ("40", "19")),
        (("门锁密码前两位是 35，后两位是 60",), ("35", "60")),
        (("爸的存折密码分开说", "头两位 71 尾两位 08"), ("71", "08")),
    ],
)
def test_a_named_codes_two_parts_in_one_text_go(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert _gone(messages, values)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ('export APP_SECRET_KEY="x7!Kq#9zL@v2Pm$e"', ("x7!Kq#9zL@v2Pm$e",)),
        (
            "account AC1b2c3d4e5f60718293a4b5c6d7e8f901 and auth token 0f1e2d3c4b5a69788796a5b4c3d2e1f0",
            ("AC1b2c3d4e5f60718293a4b5c6d7e8f901", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"),
        ),
        ("got 305518 from the bank, expires in 3 mins", ("305518",)),
        ("登录用 448120，10分钟内有效", ("448120",)),
        ("my IRD no. 49-091-850 for the payroll", ("49-091-850",)),
        ("pan BKHPS4821Q for the bank form", ("BKHPS4821Q",)),
        ("the cottage wifi is Larch_Cabin and pass is fern.moss.93", ("fern.moss.93",)),
    ],
)
def test_a_named_token_code_or_number_goes(text: str, values: tuple[str, ...]) -> None:
    out = redact(text, scope="test").text
    assert not any(value in out for value in values)


def test_a_passwords_new_value_after_the_old_one_goes() -> None:
    assert _gone(("the vpn password was Harbor2020, changed it", "new one is Pelican_Bay_41"), ("Pelican_Bay_41",))
    # corrected in the same message
    assert _gone(("locker pw is Otter_51 oops, Otter_15",), ("Otter_51", "Otter_15"))
    assert _screen("the password is Tulip2020 no idea why")[0].endswith("no idea why")


@pytest.mark.parametrize(
    "messages",
    [
        ("jersey back number 114, same as last year",),
        ("the 4 photos on the back wall cost 2000 with my credit card",),
        ("包装反面的三位数 230 是批次",),
        ("we turned left to twelve oaks road, right at the lake and left again at nine",),
        ("how many kids are coming", "three", "maybe four"),
        ("I sent you the zip code", "nine four one one oh"),
        ("the first two games ended 31 and the last two 27",),
        ("the commit 0f1e2d3c4b5a69788796a5b4c3d2e1f0 broke the build",),
        ("NODE_ENV=staging\nPORT=4000",),
        ("order 55812 expires in 15 minutes unless paid",),
        ("the zip code for the new office is 94107",),
        ("postal code for the depot is 560034",),
    ],
)
def test_look_alikes_stay(messages: tuple[str, ...]) -> None:
    assert _screen(*messages) == list(messages)


def test_a_logins_user_stays_beside_its_password() -> None:
    out = redact("school login: m.chen / Sparrow#88", scope="test").text
    assert "m.chen" in out and "Sparrow#88" not in out
