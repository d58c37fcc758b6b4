"""mirror.yaml's checked values kept beside it (adapters/checked_config.py): a read answers from them without the
validator, and whatever changes (the file, the code) is checked again in full."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest

from mirror_pipeline.adapters import checked_config as checked
from mirror_pipeline.adapters.config import MirrorConfig, _fields
from mirror_pipeline.adapters.home import Home
from mirror_pipeline.core.context import ContextPolicy
from mirror_pipeline.core.ranking import RetrievalConfig
from mirror_pipeline.errors import ConfigError


def _home(tmp_path: Path, text: str) -> Path:
    (tmp_path / checked.CONFIG_NAME).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_checked_values_are_kept_and_read_back_the_same(tmp_path: Path) -> None:
    home = _home(tmp_path, "context: {budget: 300}\nretrieval: {weights: {fusion: rrf, candidates: 50}}\n")
    first = Home.resolve(home).config
    assert (home / checked.CHECKED_NAME).exists()
    again = Home.resolve(home).config
    assert again == first and again["context"]["budget"] == 300
    assert again == MirrorConfig.model_validate({"context": {"budget": 300}, **_rrf()}).as_dict()
    rc, policy = RetrievalConfig.from_config(again), ContextPolicy.from_config(again)
    assert rc.weights.fusion == "rrf" and rc.weights.candidates == 50 and policy.budget == 300
    assert Home.resolve(home).settings.context.budget == 300  # the typed view, built when asked for


def _rrf() -> dict:
    return {"retrieval": {"weights": {"fusion": "rrf", "candidates": 50}}}


def test_an_edited_file_is_checked_again_and_a_bad_key_refused_by_its_name(tmp_path: Path) -> None:
    home = _home(tmp_path, "context: {budget: 300}\n")
    Home.resolve(home)
    (home / checked.CONFIG_NAME).write_text("context: {budgte: 300}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown key 'context.budgte'"):
        Home.resolve(home)
    (home / checked.CONFIG_NAME).write_text("retrieval: {weights: {lexical_share: 3}}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="retrieval.weights.lexical_share"):
        Home.resolve(home)


def test_kept_values_under_another_key_or_damaged_are_not_believed(tmp_path: Path) -> None:
    home = _home(tmp_path, "context: {budget: 300}\n")
    Home.resolve(home)
    kept = home / checked.CHECKED_NAME
    stored = json.loads(kept.read_text(encoding="utf-8"))
    stored["key"], stored["config"]["context"]["budget"] = "another", 5
    kept.write_text(json.dumps(stored), encoding="utf-8")
    assert Home.resolve(home).config["context"]["budget"] == 300
    kept.write_text("{not json", encoding="utf-8")
    assert Home.resolve(home).config["context"]["budget"] == 300


def test_a_home_that_cannot_be_written_is_checked_every_time(tmp_path: Path, monkeypatch) -> None:
    home = _home(tmp_path, "context: {budget: 300}\n")

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(Path, "write_text", refuse)
    assert Home.resolve(home).config["context"]["budget"] == 300
    assert not (home / checked.CHECKED_NAME).exists()


def _sections(model: type) -> set[type]:
    """Every class mirror.yaml's model is made of (pydantic sections and core dataclasses), nested."""
    found, todo = set(), [model]
    while todo:
        cls = todo.pop()
        if cls not in found:
            found.add(cls)
            kinds = [k for kind in _fields(cls).values() for k in (kind, *typing.get_args(kind))]
            todo += [k for k in kinds if isinstance(k, type) and _fields(k)]
    return found


def test_the_key_covers_every_module_that_defines_a_section() -> None:
    """A section defined in a module the key does not stat would be read back stale after its code changed."""
    defined = {
        cls.__module__.removeprefix("mirror_pipeline.").replace(".", "/") + ".py" for cls in _sections(MirrorConfig)
    }
    assert len(defined) >= 6 and defined <= set(checked.DEFINED_IN), defined - set(checked.DEFINED_IN)
