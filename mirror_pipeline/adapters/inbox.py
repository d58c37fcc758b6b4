"""The inbox on disk: importing files into it, and reading its manifest.

A file enters the inbox only after its secrets are replaced by reference placeholders (section 9.2: screening comes
before anything is written), so the home never holds a secret, the inbox included.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mirror_pipeline.adapters.formats import PARSERS, RefusedFile, admit, redact_refused


@dataclass(frozen=True)
class ImportOutcome:
    path: str
    format: str | None
    status: str  # accepted | refused | duplicate
    reason: str | None
    records: int
    stored_as: str | None = None
    secrets_redacted: int = 0


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


_OWN_TEMP = re.compile(r"^\..+\.tmp-\d+$")


def inbox_files(inbox: Path) -> list[Path]:
    """Every file in the inbox, hidden ones and editor backups included (they may hold a secret too); only this
    program's own half-written temporary files are left out."""
    if not inbox.exists():
        return []
    return sorted(p for p in inbox.rglob("*") if p.is_file() and not _OWN_TEMP.match(p.name))


def expand(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            # hidden files and folders (.obsidian, .trash, .git) are an app's own, not the person's history
            out.extend(
                sorted(
                    p
                    for p in path.rglob("*")
                    if p.is_file() and not any(part.startswith(".") for part in p.relative_to(path).parts)
                )
            )
        else:
            out.append(path)
    return out


def import_file(inbox: Path, source: Path, forced_format: str | None = None) -> ImportOutcome:
    """Admit one file into the inbox: refused with a reason, a duplicate of what is there, or accepted."""
    try:
        data = source.read_bytes()
    except OSError as err:
        return ImportOutcome(str(source), None, "refused", f"cannot read the file ({err.strerror})", 0)
    try:
        admitted = admit(source.name, data, forced_format)
    except RefusedFile as refusal:
        return ImportOutcome(str(source), None, "refused", refusal.reason, 0)
    except Exception as err:  # one unreadable file must not stop the others; its text may quote the file
        return ImportOutcome(str(source), None, "refused", f"could not be read ({type(err).__name__})", 0)
    digest = sha256(admitted.data)
    # the same file imported again is a duplicate; another file with the same bytes (two journal days that say the
    # same thing) is not: message identity, not file identity, decides what is new.
    target = inbox / admitted.format / source.name
    renamed = target.with_name(f"{target.stem}-{digest[:8]}{target.suffix}")
    for existing in (target, renamed):
        if existing.exists() and sha256(existing.read_bytes()) == digest:
            stored = str(existing.relative_to(inbox))
            return ImportOutcome(
                str(source), admitted.format, "duplicate", f"already in the inbox as {stored}", 0, stored
            )
    if target.exists():
        target = renamed
    write_atomically(target, admitted.data)
    records = admitted.records
    return ImportOutcome(
        str(source),
        admitted.format,
        "accepted",
        None,
        records,
        str(target.relative_to(inbox)),
        admitted.secrets_redacted,
    )


def manifest_row(inbox: Path, path: Path, known: dict[str, dict], seen_at: datetime) -> dict:
    """The manifest row of one inbox file; a file dropped in by hand is admitted (and redacted in place) here."""
    rel = str(path.relative_to(inbox))
    data = path.read_bytes()
    digest = sha256(data)
    previous = known.get(rel)
    if previous is not None and previous["file_hash"] == digest:
        return previous
    row = {
        "file_path": rel,
        "file_hash": digest,
        "format": None,
        "status": "refused",
        "reason": None,
        "records": 0,
        "secrets_redacted": 0,
        "size_bytes": len(data),
        "seen_at": seen_at,
    }
    # a file imported with --format sits in inbox/<format>/: the run reads it the same way
    folder = Path(rel).parts[0] if len(Path(rel).parts) > 1 else None
    try:
        admitted = admit(path.name, data, folder if folder in PARSERS else None)
    except Exception as err:  # one unreadable file must not stop the others; its text may quote the file
        row["reason"] = err.reason if isinstance(err, RefusedFile) else f"could not be read ({type(err).__name__})"
        redacted, count = redact_refused(path.name, data)
        if redacted is not None:
            write_atomically(path, redacted)
            row.update(file_hash=sha256(redacted), size_bytes=len(redacted), secrets_redacted=count)
        return row
    if admitted.data != data:
        write_atomically(path, admitted.data)
        digest = sha256(admitted.data)
    row.update(
        file_hash=digest,
        format=admitted.format,
        status="accepted",
        records=admitted.records,
        secrets_redacted=admitted.secrets_redacted,
        size_bytes=len(admitted.data),
    )
    return row
