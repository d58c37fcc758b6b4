"""Entity normalization: one key for one entity however it was written (A公司, A 公司, "company A"; 大阪, Osaka).

A first, small alias table; names not in it are compared by their normalized spelling.
"""

from __future__ import annotations

import re

from mirror_pipeline.core.text import normalize

_ALIASES = {
    "tokyo": ("东京", "東京", "tokyo", "東京都", "东京都"),
    "osaka": ("大阪", "osaka", "大阪市"),
    "kyoto": ("京都", "kyoto"),
    "beijing": ("北京", "beijing", "peking"),
    "shanghai": ("上海", "shanghai"),
    "shenzhen": ("深圳", "shenzhen"),
    "hangzhou": ("杭州", "hangzhou"),
    "guangzhou": ("广州", "guangzhou", "canton"),
    "hong kong": ("香港", "hong kong", "hongkong"),
    "singapore": ("新加坡", "singapore"),
    "london": ("伦敦", "london"),
    "new york": ("纽约", "new york", "nyc", "new york city"),
    "san francisco": ("旧金山", "三藩市", "san francisco", "sf"),
    "seattle": ("西雅图", "seattle"),
}
_BY_NAME = {alias: key for key, names in _ALIASES.items() for alias in names}
_COMPANY = re.compile(
    r"^(?:company|the company)\s+(\w+)$|^(\w+)\s*(?:公司|company|inc\.?|corp\.?|co\.?)$", re.IGNORECASE
)


def canonical(name: str) -> str:
    """The comparison key of an entity name."""
    key = normalize(name).lower()
    key = re.sub(r"(?<=[a-z0-9]) (?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) (?=[a-z0-9])", "", key)
    if key in _BY_NAME:
        return _BY_NAME[key]
    company = _COMPANY.match(key)
    if company:
        return f"company:{company.group(1) or company.group(2)}"
    return key
