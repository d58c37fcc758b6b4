"""What every importer shares: the refusal of a file, and the screening of every string of a JSON document."""

from __future__ import annotations

from typing import Any

from mirror_pipeline.core.screening import redact


class RefusedFile(Exception):
    """A file mi-mirror will not read, and why, in words a person understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SecretCounter:
    """Screens strings one by one and counts the secrets it replaced."""

    def __init__(self) -> None:
        self.secrets = 0

    def redact(self, text: str, scope: str) -> str:
        screened = redact(text, scope=scope)
        self.secrets += len(screened.secrets)
        return screened.text

    def redact_strings(self, value: Any, scope: str) -> Any:
        """`value` with every string in it (keys excepted) screened."""
        if isinstance(value, str):
            return self.redact(value, scope)
        if isinstance(value, list):
            return [self.redact_strings(v, scope) for v in value]
        if isinstance(value, dict):
            return {k: self.redact_strings(v, scope) for k, v in value.items()}
        return value
