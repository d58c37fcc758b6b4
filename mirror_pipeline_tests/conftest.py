from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# offline: litellm reads its bundled model cost map instead of fetching it at import (any test that imports it)
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "data" / "samples"
# What the bundled samples plant: these values must never be found in a home or in any command's output.
PLANTED_SECRETS = ("Tplink8888", "sk-proj-Zx81Qw3rTy7UiOp9AsDf2GhJkL4ZxCvBnM", "482193")


def needles(value: str) -> list[re.Pattern[bytes]]:
    """The value as it could be stored: UTF-8, UTF-16, JSON-escaped (\\uXXXX). A number is looked for as a number,
    not as the same digits inside a longer one (a run's storage holds thousands of digit runs: a 5-digit PIN turned up
    by chance in a Dagster database once in about thirty runs), nor as a time's microseconds (12.730418)."""
    forms = {
        value.encode(),
        value.encode("utf-16-le"),
        json.dumps(value)[1:-1].encode(),
        json.dumps(value, ensure_ascii=False)[1:-1].encode(),
    }
    if value.isdigit():
        return [re.compile(rb"(?<![0-9.])" + re.escape(f) + rb"(?![0-9])") for f in forms]
    return [re.compile(re.escape(f)) for f in forms]


def files_holding(root: Path, value: str) -> list[str]:
    """Every file under root (links not followed) whose bytes hold the value in any of its stored forms."""
    patterns = needles(value)
    held = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            if any(n.search(data) for n in patterns):
                held.append(str(path.relative_to(root)))
    return held


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (the order stays otherwise): on every core, the suite's last minutes are then short tests,
    not one worker finishing a long pipeline run alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def mirror(home: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run the real `mirror` command (the console script's module) against a home. A new home takes the machine's
    zone: the tests' homes are in UTC whatever machine runs them."""
    env = {**os.environ, "DAGSTER_DISABLE_TELEMETRY": "1", "TZ": "UTC"}
    env.pop("DAGSTER_HOME", None)
    result = subprocess.run(
        [sys.executable, "-m", "mirror_pipeline.cli", "--home", str(home), *args],
        capture_output=True,
        text=True,
        env=env,
        # (a first run of a large export took over 300 s at load 18 on this 2-core machine: perf21's test_large_export
        # failed on the timeout, not on the code; a hang still ends)
        timeout=900,
    )
    if check and result.returncode != 0:
        raise AssertionError(f"mirror {' '.join(args)} failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return result


def mirror_json(home: Path, *args: str) -> dict:
    result = mirror(home, *args, "--json")
    return json.loads(result.stdout)


@pytest.fixture(scope="session")
def built_sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled samples through the real command (init -> import -> run), built once for the whole test run: the
    first xdist worker builds it in the run's shared temporary folder under a lock, the others wait for it. Nothing
    runs a command on it; tests get `sample_home` or `copied_home`, copies of it."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # every worker's base folder is in the run's own
    built = shared / "sample-built"
    with open(shared / "sample-built.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (built / "done").exists():
            shutil.rmtree(built, ignore_errors=True)
            mirror(built / "home", "init")
            mirror(built / "home", "import", str(SAMPLES))
            mirror(built / "home", "run")
            (built / "done").touch()
    return built / "home"


@pytest.fixture(scope="session")
def sample_home(built_sample: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home built from the bundled samples by the real command: init -> import -> run. Tests must not change it."""
    home = tmp_path_factory.mktemp("sample") / "home"
    shutil.copytree(built_sample, home, symlinks=True)
    return home


@pytest.fixture
def fresh_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    mirror(home, "init")
    return home


@pytest.fixture
def copied_home(built_sample: Path, tmp_path: Path) -> Path:
    """A private copy of the sample home, for tests that run the pipeline again."""
    target = tmp_path / "home"
    shutil.copytree(built_sample, target, symlinks=True)
    return target
