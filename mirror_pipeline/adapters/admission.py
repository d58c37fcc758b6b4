"""What every importer shares: the refusal of a file, and the screening of every string of a JSON document."""

from __future__ import annotations

from typing import Any, Protocol

from mirror_pipeline.core.screening import redact
from mirror_pipeline.errors import RefusedFile

__all__ = ["RefusedFile", "SecretCounter", "Writer"]


class Writer(Protocol):
    """Where an admitted file's redacted bytes go (a file, a buffer, a hashing wrapper)."""

    def write(self, data: bytes, /) -> int: ...


class SecretCounter:
    """Screens strings one by one and counts the secrets it replaced.

    Exports repeat the same short strings in every message ("finished_successfully", "gpt-4o", "text"): one found
    free of secrets is not screened again (a text without a secret reads the same in any scope)."""

    _MEMO_LENGTH, _MEMO_SIZE = 100, 50_000

    def __init__(self) -> None:
        self.secrets = 0
        self._clean: set[str] = set()

    def redact(self, text: str, scope: str) -> str:
        if text in self._clean:
            return text
        screened = redact(text, scope=scope)
        self.secrets += len(screened.secrets)
        if not screened.secrets and len(text) <= self._MEMO_LENGTH:
            if len(self._clean) >= self._MEMO_SIZE:
                self._clean.clear()
            self._clean.add(text)
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
