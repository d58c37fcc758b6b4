from datetime import UTC, datetime

from mirror_pipeline.core.model import Attribution, Evidence, Language, Sensitivity, SourceType, TimePrecision

MENTION = datetime(2026, 10, 26, tzinfo=UTC)


def evidence(text: str, actor: str = "user", evidence_id: str = "ev_1", when: datetime = MENTION) -> Evidence:
    return Evidence(
        evidence_id=evidence_id,
        source_type=SourceType.CHAT,
        source_format="test",
        file_path="f",
        file_hash="h",
        locator="l",
        session_id="s",
        actor=actor,
        attribution=Attribution.FORMAT,
        timestamp=when,
        timestamp_precision=TimePrecision.SECOND,
        raw_content=text,
        content_hash="c",
        language=Language.MIXED,
        sensitivity=Sensitivity.LOW,
    )
