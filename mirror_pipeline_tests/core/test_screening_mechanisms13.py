"""Screening mechanisms of session 9 (REVIEW-6 finding 1, by how the sentences are built, none of its sentences):
Traditional Chinese read as Simplified; a one-time code given bare after a line that says one was sent; a
combination named bare, dashed, at a sentence's end; a list of codes under a heading in Traditional."""

from __future__ import annotations

from mirror_pipeline.core.screening import redact_sequence


def _screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def test_a_code_given_bare_after_a_line_that_says_one_was_sent():
    for sent, reply, value in (
        ("銀行剛剛傳了驗證碼給你", "719304", "719304"),
        ("验证码发你手机上了", "好的 4821", "4821"),
        ("the bank just texted you a verification code", "ok it's 882014", "882014"),
        ("your login code is on its way", "got it: 50 31 77", "50 31 77"),
    ):
        out = _screen(sent, reply)
        assert value not in out[1] and "[secret:one_time_code:" in out[1], (sent, out)
        assert out[0] == sent


def test_a_sent_code_line_makes_no_secret_of_what_is_not_a_code():
    for sent, reply in (
        ("验证码发你了", "好，我下午3点到"),
        ("they emailed me a confirmation code", "cool, table for 4 at 1930"),
        ("I sent you the zip code", "10115"),
        ("it sent a code", "nice, 2024 is off to a good start"),
    ):
        assert _screen(sent, reply)[1] == reply


def test_a_combination_named_bare():
    for text, value in (
        ("Got a new padlock for the gym, the Master combination is 2-7-1-9.", "2-7-1-9"),
        ("the combination is 4417", "4417"),
    ):
        (out,) = _screen(text)
        assert value not in out and out.endswith(("]", "].")), out
    for text in ("the combination of the two is great", "combination therapy since 2021", "a combo of 3 for 9.99"):
        assert _screen(text) == [text]


def test_a_list_of_codes_under_a_heading_in_traditional():
    text = "換了新手機，恢復碼記在下面：\n4410 9921\n0385 7726\n6602 1148"
    (out,) = _screen(text)
    assert not any(code in out for code in ("4410 9921", "0385 7726", "6602 1148"))
    assert out.startswith("換了新手機，恢復碼記在下面：")


def test_taiwan_names_of_codes_and_a_cards_back_code():
    out = _screen("Apple 的備援碼：5512 0934、7781 2205")[0]
    assert "5512 0934" not in out and "7781 2205" not in out
    out = _screen("剛剛傳來的認證碼給我", "402913")[1]
    assert "402913" not in out
    out = _screen("信用卡號 4539 1488 0343 6467，背面三碼 882")[0]
    assert "882" not in out.replace("[secret", "")


def test_a_colours_hex_is_no_password():
    text = "theme colours: #2DA44E accent, #FFF text"
    assert _screen(text) == [text]


def test_numbers_named_by_other_countries():
    assert "130 692 544" not in _screen("the bank asked for my SIN: 130 692 544")[0]
    assert "1234-567-890-AB" not in _screen("my health card number is 1234-567-890-AB")[0]
    assert _screen("the sin of 1999 was 365 days") == ["the sin of 1999 was 365 days"]


def test_a_value_promised_a_correction_glued_to_chinese_a_value_changed_in_the_same_breath():
    assert "三七一九零二" not in _screen("门禁密码我告诉你，记一下", "三七一九零二")[1]
    assert "662190" not in _screen("银行卡密码是662109", "不对，是662190了")[1]
    assert "0519" not in _screen("家里wifi密码后半截发你", "密码前半截是 ab_kz", "后半截 0519qq!")[2]
    out = _screen("门锁的初始密码是一二三四五六，后来我改成了九三八二七一")[0]
    assert "九三八二七一" not in out
    out = _screen("the alarm PIN was 5521 but I changed it to 9034")[0]
    assert "9034" not in out
    assert _screen("我跟你说一遍地址", "朝阳路 1205 号")[1] == "朝阳路 1205 号"
    text = "the alarm disarm code 4729 is on the fridge"
    assert "4729" not in _screen(text)[0]


def test_a_setup_key_in_groups_further_on_and_a_quoted_password_after_a_clause():
    text = "turned on 2fa for the NAS, if the QR won't scan the key is JBSW Y3DP EHPK 3PXP QW2T 7ZLA"
    assert "JBSW Y3DP" not in _screen(text)[0]
    out = _screen("the voicemail password when they ask is 'mangosteen'")[0]
    assert "mangosteen" not in out
    for text in ("the password you pick is 'up to you'", "the password field is 'required'"):
        assert _screen(text) == [text]


def test_a_security_questions_answer_given_as_what_one_put():
    out = _screen("the security question on the pension site was 'first school', i put Greenfield Primary")[0]
    assert "Greenfield" not in out
    text = "the security question asks your first pet, i said we never had one"
    assert _screen(text) == [text]


def test_a_code_first_its_name_after():
    assert "three" not in _screen("it reads: eight, one, one, three. that's my new debit PIN")[0]
    assert "4402" not in _screen("4402 — that's the garage code")[0]
    for text in ("order 2024 is the new promo code", "call me at 5512, that is the office code"):
        assert _screen(text) == [text]


def test_a_value_spelled_with_a_symbols_name_and_written_whole_after():
    out = _screen("it's lowercase m, o, s, s, then 4 2, then an exclamation mark. so Moss42! basically")[0]
    assert "exclamation" not in out and "Moss42!" not in out
    text = "S, M, Y, T, H, E is how you spell it"
    assert _screen(text) == [text]


def test_seed_words_counted_in_chinese():
    text = (
        "老爸的钱包助记词我先记前半：第一个 abandon 第二个 theme 第三个 fiscal 第四个 ocean 第五个 wrist 第六个 rapid"
    )
    out = _screen(text)[0]
    assert not any(w in out for w in ("abandon", "fiscal", "wrist", "rapid"))


def test_a_value_respelt_after_it_was_given():
    out = _screen("mum's maiden name for the pension login is Nowak, but spelt Nowak-Lis on the form")[0]
    assert "Nowak-Lis" not in out
    text = "the password is Hunter22, spelled with two twos"
    assert "spelled with two twos" in _screen(text)[0]
