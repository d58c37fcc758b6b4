"""The system's own identifiers, minted so that no screening rule can ever read one as a secret (issue 9).

An id used to be a prefix and 16 hex digits (`ev_4532015112830366`): one in 20,000 was all decimal digits and passed
the Luhn check, and screening read it as a bank card number; an 8-hex-digit file-name suffix made a journal's inbox
name look like a random token. Every id is now written in an alphabet of 16 lower-case consonants, one letter a hex
digit of the same digest (so an id carries the same 64 bits and stays deterministic: derived from position and
content, never from a secret value):

- no digit: no card, ID, phone, PIN, code or date rule can match a run of them;
- no vowel (and no `p`, `w`, `x`, `l`): no keyword (`pin`, `key`, `code`, `pwd`, `xox`, `akia` ...) and no word of a
  seed phrase list can be spelt by one;
- one case: the random-token rule needs at least two of upper case, lower case and digits.

`mirror_pipeline_tests/core/test_ids.py` screens a million of each kind through the real rules: none is flagged.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import PurePosixPath

# Changing the format changes every id: the warehouse is rebuilt from the inbox once (see defs/capture/assets.py).
ID_FORMAT = "ids-2"

ALPHABET = "bcdfghjkmnqrstvz"
_FROM_HEX = str.maketrans("0123456789abcdef", ALPHABET)
ID_LENGTH = 16
SUFFIX_LENGTH = 8
# the suffix `mirror import` gives a file whose name is taken in the inbox (`2024-01-10.<8 letters>.md`: after a dot,
# which no token rule reads across, so the person's name and the suffix are never read as one random-looking token),
# and the `-<8 hex digits>` of earlier versions, so that names written before still read as the person gave them
GENERATED_SUFFIX = re.compile(rf"(?:\.[{ALPHABET}]{{{SUFFIX_LENGTH}}}|-[0-9a-f]{{{SUFFIX_LENGTH}}})$")
# the part of a secret reference id after `sec_` (and the 16 hex digits of the ids inside placeholders written by
# earlier versions into inbox copies: those files are kept as they are)
REF_BODY = rf"(?:[{ALPHABET}]{{{ID_LENGTH}}}|[0-9a-f]{{{ID_LENGTH}}})"


def letters(hex_digest: str) -> str:
    """Hex digits written in the id alphabet (one letter for one digit)."""
    return hex_digest.lower().translate(_FROM_HEX)


def mint(prefix: str, *parts: object) -> str:
    """A short id that is the same on every machine and every run for the same parts: `ev_kdqzbmhtsnvcgfrj`."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).hexdigest()
    return f"{prefix}_{letters(digest[:ID_LENGTH])}"


def file_suffix(hex_digest: str) -> str:
    """The suffix that tells apart two inbox files of the same name: 8 letters of the file's digest."""
    return letters(hex_digest[:SUFFIX_LENGTH])


def renamed_for(name: str, hex_digest: str) -> str:
    """The inbox name of a file whose name is taken: `2024-01-10.md` -> `2024-01-10.kdqzbmht.md`."""
    path = PurePosixPath(name)
    return f"{path.stem}.{file_suffix(hex_digest)}{path.suffix}"


def without_generated_suffix(stem: str) -> str:
    """A file name's stem as the person gave it (`2024-01-10.kdqzbmht` -> `2024-01-10`)."""
    return GENERATED_SUFFIX.sub("", stem)


# the mark a second copy of a download gets from a browser or a file manager: "chat_妈妈 (1)", "WhatsApp Chat with
# Alice (2)", "export - Copy", "journal copy 2", "聊天记录-副本", "chat（1）"; the contact's name is what is left
COPY_MARKER = re.compile(
    r"(?:\s*[(（]\d{1,3}[)）]|\s+-\s+copy(?:\s*\(\d{1,3}\))?|\s+copy(?:\s+\d{1,3})?|\s*[-_ ]?副本\d{0,3})$",
    re.IGNORECASE,
)


def without_copy_marker(stem: str) -> str:
    """A file name's stem without a second copy's mark (`chat_妈妈 (1)` -> `chat_妈妈`): a copy names the same chat."""
    return COPY_MARKER.sub("", stem).strip() or stem


def as_given(name: str) -> str:
    """A file's name as the person gave it, without the suffix the inbox adds to its copy
    (`WhatsApp Chat with Sophie.dhvmnjdm.txt` -> `WhatsApp Chat with Sophie.txt`)."""
    stem, dot, extension = name.rpartition(".")
    return f"{without_generated_suffix(stem)}.{extension}" if dot and stem else without_generated_suffix(name)
