"""How a section of mirror.yaml is declared in `core/`: a plain dataclass whose fields say their default, their bounds
and what they do (`knob`), with unknown keys refused (`FORBID_EXTRA`).

The same class is checked twice over: adapters/config.py validates mirror.yaml against it (pydantic reads a stdlib
dataclass's fields, the bounds in their metadata and `__pydantic_config__`), and the read commands build it from the
checked values without importing the validator (adapters/checked_config.py): a read does not pay for pydantic.
"""

from __future__ import annotations

from dataclasses import MISSING, field
from typing import Any

FORBID_EXTRA: dict[str, Any] = {"extra": "forbid"}  # `__pydantic_config__` of every section


def knob(default: Any = MISSING, *, description: str = "", **bounds: float) -> Any:
    """A field with its default, its bounds (ge, gt, le, lt: checked when mirror.yaml is read) and what it does."""
    unknown = set(bounds) - {"ge", "gt", "le", "lt"}
    if unknown:
        raise TypeError(f"knob() takes ge / gt / le / lt as bounds, not {sorted(unknown)}")
    return field(default=default, metadata={"description": description, **bounds})
