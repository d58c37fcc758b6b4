"""Screening mechanisms of session 10 (heldout21's misses, by how the sentences are built, none of its sentences): an
ID number named as one; Cantonese 係 before a value and an alarm's disarm code; a code said to have come, its value in
the next clause; the rest of a card after a word that gives the rest; Chinese seed words set apart by spaces; a value
announced in parts; a password described, its value alone in the next message; serving's leak check reads folded
text."""

from __future__ import annotations

import polars as pl

from mirror_pipeline.core.screening import redact_sequence
from mirror_pipeline.core.serving import tables_matching_secret_patterns


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def test_an_id_number_named_as_one_is_hidden_even_when_its_check_character_fails():
    # B128805417 fails Taiwan's check digit: unnamed it is a product code's shape, named it is the person's
    for text in ("我的身份证号码是 B128805417", "my ID number: B128805417", "her id card no. B128805417"):
        out = _screen(text)[0]
        assert "B128805417" not in out and "[secret:id_number:" in out, out
    for text in ("order id: B128805417 shipped", "型号 B128805417 的滤芯", "ID: B128805417"):
        assert _screen(text) == [text]


def test_a_taiwan_resident_certificate_of_the_new_format_is_told_by_its_check_digit():
    assert "A800000014" not in _screen("居留證 A800000014 影本寄給你了")[0]
    assert _screen("SKU A800000015 restocked") == ["SKU A800000015 restocked"]  # its check digit fails


def test_a_cards_first_eight_digits_said_to_be_its_first_part_then_the_rest():
    out = _screen("卡號前面係 6225 7601", "後面 3388 2094")
    assert "6225" not in out[0] and "3388" not in out[1] and "2094" not in out[1], out
    for text in ("订单号前面是 6225 7601", "信用卡 前面 2024 0101 的账单", "卡号 6225 7601"):
        assert _screen(text) == [text]  # not a card; a date; not said to be a part


def test_a_cantonese_copula_and_an_alarm_code_in_chinese():
    for text, value in (
        ("屋企警鐘撤防碼係 5820，記得入門就撳", "5820"),
        ("我張卡嘅密碼係 Kw83mmzq", "Kw83mmzq"),
        ("布防码是 9031", "9031"),
    ):
        out = _screen(text)[0]
        assert value not in out and "[secret:" in out, out
    for text in ("密码系统升级了 2024 年版", "佢係 7731 號房嘅住客", "系统提示 4821 次登录"):
        assert _screen(text) == [text]


def test_a_code_said_to_have_come_is_hidden_in_the_next_clause():
    for text, value in (
        ("code from the gym app just arrived - 3 8 2 0 1 9", "3 8 2 0 1 9"),
        ("the login code came, it's 552901, quick", "552901"),
        ("银行的验证码发过来了，是 771204", "771204"),
        ("驗證碼啱啱嚟咗，係 604 218", "604 218"),  # Cantonese: 嚟咗, came
    ):
        out = _screen(text)[0]
        assert value not in out and "[secret:one_time_code:" in out, out
    for text in (
        "code came, see you at 1830",
        "code review came back, 3 comments",
        "the code arrived, it's 12 pages long",
        "your code was sent, 2024 was a long year",
        "驗證碼仲未嚟咗，等陣 1830 再試",  # not come yet
    ):
        assert _screen(text) == [text]


def test_a_named_one_time_code_is_hidden_however_its_digits_are_grouped():
    for text, value in (
        ("OTP: 7 1 5 - 2 0 9", "7 1 5 - 2 0 9"),
        ("verification code 63 08 41", "63 08 41"),
        ("驗證碼 5 0 2 9 1 8，唔好話俾人知", "5 0 2 9 1 8"),
    ):
        out = _screen(text)[0]
        assert value not in out and "[secret:one_time_code:" in out, out
    for text in ("OTP 2 of 3 failed", "验证码是 1 2", "otp 1 2 3 4 5 6 7 8 9 0 1 2 3"):
        assert _screen(text) == [text]


def test_the_rest_of_a_card_after_a_word_that_gives_the_rest():
    out = _screen("卡号 6217 0033 1288", "剩下的是 4410，有效期 09/30")
    assert "4410" not in out[1] and out[1].startswith("剩下的是 [secret:bank_card:"), out
    out = _screen("card number 4539 1488 0343", "rest is 6467 ok")
    assert "6467" not in out[1], out
    # a year or an amount after the rest word is no card's
    assert _screen("卡号 6217 0033 1288", "后面是 2031年的事了")[1] == "后面是 2031年的事了"


def test_chinese_seed_words_set_apart_by_spaces_where_a_seed_is_spoken_of():
    out = _screen("备份的助记词：老虎 森林 雨伞 石头 灯笼 饺子 你先存着")
    assert "老虎 森林" not in out[0] and "[secret:seed_phrase:" in out[0], out
    for text in (
        "钱包里有：身份证、银行卡、驾照、会员卡、公交卡、钥匙",
        "我的钱包里有 苹果 香蕉 橙子",
        "今天买了 苹果 香蕉 橙子 葡萄 西瓜 桃子",  # no seed spoken of
    ):
        assert _screen(text) == [text]


def test_a_value_announced_in_parts_is_hidden_part_by_part():
    out = _screen("the vpn password is in two, first half", "Blu3Moon then the rest is 77xq!")
    assert out[0] == "the vpn password is in two, first half"
    assert "Blu3Moon" not in out[1] and "77xq!" not in out[1], out
    out = _screen("wifi密码前半是", "tz2031 后面是 home")
    assert "tz2031" not in out[1] and "home" not in out[1], out
    # a plain word in reply is no part
    assert _screen("ok the password is first half", "hold on")[1] == "hold on"


def test_a_password_described_then_given_alone_in_the_next_message():
    out = _screen("bank password is my cat's name then", "#Biscuit2011")
    assert out[1].startswith("[secret:password:"), out
    # the name far back on a long line
    out = _screen("the password for the school portal is my mom's maiden name plus her birth year", "Okafor1961")
    assert out[1].startswith("[secret:password:"), out
    for before, after in (
        ("forgot my password again", "v2.3.1"),  # a version
        ("the wifi password is on the fridge", "see you at 5pm"),  # words
        ("my password manager is full", "Bitwarden"),  # no digit
        ("the wifi password is on the fridge", "4417"),  # a code's shape is answered() for a code asked for
    ):
        assert _screen(before, after)[1] == after, (before, after)


def test_the_leak_check_of_served_tables_reads_traditional_and_full_width_text_folded():
    tables = {
        "memories": pl.DataFrame({"text": ["門禁碼 4827", "今天去了公園"], "n": [1, 2]}),
        "evidence": pl.DataFrame({"text": ["備用碼 8391 2044"]}),
        "clean": pl.DataFrame({"text": ["今天去了公園", "[secret:password:sec_aaaaaaaaaaaaaaaa]"]}),
    }
    assert tables_matching_secret_patterns(tables) == ["memories.text", "evidence.text"]
