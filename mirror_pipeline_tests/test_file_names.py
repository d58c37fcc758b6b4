"""A secret in a file's name is screened like any other text: it never reaches the inbox, the tables or the output."""

from pathlib import Path

import pytest

from mirror_pipeline.adapters.inbox import safe_name, shown
from mirror_pipeline_tests.conftest import mirror, mirror_json

CHAT = "[01.01.24, 09:15:02] Wei Zhang: 今天去了海边\n[01.01.24, 09:16:10] Lily: 真好\n"


def test_a_secret_in_a_file_name_is_taken_out() -> None:
    assert safe_name("WhatsApp Chat - PIN 9931.txt").startswith("WhatsApp Chat - PIN [secret:")
    assert safe_name("WhatsApp Chat - PIN 9931.txt").endswith("].txt")
    assert safe_name("WhatsApp Chat with Lily.txt") == "WhatsApp Chat with Lily.txt"


@pytest.mark.slow
def test_imported_and_hand_dropped_files_named_with_a_secret_run_and_leak_nothing(
    fresh_home: Path, tmp_path: Path
) -> None:
    source = tmp_path / "WhatsApp Chat - PIN 9931.txt"
    source.write_text(CHAT, encoding="utf-8")
    report = mirror_json(fresh_home, "import", str(source))
    assert [f["status"] for f in report["files"]] == ["accepted"]
    dropped = fresh_home / "inbox" / "WhatsApp Chat - wifi password is Qx7hunter2.txt"
    dropped.write_text(CHAT.replace("海边", "山里"), encoding="utf-8")
    printed = mirror(fresh_home, "run").stdout + mirror(fresh_home, "status").stdout
    printed += mirror(fresh_home, "search", "海边").stdout + mirror(fresh_home, "import", str(source)).stdout
    for value in ("9931", "Qx7hunter2"):
        assert value not in printed
        assert not [p for p in fresh_home.rglob("*") if value in p.name]
    # a 4-digit PIN can turn up by chance inside hashes and times, so every byte is searched for the longer value
    assert not [p for p in fresh_home.rglob("*") if p.is_file() and b"Qx7hunter2" in p.read_bytes()]


def test_a_path_is_shown_as_given_but_for_a_secret_in_a_name() -> None:
    assert (
        shown(Path("/home/wei/exports/WhatsApp Chat with Lily.txt")) == "/home/wei/exports/WhatsApp Chat with Lily.txt"
    )
    assert shown(Path("exports/chat.txt")) == "exports/chat.txt"
    assert "9931" not in shown(Path("/home/wei/PIN 9931.txt")) and shown(Path("/home/wei/PIN 9931.txt")).startswith("/")
