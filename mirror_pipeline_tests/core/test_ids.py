"""Issue 9: no id the system generates is ever read as a secret. Every kind of id is minted by the real function from
position-like parts, as the pipeline mints it, and screened by the real rules (the vectorized prefilter first, then
every rule on what it lets through)."""

from __future__ import annotations

import hashlib
import itertools

import pytest

from mirror_pipeline.core.ids import file_suffix, letters, mint, renamed_for, without_generated_suffix
from mirror_pipeline.core.screening import PLACEHOLDER_RE, count_secrets, find_secrets, redact
from mirror_pipeline.core.text import stable_id

KINDS = ("password", "api_key", "token", "bank_card", "id_number", "one_time_code", "seed_phrase", "recovery_code")


def _hex(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


def generated(kind: str, n: int) -> list[str]:
    """`n` ids of one kind, as the pipeline writes them (alone, or where they stand in text and names)."""
    if kind in ("ev", "sec", "mem", "iss", "cand"):
        return [stable_id(kind, f"chatgpt:conv{i // 50}:msg{i % 50}", i) for i in range(n)]
    if kind == "placeholder":  # inside the text, after the words that named the secret
        return [
            f"{lead}[secret:{k}:{stable_id('sec', 'ev', i)}]"
            for i, (k, lead) in zip(
                range(n), itertools.cycle(itertools.product(KINDS, ("", "my password is ", "密码是", "PIN: ")))
            )
        ]
    if kind == "inbox_name":  # a second file of the same name: the journal day, the export, a folder path
        stems = ("2024-01-10", "conversations", "markdown_journal/2024-01-10", "journal-2023-12-31", "result")
        return [renamed_for(f"{stems[i % 5]}.md", _hex(i)) for i in range(n)]
    if kind == "snapshot":
        return [f"20261201T1{i % 60:02d}{i % 60:02d}.{i % 999999:06d}Z.{letters(_hex(i)[:8])}" for i in range(n)]
    raise ValueError(kind)


ID_KINDS = ("ev", "sec", "mem", "iss", "cand", "placeholder", "inbox_name", "snapshot")


@pytest.mark.parametrize("kind", ID_KINDS)
def test_no_generated_id_is_read_as_a_secret(kind: str) -> None:
    # every rule reads a placeholder (after a secret's name): 2,000 here, 50,000 in the slow test below
    ids = generated(kind, 2_000 if kind == "placeholder" else 20_000)
    assert len(set(ids)) == len(ids)
    assert sum(count_secrets(ids)) == 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ID_KINDS)
def test_a_million_generated_ids_of_each_kind_none_is_read_as_a_secret(kind: str) -> None:
    # A placeholder stands after a secret's name, so every rule reads each one (about 1 ms a text); the ids whose
    # letters pass the prefilter as a possible token (cand, sec, mem, iss: every one of them) go through every rule
    # too (about 0.1 ms). Those are drawn 250,000 at a time (more than a 100,000-message home makes), placeholders
    # 50,000 (their id is the `sec` kind, screened alone); the kinds the prefilter stops, a million.
    full_rules = {"placeholder": 50_000, "cand": 250_000, "sec": 250_000, "mem": 250_000, "iss": 250_000}
    ids = generated(kind, full_rules.get(kind, 1_000_000))
    flagged = [i for i, n in zip(ids, count_secrets(ids), strict=True) if n]
    assert flagged == []


def test_the_old_hex_ids_were_read_as_card_numbers() -> None:
    """What the property guards against: 16 hex digits that are all decimal and pass Luhn (about 1 in 20,000)."""
    old = (f"ev_{_hex(i)[:16]}" for i in range(200_000))
    assert any(find_secrets(i) for i in old if i[3:].isdigit())


def test_ids_are_deterministic_and_keep_their_bits() -> None:
    assert mint("ev", "a", 1) == mint("ev", "a", 1) != mint("ev", "a", 2)
    body = mint("ev", "a", 1)[3:]
    assert len(body) == 16 and not any(c.isdigit() or c in "aeiouy" for c in body)
    assert len({mint("ev", i) for i in range(100_000)}) == 100_000


def test_a_placeholder_is_never_flagged_and_screening_keeps_it_as_it_is() -> None:
    for kind in KINDS:
        for ref in (stable_id("sec", kind), "sec_4532015112830366"):  # and one an earlier version wrote
            text = f"my bank card is [secret:{kind}:{ref}]"
            assert PLACEHOLDER_RE.search(text)
            assert find_secrets(text) == []
            assert redact(text, scope="ev_x").text == text


def test_the_generated_suffix_comes_off_a_name_and_old_ones_too() -> None:
    assert renamed_for("2024-01-10.md", _hex(1)) == f"2024-01-10.{file_suffix(_hex(1))}.md"
    assert without_generated_suffix(f"2024-01-10.{file_suffix(_hex(1))}") == "2024-01-10"
    assert without_generated_suffix("2024-01-10-3fa9c2e1") == "2024-01-10"
    assert without_generated_suffix("2024-01-10") == "2024-01-10"
