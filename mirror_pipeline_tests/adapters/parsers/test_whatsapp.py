from pathlib import Path

import pytest

from mirror_pipeline.adapters.formats import RefusedFile, admit, parse
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES, TOKYO, UTC, by_text, read


def test_android_us_twelve_hour_with_multi_line_messages_and_the_exporter_from_the_file_name() -> None:
    fmt, secrets, messages = read("whatsapp/WhatsApp Chat with Alice Chen.txt", TOKYO)
    assert fmt == "whatsapp"
    moved = by_text(messages, "I moved to Osaka")
    assert (
        moved.text
        == "No, I moved to Osaka in December.\nThe new job at Mercari starts next week.\nStill unpacking boxes!"
    )
    assert moved.actor == "user" and moved.attribution == "format"  # "Chat with Alice Chen": the other one exported
    assert moved.timestamp.isoformat() == "2024-01-14T21:05:00+09:00" and moved.locator == "line 3"
    assert by_text(messages, "still in Tokyo").actor == "other:Alice Chen"
    assert by_text(messages, "Got it").text == "Got it, thanks: see https://example.com/a:b"
    assert by_text(messages, "wifi password").timestamp.hour == 0  # 12:30 AM
    assert secrets == 1 and not any("Tplink8888" in m.text for m in messages)
    assert not any("<This message was edited>" in m.text for m in messages)


def test_system_lines_media_and_deleted_messages_are_not_messages_and_repeats_stay_two() -> None:
    _, _, messages = read("whatsapp/WhatsApp Chat with Alice Chen.txt")
    texts = [m.text for m in messages]
    assert not any("end-to-end" in t or "Media omitted" in t or "was deleted" in t for t in texts)
    oks = [m for m in messages if m.text == "ok 👍"]
    assert len(oks) == 2 and len({m.identity for m in oks}) == 2


def test_day_first_24_hour_group_needs_configured_names() -> None:
    _, _, unsure = read("whatsapp/WhatsApp Chat with Family.txt")
    assert {m.attribution for m in unsure} == {"unsure"} and "user" not in {m.actor for m in unsure}
    _, _, named = read("whatsapp/WhatsApp Chat with Family.txt", UTC, ("wei",))  # case does not matter
    cake = by_text(named, "bring the cake")
    assert cake.actor == "user" and cake.attribution == "config"
    assert by_text(named, "in Leeds").actor == "other:Dad" and by_text(named, "in Leeds").attribution == "config"
    assert cake.timestamp.date().isoformat() == "2024-02-03"  # 03/02 is 3 February: 13/02 settles the order
    assert not any("created group" in m.text or m.text == "left" for m in named)


def test_ios_with_left_to_right_marks_seconds_and_system_lines_under_the_group_name() -> None:
    _, _, messages = read("whatsapp/_chat.txt", UTC, ("Wei Zhang",))
    assert [m.text for m in messages] == [
        "Wer kommt am Sonntag?",
        "Ich komme, ich bringe Kuchen mit.\nUnd Wein.",
        "Ich wohne jetzt in Berlin.",
    ]
    assert messages[1].actor == "user" and messages[1].timestamp.isoformat() == "2024-03-02T18:45:33+00:00"
    assert messages[2].timestamp.date().isoformat() == "2024-03-13"


def test_chinese_locale_with_morning_and_afternoon_marks() -> None:
    _, _, messages = read("whatsapp/WhatsApp Chat with 妈妈.txt")
    assert [(m.actor, m.timestamp.strftime("%m-%d %H:%M")) for m in messages] == [
        ("other:妈妈", "01-20 21:05"),
        ("user", "01-20 21:07"),
        ("user", "01-21 08:00"),
    ]


def test_an_ambiguous_file_takes_the_order_under_which_time_runs_forward() -> None:
    lines = ["01/02/24, 10:00 - A: one", "01/03/24, 10:00 - B: two", "02/03/24, 10:00 - A: three"]
    # as day-first: 1 Feb, 1 Mar, 2 Mar (forward); as month-first: 2 Jan, 3 Jan, 3 Feb (forward too) -> tie: 24-hour
    # clock without AM/PM reads day-first; add a line that only month-first keeps in order
    lines.append("02/04/24, 10:00 - B: four")  # dmy: 2 Apr; mdy: 4 Feb
    lines.append("03/01/24, 10:00 - A: five")  # dmy: 3 Jan (backwards); mdy: 1 Mar (forward)
    messages = parse("WhatsApp Chat with A.txt", "\n".join(lines).encode(), "whatsapp", UTC)
    assert [m.timestamp.strftime("%m-%d") for m in messages] == ["01-02", "01-03", "02-03", "02-04", "03-01"]


@pytest.mark.parametrize(
    "encoding",
    ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"],
)
def test_every_encoding_whatsapp_writes_reads_the_same(encoding: str, tmp_path: Path) -> None:
    text = (FIXTURES / "whatsapp/WhatsApp Chat with 妈妈.txt").read_text(encoding="utf-8").replace("\n", "\r\n")
    data = text.encode(encoding)
    admitted = admit("WhatsApp Chat with 妈妈.txt", data)
    assert admitted.format == "whatsapp"
    messages = parse("WhatsApp Chat with 妈妈.txt", admitted.data, "whatsapp", UTC)
    assert [m.text for m in messages] == ["你什么时候回家？", "春节回去，我已经买好票了。", "我最近开始学钢琴了。"]


def test_a_text_file_without_message_lines_is_not_whatsapp() -> None:
    with pytest.raises(RefusedFile, match="no WhatsApp message lines"):
        parse("chat.txt", b"hello\nworld\n", "whatsapp", UTC)


def test_redaction_keeps_every_line_where_it_was() -> None:
    path = FIXTURES / "whatsapp/WhatsApp Chat with Alice Chen.txt"
    original = path.read_text(encoding="utf-8").split("\n")
    stored = admit(path.name, path.read_bytes()).data.decode().split("\n")
    assert len(stored) == len(original)
    changed = [i for i, (a, b) in enumerate(zip(original, stored, strict=True)) if a != b]
    assert len(changed) == 1 and "[secret:password:sec_" in stored[changed[0]]
    assert stored[changed[0]].startswith("1/15/24, 12:30\u202fAM - Wei Zhang: ")


@pytest.mark.parametrize(
    ("line", "when"),
    [
        ("12/31/23, 9:05 PM - Wei: hello there", "2023-12-31 21:05:00"),
        ("12/31/23, 9:05\u202fp.m. - Wei: hello there", "2023-12-31 21:05:00"),
        ("31/12/2023, 21:05 - Wei: hello there", "2023-12-31 21:05:00"),
        ("31.12.23, 21:05 - Wei: hello there", "2023-12-31 21:05:00"),
        ("2023-12-31 21:05 - Wei: hello there", "2023-12-31 21:05:00"),
        ("[12/31/23, 12:05:09\u202fAM] Wei: hello there", "2023-12-31 00:05:09"),
        ("\u200e[31/12/2023, 21:05:09] Wei: hello there", "2023-12-31 21:05:09"),
        ("[2023/12/31 下午9:05:09] Wei: hello there", "2023-12-31 21:05:09"),
    ],
)
def test_header_styles_of_different_phones_and_locales(line: str, when: str) -> None:
    (message,) = parse("WhatsApp Chat with Alice.txt", f"{line}\n".encode(), "whatsapp", UTC, ("Wei",))
    assert message.timestamp.strftime("%Y-%m-%d %H:%M:%S") == when and message.text == "hello there"
    assert message.actor == "user"
