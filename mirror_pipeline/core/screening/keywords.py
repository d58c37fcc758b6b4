"""A secret's name as people type it: a typo (edit distance 1 from a long keyword: "pssword", "passowrd",
"verfication"), a homophone of 密码 (蜜码, 秘码, 密吗, 密玛), pinyin ("mima shi ..."), 卡密 without its 码, "mm" in
Chinese text, "密:" cut short.

`normalized` returns the text with each such name replaced by the keyword the rules know, and where each character of
the result came from, so spans found in it are mapped back to the text. Values are never rewritten: only names.
"""

from __future__ import annotations

import re
from functools import cache
from string import ascii_lowercase

# keywords long enough that an edit is rarely a word (the edits that are words are left out: "passwd" -> "passed")
_TARGETS = ("password", "passcode", "passphrase", "verification", "passwd")
# any single edit of a target leaves one of these intact (its first three letters, or all after the fourth)
GATES = ("pas", "word", "code", "phrase", "verif", "cation", "wd")
# a safe named by whose or where it is ("the hotel safe: 4471"); read by the prefilter and the rules
_SAFE_WORDS = tuple(f"{word} safe" for word in "the my our your his her hotel room wall gun".split())
# edits that are words in their own right
_WORDS = frozenset(
    ("passwords", "passcodes", "passphrases", "verifications", "passports", "passed", "passes", "passer", "pass")
)


def _edits1(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    transposes = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in ascii_lowercase}
    inserts = {a + c + b for a, b in splits for c in ascii_lowercase}
    return deletes | transposes | replaces | inserts


@cache
def typos() -> dict[str, str]:
    return {
        variant: target
        for target in _TARGETS
        for variant in _edits1(target)
        if variant != target and variant not in _WORDS and variant not in _TARGETS
    }


# 密码 by sound or by a slip of the input method; 卡密 (a card's PIN, a gift card's code) without the last 码
_HOMOPHONE = re.compile(r"[蜜秘][码碼吗玛马嘛]|密[吗玛马嘛](?=\s*(?:是|为|:|=|\s*[A-Za-z0-9]))|卡密(?!码|碼|钥)")
# pinyin: "mima", "mi ma", maybe followed by "shi" (是)
_PINYIN = re.compile(r"(?i)(?<![a-z])mi ?ma(?![a-z])(?:(?P<shi>[ \t]+shi)(?![a-z]))?")
# "mm" for 密码 in Chinese text ("wifi的mm是"), "密:" for 密码: ("账号 x 密：y")
_SHORT_PATTERN = r"(?i)(?:(?<=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff] ))mm(?![a-z])|(?<![\u4e00-\u9fff])密(?=\s*[:=])"


@cache
def _short() -> re.Pattern[str]:
    # compiled on first use: case-insensitive CJK classes take 25-55 ms to compile, and a read screens its query with
    # the prefilter alone (only `normalized`, in the rules' path, reads this)
    return re.compile(_SHORT_PATTERN)


HOMOPHONE_TRIGGERS = tuple("蜜码 蜜碼 秘码 秘碼 密吗 密玛 密马 密嘛 卡密 mima 密: 的mm mm是 mm: mm为 mm=".split()) + (
    "mi ma",
    "mm =",
)


# session 21: a secret's name in another language, and the word that says its value comes ("mon code de carte
# c'est 4821", "la contraseña del router es Girasol#2019", "Wi-Fiのパスワードは sakura2023mochi です"): the rules
# read the name they know, and "is" for the copula when what follows it holds a digit or a symbol (a value's shape:
# "la clave es importante" is no value)
# (what the prefilter looks for: every name of _FOREIGN holds one of these; ASCII pieces that hold for the accented
# spellings too, "contrase" for contraseña and contrasena, and the names in other scripts, read only in a text that is
# not ASCII)
FOREIGN_TRIGGERS = tuple(
    "contrase|mot de passe|mdp|kennwort|senha|wachtwoord|haslo|ifre|senord|adgangskode|passord|salasana|mat khau|"
    "code pin|code secret|code confidentiel|code de|code la|code ma|digo|geheimzahl|tigungscode|verifizierungscode|"
    "codice|clave".split("|")
)
FOREIGN_SCRIPT_TRIGGERS = tuple("ароль asło khẩu パスワード 비밀번호 暗証番号 認証コード 確認コード 인증번호".split())
_FOREIGN = re.compile(
    r"(?i)(?P<password>contrase[ñn]a|mot[ \t]+de[ \t]+passe|(?<![a-z])mdp(?![a-z])|passwort|kennwort|(?<![a-z])senha"
    r"|wachtwoord|has[łl]o(?![a-z])|[şs]ifre(?![a-z])|l[öo]senord|adgangskode|(?<![a-z])passord|salasana|пароль"
    r"|パスワード|비밀번호|m[ậa]t[ \t]+kh[ẩa]u"
    # Spanish "la clave del wifi es ...", "clave de acceso" (a password; not "clave única", a document's name)
    r"|(?<![a-z])clave(?![a-z])(?![ \t]+[úu]nica))"
    r"|(?P<pin>(?<![a-z])code[ \t]+(?:pin|secret|confidentiel)"
    r"|(?<![a-z])code[ \t]+(?:de[ \t]+)?(?:la[ \t]+|ma[ \t]+)?carte"
    r"(?:[ \t]+(?:bleue|bancaire|de[ \t]+cr[ée]dit))?|c[óo]digo[ \t]+(?:pin|secreto|de[ \t]+(?:la[ \t]+)?tarjeta)"
    r"|geheimzahl|暗証番号|codice[ \t]+(?:pin|segreto))"
    r"|(?P<verification_code>c[óo]digo[ \t]+de[ \t]+verifica[cç][ãa]?[io][óo]?n?|code[ \t]+de[ \t]+v[ée]rification"
    r"|best[äa]tigungscode|verifizierungscode|認証コード|確認コード|인증번호|codice[ \t]+di[ \t]+verifica)"
)
_FOREIGN_COPULA = re.compile(
    r"(?i)[^\n.,;!?。，；！？\[]{0,30}?(?P<copula>(?<![\w'’])(?:c['’]est|est|es|ist|lautet|é|era|war|är|er|jest)(?!\w)"
    r"|は|는|은|이|가|:|=|：)[ \t]*(?=\S*[\d!@#$%^&*_+=~\-])"
)


_PLACEHOLDER = re.compile(r"\[secret:[a-z_]+:[a-z_0-9]+\]")


def _foreign(lowered: str) -> bool:
    return (
        any(map(lowered.__contains__, FOREIGN_TRIGGERS))
        or not lowered.isascii()
        and any(map(lowered.__contains__, FOREIGN_SCRIPT_TRIGGERS))
    ) and _FOREIGN.search(lowered) is not None


def may_be_misspelt(lowered: str) -> bool:
    """Does the (lower-cased) text hold a secret's name the rules would not read as one?"""
    if any(map(lowered.__contains__, HOMOPHONE_TRIGGERS)):
        return True
    if _foreign(lowered):
        return True
    if not any(map(lowered.__contains__, GATES)):
        return False
    known = typos()
    return any(m.group(0) in known for m in _GATED_WORD.finditer(lowered))


# the words that hold a gate (most words of a text do not: only these are looked up)
_GATED_WORD = re.compile(r"[a-z]*(?:" + "|".join(GATES) + r")[a-z]*")


def normalized(text: str) -> tuple[str, list[int]] | None:
    """The text with every misspelt or homophone name replaced by the keyword, and for each position of the result
    (one past the end included) the position in `text` it came from; None when there is nothing to replace."""
    lowered = text.lower()
    edits: list[tuple[int, int, str]] = []
    if any(map(lowered.__contains__, GATES)):
        known = typos()
        edits += [(m.start(), m.end(), known[m.group(0)]) for m in _GATED_WORD.finditer(lowered) if m.group(0) in known]
    edits += [(m.start(), m.end(), "密码") for m in _HOMOPHONE.finditer(text)]
    for m in _PINYIN.finditer(text):
        edits.append((m.start(), m.end(), "密码 是" if m.group("shi") else "密码"))
    edits += [(m.start(), m.end(), "密码") for m in _short().finditer(text)]
    if _foreign(lowered):
        held = [p.span() for p in _PLACEHOLDER.finditer(text)] if "[secret:" in text else []
        for m in _FOREIGN.finditer(text):
            if any(a <= m.start() < b for a, b in held):
                continue  # (a placeholder's words are not a name)
            name = m.lastgroup or "password"
            edits.append((m.start(), m.end(), f" {name.replace('_', ' ')} "))
            if copula := _FOREIGN_COPULA.match(text, m.end()):
                edits.append((*copula.span("copula"), " is "))
    if not edits:
        return None
    edits.sort()
    out: list[str] = []
    where: list[int] = []
    cursor = 0
    for start, end, replacement in edits:
        if start < cursor:
            continue
        out.append(text[cursor:start])
        where.extend(range(cursor, start))
        out.append(replacement)
        # every character of the replacement stands for the name it replaced
        where.extend(start + min(i, end - start - 1) for i in range(len(replacement)))
        cursor = end
    out.append(text[cursor:])
    where.extend(range(cursor, len(text) + 1))
    return "".join(out), where
