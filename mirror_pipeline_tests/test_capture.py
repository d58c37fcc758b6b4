"""The first hour as a person lives it: the interview driven from stdin in both languages, a questionnaire answered
in parts, notes with fuzzy times, and a secret typed where it should not be."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from mirror_pipeline.adapters.parsers import form
from mirror_pipeline.cli import main
from mirror_pipeline.core.questionnaire import BY_ID, QUESTIONS, read_form
from mirror_pipeline_tests.conftest import mirror, mirror_json

PASSWORD = "Hunter22!x"


def cli(home: Path, *args: str, input: str | None = None) -> tuple[int, str, str]:
    """The real command in this process, stdin from `input`: (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, ["--home", str(home), *args], input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def home_bytes(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file() and not p.is_symlink())


def answers(home: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for a in read_form(home.joinpath("questionnaire.md").read_text(encoding="utf-8")):
        out.setdefault(a.question_id or "", []).append(a.text)
    return out


def test_the_interview_in_english_is_skippable_screened_and_resumable(tmp_path: Path) -> None:
    home = tmp_path / "home"
    lines = [
        "I work as a product manager.",  # now.role
        "",  # life.residence: skipped
        f"My wife is Lin. Our wifi password is {PASSWORD}",  # relations.family, with a secret in it
    ]
    code, out, err = cli(home, "init", "--lang", "en", "--interview", input="\n".join(lines) + "\n")
    assert code == 0, err
    assert BY_ID["now.role"].en in out and BY_ID["relations.family"].en in out and "[1/18]" in out
    assert "replaced by a reference" in out  # told, never shown back
    assert PASSWORD.encode() not in home_bytes(home)  # screened before a byte was written
    got = answers(home)
    assert got["now.role"] == ["I work as a product manager."] and "life.residence" not in got
    assert got["relations.family"][0].startswith("My wife is Lin. Our wifi password is [secret:password:")
    assert "life.work" not in got  # input ended there: the rest waits
    assert (home / "mirror.yaml").read_text().count("language: en") == 1
    # the answers went into the inbox like any import: the run reads them
    inbox = list((home / "inbox" / "mirror_form").glob("*.md"))
    assert len(inbox) == 1 and "I work as a product manager." in inbox[0].read_text()

    # resumed: only what is unanswered is asked, the skipped question first
    code, out, _ = cli(home, "--json", "init", "--interview", input="I live in Osaka.\n")
    assert code == 0
    payload = json.loads(out)  # with --json the questions go to stderr and stdout is one document
    assert payload["interview"]["answered"] == ["life.residence"]
    assert payload["interview"]["import"]["status"] == "accepted"
    assert payload["interview"]["not_asked"] == [
        q.id for q in QUESTIONS if q.id not in {"now.role", "life.residence", "relations.family"}
    ]
    assert answers(home)["now.role"] == ["I work as a product manager."]

    # revisited: a new answer is a newer version under the same question, the older stays; Enter keeps an answer
    code, out, _ = cli(home, "init", "--interview", "--all", input="I am a head of product now.\n\n")
    assert code == 0 and "your answer so far: I work as a product manager." in out
    got = answers(home)
    assert got["now.role"] == ["I work as a product manager.", "I am a head of product now."]
    assert got["life.residence"] == ["I live in Osaka."]
    text = (home / "questionnaire.md").read_text()
    assert text.count("{#now.role}") == 1 and text.count("\n### 20") == 4  # four dated answers, none overwritten


def test_the_interview_in_chinese_asks_in_chinese_and_its_answers_are_the_same_questions(tmp_path: Path) -> None:
    home = tmp_path / "home"
    code, out, err = cli(
        home, "init", "--lang", "zh", "--interview", input="我是一名老师。\n2019年左右搬到杭州，现在住在杭州。\n"
    )
    assert code == 0, err
    assert BY_ID["now.role"].zh in out and BY_ID["life.residence"].zh in out and "回车跳过" in out
    assert BY_ID["now.role"].en not in out
    assert "questionnaire:\n  language: zh" in (home / "mirror.yaml").read_text()
    stored = next((home / "inbox" / "mirror_form").glob("*.md"))
    messages = list(form.parse(stored.name, stored.read_text(encoding="utf-8"), __import__("zoneinfo").ZoneInfo("UTC")))
    assert [(m.session_id, m.text, m.source_type.value) for m in messages] == [
        ("form:now.role", "我是一名老师。", "user_form"),
        ("form:life.residence", "2019年左右搬到杭州，现在住在杭州。", "user_form"),
    ]
    # a later `init --lang en` on this home switches its language and writes an English form beside it
    code, out, _ = cli(home, "init", "--lang", "en")
    assert code == 0 and (home / "questionnaire.en.md").exists()
    assert "language: en" in (home / "mirror.yaml").read_text()
    code, out, _ = cli(home, "init", "--interview", input="")  # English now; end of input asks nothing more
    assert code == 0 and BY_ID["relations.family"].en in out


def test_a_note_is_screened_dated_as_said_and_idempotent(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert cli(home, "init")[0] == 0
    code, out, _ = cli(home, "--json", "note", "我搬到了杭州。", "--when", "2019年左右")
    assert code == 0
    n = json.loads(out)["note"]
    assert n["status"] == "accepted" and n["text"] == "2019年左右，我搬到了杭州。" and n["id"].startswith("ev_")
    assert n["when"]["expression"] == "2019年左右" and n["when"]["precision"] in ("year", "rough")
    assert n["when"]["start"] != n["when"]["end"]  # a span of time, never a day that was not said
    again = json.loads(cli(home, "--json", "note", "我搬到了杭州。", "--when", "2019年左右")[1])["note"]
    assert again["status"] == "duplicate" and again["id"] == n["id"] and again["noted_at"] == n["noted_at"]
    assert len(list((home / "inbox" / "mirror_note").iterdir())) == 1

    code, out, _ = cli(home, "--json", "note", f"my bank PIN is 4821 and the router password is {PASSWORD}")
    secret = json.loads(out)["note"]
    assert secret["secrets_redacted"] == 2 and "4821" not in out and PASSWORD not in out
    assert b"4821" not in home_bytes(home) and PASSWORD.encode() not in home_bytes(home)

    code, _, err = cli(home, "note", "I started learning the cello.", "--when", "when I was a kid")
    assert code == 0 and "kept as said" in err
    # a year typed alone is read as the note's sentence reads it ("2019, I moved to Tampines"): what is shown is
    # the valid time its memories get
    code, out, err = cli(home, "--json", "note", "I moved to Tampines.", "--when", "2019")
    when = json.loads(out)["note"]["when"]
    assert code == 0 and (when["start"], when["end"], when["precision"]) == ("2019-01-01", "2019-12-31", "year")
    assert cli(home, "note", "   ")[0] != 0


def test_a_note_needs_a_home(tmp_path: Path) -> None:
    result = mirror(tmp_path / "nowhere", "note", "hello", check=False)
    assert result.returncode != 0 and "mirror init" in result.stderr


@pytest.mark.slow
def test_a_questionnaire_answered_in_parts_over_two_imports(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mirror(home, "init", "--lang", "en")
    blank = (home / "questionnaire.md").read_text(encoding="utf-8")
    # the first answer dated too: undated, it would be dated by its import, and a run after 2026-12-01 (UTC) would
    # make the "newer" 2026-12-01 version the older of the two
    first = blank.replace("{#life.residence}\n", "{#life.residence}\n\n### 2026-11-01\n\nI live in Tokyo.\n")
    first = first.replace("{#prefs.communication}\n", "{#prefs.communication}\n\nI prefer written messages.\n")
    first = first.replace("{#life.work}\n", "{#life.work}\n\nMercari\n")  # a terse answer: the question says what
    answered = tmp_path / "answers.md"
    answered.write_text(first, encoding="utf-8")
    assert mirror_json(home, "import", str(answered))["files"][0]["status"] == "accepted"
    mirror(home, "run")
    # later: more answers, and a changed one as a dated newer version (the older stays written)
    second = first.replace(
        "I live in Tokyo.\n", "I live in Tokyo.\n\n### 2026-12-01\n\nI moved to Osaka in 2026. I live in Osaka now.\n"
    )
    second = second.replace("{#life.health}\n", "{#life.health}\n\nI prefer seeing my doctor in the morning.\n")
    answered.write_text(second, encoding="utf-8")
    assert mirror_json(home, "import", str(answered))["files"][0]["status"] == "accepted"
    mirror(home, "run")
    evidence = pl.read_parquet(home / "served" / "evidence.parquet")
    forms = evidence.filter(pl.col("source_type") == "user_form")
    assert sorted(forms["raw_content"]) == sorted(
        [
            "I live in Tokyo.",
            "I prefer written messages.",
            "I moved to Osaka in 2026. I live in Osaka now.",
            "I prefer seeing my doctor in the morning.",
            "Mercari",
        ]
    )  # each answer once, however many times the form was imported
    assert set(forms["session_id"]) == {
        "form:life.residence",
        "form:prefs.communication",
        "form:life.health",
        "form:life.work",
    }
    memories = pl.read_parquet(home / "served" / "memories.parquet")
    lives = memories.filter(pl.col("predicate") == "lives_in")["object"].to_list()
    assert "Osaka" in lives and "Tokyo" not in lives  # the newer answer supersedes; the older is history
    # said as a note this is a low-sensitivity preference; under the health question it is typed by the question
    doctor = memories.filter(pl.col("object").str.contains("doctor"))
    assert len(doctor) == 1 and doctor["sensitivity"][0] == "high"
    assert doctor["state"][0] == "pending_review"  # high sensitivity waits for the person
    works = memories.filter(pl.col("predicate") == "works_at")
    assert works["object"].to_list() == ["Mercari"] and works["content_text"][0] == "The user works at Mercari"
    written = memories.filter(pl.col("object") == "written messages")
    assert written["sensitivity"][0] == "low"  # a communication preference stays what it is
    shown = mirror_json(home, "search", "Tokyo")
    assert shown["results"]  # the older answer is still evidence


@pytest.mark.slow
def test_notes_with_fuzzy_times_land_on_the_timeline_as_said_and_a_noted_password_reaches_no_byte(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    mirror(home, "init")
    mirror(home, "note", "我搬到了杭州。", "--when", "2019年左右")
    mirror(home, "note", "I moved to Berlin.", "--when", "after college")
    mirror(home, "note", f"The password of my laptop is {PASSWORD}, don't forget it")
    # review 4: the note's --when is the valid time of what is read from it, so it is on the timeline
    shown = mirror_json(home, "note", "我血压最近150/90，医生叫我少吃盐，每天走路", "--when", "上个月")["note"]["when"]
    mirror(home, "run")
    events = {e["text"]: e for e in mirror_json(home, "timeline")["events"]}
    pressure = next(e for t, e in events.items() if "150/90" in t)
    assert (pressure["valid_time_start"], pressure["time_precision"]) == (shown["start"], "month")
    assert pressure["time_expression"] == "上个月"
    hangzhou = next(e for t, e in events.items() if "杭州" in t)
    assert hangzhou["time_expression"] == "2019年左右" and hangzhou["time_precision"] in ("year", "rough")
    assert hangzhou["valid_time_start"] < hangzhou["valid_time_end"]  # not a day
    berlin = next(e for t, e in events.items() if "Berlin" in t)
    assert berlin["time_expression"] == "after college" and berlin["time_precision"] == "rough"
    assert berlin["valid_time_start"] is None  # waits for the graduation, no invented date
    # once the timeline knows when college ended, the move is placed after it, roughly
    mirror(home, "note", "I graduated from Wuhan University in 2012.")
    mirror(home, "run")
    berlin = next(e for e in mirror_json(home, "timeline")["events"] if "Berlin" in e["text"])
    assert berlin["time_expression"] == "after college" and berlin["time_precision"] == "rough"
    assert berlin["valid_time_start"] is not None and berlin["valid_time_start"] >= "2012-01-01"
    outputs = [mirror(home, *args).stdout for args in (["timeline"], ["search", "laptop password"], ["secrets"])]
    assert not any(PASSWORD in o for o in outputs)
    assert PASSWORD.encode() not in home_bytes(home)
    refs = mirror_json(home, "secrets")["secret_references"]
    assert any(r["kind"] == "password" and "laptop" in r["label"] for r in refs)


def test_a_secret_split_over_two_answers_is_caught_and_the_config_keeps_its_comments(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert cli(home, "init", "--lang", "en")[0] == 0
    config = home / "mirror.yaml"
    config.write_text(
        "# my own note about this home\n"
        + config.read_text().replace("timezone: UTC", "timezone: Asia/Shanghai  # home")
    )
    # the label ends one answer, the value is typed as the next: screened as one conversation
    code, _, err = cli(home, "init", "--interview", input="My bank card PIN:\n4821\n")
    assert code == 0, err
    assert b"4821" not in home_bytes(home)
    code, _, _ = cli(home, "init", "--lang", "zh")
    text = config.read_text()
    assert code == 0 and "# my own note about this home" in text and "timezone: Asia/Shanghai  # home" in text
    assert text.count("questionnaire:") == 1 and "language: zh" in text and "language: en" not in text
    assert cli(home, "init", "--all")[0] != 0  # --all revisits an interview: alone it is a usage error


@pytest.mark.parametrize(("lang", "words"), [("zh", "注意：时区是 UTC"), ("en", "Note: the timezone is UTC")])
def test_a_machine_set_to_utc_is_said_plainly_and_status_shows_the_zone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    # a server or a container is set to UTC: a person in Chengdu would get WeChat times 8 h off (REVIEW-16 #13)
    monkeypatch.setattr("mirror_pipeline.cli.capture.machine_timezone", lambda: "Etc/UTC")
    home = tmp_path / "home"
    code, out, err = cli(home, "init", "--lang", lang)
    assert code == 0 and words in err and "mirror init --timezone " in err
    assert "UTC (message times without a zone" in mirror(home, "status").stdout
    # a zone named by the person is taken without the warning, and status shows it
    code, _, err = cli(home, "init", "--timezone", "Asia/Chongqing")
    assert code == 0 and words not in err
    assert mirror_json(home, "status")["timezone"] == "Asia/Chongqing"


def test_an_import_line_says_one_record_not_one_records() -> None:
    from mirror_pipeline.cli.pipeline import _outcome_line

    line = {"status": "accepted", "path": "d/2025-02-03.md", "format": "markdown_journal", "reason": None}
    line["secrets_redacted"] = 0
    assert "(markdown_journal, 1 record)" in _outcome_line({**line, "records": 1})
    assert "(markdown_journal, 2 records)" in _outcome_line({**line, "records": 2})
