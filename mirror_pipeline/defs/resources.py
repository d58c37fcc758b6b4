"""The resources every stage shares: the data home, and its warehouse as a Dagster DuckDB resource."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

from mirror_pipeline.adapters.home import Home


class MirrorHome(dg.ConfigurableResource):
    """The data home this code location works on (`--home`, MIRROR_HOME or ./data)."""

    root: str

    def get(self) -> Home:
        return Home.resolve(self.root)


def resources_for(home: Home) -> dict[str, object]:
    return {
        "home": MirrorHome(root=str(home.root)),
        "warehouse_db": DuckDBResource(database=str(Path(home.warehouse))),
    }
