"""The Great Expectations suite behind the blocking secret checks: no stored value matches a secret pattern.

GX 1.24 has no polars or DuckDB datasource that works here (shared/STACK.md): an ephemeral context and a pandas
datasource do. It is imported (`_validation`) only when a check has texts to validate, never at module level: it costs
~8 s of CPU, and every process that loads the definitions would pay them.

Only the person's data is checked (text they wrote or were told, labels, questions, memory text, the names they gave
files), never the system's own ids, hashes and locators: see core/quarantine.py. Two expectations per text column:
no value matches a structured secret pattern (key blocks, provider keys, JWTs: the screening rules that need no
context, as regular expressions GX runs itself), and no value holds a secret by the full screening rules (whose count
per value is computed by `core.screening.count_secrets` and handed to GX as a column).
Results are requested as booleans only, so GX never copies an offending value into its results, logs or metadata.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from mirror_pipeline.core.quarantine import screened_columns, values_to_screen
from mirror_pipeline.core.screening import RULES, SCREENING_VERSION, count_secrets
from mirror_pipeline.core.screening.values import Judge

SUITE_NAME = "no_secret_values"
# the rules that need no context (a shape alone: "admin123"-style examples need the words around them)
STRUCTURED_PATTERNS = tuple(
    rule.pattern.pattern for rule in RULES if rule.judge == Judge.WHOLE and not rule.example_shape
)


@dataclass(frozen=True)
class SecretExpectations:
    passed: bool
    values_checked: int
    failing_columns: tuple[str, ...]  # `table.column` names, never values
    clean_digests: tuple[str, ...] = ()  # the texts checked now and found clean (`text_digests`), to be remembered
    known: int = 0  # texts an earlier check had found clean, not checked again


def rules_key() -> bytes:
    """The screening version and the suite's patterns, as one key: the digests of one set of rules match no other."""
    return hashlib.blake2b(f"{SCREENING_VERSION}\0{chr(0).join(STRUCTURED_PATTERNS)}".encode(), digest_size=16).digest()


def text_digests(values: Sequence[str]) -> list[str]:
    """A digest per text, keyed by `rules_key`: new rules check every text again."""
    key = rules_key()
    return [hashlib.blake2b(v.encode(), digest_size=16, key=key).hexdigest() for v in values]


def _validation():  # a gx.ValidationDefinition
    """The suite as a GX validation over one pandas frame (columns `value`, `secret_spans`). Built only when a check
    has texts to validate: importing GX costs ~8 s of CPU on this machine (scipy, pandas, its expectations), and a
    run whose texts were all found clean before, or that has none, needs none of it."""
    import great_expectations as gx
    from great_expectations.data_context.types.base import (
        DataContextConfig,
        InMemoryStoreBackendDefaults,
        ProgressBarsConfig,
    )

    # no data docs site: GX's default ephemeral context gives it a temporary folder that nothing ever removes
    config = DataContextConfig(store_backend_defaults=InMemoryStoreBackendDefaults(init_temp_docs_sites=False))
    context = gx.get_context(project_config=config, mode="ephemeral")
    context.variables.progress_bars = ProgressBarsConfig(globally=False)
    batch = (
        context.data_sources.add_pandas("mirror")
        .add_dataframe_asset("text_column")
        .add_batch_definition_whole_dataframe("whole_column")
    )
    suite = context.suites.add(gx.ExpectationSuite(name=SUITE_NAME))
    suite.add_expectation(
        gx.expectations.ExpectColumnValuesToNotMatchRegexList(column="value", regex_list=list(STRUCTURED_PATTERNS))
    )
    suite.add_expectation(gx.expectations.ExpectColumnValuesToBeInSet(column="secret_spans", value_set=[0]))
    return context.validation_definitions.add(gx.ValidationDefinition(name=SUITE_NAME, data=batch, suite=suite))


def secret_expectation_failures(
    tables: dict[str, pl.DataFrame], known_clean: Callable[[list[str]], set[str]] | None = None
) -> SecretExpectations:
    """Run the suite over every text column of every table. `known_clean(digests)` says which of the texts (by
    `text_digests`) an earlier check found clean under the same rules: those are not checked again, and the digests
    of the texts found clean now are returned in `clean_digests` (all of them when the suite passes, none when not)."""
    # every distinct text value of the person's data in one frame: one validation, whatever the number of columns.
    # The system's ids, hashes and locators are not the person's data and are never checked (core/quarantine.py):
    # a rule that read one as a secret would block every later run, since an id never changes.
    origins: list[str] = []
    values: list[str] = []
    for table, frame in sorted(tables.items()):
        for column in screened_columns(frame):
            column_values = values_to_screen(frame, column).to_list()
            values += column_values
            origins += [f"{table}.{column}"] * len(column_values)
    if not values:
        return SecretExpectations(True, 0, ())
    # a text in two tables (served evidence and the search documents hold the same words) is screened once, and a
    # text an earlier check found clean under the same rules not at all
    distinct = list(dict.fromkeys(values))
    digests = dict(zip(distinct, text_digests(distinct), strict=True))
    clean = known_clean(list(digests.values())) if known_clean else set()
    if clean:
        kept = [(o, v) for o, v in zip(origins, values, strict=True) if digests[v] not in clean]
        origins, values = [o for o, _ in kept], [v for _, v in kept]
        distinct = [v for v in distinct if digests[v] not in clean]
        if not values:
            return SecretExpectations(True, 0, (), known=len(clean))
    fresh = tuple(digests[v] for v in distinct)
    counted = dict(zip(distinct, count_secrets(distinct), strict=True))
    spans = [counted[v] for v in values]
    import pandas as pd

    data = pd.DataFrame({"value": values, "secret_spans": spans})
    result = _validation().run(batch_parameters={"dataframe": data}, result_format="BOOLEAN_ONLY")
    if result.success and not any(r.exception_info.get("raised_exception") for r in result.results):
        return SecretExpectations(True, len(values), (), fresh, len(clean))
    # which columns: the same two tests, here, so that the names (never the values) can be reported
    structured = [re.compile(p) for p in STRUCTURED_PATTERNS]
    failing = sorted(
        {
            origin
            for origin, value, n in zip(origins, values, spans, strict=True)
            if n or any(p.search(value) for p in structured)
        }
    )
    return SecretExpectations(False, len(values), tuple(failing) or ("(the suite could not run)",), (), len(clean))
