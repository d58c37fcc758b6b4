"""Screening-9: the mechanisms widened for heldout11's misses (one test a mechanism, with look-alikes that stay). The
sentences here are not heldout11's (benchmarks/secrets/heldout11.jsonl measures those)."""

import pytest

from mirror_pipeline.core.screening import (
    PLACEHOLDER_RE,
    SCREENING_VERSION,
    find_secrets,
    may_hold_secret,
    prefilter_mask,
    redact_sequence,
)


def screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def assert_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    out = PLACEHOLDER_RE.sub("[secret]", "\n".join(screen(*messages)))
    for value in values:
        assert value not in out, (messages, out)


def assert_kept(*messages: str) -> None:
    assert screen(*messages) == list(messages)


def test_the_version_moved() -> None:
    assert SCREENING_VERSION not in ("screening-7", "screening-8")


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        (("支付密码改成了拐拐两洞幺三",), ("拐拐两洞幺三",)),
        (("门禁是 洞两两拐幺九，进门左转",), ("洞两两拐幺九",)),
        (("验证码：两幺拐洞洞三",), ("两幺拐洞洞三",)),
    ],
)
def test_digits_read_out_as_voice_input_writes_them(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert_hidden(messages, values)


def test_voice_digits_without_a_secret_name_stay() -> None:
    assert_kept("车次 G 幺两拐洞，九点发车")
    assert_kept("两两三三地走进来")


def test_a_card_in_one_message_and_its_code_in_the_next() -> None:
    assert_hidden(("the card is 4111 1111 1111 1111", "expires 11/29, cvv 904"), ("4111 1111 1111 1111", "904"))
    assert_hidden(("卡号 4111111111111111", "背面的三位数字是 552"), ("552",))
    # the same words with no card before them are not a card's data
    assert_kept("the coupon expires 11/29", "背面三位 写着型号")


def test_an_english_name_inside_a_word_does_not_name_a_number() -> None:
    # "hotel" holds "tel"; "showcase" holds "case": a card number after them is still a card number
    assert_hidden(("motel booking, paid with 4111 1111 1111 1111",), ("4111 1111 1111 1111",))
    assert_kept("hotel phone: +1 415 555 0100")


def test_a_json_pass_key() -> None:
    assert_hidden(('{"login": "ops", "pass": "Vx-93_kq"}',), ("Vx-93_kq",))


@pytest.mark.parametrize(
    "text",
    [
        "password: ${POSTGRES_PASSWORD}",
        "DB_PASSWORD=$DB_PASSWORD",
        'password: "{{ vault_db_password }}"',
        "password=<your-password>",
        "set PASSWORD=%APP_PASSWORD% in the batch file",
    ],
)
def test_where_a_value_comes_from_is_not_a_value(text: str) -> None:
    assert_kept(text)


def test_a_wallet_address_is_given_away_but_a_key_is_not() -> None:
    assert_kept("send it to 0x52908400098527886E0F7030069857D2E4169EE7 please")
    assert_kept("tips: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
    assert_hidden(("api token: 4fT9kLm2Qw8xZr1VbN6yHc3JpS7dUe0aGi5o",), ("4fT9kLm2Qw8xZr1VbN6yHc3JpS7dUe0aGi5o",))


def test_a_seed_phrase_given_in_two_halves_with_only_phrase_named() -> None:
    assert_hidden(
        (
            "the phrase, part one: abandon ability able about above absent",
            "part two: absorb abstract absurd abuse access accident",
        ),
        ("abandon ability", "absorb abstract"),
    )


def test_a_security_answer_after_its_question_or_for_a_login() -> None:
    assert_hidden(("security question for the app: first car? Corolla",), ("Corolla",))
    assert_hidden(("the childhood nickname for the bank account is Pipsqueak",), ("Pipsqueak",))
    assert_hidden(("Q: What was your first teacher's name?\nA: Mrs Havisham",), ("Havisham",))
    # the same subjects in a life story, or talk about the question itself, stay
    assert_kept("My first car was a Corolla, I drove it for ten years")
    assert_kept("What's your security question for the app? mine is so dumb")
    assert_kept("my mother's maiden name is on the birth certificate")


def test_a_code_after_how_it_is_made() -> None:
    assert_hidden(("the safe code is her birthday backwards, 8091",), ("8091",))
    assert_hidden(("pin = last four of my old number: 3377",), ("3377",))
    assert_hidden(("screen unlock is my initials on the keypad, so 5426",), ("5426",))
    # a date after a description is not a code
    assert_kept("the door code is changing soon, 2026-03-01 they said")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("letters for the router: q - 7 - r - 2 - z - z", "q - 7 - r - 2 - z - z"),
        ("it goes lowercase b, a, n, 9, 9, then capital Q", "b, a, n, 9, 9"),
        ("wifi密码：小写 h k，然后 3 3 0 1", "h k，然后 3 3 0 1"),
    ],
)
def test_a_value_spelled_one_character_at_a_time(text: str, value: str) -> None:
    assert may_hold_secret(text)
    assert_hidden((text,), (value,))


def test_a_name_spelled_out_or_a_count_stays() -> None:
    assert_kept("it's spelled J, O, N, A, S, no H")
    assert_kept("one, two, three, four, five, six, go")
    assert_kept("rows A, B, C and D are reserved")


def test_a_reply_to_which_code() -> None:
    assert_hidden(("which code is on the bike lock now?", "3-3-9"), ("3-3-9",))
    assert_hidden(("码是多少？", "720815"), ("720815",))
    # a code's name asked for generically takes only a code's shape; a network's name asked for is not its password
    assert_kept("what's the code?", "it's in the repo, main.py")
    assert_kept("what's the wifi called?", "Pinecone-Guest")


def test_the_vectorized_prefilter_lets_through_what_the_python_one_does() -> None:
    texts = [
        "the laptop one is capital R, e, d, 4, 4",
        "Q: first pet?\nA: Rex",
        "码多少？",
        "hello there",
    ] * 200
    assert prefilter_mask(texts) == [may_hold_secret(t) for t in texts]
    assert find_secrets("nothing here at all") == []


def test_mechanisms_heldout12_showed() -> None:
    # backup codes as a bulleted list, an HTTP header's credentials, a network's key, a lock that takes a code
    assert_hidden(("Dropbox recovery codes:\n* 1182 7734\n* 6620 9185\n* 4471 0039",), ("1182 7734", "4471 0039"))
    assert_hidden(("curl -H 'Authorization: Bearer q8Zk2LmP0vR7tWz3BnC8'",), ("q8Zk2LmP0vR7tWz3BnC8",))
    assert_hidden(("wifi at the studio is Loft42, key Sketch-Book-11",), ("Sketch-Book-11",))
    assert_hidden(("the garage keypad wants 8 4 4 0",), ("8 4 4 0",))
    assert_hidden(("recovery question (first pet): Mango",), ("Mango",))
    assert_hidden(("the lockbox pls", "7-3-3-1"), ("7-3-3-1",))
    # a name and its value: the value is judged alone; the header talked about has no value
    assert_kept("export NODE_ENV=production-2")
    assert_kept("the Authorization header must start with Bearer")
    assert_kept("the network key is printed on the router")


def test_the_guarded_trigger_test_is_the_plain_one() -> None:
    from mirror_pipeline.core.screening import prefilter as p

    for triggers, alone, guarded in (
        (p._TRIGGERS, p._ALONE, p._GUARDED),
        (p._CJK_TRIGGERS, p._CJK_ALONE, p._CJK_GUARDED),
    ):
        for trigger in triggers:
            assert p._any_trigger(f"xx {trigger} yy", alone, guarded), trigger
        for text in ("hello there", "passing the ball", "gh repo clone", "密切关注", "a sign of the times"):
            assert p._any_trigger(text, alone, guarded) == any(t in text for t in triggers), text


def test_options_counted_off_and_a_clause_after_a_security_question_stay() -> None:
    assert_kept("answers: A, B, C, 1, 2, 3")
    assert_kept("Q1 a, b, c, d, e, 2")
    assert_hidden(("security question: first pet? we never had one",), ())
    out = screen("security question: first pet? we never had one")[0]
    assert out.endswith("? we never had one"), out


# ---- heldout13 (the session-5 reviewer's planted secrets): one mechanism each, on sentences not in that batch


@pytest.mark.parametrize(
    ("messages", "values"),
    [
        # a webhook's URL is its credential; a config line after it is its own line, not the value's rest
        (
            (
                "ALERTS_WEBHOOK=https://hooks.slack.com/services/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\nLOG_LEVEL=debug",
            ),
            ("Zx8Kq2mW7pLr4Tn9Vb3Yc6Hd",),
        ),
        (
            ("post it to https://discord.com/api/webhooks/1180000000000000000/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z",),
            ("aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z",),
        ),
        # a code the person set a lock to
        (("The locker at the gym: I set it to 4071 this morning.",), ("4071",)),
        (("Changed the garage keypad, I reset it to 662190 yesterday",), ("662190",)),
        # an identity number named as one (date of birth and check digit)
        (("办居住证要填身份证号码，我的是 11010519491231002X",), ("11010519491231002X",)),
        # recovery codes named by what they recover, the word "codes" left out
        (("dropbox backup: 4kd9-22mx, p0q7-ve3n, 8zzt-1b6w",), ("4kd9-22mx", "p0q7-ve3n", "8zzt-1b6w")),
        # digit groups read out after a backup code's name
        (("网银的备用码 551 902 337 218，用一个少一个",), ("551 902 337 218",)),
    ],
)
def test_heldout13_mechanisms_hide_the_value(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    assert_hidden(messages, values)


@pytest.mark.parametrize(
    "message",
    [
        "APP_VERSION=2.14.3\nGIT_SHA=a3f9c21e7b\nLOG_LEVEL=info",
        "the webhook docs are at https://api.slack.com/messaging/webhooks",
        "backup finished, 4421 files copied",
        "recovery took 6-8 weeks after the surgery",
        "订单号 110105194912310021 已发货",  # an 18-digit order number, no identity named
        "the safe was set to open at 9 am",
    ],
)
def test_heldout13_look_alikes_stay(message: str) -> None:
    assert_kept(message)
