"""Screening-6: the phrasings a reviewer found leaking, one test a family, each with look-alikes that stay."""

import time

import pytest

from mirror_pipeline.core.screening import PLACEHOLDER_RE, redact_sequence


def screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def assert_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    out = PLACEHOLDER_RE.sub("[secret]", "\n".join(screen(*messages)))
    for value in values:
        assert value not in out, (messages, out)


def assert_kept(*messages: str) -> None:
    assert screen(*messages) == list(messages)


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("my password is hunter22", "no wait it's Hunter22!"), ("hunter22", "Hunter22")),
        (("my password is hunter22", "sorry typo, it's hunter23"), ("hunter23",)),
        (("my pin is 4821", "sorry, typo: 4812"), ("4812",)),
        (("wifi密码：Tplink8888", "不对，是 Tplink6666"), ("Tplink6666",)),
        (("邮箱密码 Lx2020mail", "更正一下：Lx2021mail"), ("Lx2021mail",)),
        (("password for the shared drive is Falcon_22\nactually it's Falcon_23",), ("Falcon_23",)),
        (("my password is Kestrel#81\n", "\nsorry typo, it's Kestrel#18\n"), ("Kestrel#18",)),  # journal paragraphs
    ],
)
def test_a_correction_right_after_a_secret_is_a_secret(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert_hidden(messages, values)


@pytest.mark.parametrize(
    "messages",
    [
        ("no wait it's Tuesday",),
        ("sorry typo, it's 'their'",),
        ("the meeting is at 3", "no wait it's 4pm"),  # no secret before it
        ("我的密码是 Kestrel#81", "说错了，是周二改的"),
    ],
)
def test_a_correction_of_ordinary_things_stays(messages: tuple[str, ...]) -> None:
    out = screen(*messages)
    assert out[-1] == messages[-1]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("new pw for the router: admin / Tp@Home2024", "Tp@Home2024"),
        ("wifi: HomeNet / sunshine2020", "sunshine2020"),
        ("家里wifi HUAWEI-1234 / hw12345678", "hw12345678"),
        ("后台账号密码：admin / Zx@2024yy", "Zx@2024yy"),
    ],
)
def test_the_password_of_a_user_or_network_pair(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text", ["price: 120 / 150 depending on size", "admin / staff meeting at 5", "wifi is 5G / 2.4G dual band"]
)
def test_a_slash_between_ordinary_words_stays(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (("密码发你了", "Wz19930812"), "Wz19930812"),
        (("我把新密码给你", "Qwe@20240601"), "Qwe@20240601"),
        (("here's the wifi password", "GreenHouse!42"), "GreenHouse!42"),
    ],
)
def test_a_password_sent_in_the_next_message(messages: tuple[str, ...], value: str) -> None:
    assert_hidden(messages, (value,))
    assert_kept(messages[0], "收到，谢谢")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("银行卡密码六个数 880213", "880213"),
        ("取款密码我生日 880213", "880213"),
        ("门禁密码换了，现在 3579", "3579"),
        ("my bank pin is still my birthday 0812", "0812"),
        ("spotify password is the usual one, jazzhands99", "jazzhands99"),
        ("hulu password is the same as always, moonpie88", "moonpie88"),
    ],
)
def test_words_between_the_name_and_the_value(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text",
    [
        "银行卡密码忘了 2024年改过",
        "支付密码改了 今天 2024",
        "密码错误 3 次就锁了",
        "the password is the same as always",
    ],
)
def test_a_year_or_a_count_after_the_name_stays(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("验证码是：六七三九二一", "六七三九二一"),
        ("你的验证码是 五五三零一二，别告诉别人", "五五三零一二"),
        ("银行卡密码：三九二八五一", "三九二八五一"),
    ],
)
def test_codes_in_chinese_numerals(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize("text", ["六七个人去吃饭", "验证码一二三没收到", "三九天最冷"])
def test_chinese_numerals_in_ordinary_talk_stay(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the safe is 24-11-87", "24-11-87"),
        ("gym locker is 31-07-22", "31-07-22"),
        ("the combination to the safe is 36-24-36", "36-24-36"),
        ("padlock on the shed: 2580", "2580"),
        ("the code to the alarm is 5521", "5521"),
        ("保险箱是 36-12-08", "36-12-08"),
        ("小区大门的门禁码 8520#", "8520"),
    ],
)
def test_safes_lockers_and_gates(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text",
    [
        "the safe at the hotel was broken",
        "my locker is 118",
        "the safe house is 1200 sq ft",
        "the gym locker number is 118 on the second row",
        "保险柜在二楼 2003房间",
        "we're playing 24-11-87 on the lottery lol",
    ],
)
def test_safe_talk_without_a_code_stays(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("卡号 6222 0212 3456 7890 128，有效期 12/28，CVV 123", ("12/28", "123")),
        ("CVC 457", ("457",)),
        ("安全码 321", ("321",)),
        ("卡号6222021234567890128 过期 09/27", ("09/27",)),
        ("security code on the back: 615", ("615",)),
        ("信用卡背面三位数 386", ("386",)),
        ("Amex 3782 822463 10005, expires 11/29, CID 4432", ("11/29", "4432")),
    ],
)
def test_card_security_data(text: str, values: tuple[str, ...]) -> None:
    assert_hidden((text,), values)


@pytest.mark.parametrize(
    "text",
    [
        "CVV is on the back of the card",
        "the cvv is 3 digits",
        "my card expires 09/27 so I need a new one soon",
        "the sale ends 12/28, grab it",
        "卡背面有签名",
        "CVV是三位数",
    ],
)
def test_card_talk_without_security_data_stays(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my SSN is 123-45-6789", "123-45-6789"),
        ("her social is 219-09-9999", "219-09-9999"),
        ("护照号 E12345678", "E12345678"),
        ("my passport number is 533378921", "533378921"),
        ("我的身份证后六位 10002X", "10002X"),
        ("身份证后四位 302X", "302X"),
    ],
)
def test_restricted_personal_numbers(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text",
    [
        "I never give my SSN over the phone",
        "SSN is 9 digits",
        "passport photo costs 45 dollars",
        "我的身份证后四位是多少来着",
    ],
)
def test_talk_about_personal_numbers_stays(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("pass for the nas is nasbox!2020", "nasbox!2020"),
        ("the wifi at the airbnb is 'SeaBreeze2025'", "SeaBreeze2025"),
        ("民宿的wifi是 Seaview2024", "Seaview2024"),
    ],
)
def test_earlier_held_out_misses(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text", ["pass for the weekend is 40 dollars", "the wifi is 100mbps now", "the wifi at the hotel is 2.4GHz only"]
)
def test_passes_and_wifi_speeds_stay(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "the safe is" + " x" * 10000,
        "wifi: " + "a/" * 10000,
        "银行卡密码" + "的" * 20000 + " 1234",
        "my password is [secret:password:sec_0123456789abcdef]\n" + "no " * 10000,
        "card 4111 1111 1111 1111 " + "exp " * 10000,
    ],
)
def test_the_new_rules_are_linear(text: str) -> None:
    start = time.process_time()
    screen(text)
    assert time.process_time() - start < 5


def test_how_a_pin_is_built_goes_with_it() -> None:
    """Section 15.3: "我生日" before the number tells how it is built; it is redacted with the value."""
    out = screen("取款密码我生日 880213")[0]
    assert "生日" not in out and "880213" not in out and out.startswith("取款密码[secret:")
    assert screen("银行卡密码六个数 880213")[0].startswith("银行卡密码六个数 [secret:")
