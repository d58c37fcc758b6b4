"""Screening-7: the mechanisms widened for the kinds an outside measure found leaking (one test a mechanism, with
look-alikes that stay), and labels built only from screened text. The sentences here are not the held-out batches'
(benchmarks/secrets/heldout6.jsonl measures those)."""

import re

import pytest

from mirror_pipeline.core.screening import (
    PLACEHOLDER_RE,
    RULES,
    Judge,
    find_secrets,
    may_hold_secret,
    placeholders_in,
    prefilter_mask,
    redact,
    redact_sequence,
)
from mirror_pipeline.core.screening.keywords import normalized


def screen(*messages: str) -> list[str]:
    return [s.text for s in redact_sequence([(m, f"t#{k}") for k, m in enumerate(messages)])]


def assert_hidden(messages: tuple[str, ...], values: tuple[str, ...]) -> None:
    out = PLACEHOLDER_RE.sub("[secret]", "\n".join(screen(*messages)))
    for value in values:
        assert value not in out, (messages, out)


def assert_kept(*messages: str) -> None:
    assert screen(*messages) == list(messages)


def test_every_rule_is_one_record_with_its_judge_and_words() -> None:
    for rule in RULES:
        assert isinstance(rule.judge, Judge) and rule.needs, rule
        assert all(word == word.lower() for word in rule.needs), rule


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my passwrd is Gecko!2291", "Gecko!2291"),
        ("the passcdoe for the office is 771203", "771203"),
        ("verificaton code: 339102", "339102"),
        ("邮箱的秘码是 mail7788zz", "mail7788zz"),
        ("淘宝蜜码 tb2020xyz", "tb2020xyz"),
        ("mima shi Jw_19881102", "Jw_19881102"),
        ("游戏卡密：GX7Q-22KP", "GX7Q-22KP"),
    ],
)
def test_a_misspelt_or_homophone_name_is_still_a_name(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


def test_a_normalized_name_maps_back_to_the_text() -> None:
    spelt, where = normalized("my pssword is Gecko!2291")
    assert "password" in spelt and len(where) == len(spelt) + 1
    found = find_secrets("my pssword is Gecko!2291")
    assert ["my pssword is Gecko!2291"[f.start : f.end] for f in found] == ["Gecko!2291"]


@pytest.mark.parametrize(
    "text",
    [
        "I passed the exam, the passage was long",
        "这是我们之间的秘密",
        "mm yeah the summer was nice",
        "verification is done by the bank",
    ],
)
def test_words_near_a_name_stay(text: str) -> None:
    assert_kept(text)


def test_a_table_column_that_names_a_secret() -> None:
    text = "| 服务 | 登录名 | 口令 |\n|:--|:--|:--|\n| 网银 | liu_88 | Lq#73920x |\n| 邮箱 | liu88 | mailpass77 |"
    assert_hidden((text,), ("Lq#73920x", "mailpass77"))
    assert "liu_88" in screen(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "| 项目 | 说明 |\n|---|---|\n| 密码长度 | 至少12位 |",
        "| Password | Notes |\n|---|---|\n| ******** | in the vault |",
        "| Key | Action |\n|---|---|\n| Ctrl+S | save |",
    ],
)
def test_a_table_of_descriptions_stays(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("1) dropbox — kim.o — Drop#box2288\n2) zoom — kim.o — zm_77meet", ("Drop#box2288", "zm_77meet")),
        ("* 路由器: admin / Rt#55aa77", ("Rt#55aa77",)),
        ("work logins:\n- laptop: 448120\n- printer: pr1nt3r!", ("448120", "pr1nt3r!")),
    ],
)
def test_a_list_row_of_service_user_password(text: str, values: tuple[str, ...]) -> None:
    assert_hidden((text,), values)


@pytest.mark.parametrize(
    "text",
    [
        "1. iPhone 15 Pro - $999\n2. Pixel 8 - $699",
        "- 周三：开会 / 上海 / 住全季",
        "see /usr/local/bin/python3.11 for the interpreter",
        "Tel: 010-8765-4321 / Fax: 010-8765-4322",
    ],
)
def test_ordinary_lists_and_paths_stay(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mysqldump -u backup -pDump#2024x shop > shop.sql", "Dump#2024x"),
        ("wget --user=amy --password=Wg3t!amy https://files.example.com/a.zip", "Wg3t!amy"),
        ("curl --user ci:C1pass_word https://ci.example.com", "C1pass_word"),
        ("sshpass -p Raspi#Home7 scp a.txt pi@10.0.0.2:", "Raspi#Home7"),
    ],
)
def test_credentials_in_a_command_line(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text",
    [
        "docker run -p 8080:80 nginx",
        "mysql -u root -p and type it in",
        "curl -u $API_USER:$API_TOKEN https://api.example.com",
        "./sync.sh --password-file=/etc/sync.pass",
    ],
)
def test_commands_without_a_value_stay(text: str) -> None:
    assert_kept(text)


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (("what's the gate code again", "2 4 6 8 then enter"), "2 4 6 8"),
        (("姐，你的爱奇艺密码是多少", "好的，iqy_lan520"), "iqy_lan520"),
        (("can you send me the router pw?", "yep: Rout3r-Blue"), "Rout3r-Blue"),
    ],
)
def test_a_value_given_in_reply_to_a_question_for_it(messages: tuple[str, ...], value: str) -> None:
    assert_hidden(messages, (value,))


@pytest.mark.parametrize(
    "messages",
    [
        ("what's the wifi password?", "ask Sam, he set it up"),
        ("did you pass the exam?", "yes! 1450 on the SAT"),
        ("door code?", "it's open, just come in"),
    ],
)
def test_a_reply_without_a_value_stays(messages: tuple[str, ...]) -> None:
    assert_kept(*messages)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the keypad at the barn is 3 - 1 - 4 - 1", "3 - 1 - 4 - 1"),
        ("shed: 7-7-0-2", "7-7-0-2"),
        ("PIN is 2 7 1 8", "2 7 1 8"),
        ("BitLocker: 111222-333444-555666-777888-999000-121212-343434-565656", "343434-565656"),
        ("authenticator setup key ONSW G4TF OQQG 2ZLT", "G4TF OQQG"),
        ("网盘提取码 k2m9", "k2m9"),
        ("恢复代码：QW12-ER34、TY56-UI78", "TY56-UI78"),
        ("pin 0000 lol jk it's 6631", "6631"),
        ("token: MzI1NjQ4OTc2NTQzMjEwOTg3.Gq7Lp2.zX8cV5bN2mQ1wE4rT7yU0iO3pL6", "zX8cV5bN2mQ1wE4rT7yU0iO3pL6"),
    ],
)
def test_shapes_separators_and_corrections(text: str, value: str) -> None:
    assert_hidden((text,), (value,))


@pytest.mark.parametrize(
    "text",
    [
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq2pX9vLm3K7tR0wYbZc4dE5fA6hJ8kM1oP2qR3sT4u amy@nas",
        "my password is far too short, I know",
        "Study: 'iloveyou1' is among the most common passwords leaked",
        "密码：••••••",
        "the game ended 3 - 1 - 0 in sets",
    ],
)
def test_public_keys_sentences_and_examples_stay(text: str) -> None:
    assert_kept(text)


# ---------------------------------------------------------------- labels


def test_a_label_never_holds_part_of_a_placeholder() -> None:
    """A network and its password, then a second one in the same line: each label is read from screened text, and
    a window that would cut the first placeholder (or a word) in half starts after it."""
    texts = [
        "home wifi HomeNet password: sunshine2020 guest wifi password: Welcome2024x",
        "office wifi password: latte4ever2 / staff wifi password Staff#Only9",
        "密码是 Xq8#mm2a 然后备用邮箱的密码是 Bk2021mail",
    ]
    for text in texts:
        screened = redact(text, "scope")
        assert len(screened.secrets) == 2, screened
        labels = [s.label for s in screened.secrets] + [s.label for s in placeholders_in(screened.text)]
        for label in labels:
            assert "sec_" not in label and "[" not in label and "]" not in label and "secret:" not in label, label
            assert not re.search(r"(?<![A-Za-z])(?:ord|word|assword):", label), label


def test_a_label_across_messages_never_holds_part_of_a_placeholder() -> None:
    out = redact_sequence(
        [("my pin is [secret:pin:sec_0123456789abcdef], what's the wifi password?", "a"), ("Tplink8888", "b")]
    )
    assert len(out[1].secrets) == 1
    assert "sec_" not in out[1].secrets[0].label and "]" not in out[1].secrets[0].label


@pytest.mark.parametrize(
    "text",
    [
        "gmail jenny.lee@gmail.com password Jl#2016sch",
        "邮箱 zhang.wei@corp.com 密码 Zw@20230901",
        "login for https://portal.example.com/u/amy is amy / Portal#2024",
        "my twitter @kat_codes pw: tw1tterK@t",
        "bank 6222020200112233 pin 482913",
    ],
)
def test_a_label_never_holds_an_address_or_an_identifier(text: str) -> None:
    screened = redact(text, "scope")
    assert screened.secrets, text
    for span in [*screened.secrets, *placeholders_in(screened.text)]:
        assert "@" not in span.label and "://" not in span.label, span.label
        assert not re.search(r"\d{4,}", span.label), span.label


def test_a_label_keeps_the_thing_named() -> None:
    labels = [
        redact(t, "s").secrets[0].label for t in ("工作邮箱密码是 Kx82#mq1", "password for bank of america is Bo#2024x")
    ]
    assert labels == ["工作邮箱", "bank of america"]
    assert redact("my gmail jenny@x.com password Jl#2016sch", "s").secrets[0].label == "gmail"


def test_an_email_login_and_its_password() -> None:
    assert_hidden(("jenny.lee@gmail.com / Hunter2024!",), ("Hunter2024!",))
    assert_kept("write to jenny.lee@gmail.com, thanks")


def test_both_prefilters_agree_on_the_new_shapes() -> None:
    texts = [
        "my pssword is Gecko!2291",
        "| a | pw |\n|---|---|\n| x | Tq#9981ab |",
        "- netflix / dan.p / Couch_Potato9",
        "garage: 5-9-1-7",
        "jenny.lee@gmail.com / Hunter2024!",
        "redis-cli -a R3dis!Cache",
        "淘宝蜜码 tb2020xyz",
    ] * 80
    python = [may_hold_secret(t) for t in texts]
    assert all(python)
    assert prefilter_mask(texts) == python
