"""A parser reads a file or refuses it with a reason; mangled input never crashes one, and a refusal never quotes it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mirror_pipeline.adapters.formats import RefusedFile, admit, decode
from mirror_pipeline.adapters.parsers import claude, dayone, plaintext, telegram, wechat, whatsapp
from mirror_pipeline_tests.adapters.parsers.helpers import FIXTURES, UTC

SAMPLES = [
    (claude, "claude/conversations.json"),
    (telegram, "telegram/result.json"),
    (telegram, "telegram/full_export.json"),
    (whatsapp, "whatsapp/WhatsApp Chat with Alice Chen.txt"),
    (whatsapp, "whatsapp/_chat.txt"),
    (wechat, "wechat/pywxdump_妈妈.csv"),
    (wechat, "wechat/memotrace_老张_utf8.csv"),
    (dayone, "dayone/Journal.json"),
    (plaintext, "journal/journal.txt"),
]
PLANTED = "Hunter2-planted"


@st.composite
def mangled(draw: st.DrawFn) -> tuple[object, str, bytes]:
    parser, relative = draw(st.sampled_from(SAMPLES))
    data = (FIXTURES / relative).read_bytes()
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        match draw(st.sampled_from(["cut", "delete", "insert", "flip"])):
            case "cut":
                data = data[:at]
            case "delete":
                data = data[:at] + data[at + draw(st.integers(1, 200)) :]
            case "insert":
                junk = draw(st.sampled_from([b'"', b"{", b"]", b",", b"\n", b"\x00", b"\xff\xfe", PLANTED.encode()]))
                data = data[:at] + junk + data[at:]
            case "flip":
                data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    return parser, (FIXTURES / relative).name, data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_a_parser_reads_or_refuses_mangled_input_and_never_crashes(case: tuple[object, str, bytes]) -> None:
    parser, name, data = case
    try:
        messages = list(parser.parse(name, decode(data), UTC, ("Wei Zhang",)))  # type: ignore[attr-defined]
    except RefusedFile as refusal:
        assert PLANTED not in refusal.reason
    else:
        assert all(m.identity and m.session_id and m.actor for m in messages)
        assert all(m.timestamp is None or m.timestamp.tzinfo is not None for m in messages)
    try:
        admit(name, data)
    except RefusedFile as refusal:
        assert PLANTED not in refusal.reason
