"""The secret boundary (sections 6.6, 9.2, 15): find secrets in text and replace them with a reference placeholder.

The package's seams: `values` (how a value is judged), `rules` (one record per rule), `detectors` (what is more than
one pattern), `prefilter` (which texts the rules see), `detection` (where the secrets are), `hints` and `labels` (what
a reference may say about its secret), `redaction` (the placeholders, one text or one conversation at a time).

Names are loaded on first use (PEP 562): `prefilter` alone costs ~50 ms to import, the rules ~250 ms more, so a read
command screens its query with the prefilter and loads the rules only for a text the prefilter lets through.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mirror_pipeline.core.screening.detection import Finding, count_secrets, find_secrets
    from mirror_pipeline.core.screening.detectors import luhn_valid, resident_id_valid
    from mirror_pipeline.core.screening.prefilter import (
        PREFILTER_PATTERN,
        PREFILTER_PATTERNS,
        SEED_PREFILTER_PATTERN,
        may_hold_secret,
        prefilter_mask,
    )
    from mirror_pipeline.core.screening.redaction import (
        Screened,
        SecretSpan,
        placeholders_in,
        redact,
        redact_sequence,
    )
    from mirror_pipeline.core.screening.rules import PLACEHOLDER_RE, RULES, SCREENING_VERSION, Rule
    from mirror_pipeline.core.screening.values import ORDINARY_VALUES, Judge

_WHERE = {
    "Finding": "detection",
    "count_secrets": "detection",
    "find_secrets": "detection",
    "luhn_valid": "detectors",
    "resident_id_valid": "detectors",
    "PREFILTER_PATTERN": "prefilter",
    "PREFILTER_PATTERNS": "prefilter",
    "SEED_PREFILTER_PATTERN": "prefilter",
    "may_hold_secret": "prefilter",
    "prefilter_mask": "prefilter",
    "Screened": "redaction",
    "SecretSpan": "redaction",
    "placeholders_in": "redaction",
    "redact": "redaction",
    "redact_sequence": "redaction",
    "PLACEHOLDER_RE": "rules",
    "RULES": "rules",
    "SCREENING_VERSION": "rules",
    "Rule": "rules",
    "ORDINARY_VALUES": "values",
    "Judge": "values",
}

__all__ = [
    "ORDINARY_VALUES",
    "PLACEHOLDER_RE",
    "PREFILTER_PATTERN",
    "PREFILTER_PATTERNS",
    "RULES",
    "SCREENING_VERSION",
    "SEED_PREFILTER_PATTERN",
    "Finding",
    "Judge",
    "Rule",
    "Screened",
    "SecretSpan",
    "count_secrets",
    "find_secrets",
    "luhn_valid",
    "may_hold_secret",
    "placeholders_in",
    "prefilter_mask",
    "redact",
    "redact_sequence",
    "resident_id_valid",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
