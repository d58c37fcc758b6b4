"""What a pointer in an English clause stands for, read from the conversation (issue 10's junk, judged strictly).

A clause whose pronoun or demonstrative points at nothing it names ("I'm hoping to get it on the big screen", "our
bond with him was so special") says nothing an agent could use as it stands. The thing is most often named just
before: earlier in the person's own message ("I am writing another movie script!") or in the turn they answer
("So, what about your script now?", "Max was truly awesome"). The resolver looks there, nearest first, for a noun
phrase the pointer can stand for (a determiner and its noun, a capitalised name, a quoted title), by how the pointer
is built (a person for "him" / "her", a plural for "them", a thing for "it" / "this" / "that", a place for "there"),
and says whose the thing is (the person's own, the other's, nobody's):

- the person's own thing or a neutral one: the clause is rewritten with it ("get the movie script on the big screen");
- the other person's thing ("my recipe", "this pic" in their turn): the clause is a reply about what the other just
  said or showed, not a fact about the person, and is dropped;
- nothing found: the clause is dropped as before (the person's own words stay searchable in the episodic slot).

Pure text in, text out; no model. One pass over two short strings per pointer clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from mirror_pipeline.core.extraction.clauses import PAST_IRREGULAR, ZH_KIN_CANON
from mirror_pipeline.core.extraction.shapes import FILLER


class Whose(StrEnum):
    OWN = "own"  # the person's: "my X" in their own words, "your X" in the other's
    OTHERS = "others"  # the other's: "my X" / "this pic" in the other's turn
    NOBODY = "nobody"  # "a X", "the X", a name, a title


class Kind(StrEnum):
    PERSON = "person"
    THING = "thing"
    PLURAL = "plural"
    PLACE = "place"


@dataclass(frozen=True)
class Pointer:
    """A pointer in a clause: the words it occupies and what kind of thing it needs."""

    start: int
    end: int
    kind: Kind
    possessive: bool = False  # "his", "her" before a noun: the antecedent takes "'s"
    noun: str | None = None  # "this journey": the noun a demonstrative carries


@dataclass(frozen=True)
class Antecedent:
    text: str  # as the person would say it ("my script", "Max", "the movie script")
    whose: Whose
    in_previous_turn: bool


@dataclass(frozen=True)
class Resolved:
    body: str  # the clause with the pointer replaced
    antecedent: Antecedent


# words that cannot be the noun of a phrase: verbs, adjectives used alone, function words
_NOT_A_NOUN = FILLER | frozenset(
    "of to in on at by as or if is was are be were am an a the my our your his her their another this that these "
    "those who which where why how what there here it its go went come came see saw try tried want wanted need "
    "make take took give gave tell told say said look looked check sound sounds seem seems "
    "last next yesterday tonight week weekend month year ago forever anymore".split()
)
_DET = r"(?:my|our|your|his|her|their|a|an|another|the|this|that|these|those)"
_WORD = r"[A-Za-z][a-z\-]+"
# a determiner, up to two modifiers, a noun; cut before a preposition or a verb-like word
_NP = re.compile(rf"(?i)\b(?P<det>{_DET})\s+(?=(?P<words>(?:{_WORD}\s+){{0,2}}{_WORD}))")
_QUOTED_TITLE = re.compile(r"[\"“](?P<t>[A-Z][^\"”]{2,60})[\"”]")
# a name inside a sentence, or opening one as the subject of a verb of being ("Max was truly awesome")
_NAME = re.compile(
    r"(?<=[a-z,;:\-]\s)(?P<n>[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})?)\b"
    r"|(?:^|(?<=[.!?]\s))(?P<s>[A-Z][a-z]{2,})(?=\s+(?:is|was|has|had|and)\b|'s\b)"
)
_VOCATIVE_AFTER = re.compile(r"^\s*[,!?.]|^\s*$")
_NOT_NAMES = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
    "September October November December I'm I've I'll I'd Wow Thanks Hey Yeah Yes Congrats Sorry Great Awesome "
    "Good Nice Cool Oh Aww Hi Hello Mon Tue Wed Thu Fri Sat Sun".split()
)
_PERSON_NOUN = re.compile(
    r"(?i)\b(?:mom|mum|dad|mother|father|brother|sister|son|daughter|wife|husband|partner|boyfriend|girlfriend|"
    r"friend|buddy|kid|child|baby|grandma|grandpa|grandmother|grandfather|aunt|uncle|cousin|niece|nephew|boss|"
    r"coworker|colleague|mentor|mentee|teacher|coach|neighbor|neighbour|dog|cat|puppy|kitten|pet)s?$"
)
_PLACE_PREP = re.compile(r"(?i)\b(?:in|at|to|from|near|visited|visit)\s+$")


# the person's own verb taking a new thing as its object: "I am writing another movie script", "we got a puppy"
_OWN_OBJECT = re.compile(
    r"(?i)\b(?:I|we)(?:'m|'ve|'d|'ll| am| have| had| was| were| will| just| finally| recently| also| really)*"
    r"\s+[a-z]+(?:ing|ed)?(?:\s+(?:up|on|out|to|in))?\s+$"
)
# a noun phrase ends at a mark, a preposition, a conjunction, a verb of being or having, or the text's end
_NP_END = re.compile(
    r"(?i)^(?:\s*$|\s*[.,!?;:)\-–—\"”]|\s+(?:of|to|in|on|at|for|with|from|about|by|into|over|after|before|and|but|"
    r"or|so|because|when|while|that|which|who|is|was|are|were|has|have|had|will|would|can|could|i|i'm|i've|"
    r"lately|now|today|yesterday|recently|last|this|next)\b|'s\b)"
)
_VERB_LIKE = re.compile(r"(?i)^(?:\w+(?:ed|ing|n't)|" + "|".join(sorted(PAST_IRREGULAR)) + r")$")
_ONE = re.compile(r"(?i)^\s+(?:one|ones|of the|of them)\b")


def _phrases(text: str, previous_turn: bool) -> list[tuple[int, Antecedent, Kind]]:
    """The phrases of `text` a pointer may stand for, each with its position, whose it is and its kind: a possessed
    thing ("my car"; "your script" in the other's turn is the person's), a new thing the person's own verb takes
    ("I am writing another movie script"), a name (not the listener addressed), a quoted title. A bare "the X" is
    no antecedent (most often a thing of the sentence's own: "the bones were so cool"); the other's "this pic" or
    "my recipe" is, and is theirs."""
    out: list[tuple[int, Antecedent, Kind]] = []
    for m in _NP.finditer(text):
        det = m.group("det").lower()
        words = m.group("words").split()
        cut: list[str] = []
        for w in words:  # "a pic of my family": the phrase is "a pic"; "the best" is no noun
            if w.lower() in _NOT_A_NOUN or w.lower().endswith("ly"):
                break
            cut.append(w)
        rest = text[m.start("words") + len(" ".join(cut)) :]
        if not cut or len(cut[-1]) < 3 or _ONE.match(rest) or not _NP_END.match(rest):
            continue  # "your third one": the noun is elsewhere; "our city held ...": a verb, not a noun, ends it
        if any(_VERB_LIKE.match(w) for w in cut):
            continue
        head = " ".join(cut)
        if det in ("this", "that", "these", "those"):
            if not previous_turn:
                continue  # the person's own "this project": itself a pointer
            whose = Whose.OTHERS  # the other's "this pic": what they showed
        elif det in ("my", "our"):
            whose = Whose.OTHERS if previous_turn else Whose.OWN
        elif det == "your" and not previous_turn:
            whose = Whose.OTHERS
        elif det == "your":
            # the other's "your X" names the person's thing, but in a reply "it" is seldom that X ("How often do
            # you see sunsets like that on your walks?" - "I see them once a week"): no antecedent
            continue
        elif (
            det in ("a", "an", "another")
            and not previous_turn
            and _OWN_OBJECT.search(text[: m.start()])
            and not re.match(r"\s+of\b", rest)  # "a rollercoaster of emotions", "a ton of": a measure, no thing
        ):
            whose = Whose.OWN  # "I am writing another movie script"
        else:
            continue
        said = {"your": "my", "another": "the", "a": "the", "an": "the"}.get(det, det)
        if whose is Whose.OTHERS:
            said = "the"
        kind = Kind.PERSON if _PERSON_NOUN.search(head) else Kind.PLURAL if _plural(cut[-1]) else Kind.THING
        if _PLACE_PREP.search(text[: m.start()]) and kind is not Kind.PERSON:
            out.append((m.start(), Antecedent(f"{said} {head}", whose, previous_turn), Kind.PLACE))
        out.append((m.start(), Antecedent(f"{said} {head}", whose, previous_turn), kind))
    for m in _QUOTED_TITLE.finditer(text):
        out.append((m.start(), Antecedent(f'"{m.group("t")}"', Whose.NOBODY, previous_turn), Kind.THING))
    for m in _NAME.finditer(text):
        name = m.group("n") or m.group("s")
        if m.group("s") and (name.lower() in _NOT_A_NOUN or _VERB_LIKE.match(name)):
            continue  # "Painting is ...", "That was ...": a word opening a sentence, no name
        if name.split()[0] in _NOT_NAMES or _VOCATIVE_AFTER.match(text[m.end() :]):
            continue  # "Wow, Caroline!": the listener addressed, not someone spoken of
        place = bool(_PLACE_PREP.search(text[: m.start()]))
        if text[: m.start()].lower().endswith("the "):
            name = f"the {name}"  # a name said with its article is a thing's ("got the Lund back in the water")
        out.append((m.start(), Antecedent(name, Whose.NOBODY, previous_turn), Kind.PLACE if place else Kind.PERSON))
    return out


def _plural(word: str) -> bool:
    return word.lower().endswith("s") and not word.lower().endswith(("ss", "us", "is"))


_POINTER_KIND = {
    "him": Kind.PERSON,
    "her": Kind.PERSON,
    "his": Kind.PERSON,
    "he": Kind.PERSON,
    "she": Kind.PERSON,
    "them": Kind.PLURAL,
    "they": Kind.PLURAL,
    "their": Kind.PLURAL,
    "theirs": Kind.PLURAL,
    "these": Kind.PLURAL,
    "those": Kind.PLURAL,
    "there": Kind.PLACE,
}
_DEMONSTRATIVE_NOUN = re.compile(r"(?i)^(?:this|that|these|those)\s+[a-z\-]+")


# "her" before a noun is whose it is ("her recipe"); before a participle, an adverb or a particle it is the object
# ("bought her used off a guy", "took her out", "called her yesterday")
_HER_NOUN = re.compile(
    r"\s+(?!(?:off|out|up|down|back|over|again|home|away|today|yesterday|tonight|last|for|with|from|into|about|"
    r"because|when|and|but|that|then|too|once|every|since|after|before)\b)[a-z]{3,}\b(?<!ed)(?<!ly)"
)


def pointer(body: str, at: re.Match[str]) -> Pointer:
    """The pointer a shape found in `body` (`at`: the shape's match)."""
    said = at.group(0).strip()
    first = said.split()[0].lower()
    if _DEMONSTRATIVE_NOUN.match(said) is not None:  # "this book", "this new book."
        words = said.rstrip(".!?~ ").split()
        kind = Kind.PLURAL if first in ("these", "those") else Kind.THING
        return Pointer(at.start(), at.start() + len(" ".join(words)), kind, noun=words[-1].lower())
    end = at.start() + len(said.split()[0])
    possessive = first in ("his", "their") or (first == "her" and _HER_NOUN.match(body, end) is not None)
    return Pointer(at.start(), end, _POINTER_KIND.get(first, Kind.THING), possessive)


def _fits(p: Pointer, a: Antecedent, kind: Kind) -> bool:
    if p.noun is not None:  # "this journey" stands for a journey named before, nothing else
        return a.text.lower().endswith(" " + p.noun) or a.text.lower().endswith(" " + p.noun.rstrip("s"))
    if p.kind is Kind.PLURAL:
        return kind is Kind.PLURAL or (kind is Kind.PERSON and " and " in a.text)
    return kind is p.kind


# a pointer that is a subject ("it'll pay off", "they're great") or an idiom ("make it happen", "made it"): what
# "it" stands for there is the situation, not a thing a phrase names
_NOT_AN_OBJECT = re.compile(
    r"(?i)(?:it|they|he|she|this|that|these|those|there)(?:'ll|'s|'re|'d|\s+(?:is|was|will|would|has|had|are|were|"
    r"can|could|gets?|got|makes?|made|feels?|felt|looks?|seems?|\w+ed|" + "|".join(sorted(PAST_IRREGULAR)) + r")\b)"
)
# contracted, or before an auxiliary: a subject wherever it stands ("how important it is to ...")
_CONTRACTED = re.compile(r"(?i)\w+(?:'(?:ll|s|re|d)|\s+(?:is|was|are|were|will|would|has|had|can|could))\b")
# what opens a clause before its subject: the start, a conjunction, a verb of thinking ("I'm sure it went ok")
_CLAUSE_OPENS = re.compile(
    r"(?i)(?:^|[,;:.!?\-–—]|\b(?:and|but|so|because|when|if|that|sure|think|thought|know|knew|hope|guess|feel|"
    r"felt|believe|bet|glad|hoping))\s*$"
)
_IDIOM = re.compile(r"(?i)\b(?:make|makes|made|making|do|does|did|doing)\s+$")  # "make it", "do it": the act


# the pointers a phrase can stand for; "this" / "these" in chat most often point at what is shown (a photo)
_RESOLVABLE = frozenset(("it", "them", "him", "her", "his", "there"))


def resolve(body: str, at: re.Match[str], before: str, previous_turn: str, following: str = "") -> Resolved | None:
    """The clause with its pointer replaced by the nearest phrase that fits, earlier in the message first, then in
    the turn answered; None when nothing fits, or the pointer is a subject or an idiom's ("make it happen").
    `following`: the message's text after the clause (a span may end at "it" in "it'll")."""
    if at.group(0).strip().lower() not in _RESOLVABLE:
        return None
    subject = _NOT_AN_OBJECT.match(body + following, at.start()) and (
        _CONTRACTED.match(body + following, at.start()) or _CLAUSE_OPENS.search(body[: at.start()])
    )
    if subject or _IDIOM.search(body[: at.start()]):
        return None
    p = pointer(body, at)
    for text, in_turn in ((before, False), (previous_turn, True)):
        found = sorted(_phrases(text, in_turn), key=lambda x: -x[0])  # the nearest is the last named
        for _pos, a, kind in found:
            if not _fits(p, a, kind):
                continue
            said = a.text + ("'s" if p.possessive else "")
            return Resolved(body[: p.start] + said + body[p.end :], a)
    return None


# Chinese: a place word or a demonstrative of a titled thing, with what it stands for named before in the message
# ("我计划在西班牙待两周左右。我想尽可能体验当地的文化" -> 西班牙的文化;
# "我最近开始追一部电视剧《觉醒年代》，很喜欢里面的演员" -> 《觉醒年代》里面的演员;
# "我觉得这部电影的情节非常紧凑" after 《肖申克的救赎》 -> 《肖申克的救赎》的情节)
_ZH_TITLE = re.compile(r"《[^》]{1,30}》")
# a place the person goes to, is in or stays at, named bare before a verb of travel or a mark
_ZH_PLACE = re.compile(
    r"(?:去|到|在|来到|飞往|前往|飞到)(?P<p>[\u4e00-\u9fff]{2,6}?)"
    r"(?=旅游|旅行|玩|度假|出差|留学|待|住|游览|转转|逛|[，。！？、,.!?；;]|$)"
)
_NOT_A_PLACE = re.compile(r"[的了一些这那个里家上中过我你他她它们很都也还就会要想]|城市|地方|国外|外地|当地")
_ZH_PLACE_POINTER = re.compile(r"当地|(?<![心手眼])那里|(?<![心手眼])这里")
_ZH_TITLED_POINTER = re.compile(
    r"[这那](?:部|本|首|集|篇|档|款)(?:电影|影片|片子|电视剧|剧|纪录片|动画|小说|书|歌|曲子|游戏|节目|作品|文章)?"
    r"|(?:^|(?<=用户)|(?<=[欢爱到得为，,]))里面"  # "很喜欢里面的演员", not "盒子里面"
)


def _zh_named(text: str, place: bool) -> str | None:
    """The nearest title (a place) named in `text`: the last one said."""
    if place:
        found = [m.group("p") for m in _ZH_PLACE.finditer(text) if not _NOT_A_PLACE.search(m.group("p"))]
    else:
        found = [m.group(0) for m in _ZH_TITLE.finditer(text)]
    return found[-1] if found else None


_ZH_HER_HIM = re.compile(r"(?<![其])(?P<who>[她他])(?![们人])")
_ZH_FEMALE_KIN = frozenset("母亲 妻子 女朋友 奶奶 外婆 姥姥 姐姐 妹妹 女儿 婆婆 岳母".split())
_ZH_MALE_KIN = frozenset("父亲 丈夫 男朋友 爷爷 外公 姥爷 哥哥 弟弟 儿子 公公 岳父".split())
_ZH_KIN_NAMED = re.compile(
    r"(?:我的?|(?:^|(?<=[，。！？,.!?\s])))(?P<kin>" + "|".join(sorted(ZH_KIN_CANON, key=len, reverse=True)) + ")"
)


def _zh_kin_pointer(content: str, before: str) -> str:
    """她 / 他 in a Chinese content, when the message named before exactly one of the writer's kin of that gender
    ("我妈住院了…我准备把她接到青岛来住" -> "用户打算把母亲接到青岛来住"); as said otherwise."""
    m = _ZH_HER_HIM.search(content)
    if m is None:
        return content
    kin_of = _ZH_FEMALE_KIN if m.group("who") == "她" else _ZH_MALE_KIN
    named = {c for k in _ZH_KIN_NAMED.finditer(before) if (c := ZH_KIN_CANON[k.group("kin")]) in kin_of}
    if len(named) != 1:
        return content
    whose = "" if content.startswith("用户") else "用户的"  # "用户打算把母亲接到青岛来住": the user's, said once
    return content[: m.start()] + whose + named.pop() + content[m.end() :]


def zh_rewrite(content: str, before: str, previous_turn: str = "") -> str:
    """`content` (a Chinese candidate's) with a place word or a demonstrative of a titled thing replaced by what the
    message named before (`before`: its text before the candidate's span), else the turn answered; as said when
    nothing is named (or the content names it already); 她 / 他 by the one kin of theirs the message named."""
    content = _zh_kin_pointer(content, before)
    for pattern, place in ((_ZH_PLACE_POINTER, True), (_ZH_TITLED_POINTER, False)):
        m = pattern.search(content)
        if m is None:
            continue
        if _zh_named(content[: m.start()], place) is not None:
            continue  # "我对墨西哥美食很感兴趣，尤其是这里的小吃": named in the content itself
        thing = _zh_named(before, place) or _zh_named(previous_turn, place)
        if thing is None:
            continue
        said = m.group(0)
        replacement = said.removesuffix("里面") + thing + "里面" if said.endswith("里面") else thing
        content = content[: m.start()] + replacement + content[m.end() :]
    return content
