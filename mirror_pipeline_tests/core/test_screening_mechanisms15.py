"""Screening mechanisms of session 12 (heldout22's and heldout23's misses, by what a value looks like and where it
stands, none of their sentences): an Irish PPS number by its check letter; a passport number with what it is for
between; a security answer said again; a dial's turns with no "to"; a seed phrase with one word outside the list; a
sent code after a copula; a card's number in halves over two messages; the words for parts defined once."""

from __future__ import annotations

import re

from mirror_pipeline.core.screening import redact_sequence
from mirror_pipeline.core.screening.detectors import national_id_valid
from mirror_pipeline.core.screening.parts import FIRST_PART, REST


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def test_a_pps_number_is_told_by_its_check_letter_or_its_name():
    assert national_id_valid("pps", "1234567FA") and national_id_valid("pps", "4810392V")
    assert not national_id_valid("pps", "1234567GA")
    for text, value in (
        ("the tax office wants 1234567FA on the form", "1234567FA"),  # unnamed: its check letter holds
        ("mo PPSN: 4810392V", "4810392V"),
        ("PPS no. 2291846BC (the old card)", "2291846BC"),  # named: hidden though its check letter fails
    ):
        out = _screen(text)[0]
        assert value not in out and "[secret:id_number:" in out, out
    for text in ("part 1234567GA is back in stock", "flight 2291846BC lands at 5"):
        assert _screen(text) == [text]


def test_a_passport_number_with_what_it_is_for_between():
    out = _screen("passport number for the embassy appointment: XK8812405 (renewed)")[0]
    assert "XK8812405" not in out and "[secret:id_number:" in out, out
    assert _screen("passport photos cost 12 euro at the booth") == ["passport photos cost 12 euro at the booth"]


def test_a_security_answer_said_again_later_in_the_line():
    out = _screen("security question was my first school, I put St Mary's at first, then the answer is stmarys88")[0]
    assert "St Mary's" not in out and "stmarys88" not in out, out
    assert _screen("what's the answer is the question here") == ["what's the answer is the question here"]


def test_a_dials_turns_with_the_number_straight_after_each_turn():
    out = _screen("保险柜：左转 31 右转 07 左转 55，里面是房产证")[0]
    assert not re.search(r"31|07|55", out), out
    for text in (
        "保险柜在二楼，出门左转 200 米右转 3 个路口再左转就到",
        "the safe is left 30 m, right 2 blocks, left 10 m",
    ):
        assert _screen(text) == [text]


def test_a_seed_phrase_with_one_word_outside_the_list():
    phrase = "orbit velvet chimney pulse amateur wreck lunar frost basket twelvy rubber canyon"
    out = _screen(f"wallet recovery words: {phrase}")[0]
    assert "rubber canyon" not in out and "orbit velvet" not in out, out
    # nine list words and a word outside and two more make twelve; with one fewer they make no phrase's length
    short = "orbit velvet chimney pulse amateur wreck lunar frost twelvy rubber canyon"
    assert "rubber canyon" in _screen(f"wallet words: {short}")[0]


def test_a_sent_codes_value_after_a_copula():
    for text, value in (
        ("the code the bank sent is 40 17 93, hurry", "40 17 93"),
        ("验证码发过来了是 604218", "604218"),
    ):
        out = _screen(text)[0]
        assert value not in out and "[secret:one_time_code:" in out, out
    assert _screen("the code they texted was wrong, 3 tries left") == ["the code they texted was wrong, 3 tries left"]


def test_a_cards_number_in_halves_over_two_messages():
    # 4539 1488 0021 7738 passes the check: its halves in two messages, named or not, in either language
    for first, second in (
        ("first eight are 4539 1488", "then 0021 7738, name on it J MURPHY"),
        ("卡号前八位 45391488", "后八位 00217738"),
        ("it starts 4539 1488", "0021 7738"),
        ("卡號前八碼 4539 1488", "後八碼 0021 7738"),  # Taiwan counts 碼
        ("卡号前8位是4539 1488", "后8位0021 7738"),  # a code's rule takes 4539 alone: the half is hidden whole
        ("card no. starts with 4539-1488", "ends 0021-7738"),
    ):
        out = _screen(first, second)
        assert "4539" not in out[0] and "0021" not in out[1] and "7738" not in out[1], out
    # the joined digits fail the check, or have no brand's first digits: an order's, a phone's halves
    for first, second in (
        ("first eight are 4539 1488", "then 0021 7739"),
        ("order starts 1234 5678", "then 9012 3456"),
    ):
        assert _screen(first, second) == [first, second]


def test_a_cards_first_digits_said_with_the_bare_word():
    out = _screen("card starts 4539 1488, I'll send the rest later")[0]
    assert "4539 1488" not in out and "[secret:bank_card:" in out, out
    assert _screen("card starts 2024 0101 billing") == ["card starts 2024 0101 billing"]  # no brand begins so


def test_the_words_for_parts_are_one_definition():
    first, rest = re.compile(f"(?i:{FIRST_PART})"), re.compile(f"(?i:{REST})")
    for word in ("前八位", "前半段", "first 8", "first half", "starts with", "开头"):
        assert first.search(word), word
    for word in ("后八位", "后半截", "second half", "the rest", "剩下的"):
        assert rest.search(word), word
    assert not first.search("后八位") and not rest.search("前八位")


def test_a_password_said_in_words_and_its_written_form():
    out = _screen("wifi pw is forty two zebra nine lamp (type it as 42zebra9lamp)")[0]
    assert "zebra" not in out and "42zebra9lamp" not in out and out.count("[secret:password:") == 2, out
    for text in (
        "the password is one of those two I use everywhere",  # words a sentence is made of
        "my password is two words and a number",
        "password is twenty three characters long",
    ):
        assert _screen(text) == [text]


def test_a_password_said_to_be_another_one_changed_hides_the_description():
    screened = redact_sequence(
        [("the alarm app pin is the same as the bank one but with 7 first, so 7Kestrel_40", "t")]
    )
    out = screened[0].text
    assert "bank one" not in out and "with 7" not in out and "Kestrel_40" not in out, out
    # the reference says what it is for, not how it is made
    assert all("bank" not in s.label and "7" not in s.label for s in screened[0].secrets), screened[0].secrets
    for text in ("my password is the same as yours lol", "the login is the same as before"):
        assert _screen(text) == [text]  # the same, unchanged: nothing to rebuild it from


def test_a_value_spelled_in_the_phonetic_alphabet():
    for text in ("the code is tango four four kilo echo nine", "read back: Kilo-Nine-Echo-Two-Lima-Xray, got it?"):
        out = _screen(text)[0]
        assert "kilo" not in out.lower() and "[secret:password:" in out, out
    for text in (
        "alpha bravo charlie delta echo foxtrot",  # the alphabet counted off
        "my reg is kilo lima two nine echo xray",  # a plate read out
        "golf at the hotel in india with mike and juliet",  # code words in a sentence
    ):
        assert _screen(text) == [text]


def test_a_user_name_beside_a_password_in_a_list_of_logins_stays():
    out = _screen("creds for the school portal: user mara.k77 pw Tq!4vz9Wm")[0]
    assert "mara.k77" in out and "Tq!4vz9Wm" not in out, out
    out = _screen("logins: gym wb_2019zz, bank db88661")[0]
    assert "wb_2019zz" not in out and "db88661" not in out, out  # passwords listed with what they are for


def test_the_code_that_joins_a_quiz_or_a_class_is_shared_not_secret():
    for text in ("everyone join, game pin 7730 215 is on the screen", "class code for the maths group: 4kq9tz"):
        assert _screen(text) == [text]
    out = _screen("the pin code for the gate is 7730")[0]
    assert "7730" not in out, out


def test_a_value_after_its_description_with_a_remark_on_it():
    for messages in (
        ("the garage wifi password is below", "Oak_Shed_301 (capital O)"),
        ("the garage wifi password is below", "oakshed301 - all one word"),
    ):
        out = _screen(*messages)
        assert "Oak_Shed_301" not in out[1] and "oakshed301" not in out[1] and "[secret:password:" in out[1], out
    # a message that goes on as a sentence after a word with a digit is no value given
    messages = ("forgot my password again", "ugh2day, what a mess")
    assert _screen(*messages) == list(messages)
