"""A data home on disk (see shared/CONTRACT.md): its folders, its config and its questionnaire."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mirror_pipeline.adapters.checked_config import CONFIG_NAME, checked_config

if TYPE_CHECKING:  # a read command never imports the validator (adapters/checked_config.py)
    from mirror_pipeline.adapters.config import MirrorConfig
    from mirror_pipeline.core.questionnaire import Lang

__all__ = ["CONFIG_NAME", "DEFAULT_CONFIG", "Home", "dagster_environment", "load_config"]
DEFAULT_CONFIG: dict[str, Any] = {
    "user": {"name": "", "aliases": []},
    "timezone": "UTC",
    # an LLM extractor is off until a model is named (README: "An LLM extractor"); keys stay in the environment
    "extraction": {"model": None, "send_restricted": False},
    "context": {"budget": 800},
}
DAGSTER_YAML = """# Written by `mirror init`: run history for this home stays in this folder.
telemetry:
  enabled: false
"""


@dataclass(frozen=True)
class Home:
    root: Path
    config: dict[str, Any] = field(default_factory=dict, compare=False)  # mirror.yaml's checked values

    @staticmethod
    def resolve(path: str | os.PathLike[str] | None = None) -> Home:
        """--home, else MIRROR_HOME, else ./data. A mirror.yaml with an unknown key raises ConfigError."""
        chosen = path or os.environ.get("MIRROR_HOME") or "data"
        root = Path(chosen).expanduser().resolve()
        return Home(root, checked_config(root))

    @cached_property
    def settings(self) -> MirrorConfig:
        """mirror.yaml, typed (built from `config` when first asked for)."""
        from mirror_pipeline.adapters.config import parse_config

        return parse_config(self.config, self.root / CONFIG_NAME)

    inbox = property(lambda self: self.root / "inbox")
    decisions = property(lambda self: self.root / "decisions")
    warehouse = property(lambda self: self.root / "warehouse.duckdb")
    served = property(lambda self: self.root / "served")
    snapshots = property(lambda self: self.root / "snapshots")
    reviews = property(lambda self: self.root / "reviews")
    dagster = property(lambda self: self.root / "dagster")
    audit = property(lambda self: self.root / "audit")
    questionnaire = property(lambda self: self.root / "questionnaire.md")

    @property
    def timezone(self) -> ZoneInfo:
        try:
            return ZoneInfo(str(self.config.get("timezone") or "UTC"))
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo("UTC")

    @property
    def user_names(self) -> tuple[str, ...]:
        """The names the user goes by in chats (mirror.yaml `user: {name, aliases}`): how a WhatsApp or group chat
        export, which never says who exported it, tells the user's messages from everyone else's."""
        user = self.config.get("user")
        if not isinstance(user, dict):
            return ()
        aliases = user.get("aliases") or []
        names = [user.get("name"), *(aliases if isinstance(aliases, list) else [aliases])]
        return tuple(str(n).strip() for n in names if isinstance(n, str | int) and str(n).strip())

    @property
    def exists(self) -> bool:
        return (self.root / CONFIG_NAME).exists()

    def init(self, today: date, language: Lang | None = None, timezone: str = "UTC") -> list[str]:
        """Create what is missing; never overwrite what the person already has. Returns what was created.
        `language`: the questionnaire's (core/questionnaire.py), remembered in mirror.yaml `questionnaire:`;
        `timezone`: the zone a message time without its own is read in (mirror.yaml `timezone:`)."""
        import yaml

        from mirror_pipeline.core.questionnaire import Lang, render_form

        language = language or Lang.EN
        created = []
        for folder in (self.root, self.inbox, self.decisions, self.reviews, self.dagster, self.snapshots, self.audit):
            if not folder.exists():
                folder.mkdir(parents=True)
                created.append(str(folder))
        files = {
            self.root / CONFIG_NAME: yaml.safe_dump(
                {**DEFAULT_CONFIG, "timezone": timezone, "questionnaire": {"language": str(language)}},
                allow_unicode=True,
                sort_keys=False,
            ),
            self.dagster / "dagster.yaml": DAGSTER_YAML,
            self.questionnaire: render_form(language, today, str(self.questionnaire)),
        }
        for path, text in files.items():
            if not path.exists():
                path.write_text(text, encoding="utf-8")
                created.append(str(path))
        return created


def zone_name(name: str | None) -> str | None:
    """An IANA zone name this machine knows ("Asia/Shanghai"), else None."""
    name = (name or "").strip().lstrip(":")
    if not name or name.startswith("/"):
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return "UTC" if name.removeprefix("Etc/") in ("UTC", "UCT", "Universal", "Zulu") else name


# the names a zone of no offset goes by: a machine set to one of them (a server, a container) names no place
_UTC_NAMES = frozenset(
    (
        "UTC",
        "Etc/UTC",
        "Etc/UCT",
        "UCT",
        "Etc/Universal",
        "Universal",
        "Etc/Zulu",
        "Zulu",
        "GMT",
        "Etc/GMT",
        "Etc/GMT+0",
        "Etc/GMT-0",
        "Etc/GMT0",
        "GMT0",
        "Etc/Greenwich",
        "Greenwich",
    )
)


def is_utc(zone: str | None) -> bool:
    """Whether a zone is UTC under one of its names (or no zone at all)."""
    return zone is None or zone in _UTC_NAMES


def machine_timezone() -> str | None:
    """The zone this machine says it is in: $TZ, else /etc/timezone, else where /etc/localtime points
    (.../zoneinfo/Asia/Shanghai); None when it names none."""
    named = [os.environ.get("TZ")]
    with contextlib.suppress(OSError):
        named.append(Path("/etc/timezone").read_text(encoding="utf-8").split("\n")[0])
    try:
        target = os.readlink("/etc/localtime")
        if "zoneinfo/" in target:
            named.append(target.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    return next((z for n in named if (z := zone_name(n))), None)


def load_config(root: Path) -> dict[str, Any]:
    """mirror.yaml as a plain dict (every key, defaults filled in), checked by the typed model."""
    return checked_config(root)


def dagster_environment(home: Home) -> dict[str, str]:
    """The environment a Dagster process for this home runs in: its own DAGSTER_HOME, telemetry off."""
    home.dagster.mkdir(parents=True, exist_ok=True)
    if not (home.dagster / "dagster.yaml").exists():
        (home.dagster / "dagster.yaml").write_text(DAGSTER_YAML, encoding="utf-8")
    return {"DAGSTER_HOME": str(home.dagster), "MIRROR_HOME": str(home.root), "DAGSTER_DISABLE_TELEMETRY": "1"}
