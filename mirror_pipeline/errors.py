"""The project's own failures, beneath one base class: what mi-mirror refuses or cannot do, told in words a person
understands. A message names a file, a table, a column, a setting or a check; never a value (it may be a secret).

Bugs stay Python's own exceptions. The specific classes live here; the modules that raise them re-export them under
the names they always had (`adapters.admission.RefusedFile`, `contracts.tables.ContractViolation`,
`adapters.llm_extractor.ExtractionConfigError` / `LlmError`, `adapters.warehouse.SchemaChanged`).
"""

from __future__ import annotations


class MirrorError(Exception):
    """A failure of mi-mirror's own, with a reason a person can act on."""


class RefusedFile(MirrorError):
    """A file mi-mirror will not read, and why, in words a person understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ContractViolation(MirrorError):
    """A table broke its contract. The message names the table, column and check, never a value."""


class SchemaChanged(MirrorError):
    """A warehouse table differs from its contract; only a whole run (which starts by rebuilding) may proceed."""


class ConfigError(MirrorError, ValueError):
    """mirror.yaml cannot be used; the message names the file and the key."""


class PublishRefused(MirrorError):
    """The served snapshot was not published (the last good one stays); the message names tables and columns."""


class LlmError(MirrorError):
    """A model could not give a usable answer."""
