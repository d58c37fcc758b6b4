"""The inbox on disk: importing files into it, and reading its manifest.

A file enters the inbox only after its secrets are replaced by reference placeholders (section 9.2: screening comes
before anything is written), so the home never holds a secret, the inbox included.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING
from zoneinfo import ZoneInfo

from mirror_pipeline.core.ids import as_given, renamed_for, without_copy_marker
from mirror_pipeline.core.text import content_hash, stable_id

if TYPE_CHECKING:
    from mirror_pipeline.adapters.formats import AdmittedFile

# The formats (every parser, admission's screening rules) and the screening rules are imported by the functions
# that admit a file or screen a name, not here: `mirror status` lists the inbox and its refusals and must not pay
# ~1 s of CPU for rules it never runs.

Progress = Callable[[int], None]


@dataclass(frozen=True)
class ImportOutcome:
    path: str
    format: str | None
    status: str  # accepted | refused | duplicate
    reason: str | None
    records: int
    stored_as: str | None = None
    secrets_redacted: int = 0
    new_records: int | None = None  # of `records`, those the home did not hold (None: not known)
    forgotten: int = 0  # messages the person asked to forget: admitted without their words


@dataclass(frozen=True)
class Known:
    """What the home holds, consulted at admission: the evidence ids the runs read (None: not known, a run holds
    the warehouse) and those the person asked to forget (their words never enter the inbox again)."""

    tz: ZoneInfo
    evidence_ids: frozenset[str] | None = None
    forgotten: frozenset[str] = frozenset()
    forgotten_hashes: frozenset[str] = frozenset()  # the text hashes of forgotten messages (`forgotten_path`)
    # the evidence by format, time and words (`warehouse.held_message_keys`): an earlier export's messages under
    # other ids
    message_keys: frozenset[str] = frozenset()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def write_atomically(path: Path, data: bytes) -> None:
    """`data` in place of `path`: written whole to a temporary file, flushed to the disk, then renamed over it, so a
    crash at any point leaves the old file or the new one, never half of one (and no temporary file behind)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temporary_path(path)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def temporary_path(path: Path) -> Path:
    """Where a file is written before it is renamed into place (so nothing half-written is ever read)."""
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


_OWN_TEMP = re.compile(r"^\..+\.tmp-(\d+)$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def remove_stale_temporaries(inbox: Path) -> list[Path]:
    """Delete the half-written temporary files a killed `mirror import` or run left behind (their process is gone);
    a live process's are left to it. Returns what was removed."""
    if not inbox.exists():
        return []
    removed = []
    for path in inbox.rglob(".*.tmp-*"):
        match = _OWN_TEMP.match(path.name)
        if match and path.is_file() and int(match.group(1)) != os.getpid() and not _alive(int(match.group(1))):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


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


# ---------------------------------------------------------------- the admissions ledger: each file admitted once
#
# `mirror import` screens and test-reads a file as it writes it to the inbox; the ledger (home/admissions.jsonl, one
# JSON line per admission, the last line of a path wins) records what it found with the file's size and mtime, so
# the run's manifest takes that over without reading the file again. A file whose size or mtime changed since is
# read again. The ledger holds paths, hashes, formats, counts and refusal reasons: never a file's content.

_ROW_KEYS = ("file_path", "file_hash", "format", "status", "reason", "records", "secrets_redacted", "size_bytes")


def ledger_path(inbox: Path) -> Path:
    return inbox.parent / "admissions.jsonl"


def read_ledger(inbox: Path) -> dict[str, dict]:
    """The last admission of each inbox path (a damaged line is skipped: the file is then simply read again)."""
    entries: dict[str, dict] = {}
    try:
        lines = ledger_path(inbox).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return entries
    for line in lines:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry, dict) and all(k in entry for k in (*_ROW_KEYS, "mtime_ns")):
            entries[entry["file_path"]] = entry
    return entries


def _record(inbox: Path, row: dict, path: Path, source_hash: str | None = None) -> dict:
    stat = path.stat()
    entry = {k: row[k] for k in _ROW_KEYS} | {"size_bytes": stat.st_size, "mtime_ns": stat.st_mtime_ns}
    if source_hash:
        entry["source_hash"] = source_hash
    with open(ledger_path(inbox), "a", encoding="utf-8") as ledger:  # one short append: atomic on a local disk
        ledger.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return entry


@dataclass
class Ledger:
    """The admissions ledger in memory for an import of many files: read once, not once a file (5,000 files read
    it 5,000 times: the import slowed to 13 files/s), and looked up by the hash of the file imported."""

    entries: dict[str, dict]
    by_source: dict[str, list[str]]

    @classmethod
    def read(cls, inbox: Path) -> Ledger:
        entries = read_ledger(inbox)
        by_source: dict[str, list[str]] = {}
        for rel, entry in entries.items():
            if entry.get("source_hash"):
                by_source.setdefault(entry["source_hash"], []).append(rel)
        return cls(entries, by_source)

    def add(self, entry: dict) -> None:
        self.entries[entry["file_path"]] = entry
        if entry.get("source_hash"):
            self.by_source.setdefault(entry["source_hash"], []).append(entry["file_path"])


def refusals_path(inbox: Path) -> Path:
    return inbox.parent / "import_refusals.jsonl"


def record_import(inbox: Path, outcome: ImportOutcome, at: datetime) -> None:
    """Remember a file `mirror import` refused (it never reaches the inbox, so the run cannot know of it), and forget
    it once the same path is accepted: `mirror status` shows what is still refused and why."""
    if outcome.status == "duplicate":
        return
    line = {"path": outcome.path, "status": outcome.status, "reason": outcome.reason, "at": at.isoformat()}
    with open(refusals_path(inbox), "a", encoding="utf-8") as log:
        log.write(json.dumps(line, ensure_ascii=False) + "\n")


def import_refusals(inbox: Path) -> list[dict]:
    """Files `mirror import` refused and that were not accepted since, newest last: path, reason, when."""
    latest: dict[str, dict] = {}
    try:
        lines = refusals_path(inbox).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    for line in lines:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry, dict) and {"path", "status", "reason", "at"} <= entry.keys():
            latest.pop(entry["path"], None)
            latest[entry["path"]] = entry
    return [{k: e[k] for k in ("path", "reason", "at")} for e in latest.values() if e["status"] == "refused"]


# ---------------------------------------------------------------- what was forgotten, kept without its content
#
# home/forgotten.jsonl: one JSON line per forget, the evidence ids and the hashes of their texts (never a text). An
# import and the run's admission of a file dropped in by hand take a message out whose id or text hash is here, so
# the original export imported again, a renamed copy or another export of the same chat never brings it back.


def forgotten_path(inbox: Path) -> Path:
    return inbox.parent / "forgotten.jsonl"


def record_forgotten(inbox: Path, evidence_ids: list[str], content_hashes: list[str]) -> None:
    ids, hashes = read_forgotten(inbox)
    new_ids, new_hashes = sorted(set(evidence_ids) - ids), sorted(set(content_hashes) - hashes)
    if not (new_ids or new_hashes):
        return
    inbox.parent.mkdir(parents=True, exist_ok=True)
    with open(forgotten_path(inbox), "a", encoding="utf-8") as log:  # one short append: atomic on a local disk
        log.write(json.dumps({"evidence_ids": new_ids, "content_hashes": new_hashes}) + "\n")


def read_forgotten(inbox: Path) -> tuple[frozenset[str], frozenset[str]]:
    """(evidence ids, text hashes) the person asked to forget, as the runs recorded them."""
    ids: set[str] = set()
    hashes: set[str] = set()
    try:
        lines = forgotten_path(inbox).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return frozenset(), frozenset()
    for line in lines:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry, dict):
            ids.update(str(x) for x in entry.get("evidence_ids") or ())
            hashes.update(str(x) for x in entry.get("content_hashes") or ())
    return frozenset(ids), frozenset(hashes)


def with_forgotten(inbox: Path, known: Known | None, decisions: bool = True) -> Known | None:
    """`known` with what the runs recorded as forgotten (and the forget decisions not applied yet, unless `known`
    came with them: `mirror import` reads them once for all its files)."""
    ids, hashes = read_forgotten(inbox)
    folder = inbox.parent / "decisions"
    if decisions and folder.is_dir():
        from mirror_pipeline.adapters.decisions import forgotten_evidence

        ids = ids | forgotten_evidence(folder)
    if not (ids or hashes):
        return known
    base = known or Known(ZoneInfo("UTC"))
    return Known(base.tz, base.evidence_ids, base.forgotten | ids, base.forgotten_hashes | hashes, base.message_keys)


def readmitted(inbox: Path, rel: str) -> None:
    """A file this program rewrote in the inbox (forgotten words taken out) stays admitted, at its new size and
    hash, under the original file's hash: importing the original again is a duplicate, not its words back."""
    entry = read_ledger(inbox).get(rel)
    if entry is not None:
        _record(inbox, entry | {"file_hash": file_sha256(inbox / rel)}, inbox / rel, entry.get("source_hash"))


def _against_known(tmp: Path, name: str, fmt: str, known: Known | None) -> tuple[int | None, int]:
    """The admitted copy `tmp` against what the home holds: a forgotten message's words are taken out of it (by its
    evidence identity); (messages new to the home or None when not known, messages forgotten)."""
    if known is None or (known.evidence_ids is None and not known.forgotten and not known.forgotten_hashes):
        return None, 0  # nothing to compare with: the file is not read again
    from mirror_pipeline.adapters.forgetting import redact_inbox
    from mirror_pipeline.adapters.formats import STREAMING, parse, read_whole

    messages = STREAMING[fmt].parse(tmp, known.tz) if fmt in STREAMING else parse(name, read_whole(tmp), fmt, known.tz)
    unseen, gone = [], []
    for message in messages:
        evidence_id = stable_id("ev", message.identity)
        if evidence_id in known.forgotten or content_hash(message.text) in known.forgotten_hashes:
            gone.append(message.text)
        elif evidence_id not in (known.evidence_ids or ()):
            unseen.append(message)
    if gone:
        redact_inbox(tmp.parent, {tmp.name: gone}, {tmp.name: fmt})
    if known.evidence_ids is None:
        return None, len(gone)
    return len(unseen) - _held_elsewhere(unseen, fmt, known.message_keys), len(gone)


def _held_elsewhere(messages: list, fmt: str, keys: frozenset[str]) -> int:
    """How many of `messages` (not known by id) the home holds by format, time and words."""
    dated = [m for m in messages if m.timestamp is not None]
    if not dated or not keys:
        return 0
    import polars as pl

    from mirror_pipeline.adapters.warehouse import message_keys
    from mirror_pipeline.contracts.tables import UTC_TIME

    frame = pl.DataFrame(
        {
            "source_format": [fmt] * len(dated),
            "timestamp": [m.timestamp for m in dated],
            "raw_content": [m.text for m in dated],
        },
        schema={"source_format": pl.String, "timestamp": UTC_TIME, "raw_content": pl.String},
    )
    return sum(1 for key in message_keys(frame) if key in keys)


def _copy_of(name: str) -> str:
    """A file name without a second copy's mark (`chat_妈妈 (1).csv` -> `chat_妈妈.csv`)."""
    path = Path(name)
    return without_copy_marker(path.stem) + path.suffix


def _unchanged(entry: dict | None, path: Path) -> bool:
    """Whether the ledger entry still describes the file on disk (same size and modification time)."""
    if entry is None:
        return False
    try:
        stat = path.stat()
    except OSError:
        return False
    return entry["size_bytes"] == stat.st_size and entry["mtime_ns"] == stat.st_mtime_ns


class _HashingWriter:
    """A binary file that also hashes what is written to it."""

    def __init__(self, file: IO[bytes]) -> None:
        self.file = file
        self.digest = hashlib.sha256()

    def write(self, data: bytes) -> int:
        self.digest.update(data)
        return self.file.write(data)


def admit_path(*args, **kwargs) -> AdmittedFile:
    """`formats.admit_path`, its module imported at the first file admitted (see the imports above)."""
    from mirror_pipeline.adapters.formats import admit_path as admit

    return admit(*args, **kwargs)


def _admit_to(
    path: Path,
    tmp: Path,
    forced_format: str | None,
    progress: Progress | None,
    workers: int = 1,
    cuts: list[str] | None = None,
) -> tuple[AdmittedFile, str]:
    """Admit `path` into `tmp` (the redacted file); (what was admitted, hash of what was written)."""
    with open(tmp, "wb") as raw:
        out = _HashingWriter(raw)
        admitted = admit_path(path, out, forced_format, progress, workers, cuts)
    return admitted, out.digest.hexdigest()


def safe_name(name: str) -> str:
    """A file name with any secret in it taken out ("WhatsApp Chat - PIN 9931.txt"): names reach tables, the run's
    metadata and what the commands print, so they are screened like any text (the reference placeholder stands in)."""
    from mirror_pipeline.core.screening import redact

    stem, suffix = Path(name).stem, Path(name).suffix
    return redact(stem, scope="file-name").text + suffix


def shown(source: Path) -> str:
    """A path as the commands print it: the user's own path, with a secret in a name taken out."""
    parts = source.parts[1:] if source.anchor else source.parts
    return str(Path(source.anchor, *[safe_name(part) for part in parts]))


def _refusal(err: Exception, source: Path) -> str:
    from mirror_pipeline.adapters.formats import RefusedFile

    if isinstance(err, RefusedFile):
        return err.reason
    if isinstance(err, OSError):
        if err.errno in (errno.ENOSPC, errno.EDQUOT):
            return "no space left on the disk: the inbox copy could not be written (free some space, import again)"
        if err.filename == str(source):
            return f"cannot read the file ({err.strerror})"
        return f"could not be written to the inbox ({err.strerror})"
    return f"could not be read ({type(err).__name__})"  # the error's text may quote the file


def import_file(
    inbox: Path,
    source: Path,
    forced_format: str | None = None,
    progress: Progress | None = None,
    workers: int = 1,
    ledger: Ledger | None = None,
    known: Known | None = None,
    keep_complete: bool = False,
) -> ImportOutcome:
    """Admit one file into the inbox: refused with a reason, a duplicate of what is there, or accepted.

    The file is screened and written a conversation at a time (for a streaming format; screened by `workers`
    processes) to a temporary file that is renamed into place only when all of it was read: a refused file leaves
    nothing behind. An import of many files passes one `ledger` for all of them, and what the home holds (`known`):
    then the outcome says how many messages are new, and a forgotten message comes in without its words."""
    try:
        source_hash = file_sha256(source)
    except OSError as err:
        return ImportOutcome(shown(source), None, "refused", f"cannot read the file ({err.strerror})", 0)
    ledger = ledger if ledger is not None else Ledger.read(inbox)
    known = with_forgotten(inbox, known, decisions=known is None)
    name = Path(safe_name(source.name))
    for rel in ledger.by_source.get(source_hash, ()):  # the same file again: known without screening it again
        entry = ledger.entries[rel]
        # (a copy stored by an earlier version has 8 hex digits for a suffix)
        stored_as = (
            name.name,
            renamed_for(name.name, entry["file_hash"]),
            f"{name.stem}-{entry['file_hash'][:8]}{name.suffix}",
        )
        named_so = Path(rel).name in stored_as
        # a second download of the same export ("chat_妈妈 (1).csv", "- Copy"): the same bytes under a copy's name
        # (two journal days with the same words are not: their names differ by more than a copy's mark)
        copied = not named_so and _copy_of(name.name) == _copy_of(as_given(Path(rel).name))
        if entry.get("source_hash") == source_hash and (named_so or copied) and _unchanged(entry, inbox / rel):
            reason = f"a copy of {rel}, already in the inbox" if copied else f"already in the inbox as {rel}"
            return ImportOutcome(shown(source), entry["format"], "duplicate", reason, 0, rel)
    inbox.mkdir(parents=True, exist_ok=True)
    tmp = temporary_path(inbox / name.name)
    try:
        try:
            cuts: list[str] | None = [] if keep_complete else None
            admitted, digest = _admit_to(source, tmp, forced_format, progress, workers, cuts)
            new, forgotten = _against_known(tmp, name.name, admitted.format, known)
            digest = file_sha256(tmp) if forgotten else digest
        except Exception as err:  # one unreadable file must not stop the others
            return ImportOutcome(shown(source), None, "refused", _refusal(err, source), 0)
        # the same file imported again is a duplicate; another file with the same bytes (two journal days that say
        # the same thing) is not: message identity, not file identity, decides what is new.
        target = inbox / admitted.format / name.name
        renamed = target.with_name(renamed_for(target.name, digest))
        for existing in (target, renamed):
            rel = str(existing.relative_to(inbox))
            entry = ledger.entries.get(rel)
            known = entry["file_hash"] if _unchanged(entry, existing) else None
            if existing.exists() and (known or file_sha256(existing)) == digest:
                return ImportOutcome(
                    shown(source), admitted.format, "duplicate", f"already in the inbox as {rel}", 0, rel
                )
        if target.exists():
            target = renamed
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    rel = str(target.relative_to(inbox))
    row = {
        "file_path": rel,
        "file_hash": digest,
        "format": admitted.format,
        "status": "accepted",
        "reason": None,
        "records": admitted.records,
        "secrets_redacted": admitted.secrets_redacted,
        "size_bytes": target.stat().st_size,
    }
    ledger.add(_record(inbox, row, target, source_hash))
    return ImportOutcome(
        shown(source),
        admitted.format,
        "accepted",
        # a file cut short, its complete part kept (`--keep-complete`): where it broke, said with the outcome
        f"cut short, its complete part imported: {cuts[0].split(';')[0]}" if cuts else None,
        admitted.records,
        rel,
        admitted.secrets_redacted,
        new,
        forgotten,
    )


def manifest_row(
    inbox: Path, path: Path, known: dict[str, dict], seen_at: datetime, ledger: dict[str, dict] | None = None
) -> dict:
    """The manifest row of one inbox file. A file `mirror import` admitted (the ledger says so, and it has not changed
    since) is not read again; a file dropped in by hand is admitted (and redacted in place) here, once."""
    if safe_name(path.name) != path.name:  # dropped in by hand with a secret in its name: renamed before it is read
        renamed = path.with_name(safe_name(path.name))
        os.replace(path, renamed)
        path = renamed
    rel = str(path.relative_to(inbox))
    previous = known.get(rel)
    entry = (ledger or {}).get(rel)
    if _unchanged(entry, path):
        if previous is not None and previous["file_hash"] == entry["file_hash"]:
            return previous
        return {k: entry[k] for k in _ROW_KEYS} | {"seen_at": seen_at}
    digest = file_sha256(path)
    if previous is not None and previous["file_hash"] == digest:
        _record(inbox, previous, path)  # the next run need not hash it again
        return previous
    row = {
        "file_path": rel,
        "file_hash": digest,
        "format": None,
        "status": "refused",
        "reason": None,
        "records": 0,
        "secrets_redacted": 0,
        "size_bytes": path.stat().st_size,
        "seen_at": seen_at,
    }
    # a file imported with --format sits in inbox/<format>/: the run reads it the same way
    from mirror_pipeline.adapters.formats import PARSERS, redact_refused

    folder = Path(rel).parts[0] if len(Path(rel).parts) > 1 else None
    tmp = temporary_path(path)
    try:
        admitted, redacted_digest = _admit_to(path, tmp, folder if folder in PARSERS else None, None)
    except Exception as err:  # one unreadable file must not stop the others
        tmp.unlink(missing_ok=True)
        row["reason"] = _refusal(err, path)
        data = path.read_bytes()
        redacted, count = redact_refused(path.name, data)
        if redacted is not None:
            write_atomically(path, redacted)
            row.update(file_hash=sha256(redacted), size_bytes=len(redacted), secrets_redacted=count)
        _record(inbox, row, path)
        return row
    try:  # a message the person asked to forget comes in without its words, here as through `mirror import`
        _, forgotten = _against_known(tmp, path.name, admitted.format, with_forgotten(inbox, None))
    except Exception:  # it was just read in full: a failure here is the machine's, the next run tries again
        forgotten = 0
    if admitted.secrets_redacted or forgotten:
        os.replace(tmp, path)
        digest = file_sha256(path) if forgotten else redacted_digest
    else:
        tmp.unlink()
    row.update(
        file_hash=digest,
        format=admitted.format,
        status="accepted",
        records=admitted.records,
        secrets_redacted=admitted.secrets_redacted,
        size_bytes=path.stat().st_size,
    )
    _record(inbox, row, path)
    return row


def listing_signature(inbox: Path) -> str:
    """A digest of the inbox listing (paths, sizes, modification times): it changes when a file is added, replaced or
    removed. Nothing is read but the directory entries, so it is cheap to compute every minute."""
    digest = hashlib.sha256()
    for path in inbox_files(inbox):
        try:
            stat = path.stat()
        except OSError:  # removed while listing
            continue
        digest.update(f"{path.relative_to(inbox)}\t{stat.st_size}\t{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()
