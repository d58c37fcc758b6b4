from datetime import date
from pathlib import Path

import dagster as dg
import yaml

from mirror_pipeline.adapters.home import CONFIG_NAME, Home
from mirror_pipeline.adapters.inbox import import_file
from mirror_pipeline.definitions import build_defs
from mirror_pipeline_tests.conftest import SAMPLES


def _evidence_read(home: Home) -> int:
    job = build_defs(home).resolve_job_def("mirror_job")
    result = job.execute_in_process(instance=dg.DagsterInstance.ephemeral())
    assert result.success
    (materialization,) = result.asset_materializations_for_node("memory_candidates")
    return materialization.metadata["evidence_read"].value


def test_only_new_evidence_is_read_and_a_new_timezone_reads_it_again(tmp_path: Path) -> None:
    home = Home.resolve(tmp_path / "home")
    home.init(date(2026, 11, 29))
    for sample in sorted(SAMPLES.rglob("*.*")):
        import_file(home.inbox, sample)
    first = _evidence_read(home)
    assert first > 0
    assert _evidence_read(home) == 0  # nothing new: nothing interpreted again
    config = yaml.safe_load((home.root / CONFIG_NAME).read_text(encoding="utf-8"))
    config["timezone"] = "Asia/Tokyo"  # "yesterday" now falls on another calendar: every relative time is re-read
    (home.root / CONFIG_NAME).write_text(yaml.safe_dump(config), encoding="utf-8")
    assert _evidence_read(Home.resolve(home.root)) == first
