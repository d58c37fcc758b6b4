"""A question about a secret reference names the date (home timezone), the source and a masked excerpt, in the
evidence's language; two findings in one message are told apart; the hint says what the secret is for."""

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from mirror_pipeline.core.governance import secret_reference_issues
from mirror_pipeline.core.model import SecretReference
from mirror_pipeline.core.screening import find_secrets, redact_sequence
from mirror_pipeline.core.screening.hints import derived_hint
from mirror_pipeline.core.screening.questions import found_in

SH = ZoneInfo("Asia/Shanghai")
HAN = re.compile(r"[\u4e00-\u9fff]")  # as core/evidence.py: a hint in the evidence's language


def _refs(messages: list[str], evidence_id: str = "ev_x"):
    out = redact_sequence([(m, f"{evidence_id}#{k}") for k, m in enumerate(messages)])[-1]
    refs = [
        SecretReference(
            s.ref_id,
            s.kind,
            s.label,
            s.label,
            evidence_id,
            None,
            hint=derived_hint(s.label, chinese=HAN.search(out.text) is not None),
        )
        for s in out.secrets
    ]
    return out.text, refs


def test_a_chinese_question_names_date_source_and_a_masked_excerpt() -> None:
    text, refs = _refs(["家里路由器换了，要输什么来着？", "网络名 Chen_Home5G，连的时候输 hz_fam!ly2026 就行"])
    # 18:04 in Shanghai on 9-5 is 10:04 UTC; a UTC evening would be the next day in Shanghai
    row = {
        "timestamp": datetime(2026, 9, 4, 16, 30, tzinfo=UTC),
        "file_path": "wechat/chat_妈妈.csv",
        "source_format": "wechat",
        "raw_content": text,
    }
    (issue,) = secret_reference_issues(refs, {"ev_x": found_in(row, SH)})
    q = issue.question
    assert q.startswith("2026-09-05，在微信聊天（chat_妈妈.csv）里有一个密码")
    assert "原话「网络名 Chen_Home5G，连的时候输 ••• 就行」" in q
    assert "hz_fam" not in q and "[secret:" not in q and issue.language == "zh"


def test_two_findings_in_one_message_are_told_apart() -> None:
    text, refs = _refs(["wifi password is Kestrel_2024 and the door code is 4471, see you"])
    assert len(refs) == 2
    row = {
        "timestamp": datetime(2026, 9, 14, 11, 3, tzinfo=UTC),
        "file_path": "telegram/result.json",
        "source_format": "telegram",
        "raw_content": text,
    }
    # two of one kind are one question (REVIEW-6 finding 11), each cited with its own place masked
    (issue,) = secret_reference_issues(refs, {"ev_x": found_in(row, SH)})
    q = issue.question
    assert q.startswith("On 2026-09-14 in a Telegram chat (result.json) “wifi password is ••• and the door code")
    assert "in each of these 2 places, something that looks like a password was kept out" in q
    assert "“wifi password is ••• and the door code is ···" in q and "and the door code is •••" in q
    assert "Kestrel" not in q and "4471" not in q and len(issue.memory_ids) == 2
    # the question itself never reads as a secret (it is served, and checked)
    assert not find_secrets(q)


def test_a_hint_says_what_a_secret_is_for_never_only_its_kind() -> None:
    _, (ref,) = _refs(["姐姐的Netflix让我先用着，登进去要敲的是 Melb0urne_qi"])
    assert ref.hint == "与Netflix相关"
    assert derived_hint("token") is None and derived_hint("one time code") is None
    _, (ref,) = _refs(["if my phone dies, these get me into the team GitLab? 88162043 77510928 33904417"])
    assert ref.hint == "related to GitLab"


def test_a_question_never_reads_as_a_secret() -> None:
    for messages in (
        ["The SSH passphrase for the home NAS: we moved it to paper — it reads 'quiet lantern 48 over river'."],
        ["network is Nanshan-Den, and you type tangerine-Owl-58", "wait, capital T at the start: Tangerine-Owl-58"],
        ["网络名 Chen_Home5G，连的时候输 hz_fam!ly2026 就行"],
    ):
        text, refs = _refs(messages)
        row = {"timestamp": None, "file_path": "x/f.json", "source_format": "telegram", "raw_content": text}
        for issue in secret_reference_issues(refs, {"ev_x": found_in(row, SH)}):
            assert not find_secrets(issue.question), issue.question


def test_an_excerpt_never_repeats_an_e_mail_address() -> None:
    text, (ref,) = _refs(["gmail login jenny.lee@example.com / Hunter2024! for the shared calendar"])
    row = {"timestamp": None, "file_path": "x/f.json", "source_format": "telegram", "raw_content": text}
    (issue,) = secret_reference_issues([ref], {"ev_x": found_in(row, SH)})
    assert "@example.com" not in issue.question and "[e-mail] / •••" in issue.question


def test_a_secret_question_dates_its_evidence_on_the_sources_own_calendar() -> None:
    """A Day One entry written at 00:40 on 25 November in Sydney (13:40 UTC on the 24th) is asked about as the 25th,
    the date its memory question shows, whatever the home's zone (review 4, finding 7)."""
    text, refs = _refs(["Bank PIN reminder to self: 4471, don't tell anyone"])
    row = {
        "timestamp": datetime(2026, 11, 24, 13, 40, tzinfo=UTC),
        "file_path": "dayone/Journal.json",
        "source_format": "dayone",
        "raw_content": text,
        "source_timezone": "Australia/Sydney",
    }
    (issue, *_) = secret_reference_issues(refs, {"ev_x": found_in(row, SH)})
    assert issue.question.startswith("On 2026-11-25, in a Day One journal")
    (home_issue, *_) = secret_reference_issues(refs, {"ev_x": found_in({**row, "source_timezone": None}, SH)})
    assert home_issue.question.startswith("On 2026-11-24, in a Day One journal")  # 21:40 in Shanghai, the home
