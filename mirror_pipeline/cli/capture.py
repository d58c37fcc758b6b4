"""Commands that tell the memory something directly (section 9.1: manual entry): `note`, and the interview that
`mirror init --interview` runs (section 17: the backbone questions, one by one).

Both write what the person said as their own statements (`user_form`), screened before a byte reaches the home, into
the inbox the way `mirror import` does; `mirror run` then reads them like any import."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import click
import yaml

from mirror_pipeline.adapters.home import CONFIG_NAME, Home, is_utc, machine_timezone, zone_name
from mirror_pipeline.adapters.inbox import import_file, record_import, write_atomically
from mirror_pipeline.adapters.parsers import form, note
from mirror_pipeline.adapters.parsers.common import RefusedFile, screen_in_order
from mirror_pipeline.cli.common import Failure, _require_home, command, emit
from mirror_pipeline.cli.group import main
from mirror_pipeline.core.questionnaire import (
    AXIS_NAMES,
    QUESTIONS,
    Lang,
    Question,
    QuestionnaireSettings,
    append_answer,
    guess_language,
    latest_answers,
    read_form,
    render_form,
)
from mirror_pipeline.core.text import stable_id

# ---------------------------------------------------------------- the language a home speaks


def home_language(home: Home, chosen: str | None) -> Lang:
    """--lang, else the home's mirror.yaml `questionnaire: {language}`, else the locale."""
    if chosen:
        return Lang(chosen)
    if home.exists and home.config.get("questionnaire"):
        try:
            return QuestionnaireSettings.model_validate(home.config.get("questionnaire") or {}).language
        except ValueError:
            raise Failure(f"{home.root / CONFIG_NAME}: questionnaire.language must be en or zh") from None
    return guess_language(os.environ)


def remember_language(home: Home, lang: Lang) -> bool:
    """An explicit --lang on an existing home becomes its language: the `questionnaire:` section of mirror.yaml is
    rewritten, every other line (the person's comments included) stays as it is. Returns whether the file changed."""
    path = home.root / CONFIG_NAME
    current = home.config.get("questionnaire")
    if isinstance(current, dict) and current.get("language") == str(lang):
        return False
    lines = path.read_text(encoding="utf-8").split("\n")
    kept: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("questionnaire:"):
            inside = True
            continue
        if inside and (not line.strip() or line.startswith((" ", "\t"))):  # the section's own lines
            continue
        inside = False
        kept.append(line)
    text = "\n".join(kept).rstrip("\n") + f"\nquestionnaire:\n  language: {lang}\n"
    try:
        loaded = yaml.safe_load(text)
    except yaml.YAMLError:
        loaded = None
    if not isinstance(loaded, dict) or (loaded.get("questionnaire") or {}).get("language") != str(lang):
        raise Failure(
            f"{path}: could not set questionnaire.language; set it by hand (questionnaire: {{language: {lang}}})"
        )
    write_atomically(path, text.encode("utf-8"))
    return True


def set_timezone(home: Home, zone: str) -> bool:
    """An explicit --timezone on an existing home: the top-level `timezone:` line of mirror.yaml is rewritten (added
    if missing), every other line stays. Returns whether the file changed."""
    if home.config.get("timezone") == zone:
        return False
    path = home.root / CONFIG_NAME
    lines = path.read_text(encoding="utf-8").split("\n")
    kept = [line for line in lines if not line.startswith("timezone:")]
    text = "\n".join(kept).rstrip("\n") + f"\ntimezone: {zone}\n"
    loaded = yaml.safe_load(text)
    if not isinstance(loaded, dict) or loaded.get("timezone") != zone:
        raise Failure(f"{path}: could not set timezone; set it by hand (timezone: {zone})")
    write_atomically(path, text.encode("utf-8"))
    return True


# which zone a new home reads its message times in, and how to change it, in the home's language
_ZONE_SAID = {
    Lang.ZH: {
        "option": "时区：{zone}（按 --timezone）。",
        "machine": "时区：{zone}（取自本机设置）。",
        "default": "时区：{zone}（本机没有设时区，用了 UTC）。",
        # a machine set to UTC (a server, a container) says little of where its person lives (REVIEW-16 #13)
        "utc": "注意：时区是 UTC（本机设的是 UTC，服务器和容器常这样）。"
        "你要是在中国，微信这类不带时区的消息时间会差 8 小时。",
        "how": "没写时区的消息时间（如微信导出）按这个时区读；不对的话请在导入前改："
        "`mirror init --timezone Asia/Shanghai`，或改 mirror.yaml 里的 `timezone:`。",
    },
    Lang.EN: {
        "option": "timezone: {zone} (from --timezone).",
        "machine": "timezone: {zone} (this machine's).",
        "default": "timezone: {zone} (this machine names no zone).",
        "utc": "Note: the timezone is UTC (this machine is set to UTC, as servers and containers often are). If you "
        "live elsewhere, message times that carry no zone will be hours off.",
        "how": "Message times that carry no zone (a WeChat export) are read in it; if it is wrong, change it before "
        "you import: `mirror init --timezone Europe/London`, or the `timezone:` key of mirror.yaml.",
    },
}


def form_in_language(home: Home, lang: Lang, today: date) -> Path | None:
    """A home whose questionnaire is in another language also gets one in `lang` (questionnaire.<lang>.md, the same
    question ids, so answers in either mean the same); returns it if it was written."""
    meta = form.front_matter(home.questionnaire.read_text(encoding="utf-8")) if home.questionnaire.exists() else {}
    if str(meta.get("language", Lang.EN)) == str(lang):
        return None
    path = home.root / f"questionnaire.{lang}.md"
    if path.exists():
        return None
    write_atomically(path, render_form(lang, today, str(path)).encode("utf-8"))
    return path


# ---------------------------------------------------------------- the interview

_SAY = {
    Lang.EN: {
        "intro": "{n} question(s), every one optional. Enter skips; Ctrl-D stops (what you answered is kept). "
        'Fuzzy times are welcome ("around 2019", "after college"). Never type a password: say where it is kept.',
        "example": "  e.g. {example}",
        "now": "  your answer so far: {answer}\n  (Enter keeps it; a new answer becomes the newer version)",
        "secret": "  a secret in that answer was replaced by a reference: it is not kept.",
        "nothing": "every question has an answer: `mirror init --interview --all` to revisit them.",
        "done": "{answered} answered, {skipped} skipped, {remaining} not asked yet; answers in {path}",
    },
    Lang.ZH: {
        "intro": "共 {n} 题，每一题都可以不答。直接回车跳过；Ctrl-D 结束（已回答的会保存）。"
        "时间模糊没关系（“2019年左右”、“毕业以后”）。不要输入密码，只说它存放在哪里。",
        "example": "  例：{example}",
        "now": "  你之前的回答：{answer}\n  （回车保留；输入新的回答会成为较新的版本）",
        "secret": "  这个回答里的密钥已被替换为引用，不会被保存。",
        "nothing": "所有问题都已回答：用 `mirror init --interview --all` 重新回答。",
        "done": "回答 {answered} 题，跳过 {skipped} 题，还有 {remaining} 题未问；回答保存在 {path}",
    },
}


@dataclass
class Interview:
    asked: list[str] = field(default_factory=list)
    answered: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    not_asked: list[str] = field(default_factory=list)
    secrets_redacted: int = 0


def _ask(question: Question, lang: Lang, index: int, total: int, previous: str | None, err: bool) -> str | None:
    """One question; the line typed (None when input ended)."""
    say = _SAY[lang]
    click.echo(f"\n[{index}/{total}] {AXIS_NAMES[question.axis][lang]} · {question.id}", err=err)
    click.echo(question.text(lang), err=err)
    click.echo(say["example"].format(example=question.example(lang)), err=err)
    if previous:
        click.echo(say["now"].format(answer=previous), err=err)
    try:
        return click.prompt("", default="", show_default=False, prompt_suffix="> ", err=err)
    except click.Abort:  # end of input (Ctrl-D, or a script's input ran out): stop, keep what was said
        click.echo(err=err)
        return None


def interview(home: Home, lang: Lang, revisit: bool, today: date, err: bool) -> Interview:
    """Ask the unanswered questions (all of them with `revisit`) one by one; each answer is screened, then appended
    to the questionnaire as a dated block, so an interview cut short keeps what was said and a later answer is a new
    version, never an overwrite."""
    path = home.questionnaire
    text = path.read_text(encoding="utf-8")
    meta = form.front_matter(text)
    latest = latest_answers(read_form(text), form.filled_on(meta))
    to_ask = [q for q in QUESTIONS if revisit or q.id not in latest]
    say = _SAY[lang]
    done = Interview(not_asked=[q.id for q in to_ask])
    if not to_ask:
        click.echo(say["nothing"], err=err)
        return done
    click.echo(say["intro"].format(n=len(to_ask)), err=err)
    said_before = ""
    for index, question in enumerate(to_ask, 1):
        previous = latest[question.id].text if question.id in latest else None
        typed = _ask(question, lang, index, len(to_ask), previous, err)
        if typed is None:
            break
        done.asked.append(question.id)
        done.not_asked.remove(question.id)
        # screened before it is written anywhere: a password typed here never reaches a byte of the home
        # with the previous answer before it, as one conversation: "my bank PIN:" then "4821" is caught too
        scope = f"{today.isoformat()}#{question.id}"
        (_, answer), secrets = screen_in_order([(said_before, f"{scope}#before"), (typed.strip(), scope)])
        said_before = answer or said_before
        if secrets:
            done.secrets_redacted += secrets
            click.echo(say["secret"], err=err)
        if not answer or answer == previous:
            done.skipped.append(question.id)
            continue
        text = append_answer(text, question, answer, today, lang)
        write_atomically(path, text.encode("utf-8"))
        done.answered.append(question.id)
    return done


def init_home(
    home: Home, as_json: bool, lang: str | None, run_interview: bool, revisit: bool, timezone: str | None = None
) -> None:
    """`mirror init [--lang zh|en] [--timezone ZONE] [--interview [--all]]` (registered in cli/pipeline.py)."""
    if revisit and not run_interview:
        raise click.UsageError("--all goes with --interview (ask every question again)")
    if timezone is not None and zone_name(timezone) is None:
        raise click.BadParameter(f"{timezone!r} is no time zone this machine knows (e.g. Asia/Shanghai)")
    existed = home.exists
    language = home_language(home, lang)
    machine = machine_timezone()
    zone = zone_name(timezone) or (home.config.get("timezone") if existed else machine) or "UTC"
    source = "option" if timezone else ("machine" if machine and not existed else "default")
    if source != "option" and not existed and is_utc(zone):
        source = "utc"
    today = datetime.now(ZoneInfo(zone)).date()
    created = home.init(today, language, zone)
    if existed and lang and remember_language(home, language):
        created.append(f"{home.root / CONFIG_NAME} (questionnaire.language: {language})")
    if existed and timezone and set_timezone(home, zone):
        created.append(f"{home.root / CONFIG_NAME} (timezone: {zone})")
    zone_said = None
    if not existed or timezone:
        said = _ZONE_SAID[language]
        zone_said = said[source].format(zone=zone) + ("" if language is Lang.ZH else " ") + said["how"]
        click.echo(zone_said, err=True)
    if existed and lang and (other := form_in_language(home, language, today)):
        created.append(str(other))
    # the form to fill in is the one in the home's language (`init --lang zh` on an English home wrote
    # questionnaire.zh.md beside questionnaire.md: REVIEW-19 #11 named the English one)
    in_language = home.root / f"questionnaire.{language}.md"
    payload: dict[str, Any] = {
        "home": str(home.root),
        "created": created,
        "questionnaire": str(in_language if in_language.exists() else home.questionnaire),
        "language": str(language),
        "timezone": zone,
    }
    if zone_said:
        payload["timezone_source"] = source
    if run_interview:
        done = interview(home, language, revisit, today, err=as_json)
        payload["interview"] = {
            "answered": done.answered,
            "skipped": done.skipped,
            "not_asked": done.not_asked,
            "secrets_redacted": done.secrets_redacted,
            "import": None,
        }
        if done.answered:
            outcome = import_file(home.inbox, home.questionnaire)
            record_import(home.inbox, outcome, datetime.now(home.timezone))
            payload["interview"]["import"] = outcome.__dict__
        say = _SAY[language]
        counts = {"answered": len(done.answered), "skipped": len(done.skipped), "remaining": len(done.not_asked)}
        summary = say["done"].format(**counts, path=home.questionnaire)
        click.echo(summary, err=True)
    emit(
        as_json,
        payload,
        lambda p: (
            f"home: {p['home']}\n"
            + (f"created {len(p['created'])} item(s)\n" if p["created"] or not existed else "")
            + (
                f"answers imported into the inbox ({p['interview']['import']['status']}): `mirror run` to build "
                "memories from them"
                if p.get("interview", {}).get("import")
                else f"fill in {p['questionnaire']} (or `mirror init --interview`), then `mirror import` it"
                if p["created"] or not existed
                else "already set up, nothing changed (`mirror status` says what it holds)"
            )
        ),
    )


# ---------------------------------------------------------------- a note


@main.command(name="note")
@click.argument("text")
@click.option(
    "--when",
    "when",
    default=None,
    help='When it was or is true, in your words: "2019年左右", "after college", "last spring", "2021-06".',
)
@command
def note_(home: Home, as_json: bool, text: str, when: str | None) -> None:
    """Tell the memory one thing directly: a dated statement of your own, screened, into the inbox."""
    _require_home(home)
    noted_at = datetime.now(home.timezone).replace(microsecond=0)
    # the time words and the statement are screened as one short exchange before anything is written
    (when_s, statement), secrets = screen_in_order([((when or "").strip(), "note:when"), (text.strip(), "note")])
    if not statement:
        raise Failure("nothing to note: the text is empty")
    rendered = note.render(statement, when_s or None, noted_at)
    for name in note.file_names(statement, when_s or None, noted_at):
        (message,) = note.parse(name, rendered, home.timezone)
        stored = home.inbox / note.FORMAT / name
        if not stored.exists():
            break
        try:
            (kept,) = note.parse(name, stored.read_text(encoding="utf-8"), home.timezone)
        except (RefusedFile, ValueError, OSError):  # a note edited by hand into something else: not this one
            continue
        if kept.identity == message.identity:  # noted before: reported as it was noted then
            message = kept
            noted_at = kept.timestamp or noted_at
            break
    if stored.exists():
        status = "duplicate"
    else:
        with tempfile.TemporaryDirectory(prefix="mirror-note-") as folder:  # screened text only, outside the home
            source = Path(folder) / name
            source.write_text(rendered, encoding="utf-8")
            outcome = import_file(home.inbox, source, note.FORMAT)
        if outcome.status == "refused":
            raise Failure(f"the note could not be added: {outcome.reason}")
        status = outcome.status
        stored = home.inbox / (outcome.stored_as or stored)
    times = note.when_times(statement, when_s, noted_at)
    if when_s and not times:
        click.echo(f"mirror: no time read in --when '{when_s}': kept as said, the note stays undated", err=True)
    payload = {
        "note": {
            "id": stable_id("ev", message.identity),
            "status": status,
            "stored_as": str(stored.relative_to(home.inbox)),
            "text": message.text,
            "noted_at": noted_at,
            "when": {
                "expression": when_s,
                "start": times[0].start_iso if times else None,
                "end": times[0].end_iso if times else None,
                "precision": str(times[0].precision) if times else None,
                "anchor": times[0].anchor if times else None,
                "relation": times[0].relation if times else None,
            }
            if when_s
            else None,
            "secrets_redacted": secrets,
        }
    }

    def human(p: dict[str, Any]) -> str:
        n = p["note"]
        w = n["when"]
        span = ""
        if w and w["start"]:
            span = f" [{w['expression']}: {w['start']} – {w['end'] or '…'}, {w['precision']}]"
        elif w and w["anchor"]:
            side = (w["relation"] or "after").split(":")[0]
            span = f" [{w['expression']}: {side} {w['anchor']}, dated once your timeline has that event]"
        verb = "noted" if n["status"] == "accepted" else "already noted"
        tail = "; `mirror run` to build memories from it" if n["status"] == "accepted" else ""
        redacted = f" ({n['secrets_redacted']} secret(s) replaced by references)" if n["secrets_redacted"] else ""
        return f"{verb} {n['id']}: {n['text']}{span}{redacted}{tail}"

    emit(as_json, payload, human)
