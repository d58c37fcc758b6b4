"""English creoles and varieties read through their standard counterparts, before the rules read them.

A person writing Jamaican ("mi apply fi di pharmacy post"), Nigerian Pidgin or Krio ("I don start work", "my
pikin"), Scots ("ma wee boy", "I'm no going") or Singlish ("finish course liao") says what the English rules read,
in other words for the pronoun, the copula, the aspect and the preposition. Each of those words is folded to the
standard one by its place in the clause: "mi" at a subject's place is "I", before a noun "my", after a verb "me";
"a" after a subject and before a verb is the progressive ("mi a study" -> "I am studying"), before anything else
the copula ("mi a teacher" -> "I am a teacher"), and after a verb the article it is in standard English; a bare
eventive verb after a subject is the past, as a creole tells its news ("mi sell di van" -> "I sold the van"),
unless the clause speaks of what is to come or of a habit.

Conservative by design: nothing is folded unless the message holds at least two creole words (`_MARKERS`, as
written in lower case; the ambiguous ones, "a", "no", "one", "don", count for nothing), or one from a person whose
other messages are written in a creole (`writes_creole`), and never in a message with Spanish or Italian function
words ("mi casa es pequeña"), nor a capitalised "Mi" (a name). Singlish particles closing a clause ("ok lah", "cancel
Bangkok liao") are no English words and are read without that evidence. `edits` gives the replacements on the
written text, `applied` the text they make with, for each of its offsets, the offset it stands for in what was
written, so a memory's span stays on the person's own words while its content is said in standard English.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from mirror_pipeline.core.extraction.feelings import EN_EMOTIONS

Edit = tuple[int, int, str]  # (start, end, replacement) in the written text


class Variety(StrEnum):
    CARIBBEAN = "caribbean"  # Jamaican and the other Caribbean creoles
    PIDGIN = "pidgin"  # Nigerian Pidgin, Krio, Cameroonian
    SCOTS = "scots"
    SINGLISH = "singlish"  # Singapore and Malaysian English


# words that say a message is written in a variety (each occurrence counts; the ambiguous ones are not here)
_MARKERS: dict[str, Variety] = {
    **dict.fromkeys(
        "mi di fi dem inna pon wid seh nuh cyaan caan weh unu yuh bout tek dat dis ting gwaan likkle pickney "
        "bredda haffi affi neva fram deh mek ketch nyam gyal bwoy "
        # (Trinidad and the Eastern Caribbean: "doh give me", "she cyah transfer", "allyuh", "steups")
        "doh cyah allyuh steups de".split(),
        Variety.CARIBBEAN,
    ),
    **dict.fromkeys("abeg pikin wetin wahala una oga sabi dey comot".split(), Variety.PIDGIN),
    **dict.fromkeys(
        "ma cannae canna dinnae dinna didnae wasnae isnae wouldnae couldnae hivnae havnae tae fae oot hoose doon "
        "aboot bairn bairns wean weans lassie laddie masel aye ken gonnae awfy ye yer noo".split(),
        Variety.SCOTS,
    ),
    **dict.fromkeys("lah leh lor liao sia meh hor loh alamak sian shiok walao paiseh".split(), Variety.SINGLISH),
}
# the function words of Spanish and Italian, whose "mi", "di", "fi" are words of their own
_ROMANCE = frozenset(
    "que el los las il lo gli sono soy estoy es está del della per por para una uno mia mio muy molto pero "
    "perché porque non piace gusta con y e è la le ti tu su sus mis".split()
)
_WORD = re.compile(r"[A-Za-z0-9][\w']*")

# base verbs and their past and participle (irregular ones written out, a regular one as "-ed"); a creole spelling
# stands for its base ("seh" for "say", "tek" for "take")
_IRREGULAR = (
    "go went gone|get got got|have had had|lose lost lost|make made made|take took taken|see saw seen|meet met met|"
    "find found found|buy bought bought|begin began begun|leave left left|win won won|run ran run|write wrote written|"
    "teach taught taught|build built built|spend spent spent|give gave given|come came come|fly flew flown|"
    "drive drove driven|keep kept kept|feel felt felt|do did done|become became become|sell sold sold|pay paid paid|"
    "bring brought brought|catch caught caught|hear heard heard|tell told told|say said said|send sent sent|"
    "stand stood stood|choose chose chosen|fall fell fallen|forget forgot forgotten|grow grew grown|hold held held|"
    "lead led led|lend lent lent|ride rode ridden|sing sang sung|sit sat sat|sleep slept slept|speak spoke spoken|"
    "swim swam swum|throw threw thrown|eat ate eaten|drink drank drunk|break broke broken|put put put|cut cut cut|"
    "hurt hurt hurt|quit quit quit|set set set|let let let|shut shut shut|wake woke woken|wear wore worn|"
    "draw drew drawn|fight fought fought|understand understood understood|rise rose risen|cost cost cost|"
    "lie lay lain|shake shook shaken|steal stole stolen|hide hid hidden|bite bit bitten|blow blew blown"
)
_PAST: dict[str, tuple[str, str]] = {
    base: (past, participle) for base, past, participle in (e.split() for e in _IRREGULAR.split("|"))
}
_REGULAR = frozenset(
    "apply register start finish move rent call ask help work study visit change book cancel sign collect join "
    "open close pass fail order pick carry try cook clean wash fix repair paint miss play watch look listen learn "
    "train travel walk jog stop shop drop hire fire promote transfer receive return reach arrive enter graduate "
    "marry divorce adopt save borrow deliver post share offer accept decide agree complete attend launch publish "
    "submit renew retire resign quarter push delay shift lock chat text phone email stay wait "
    "raise end explain stream settle turn happen die score improve recover heal cry laugh manage "
    "reply answer arrange celebrate invite treat scold promise install upgrade survive handle prepare pack earn "
    "charge fetch test".split()
)
_ALIASES = {
    "seh": "say",
    "tek": "take",
    "mek": "make",
    "ketch": "catch",
    "nyam": "eat",
    "gi": "give",
    "sabi": "know",
    "gone": "go",  # "mi gone wid a two bedroom": the participle after a subject tells the news
}
# a verb that says a state, not news: its bare form is the present ("mi like", "mi want", "mi live")
STATIVE = frozenset(
    "like love hate want need know prefer have feel think believe hope wish mean understand live own owe miss "
    "enjoy seem look remember expect wonder plan intend".split()
)
_DOUBLED = frozenset("stop shop drop plan chat jog travel cancel sit get run swim put cut set let shut quit".split())


def past(verb: str) -> str:
    if verb in _PAST:
        return _PAST[verb][0]
    if verb in _DOUBLED:
        return verb + verb[-1] + "ed"
    if verb.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ied"
    return verb + "ed"


def participle(verb: str) -> str:
    return _PAST[verb][1] if verb in _PAST else past(verb)


def gerund(verb: str) -> str:
    if verb in _DOUBLED:
        return verb + verb[-1] + "ing"
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    return verb + "ing"


def base(word: str) -> str | None:
    """The base verb a word (or its creole spelling) is, when the lexicon knows it."""
    low = _ALIASES.get(word, word)
    return low if low in _PAST or low in _REGULAR or low in STATIVE else None


_SUBJECTS = {"i": "I", "he": "he", "she": "she", "they": "they", "we": "we", "you": "you", "it": "it"}
_BE = {"I": "am", "we": "are", "they": "are", "you": "are"}
# what opens a clause: the message, a stop or comma, a conjunction ("seh mi a go", "weh mi seh")
_OPENERS = frozenset(
    "and but so seh dat that if when cause because cos weh then till until after before or nah actually "
    "correction ok okay anyway now suppose once".split()
)
# a clause after these tells of a time or a condition, not news: its bare verb stays ("after Kimani settle")
_SUBORDINATORS = frozenset("if when till until after before suppose once".split())
# what "mi", "ma" most often own at the head of a clause ("mi name", "mi back a hurt", "ma wee lassie"); another
# word there is read as the verb of "mi" = "I"
_OWNED = frozenset(
    "name names back knee knees foot feet head hand hands belly eye eyes tooth teeth chest heart pressure sugar "
    "house yard place flat room car phone job boss friend friends salary money birthday school exam "
    "shift doctor landlord cousin baby pickney pikin child children son daughter mother father mum mom mummy "
    "dad daddy husband wife partner bredda brother sister sista granny grandma grandpa aunty auntie uncle family "
    "wee old new little likkle two three "
    # (the people a line names after "meh" / "mi": Trinidad's "meh pardner marlon", "meh mammy")
    "pardner pardna partna bestie hubby wifey mammy mama papa nephew niece cousins kids".split()
)
# words that cannot be a noun "mi" / "ma" would own: function words, time words, pronouns
_NOT_OWNED = frozenset(
    "a an the di dis dat this that these those it everything something nothing anything all yesterday today "
    "tomorrow now again too also still just already by from to fi for in inna on pon at wid with up down out back "
    "off over first last next so and but or if when seh weh mi me you yuh him her dem them us we wi will did can "
    "one two three four five six seven eight nine ten real somebody everybody sure "
    "could would should must never really gone nah deh dey don go".split()
)
# an adjective of feeling after the subject, its copula left out ("mi worried bad", "i scared sia")
# (a feeling of two words by its first: "fed up", "burned out")
FEELINGS = frozenset(w.split()[0] for w in re.sub(r"\(\?:[^)]*\)\??", "", EN_EMOTIONS).split("|")) | {
    "fraid",
    "vex",
    "glad",
    "sick",
    "sore",
}
# what says the clause is not news: a time to come, a habit
_NOT_PAST = re.compile(
    r"(?i)\b(?:tomorrow|next|every|always|usually|soon|will|wi|gonna|going to|plan|later|tonight|often|now)\b"
)
# what says it is: a perfective marker or a past time word
_PERFECTIVE = re.compile(r"(?i)\b(?:already|liao|yesterday|last|ago|just|don|done)\b")


@dataclass(frozen=True, kw_only=True)
class Word:
    """A creole word's standard reading: `plain` wherever it stands, or by its place."""

    plain: str | None = None  # the reading anywhere ("di" -> "the"); None: by its place only
    before_verb: str | None = None  # "fi write" -> "to write"
    before_noun: str | None = None  # "mi name" -> "my name"
    subject: str | None = None  # at a clause's subject place: "dem offer" -> "they offer"
    after_noun: str | None = None  # "a bredda weh show mi" -> "who"
    # a word after it that is nothing else known is its verb ("fi rent" -> "to rent"; "fi di job" -> "for the job")
    open_verbs: bool = False
    after_subject: str | None = None  # right after a subject: "mi nuh like" -> "I don't like"
    needs_verb: bool = False  # the subject reading only before a verb ("ah did de course"; "ah ok" is no subject)
    otherwise: str | None = None  # elsewhere: "call mi" -> "call me"


_WORDS: dict[str, Word] = {
    "mi": Word(before_noun="my", subject="I", otherwise="me"),
    # Trinidad's "ah" and "meh": "ah is a AC tech" -> "I am", "meh name" -> "my name" ("ah" is I only before a verb:
    # "ah ok" is a sigh; "meh" closing a Singlish question is a particle)
    "ah": Word(subject="I", needs_verb=True),
    "meh": Word(before_noun="my", otherwise="me"),
    "dey": Word(subject="they", needs_verb=True),
    "de": Word(plain="the"),
    "doh": Word(plain="don't"),
    "cyah": Word(plain="can't"),
    "allyuh": Word(plain="you all"),
    "eh": Word(after_subject="don't"),
    "wi": Word(subject="we", after_subject="will", otherwise="with"),
    "ma": Word(before_noun="my"),
    "dem": Word(subject="they", after_noun="s", otherwise="them"),  # "di Saturday dem" -> "the Saturdays"
    "him": Word(before_noun="his", subject="he"),
    "yuh": Word(before_noun="your", subject="you", otherwise="you"),
    "yu": Word(before_noun="your", subject="you", otherwise="you"),
    "yer": Word(plain="your"),
    "ye": Word(plain="you"),
    "unu": Word(plain="you"),
    "una": Word(plain="you"),
    "masel": Word(plain="myself"),
    "di": Word(plain="the"),
    "dis": Word(plain="this"),
    "dat": Word(plain="that"),
    "inna": Word(plain="in"),
    "pon": Word(plain="on"),
    "wid": Word(plain="with"),
    "bout": Word(plain="about"),  # (and its verb the gerund: "a think bout do di degree" -> "about doing")
    "aboot": Word(plain="about"),
    "fram": Word(plain="from"),
    "fae": Word(plain="from"),
    "tae": Word(plain="to"),
    "oot": Word(plain="out"),
    "doon": Word(plain="down"),
    "hoose": Word(plain="house"),
    "noo": Word(plain="now"),
    "ting": Word(plain="thing"),
    "likkle": Word(plain="little"),
    "pickney": Word(plain="children"),
    "pikin": Word(plain="child"),
    "bairn": Word(plain="child"),
    "bairns": Word(plain="children"),
    "wean": Word(plain="child"),
    "lassie": Word(plain="girl"),
    "laddie": Word(plain="boy"),
    "bredda": Word(plain="brother"),
    "gyal": Word(plain="girl"),
    "fraid": Word(plain="afraid"),
    "vex": Word(plain="angry"),
    "abeg": Word(plain="please"),
    "wetin": Word(plain="what"),
    "cyaan": Word(plain="can't"),
    "caan": Word(plain="can't"),
    "cannae": Word(plain="can't"),
    "canna": Word(plain="can't"),
    "dinnae": Word(plain="don't"),
    "dinna": Word(plain="don't"),
    "didnae": Word(plain="didn't"),
    "wasnae": Word(plain="wasn't"),
    "isnae": Word(plain="isn't"),
    "wouldnae": Word(plain="wouldn't"),
    "couldnae": Word(plain="couldn't"),
    "havnae": Word(plain="haven't"),
    "hivnae": Word(plain="haven't"),
    "gonnae": Word(plain="going to"),
    "haffi": Word(plain="have to"),
    "affi": Word(plain="have to"),
    "neva": Word(before_verb="didn't", otherwise="never"),
    "nuh": Word(after_subject="don't"),
    "fi": Word(before_verb="to", otherwise="for", open_verbs=True),
    "seh": Word(after_subject="said", otherwise="that"),
    "weh": Word(after_noun="who", otherwise="what"),
    "liao": Word(plain="already"),
}
# the readings that are nouns or their adjectives: a noun phrase goes on through them
_NOUNS = frozenset("thing little children child girl boy brother house".split())
# the particles of Singlish and Malaysian English: dropped, with the space before them
_PARTICLES = frozenset("lah leh lor sia meh hor loh lei".split())
# "a", "dey", "deh" after a subject: the progressive before a verb ("mi a study"), "going to" before "go", the
# copula before anything else ("mi a teacher", "di fee a 120k"); "don" before a verb: the perfect
_ASPECTS = frozenset("a dey deh".split())


_PUNCTUATION = string.punctuation.replace("'", "") + "\u2019\u201c\u201d"


def words_of(text: str) -> frozenset[str]:
    """The words of `text` in lower case (one split: what most messages need to know they hold no creole)."""
    return frozenset(w.strip(_PUNCTUATION) for w in text.lower().split())


def creole_evidence(text: str, words: frozenset[str], voiced: bool = False) -> bool:
    """Two creole words or more (in lower case, as written), and no Spanish or Italian function word; one is enough
    from a person who writes a creole (`voiced`: "mi love a good bammy" from someone whose other messages say
    "mi apply fi di post")."""
    if not words & (_MARKERS.keys() | {"ah"}) or words & _ROMANCE:
        return False
    return len(_MARKER.findall(text)) + len(_AH_SUBJECT.findall(text)) >= (1 if voiced else 2)


def writes_creole(texts: Sequence[str]) -> bool:
    """Whether a person writes a creole: three of their messages at least hold its evidence, and a tenth of them."""
    held = sum(creole_evidence(t, words_of(t)) for t in texts)
    return held >= 3 and held * 10 >= len(texts)


# Trinidad's "ah" as the subject before its verb ("ah did", "ah is", "ah walkin"): evidence of a creole; "ah ok",
# "ah nice" are a sigh
_AH_SUBJECT = re.compile(r"(?<![\w'])ah (?=(?:is|did|does|have|had|not|eh|doh|cyah|go|jus|real|never|[a-z]{3,}in)\b)")
# (a creole word as written: "Mi", "Di" are names)
_MARKER = re.compile(r"(?<![\w'])(?:" + "|".join(sorted(_MARKERS, key=len, reverse=True)) + r")(?![\w'])")


def edits(text: str, words: frozenset[str] | None = None, voiced: bool = False) -> list[Edit]:
    """The replacements that read `text`'s creole words as standard English; none without creole evidence (`voiced`:
    the person writes a creole). `words`: `words_of(text)`, when the caller has it."""
    words = words_of(text) if words is None else words
    if not creole_evidence(text, words, voiced):
        return _particles(text) if words & _UNGATED else []
    tokens = list(_WORD.finditer(text))
    words = [m.group(0) for m in tokens]
    lows = [w.lower() for w in words]
    # a creole tells its news in the bare verb; Singlish with a perfective word ("already", "liao") or a past time
    bare_past = any(_MARKERS.get(w) in (Variety.CARIBBEAN, Variety.PIDGIN) for w in words)
    out: list[Edit] = []
    subject: str | None = None  # the standard subject of the clause, while its verb may follow
    told: str | None = None  # the last pronoun subject, which a clause opening with "and" + verb carries
    subordinate = False  # the clause opened with "if", "when", "after": not news
    for i, m in enumerate(tokens):
        word, low = words[i], lows[i]
        prev = lows[i - 1] if i else ""
        nxt, nxt_word = (lows[i + 1], words[i + 1]) if i + 1 < len(tokens) else ("", "")
        gap = text[tokens[i - 1].end() : m.start()] if i else ""
        opens = i == 0 or bool(re.search(r"[.,;:!?\n]", gap)) or prev in _OPENERS
        if opens:
            subject = None
        verb_next = nxt_word.islower() and base(nxt) is not None
        plain_next = (  # a lower-case word that is no function word, no feeling, no creole word of its own
            nxt.isalpha()
            and nxt_word.islower()
            and not {nxt} & (_NOT_OWNED | FEELINGS | _ASPECTS | _WORDS.keys() | _PARTICLES)
        )
        after = lows[i + 2] if i + 2 < len(tokens) else ""
        # at a clause's head, what is owned is a known thing or one its verb follows ("mi back a hurt"); after a
        # verb or a preposition, any plain word ("wid mi cousin")
        noun_next = nxt in _OWNED or (
            plain_next and not verb_next and (not opens or after in _ASPECTS or base(after) is not None)
        )
        if not word.islower() and word != "I":
            if opens and word[:1].isupper():
                subject = "it"  # a name opening the clause: "Kimani a go Mona Prep"
            continue  # "Mi", "Di": a name, a capital of its own
        if low in _PARTICLES and not (low in _WORDS and noun_next):  # ("meh name": Trinidad's "my")
            out.append((m.start() - len(gap) if gap.isspace() else m.start(), m.end(), ""))
            continue
        if low in _ASPECTS and subject is not None:
            out.append(_aspect(m, tokens[i + 1] if nxt else None, nxt, subject, verb_next))
            subject = None
            continue
        if low == "don" and subject is not None and verb_next:
            have = "have" if subject in ("I", "we", "they", "you") else "has"
            out.append((m.start(), tokens[i + 1].end(), f"{have} {participle(_ALIASES.get(nxt, nxt))}"))
            subject = None
            continue
        if low == "no" and prev in _BE_FORMS and (verb_next or nxt.endswith("ing")):
            out.append((m.start(), m.end(), "not"))  # Scots "I'm no going"
            continue
        if opens:
            subordinate = prev in _SUBORDINATORS
            if prev in ("and", "then") and base(low) is not None and told is not None:
                subject = told  # "dem call back and move di interview": the subject carried
        if low in _SUBJECTS and opens:
            subject = told = _SUBJECTS[low]
            if nxt in FEELINGS:
                out.append((m.start(), m.end(), "I am" if subject == "I" else f"{word} {_BE.get(subject, 'is')}"))
                subject = None
            continue
        reading = _WORDS.get(low)
        if reading is not None:
            new = _read(
                reading,
                opens,
                subject,
                verb_next
                or reading.open_verbs and plain_next and nxt not in _OWNED
                or reading.needs_verb and (nxt in _AUXILIARIES or nxt.endswith(("ing", "in")) and len(nxt) > 4),
                base(prev) is not None,
                noun_next,
                prev not in _NOT_OWNED and (base(prev) is None or not prev.isalpha()) and bool(prev),
            )
            if reading.subject is not None and new == reading.subject:
                subject = told = new
                if new == "I" and nxt == "is":  # "ah is a AC tech": "I am"
                    out.append((tokens[i + 1].start(), tokens[i + 1].end(), "am"))
                if nxt in FEELINGS:  # "mi worried bad": the copula left out
                    new = f"{new} {_BE.get(new, 'is')}"
                    subject = None
            elif opens and new in ("my", "the", "this", "that"):
                subject = "it"  # "mi back a hurt", "di fee a 120k": the noun phrase is the subject
            elif reading.after_subject is None and not (subject == "it" and new in _NOUNS):
                subject = None  # (a noun keeps its phrase going: "mi bredda", "di likkle ting")
            if new == "s":  # the plural marker: onto the noun before it
                out.append((tokens[i - 1].start(), m.end(), words[i - 1] + "s"))
            elif new is not None and new != word:
                out.append((m.start(), m.end(), new))
            continue
        verb = base(_ALIASES.get(low, low))
        if verb is not None and prev in ("bout", "about") and word == low:
            out.append((m.start(), m.end(), gerund(verb)))
            continue
        if subject == "it" and verb is not None and verb_next:
            continue  # still the noun phrase, its verb next: "Mummy sugar test come back"
        if subject is not None and verb is not None:
            said = _segment(text, m.start())
            asked = _sentence(text, m.start()).rstrip().endswith("?")
            news = not (subordinate or asked or _NOT_PAST.search(said)) and (bare_past or _PERFECTIVE.search(said))
            # (a noun phrase's second word may be a noun spelled as a verb: "di pay", "mi work")
            if verb not in STATIVE and news and (subject != "it" or prev not in _DETERMINERS):
                out.append((m.start(), m.end(), past(verb)))
            subject = None
        elif opens and low in ("the", "my", "her", "his", "our"):
            subject = "it"
        elif (
            subject == "it"
            and low in _NOT_OWNED
            and prev not in _DETERMINERS
            or (subject not in (None, "it") and low not in _ADVERBS)
        ):
            subject = None  # the noun phrase, the pronoun, ended without its verb
    return out


# a Singlish particle closing a clause ("ok lah", "cancel Bangkok liao!", "so sian sia") is no word of English, so it
# is read without a creole's evidence too: dropped, "liao" as "already"
# (and the closing particles of Indian English chat: "so happy to be home da", "send me the recipe na")
_CLOSERS = _PARTICLES | {"liao", "da", "na", "yaar"}
_UNGATED = _CLOSERS | {"don", "no"}
_CLOSING_PARTICLE = re.compile(
    r"(?<=\w)(?P<gap>\s*)\b(?P<word>" + "|".join(sorted(_CLOSERS)) + r")\b(?=\s*(?:[.,;:!?~\n]|$))"
)


# and two forms no standard English has, read without a creole's evidence too: Pidgin's perfect "I don buy a new
# phone" ("don" before a verb of news; before a state it is a chat's "don't": "I don know"), Scots' "I'm no working"
_DON = re.compile(r"(?<![\w'])(?P<who>I|i|we|they|you|he|she) don (?P<verb>[a-z]+)\b")
_BE_NO = re.compile(r"(?i:\b(?:am|'m|is|'s|are|'re|was|were))\s(?P<no>no)\s(?=[a-z]+ing\b)")


def _particles(text: str) -> list[Edit]:
    out = [
        (m.start(), m.end(), " already" if m.group("word") == "liao" else "")
        for m in _CLOSING_PARTICLE.finditer(text)
        if m.group("gap").isspace()
    ]
    for m in _DON.finditer(text) if " don " in text else ():
        if (verb := base(m["verb"])) is not None:
            have = "have" if m["who"].lower() in ("i", "we", "they", "you") else "has"
            out.append(
                (
                    m.start() + len(m["who"]) + 1,
                    m.end(),
                    f"{have} {participle(verb)}" if verb not in STATIVE else f"don't {m['verb']}",
                )
            )
    out += [(m.start("no"), m.end("no"), "not") for m in _BE_NO.finditer(text) if " no " in text]
    return out


def _aspect(m: re.Match[str], nxt: re.Match[str] | None, low: str, subject: str, verb_next: bool) -> Edit:
    be = _BE.get(subject, "is")
    if nxt is not None and low in ("go", "come"):
        return (m.start(), nxt.end(), f"{be} going to" if low == "go" else f"{be} coming")
    if nxt is not None and verb_next:
        return (m.start(), nxt.end(), f"{be} {gerund(_ALIASES.get(low, low))}")
    if m.group(0).lower() == "a" and not (low[:1].isdigit() or low in ("di", "the", "my", "mi", "so", "too", "")):
        return (m.start(), m.end(), f"{be} a")  # "mi a teacher": the copula and its article
    return (m.start(), m.end(), be)


_BE_FORMS = frozenset("i'm am is are was were will i'll".split())


# what may follow a subject in place of its verb: a copula, an auxiliary, a denial ("ah is", "ah did", "ah eh")
_AUXILIARIES = frozenset(
    "is am was were did does have has had not eh doh cyah can could will would go goin jus just real really never "
    "also still doh".split()
)
_ADVERBS = frozenset("just also really still already even only never did nuh".split())


_DETERMINERS = frozenset("the di my mi her his our their dis this".split())


def _read(
    w: Word, opens: bool, subject: str | None, verb_next: bool, after_verb: bool, noun_next: bool, after_noun: bool
) -> str | None:
    if w.plain is not None:
        return w.plain
    if w.after_noun is not None and after_noun and not opens:
        return w.after_noun
    if w.before_noun is not None and noun_next:
        return w.before_noun
    if w.after_subject is not None and subject is not None and not opens:
        return w.after_subject
    if w.subject is not None and (opens or verb_next and not after_verb) and (verb_next or not w.needs_verb):
        return w.subject
    if w.before_verb is not None and verb_next:
        return w.before_verb
    return w.otherwise


def _sentence(text: str, at: int) -> str:
    """The sentence that holds `at`, to its closing mark."""
    end = min((e + 1 for c in ".!?\n" if (e := text.find(c, at)) >= 0), default=len(text))
    return text[at:end]


def _segment(text: str, at: int) -> str:
    """The stretch between stops and commas that holds `at`."""
    start = max(text.rfind(c, 0, at) for c in ".,;!?\n") + 1
    end = min((e for c in ".,;!?\n" if (e := text.find(c, at)) >= 0), default=len(text))
    return text[start:end]


def applied(text: str, found: list[Edit]) -> tuple[str, list[int] | None]:
    """`text` with `found` made, and for each offset of the result (and its end) the offset in `text` it stands
    for; `text` and None when there is nothing to make. Of two edits of one word the first stands."""
    if not found:
        return text, None
    out: list[str] = []
    back: list[int] = []
    at = 0
    for start, end, new in sorted(found):
        if start < at:
            continue
        out.append(text[at:start])
        back.extend(range(at, start))
        out.append(new)
        # the new characters stand for the written word: each for its place in it, the extra ones for its end
        # (an inserted subject stands for the verb it goes before; the last for the written word's last, so a span
        # ending on it takes the whole word)
        last = len(new) - 1
        back.extend(
            start if end == start else end - 1 if k == last > 0 else min(start + k, end - 1) for k in range(len(new))
        )
        at = end
    out.append(text[at:])
    back.extend(range(at, len(text) + 1))
    return "".join(out), back


def folded(text: str, words: frozenset[str] | None = None, voiced: bool = False) -> tuple[str, list[int] | None]:
    """`text` read as standard English (`edits`), with its offsets back into what was written."""
    return applied(text, edits(text, words, voiced))
