"""mirror.yaml's checked values, kept beside it: a read command (`mirror context`, `mirror search`) answers from them
without importing the validator (pydantic and the section models cost a cold read ~0.2 s of its ~0.5-0.7 s).

`<home>/.mirror.yaml.checked.json` holds the values adapters/config.py made of mirror.yaml (every default filled in)
under a key: the file's bytes and the code that defines the sections (each defining module's size and time). A
changed mirror.yaml, or new code, misses the key and is checked again in full, so a bad key is refused by its name
whichever command meets it first. The file lives in the home (it goes where the home goes and is deleted with it);
a home that cannot be written to is checked on every command instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

CONFIG_NAME = "mirror.yaml"
CHECKED_NAME = ".mirror.yaml.checked.json"
# the modules whose classes make up mirror.yaml (adapters/config.py `MirrorConfig` and its sections; a test checks it)
DEFINED_IN = (
    "adapters/checked_config.py",
    "adapters/config.py",
    "core/context.py",
    "core/policy.py",
    "core/questionnaire.py",
    "core/ranking.py",
    "core/reflection.py",
    "core/settings.py",
)
_PACKAGE = Path(__file__).resolve().parent.parent


def _key(source: bytes) -> str:
    digest = hashlib.sha256(source)
    for name in DEFINED_IN:
        with contextlib.suppress(OSError):
            st = (_PACKAGE / name).stat()
            digest.update(f"{name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return digest.hexdigest()


def checked_config(root: Path) -> dict[str, Any]:
    """The home's mirror.yaml as checked values (defaults when there is none), or a ConfigError naming the key.
    The validator (adapters/config.py) is imported only when the kept values do not answer."""
    source = root / CONFIG_NAME
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        from mirror_pipeline.adapters.config import MirrorConfig

        return MirrorConfig().as_dict()
    kept, key = root / CHECKED_NAME, _key(raw)
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
        stored = json.loads(kept.read_text(encoding="utf-8"))
        if stored["key"] == key and isinstance(stored["config"], dict):
            return stored["config"]
    from mirror_pipeline.adapters.config import config_from_text

    config = config_from_text(raw.decode("utf-8"), source).as_dict()
    with contextlib.suppress(OSError):
        partial = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        partial.write_text(json.dumps({"key": key, "config": config}, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, kept)
    return config
