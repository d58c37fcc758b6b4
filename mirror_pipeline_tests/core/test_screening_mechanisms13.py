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
