"""mirror.yaml, read once into one typed model: a key mi-mirror does not know is refused by its name (a typo such as
`extraction: {modle: ...}` would otherwise be silently ignored), and every default lives here, in code.

Adding a section is one line in `MirrorConfig` (`policy: PolicyConfig = section(PolicyConfig)`) with its own small
model beside the code that reads it. `Home.config` stays the plain dict view (`model_dump()`) existing callers read.
"""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from mirror_pipeline.adapters.checked_config import CONFIG_NAME
from mirror_pipeline.core.context import ContextPolicy
from mirror_pipeline.core.policy import Policy
from mirror_pipeline.core.questionnaire import QuestionnaireSettings
from mirror_pipeline.core.ranking import RetrievalConfig
from mirror_pipeline.core.reflection import ReflectionSettings
from mirror_pipeline.errors import ConfigError

API_KEY_ENV, API_BASE_ENV = "MIRROR_LLM_API_KEY", "MIRROR_LLM_API_BASE"  # as adapters/llm_extractor.py reads them


class Section(BaseModel):
    """A section of mirror.yaml: unknown keys refused, values checked on assignment too."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


S = TypeVar("S", bound=Section)


def section(model: type[S]) -> Any:
    """A section with all its defaults when mirror.yaml leaves it out (or leaves it empty)."""
    return Field(default_factory=model)


class UserConfig(Section):
    """Who the user is in chats that do not say: their name and the other names they go by."""

    name: str = ""
    aliases: list[str] = Field(default_factory=list)

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        return "" if value is None else str(value) if isinstance(value, int) else value

    @field_validator("aliases", mode="before")
    @classmethod
    def _aliases(cls, value: Any) -> Any:
        if value is None:
            return []
        values = value if isinstance(value, list) else [value]  # `aliases: Wei` is one alias
        return [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in values]


class ExtractionConfig(Section):
    """The optional LLM extractor (adapters/llm_extractor.py checks the ranges and reads the environment)."""

    model: str | None = None
    llm_model: str | None = None  # the older name of `model`
    batch_size: int | None = None
    max_batch_chars: int | None = None
    send_restricted: bool = False
    timeout_seconds: float | None = None
    max_attempts: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _no_keys_in_the_home(cls, value: Any) -> Any:
        for secret_like in ("api_key", "api_base", "key", "token"):
            if isinstance(value, dict) and secret_like in value:
                raise ValueError(
                    f"extraction.{secret_like} is not read from the home; set {API_KEY_ENV} / {API_BASE_ENV} "
                    "(or the provider's own variable, e.g. OPENAI_API_KEY) in the environment"
                )
        return value


class MirrorConfig(Section):
    """The whole of mirror.yaml. One line a section."""

    user: UserConfig = section(UserConfig)
    timezone: str = "UTC"
    extraction: ExtractionConfig = section(ExtractionConfig)
    context: ContextPolicy = section(ContextPolicy)  # core/context.py: budget, pinned memories, ceiling
    policy: Policy = section(Policy)  # core/policy.py: the write policy, questions per review, staleness
    retrieval: RetrievalConfig = section(RetrievalConfig)  # core/ranking.py: embedder, budget, ranking weights
    reflection: ReflectionSettings = section(ReflectionSettings)  # core/reflection.py: the weekly insights
    # the questionnaire's language; absent until `mirror init` (or --lang) sets it, so the locale decides
    questionnaire: QuestionnaireSettings | None = None

    @field_validator("user", "extraction", "context", "policy", "retrieval", "reflection", mode="before")
    @classmethod
    def _empty_is_default(cls, value: Any) -> Any:
        return {} if value is None else value

    @field_validator("timezone", mode="before")
    @classmethod
    def _zone(cls, value: Any) -> Any:
        if value is None:
            return "UTC"
        try:
            ZoneInfo(str(value))
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"'{value}' is not a time zone (e.g. Asia/Shanghai, Europe/Paris, UTC)") from None
        return str(value)

    def as_dict(self) -> dict[str, Any]:
        """The plain dict view `Home.config` gives existing callers: JSON values (an enum is its string), the same
        whether just checked or read back from adapters/checked_config.py."""
        return self.model_dump(mode="json")


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in loc)


def config_error(source: Path | str, err: ValidationError) -> ConfigError:
    """The first problem of a mirror.yaml, in one line that names the file and the key (never the value: a person
    may have pasted a key or a password there)."""
    problem = err.errors()[0]
    where = _where(problem["loc"])
    if problem["type"] in ("extra_forbidden", "unexpected_keyword_argument"):  # a model's / a dataclass's
        return ConfigError(f"{source}: unknown key '{where}' (known here: {_known(problem['loc'])})")
    message = str(problem["msg"]).removeprefix("Value error, ")
    return ConfigError(f"{source}: {where + ': ' if where else ''}{message}")


def _fields(model: type) -> dict[str, Any]:
    """A section's fields and their types: a pydantic model's, or a core dataclass's (core/settings.py)."""
    if isinstance(model, type) and issubclass(model, BaseModel):
        return {name: f.annotation for name, f in model.model_fields.items()}
    if dataclasses.is_dataclass(model):
        hints = typing.get_type_hints(model)
        return {f.name: hints.get(f.name) for f in dataclasses.fields(model)}
    return {}


def _known(loc: tuple[Any, ...]) -> str:
    model: type = MirrorConfig
    for part in loc[:-1]:
        inner = _fields(model).get(str(part))
        if not _fields(inner):
            break
        model = inner
    return ", ".join(_fields(model))


def parse_config(data: Any, source: Path | str = CONFIG_NAME) -> MirrorConfig:
    if data is None:
        return MirrorConfig()
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: not a set of key: value lines")
    try:
        return MirrorConfig.model_validate(data)
    except ValidationError as err:
        raise config_error(source, err) from None


def load_config(root: Path) -> MirrorConfig:
    """The home's mirror.yaml (defaults when there is none), or a ConfigError naming the key."""
    path = root / CONFIG_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return MirrorConfig()
    return config_from_text(text, path)


def config_from_text(text: str, path: Path) -> MirrorConfig:
    """mirror.yaml's text (read from `path`) as the typed model, or a ConfigError naming the key."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = f" (line {mark.line + 1})" if mark is not None else ""
        raise ConfigError(f"{path}: not valid YAML{at}") from None
    except ValueError:  # a date YAML cannot build, e.g. 2024-02-30
        raise ConfigError(f"{path}: a value YAML cannot read (an impossible date?)") from None
    return parse_config(data, path)
