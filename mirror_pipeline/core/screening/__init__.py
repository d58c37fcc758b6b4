"""The secret boundary (sections 6.6, 9.2, 15): find secrets in text and replace them with a reference placeholder.

The package's seams: `values` (how a value is judged), `rules` (one record per rule), `detectors` (what is more than
one pattern), `prefilter` (which texts the rules see), `detection` (where the secrets are), `hints` and `labels` (what
a reference may say about its secret), `redaction` (the placeholders, one text or one conversation at a time).
"""

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
