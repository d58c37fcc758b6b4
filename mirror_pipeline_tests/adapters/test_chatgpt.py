"""The ChatGPT reader on a fixture shaped like the real export: branches, hidden and tool messages, content types,
missing times, secrets anywhere; streaming from the path reads the same as reading in memory."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mirror_pipeline.adapters import formats, inbox
from mirror_pipeline.adapters.formats import RefusedFile, admit_path, parse, parse_path
from mirror_pipeline.adapters.parsers import chatgpt
from mirror_pipeline.core.model import TimePrecision

FIXTURE = Path(__file__).parent / "fixtures" / "chatgpt_edge_cases.json"
TZ = ZoneInfo("Europe/Lisbon")
T = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
SECRETS = ("Tplink8888", "Qwe!2345", "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "4821")


def _admitted(tmp_path: Path, source: Path = FIXTURE) -> Path:
    target = tmp_path / "admitted.json"
    with open(target, "wb") as out:
        admit_path(source, out)
    return target


def _by_session(messages: list) -> dict[str, list]:
    sessions: dict[str, list] = {}
    for m in messages:
        sessions.setdefault(m.session_id, []).append(m)
    return sessions


def test_only_the_active_branch_is_read_as_the_person_saw_it(tmp_path: Path) -> None:
    trip = _by_session(list(parse_path(_admitted(tmp_path), "chatgpt", TZ)))["chatgpt:conv-trip"]
    assert [(m.actor, m.text) for m in trip] == [
        ("user", "I'm planning a trip. 我想去京都看红叶。"),
        ("assistant", "Kyoto is lovely in autumn; book early."),  # not the regenerated first try
        ("user", "[image]\n这是我家附近的照片。"),  # the image is noted, its text kept; the edited-away turn is gone
        ("assistant", "Nice photo! 看起来很安静。"),  # no code run, tool output or hidden reasoning
        ("user", "I walked the dog this morning.\n[audio]"),  # a voice message by its transcription
        ("assistant", "Parque Eduardo VII has a dog area."),  # the browsing call and its results are machinery
    ]
    assert [m.locator for m in trip][:2] == ["conversation conv-trip message u1", "conversation conv-trip message a1"]
    assert len({m.identity for m in trip}) == len(trip)


def test_a_message_without_a_time_takes_the_one_before_it_marked_rough(tmp_path: Path) -> None:
    trip = _by_session(list(parse_path(_admitted(tmp_path), "chatgpt", TZ)))["chatgpt:conv-trip"]
    first, answer, photo = trip[:3]
    assert first.timestamp == T and first.timestamp_precision == TimePrecision.SECOND
    assert photo.timestamp == answer.timestamp and photo.timestamp_precision == TimePrecision.ROUGH


def test_without_current_node_the_most_recent_leaf_is_the_conversation(tmp_path: Path) -> None:
    old = _by_session(list(parse_path(_admitted(tmp_path), "chatgpt", TZ)))["chatgpt:conv-old"]
    assert [m.text for m in old] == ["I prefer tea over coffee.", "Green tea has less caffeine."]
    assert old[0].timestamp is None and old[0].timestamp_precision == TimePrecision.UNKNOWN  # no time anywhere


def test_secrets_are_replaced_everywhere_in_the_stored_file_side_branches_and_titles_included(tmp_path: Path) -> None:
    stored = _admitted(tmp_path).read_text(encoding="utf-8")
    for secret in SECRETS:
        assert secret not in stored
    json.loads(stored)  # still a ChatGPT export
    texts = [m.text for m in parse_path(tmp_path / "admitted.json", "chatgpt", TZ)]
    assert any("[secret:api_key:sec_" in t and "[image]" in t for t in texts)  # the parts keep their image


def test_each_conversation_is_screened_as_one_sequence_in_conversation_order(monkeypatch, tmp_path: Path) -> None:
    calls: list[list[str]] = []
    real = chatgpt.redact_sequence

    def recording(items):
        calls.append([scope for _, scope in items])
        return real(items)

    monkeypatch.setattr(chatgpt, "redact_sequence", recording)
    _admitted(tmp_path)
    assert len(calls) == 3  # one call per conversation
    # every message with a text of its own, in order (custom instructions, reasoning and browsing displays have
    # none: their strings are screened one by one)
    active = ["sys", "u1", "a1", "u2", "a2-code", "t2", "a2", "u3", "b3", "q3", "a3"]  # u3: a voice transcription
    assert calls[0][: len(active)] == [f"chatgpt:{m}" for m in active]
    assert set(calls[0][len(active) :]) == {
        "chatgpt:a1-first",
        "chatgpt:u2-edited-away",
        "chatgpt:a2-edited-away",
        "chatgpt:side-after-end",
    }
    assert calls[2][:3] == ["chatgpt:s1", "chatgpt:s2", "chatgpt:s3"]  # the question, then the answer


def test_streaming_from_the_path_reads_what_reading_in_memory_reads(tmp_path: Path) -> None:
    admitted = _admitted(tmp_path)
    streamed = list(parse_path(admitted, "chatgpt", TZ))
    in_memory = parse(admitted.name, admitted.read_bytes(), "chatgpt", TZ)
    assert streamed == in_memory and len(streamed) == 11
    assert formats.detect_path(FIXTURE) == "chatgpt"


def test_screening_in_worker_processes_writes_what_screening_here_writes(tmp_path: Path) -> None:
    convs = json.loads(FIXTURE.read_text(encoding="utf-8"))
    (tmp_path / "many.json").write_text(json.dumps(convs * 40), encoding="utf-8")  # several batches
    here, workers = io.BytesIO(), io.BytesIO()
    counts = chatgpt.admit_file(tmp_path / "many.json", here)
    assert counts == chatgpt.admit_file(tmp_path / "many.json", workers, None, 2) and counts[0] == 11 * 40
    assert here.getvalue() == workers.getvalue() and b"Tplink8888" not in here.getvalue()
    (tmp_path / "odd.json").write_text(json.dumps([*convs * 40, {"title": "no mapping"}]), encoding="utf-8")
    with pytest.raises(RefusedFile, match="conversation 120 has no 'mapping'"):
        chatgpt.admit_file(tmp_path / "odd.json", io.BytesIO(), None, 2)


def test_admission_counts_what_the_run_will_read(tmp_path: Path) -> None:
    with open(tmp_path / "out.json", "wb") as out:
        admitted = admit_path(FIXTURE, out)
    assert admitted.format == "chatgpt" and admitted.records == 11 and admitted.secrets_redacted >= 4


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty file"),
        (b"   \n", "empty file"),
        (b'{"conversations": []}', "unknown JSON export"),
        (b"\x00\x01binary", "not text: binary content"),
        (b"[]", "empty export"),
        (b'[{"mapping": {}, "current_node": null}]', "no messages"),
        (b'[{"title": "no mapping here"}]', "unknown JSON export"),
    ],
)
def test_what_is_not_a_readable_export_is_refused_with_a_reason(tmp_path: Path, data: bytes, reason: str) -> None:
    source = tmp_path / "conversations.json"
    source.write_bytes(data)
    with pytest.raises(RefusedFile, match=reason):
        admit_path(source, io.BytesIO())


def test_a_truncated_export_is_refused_whole_and_leaves_nothing_in_the_inbox(tmp_path: Path) -> None:
    whole = FIXTURE.read_bytes()
    cut = whole[: whole.index(b"Tplink8888") + 4]  # two good conversations, then the file breaks inside a secret
    (tmp_path / "conversations.json").write_bytes(cut)
    home_inbox = tmp_path / "home" / "inbox"
    outcome = inbox.import_file(home_inbox, tmp_path / "conversations.json", "chatgpt")
    assert outcome.status == "refused" and "truncated or invalid JSON" in outcome.reason
    # where it breaks (README: line and column), and what can still be read (REVIEW-16 #13)
    last_line = cut.decode().split("\n")[-1]
    lines = cut.count(b"\n") + 1
    assert f"line {lines}, column {len(last_line) + 1}" in outcome.reason
    assert "the 2 conversations before it are complete" in outcome.reason and "--keep-complete" in outcome.reason
    assert not any(home_inbox.rglob("*"))  # not half of it, and no temporary file either
    for secret in SECRETS:
        assert secret not in outcome.reason


def test_a_truncated_export_keeps_its_complete_conversations_when_asked(tmp_path: Path) -> None:
    whole = FIXTURE.read_bytes()
    cut = whole[: whole.index(b"Tplink8888") + 4]
    (tmp_path / "conversations.json").write_bytes(cut)
    home_inbox = tmp_path / "home" / "inbox"
    outcome = inbox.import_file(home_inbox, tmp_path / "conversations.json", "chatgpt", keep_complete=True)
    assert outcome.status == "accepted" and outcome.reason.startswith("cut short, its complete part imported")
    stored = home_inbox / outcome.stored_as
    kept = json.loads(stored.read_text(encoding="utf-8"))  # the inbox copy is a whole export: later runs read it
    assert len(kept) == 2 and b"Tplink" not in stored.read_bytes()
    for secret in SECRETS:
        assert secret not in outcome.reason


def test_invalid_json_in_the_middle_is_placed_by_line_and_column(tmp_path: Path) -> None:
    good = json.dumps(json.loads(FIXTURE.read_bytes())[0])
    source = tmp_path / "conversations.json"
    source.write_text(f'[\n{good},\n{{"mapping": nope}}\n]\n', encoding="utf-8")
    with pytest.raises(RefusedFile, match=r"Expecting value at line 3, column 13\).*1 conversation"):
        admit_path(source, io.BytesIO())


def test_utf8_bom_and_utf16_exports_are_read(tmp_path: Path) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    for name, data in (("bom.json", b"\xef\xbb\xbf" + text.encode()), ("utf16.json", text.encode("utf-16"))):
        (tmp_path / name).write_bytes(data)
        with open(tmp_path / f"{name}.out", "wb") as out:
            assert admit_path(tmp_path / name, out).records == 11


def test_the_inbox_holds_the_same_export_one_conversation_a_line_and_a_second_import_is_a_duplicate(
    tmp_path: Path,
) -> None:
    clean = [c for c in json.loads(FIXTURE.read_text(encoding="utf-8")) if c["id"] == "conv-old"]
    source = tmp_path / "conversations.json"
    source.write_text(json.dumps(clean), encoding="utf-8")
    box = tmp_path / "home" / "inbox"
    first = inbox.import_file(box, source)
    assert first.status == "accepted" and first.records == 2
    stored = (box / first.stored_as).read_text(encoding="utf-8")
    assert json.loads(stored) == clean and stored.count("\n") == 3  # the same JSON, a conversation a line
    again = inbox.import_file(box, source)
    assert again.status == "duplicate" and again.stored_as == first.stored_as


def test_a_file_that_starts_line_by_line_and_then_is_not_is_read_whole_and_once(tmp_path: Path) -> None:
    convs = json.loads(FIXTURE.read_text(encoding="utf-8"))
    mixed = "[\n" + json.dumps(convs[0]) + ",\n" + json.dumps(convs[1], indent=1) + ",\n" + json.dumps(convs[2]) + "\n]"
    (tmp_path / "mixed.json").write_text(mixed, encoding="utf-8")
    assert [c["id"] for c in chatgpt.conversations(tmp_path / "mixed.json")] == ["conv-trip", "conv-old", "conv-secret"]
    lines = _admitted(tmp_path).read_bytes()
    (tmp_path / "cut.json").write_bytes(lines[: lines.rindex(b"\n]")])  # the closing bracket is missing
    with pytest.raises(RefusedFile, match="truncated or invalid JSON"):
        list(chatgpt.conversations(tmp_path / "cut.json"))


def test_the_run_takes_over_what_import_admitted_without_reading_it_again(monkeypatch, tmp_path: Path) -> None:
    box = tmp_path / "home" / "inbox"
    imported = inbox.import_file(box, FIXTURE)
    assert imported.status == "accepted"

    def must_not_run(*args, **kwargs):
        raise AssertionError("the file was read again")

    monkeypatch.setattr(inbox, "admit_path", must_not_run)
    monkeypatch.setattr(inbox, "file_sha256", must_not_run)
    path = box / imported.stored_as
    row = inbox.manifest_row(box, path, {}, datetime.now(UTC), inbox.read_ledger(box))
    assert (row["status"], row["format"], row["records"]) == ("accepted", "chatgpt", 11)
    assert row["file_hash"] == inbox.sha256(path.read_bytes())


def test_a_file_changed_after_import_is_read_again(tmp_path: Path) -> None:
    box = tmp_path / "home" / "inbox"
    imported = inbox.import_file(box, FIXTURE)
    path = box / imported.stored_as
    path.write_text('[{"mapping": {"x": {"message": "broken', encoding="utf-8")  # edited by hand since
    row = inbox.manifest_row(box, path, {}, datetime.now(UTC), inbox.read_ledger(box))
    assert row["status"] == "refused" and "truncated" in row["reason"]


_KEYS = (
    "a",
    "b",
    "message",
    "parent",
    "children",
    "content",
    "parts",
    "author",
    "role",
    "create_time",
    "metadata",
    "recipient",
    "content_type",
    "text",
    "id",
    "is_visually_hidden_from_conversation",
)
_mangled = st.one_of(
    st.binary(max_size=300),
    st.builds(lambda b, cut: b[:cut], st.just(FIXTURE.read_bytes()), st.integers(0, 16000)),
    st.recursive(
        st.none() | st.booleans() | st.floats(allow_nan=False) | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(_KEYS), inner, max_size=5),
        max_leaves=25,
    ).map(lambda v: json.dumps([{"mapping": v, "current_node": "a"}]).encode()),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_mangled)
def test_mangled_input_is_refused_or_read_never_a_crash(tmp_path: Path, data: bytes) -> None:
    source = tmp_path / "conversations.json"
    source.write_bytes(data)
    try:
        admitted = admit_path(source, io.BytesIO(), "chatgpt")
    except RefusedFile as refusal:
        assert refusal.reason
        return
    assert admitted.records >= 1


def test_a_corrupt_time_is_no_time_rather_than_the_year_5138() -> None:
    from mirror_pipeline.adapters.parsers.chatgpt import _timestamp
    from mirror_pipeline.adapters.parsers.common import epoch

    assert _timestamp(99999999999) is None and _timestamp("99999999999") is None and _timestamp("5138-11-16") is None
    assert epoch(99999999999999) is None
    assert _timestamp(1700000000).year == 2023
