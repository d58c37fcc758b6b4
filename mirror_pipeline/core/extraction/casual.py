"""Casual English as the rules read it: a chat's contractions written without their apostrophe ("im", "ive",
"dont", "shes", "thats"), a lower-case "i", "should of" for "should have", a message opening with a past verb and no
subject (read with the writer's "I", as a diary's omitted 我 is) and a part of the body opening one without its "my".

The person's own text is still what spans point into: `spelled` gives the text the rules read and, for each of its
offsets, the offset it stands for in what was written (`back`; None when nothing was spelled out), so a candidate's
span is moved back onto the person's characters (`to_written`). Only a word that cannot be anything else is spelled
out: "its", "id", "ill", "were", "well", "wed", "lets" are words of their own too, and stay as written.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mirror_pipeline.core.extraction import creole
from mirror_pipeline.core.extraction.clauses import EN_BARE_STATE, EN_KIN, EN_PAST_VERB
from mirror_pipeline.core.extraction import feelings as _feel
from mirror_pipeline.core.extraction.patterns import EN_EMOTIONS
from mirror_pipeline.core.model import MemoryCandidate

# the contraction's stem and its ending, as a chat drops the apostrophe between them: "dont" -> "don't", "shes" ->
# "she's", "youre" -> "you're" (each written word, in lower case, to where its apostrophe goes)
_STEMS = {
    "t": "don can won didn doesn isn wasn weren aren haven hasn hadn wouldn couldn shouldn ain",
    "s": "she he that what who there where",
    "re": "you they",
    "ve": "you they",
}
_APOSTROPHE_AT = {stem + end: len(stem) for end, stems in _STEMS.items() for stem in stems.split()} | {
    "im": 1,
    "ive": 1,
}
# (each case it is written in spelled out: a case-blind search costs every message twice the time)
_APOSTROPHE_DROPPED = re.compile(
    r"(?<![\w'])(?:"
    + "|".join(sorted({v for w in _APOSTROPHE_AT for v in (w, w.capitalize(), w.upper())}, key=len, reverse=True))
    + r")(?![\w'])"
)
# "should of done it at 30": the "'ve" heard as "of", before a past participle
_HEARD_OF = re.compile(
    r"\b(?P<modal>(?i:should|could|would|must|might))(?P<of> of)(?= (?:\w+ )?(?:[a-z]+ed|been|done|"
    r"gone|had|got|seen|known|taken|made|went|left|stayed|told|said)\b)"
)

# a message or a sentence opening with a past verb and no subject: the writer's, as a chat leaves its "I" out
# ("finally got the boat back in the water", "hey so signed up for the welding course"): the rules read it with its
# "I" ("I finally got ..."), the way a diary's omitted 我 is read. Not a form that is also a participle or a state
# describing a thing ("done", "broken"), a state (EN_BARE_STATE: "tired"), nor a verb whose subject is a happening
# ("turned out", "seemed").
_SUBJECT_LEFT_OUT = re.compile(
    r"(?:^|(?<=[.!?\n])\s*)"
    r"(?:(?i:hey|so|ok|okay|well|anyway|update|and|but|also|yeah|ya|omg|lol|welp)[\s,:!]+)*"
    r"(?P<verb>(?i:(?:just|finally|recently|also|still|actually|even|only) )*"
    r"(?:(?i:" + "|".join(sorted(EN_PAST_VERB)) + r")|[A-Za-z][a-z]+ed)"
    r")\s+"
    r"(?!(?:out|like|to be|by|that|as if|as though)\b)"
    r"(?:my|the|a|an|up|back|off|on|out|into|over|down|in|at|from|to|for|with|her|him|them|it|some|our|\d|[A-Z])"
)
# a chat line opening with a bare verb, its subject left out, that says when: done ("finish probation liao",
# "cancel the gym already") is the writer's past; to come ("begin driving lessons next Tuesday") the writer's plan
# (not a request to the listener: "book me a table next Friday", "pls remind me tomorrow"; at a sentence's head
# only, since after a comma a bare verb may be the thing's: "enrolled for a course, start in september"); and a
# bare verb after "I" / "we" with "already" ("we pay the deposit already") is the past too, as Singlish tells it
_BARE_VERB_OPENS = re.compile(
    r"(?:^|(?<=[.!?\n])\s*|(?<=,)(?P<comma>\s*))(?:(?i:ok|okay|so|anyway|update|and|also|finally|just)[\s,:!]+)*"
    r"(?:(?P<subject>I|i|we|We)\s+(?P<adverb>(?:already|just|also|finally)\s+)?)?(?P<verb>[a-z]+)\b"
    r"(?P<rest>[^.!?,\n]*)"
)
_DONE = re.compile(r"\b(?:already|liao|done)\b")
_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_TO_COME = re.compile(
    r"(?i)\b(?:next|tomorrow|tonight|this (?:weekend|coming)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    # a month, or a day of it ("start April 14", "move 3 March")
    r"in " + _MONTH + r"|" + _MONTH + r" \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)? " + _MONTH + r")\b"
)
# (the words one of `_DONE`, `_TO_COME` needs)
_WHEN_WORDS = frozenset(
    "already liao done next tomorrow tonight weekend coming january february march april may june july august "
    "september october november december".split()
) | {d + "day" for d in "mon tues wednes thurs fri satur sun".split()}
_ASKED_OF_THE_OTHER = re.compile(r"(?i)\b(?:me|my|us|pls|please|can|could|you|u)\b")
# a part of the body opening a message with its state, its "my" left out: "back is acting up again", "knee's
# been killing me": the writer's, read as "my back is ..."
_BODY_LEFT_OUT = re.compile(
    r"(?:^|(?<=[.!?\n])\s*)(?:(?i:so|ugh|well|anyway|and|man)[\s,!]+)*"
    # (or with "the", as a chat names the writer's own knee or the condition it has told of: "the knee is ok now",
    # "the gout is better now")
    r"(?P<the>(?i:the) )?"
    r"(?P<part>(?i:back|lower back|neck|knees?|hips?|shoulders?|ankles?|wrists?|stomach|feet|foot"
    r"|(?<=the )(?:gout|asthma|migraines?|eczema|arthritis)))"
    r"(?:'s| is| are| was| has| have| hurts?| feels?| keeps?| still)\b"
)
# a feeling said with its "I'm" left out, as a chat types it: at a clause's head ("so sian today", "stressed af",
# "feeling low since yesterday", "damn happy today"), or after a bare "I" ("i scared sia", "I nervous"): read with
# its "I'm" (not a pleasantry about the other: "so happy for u", "glad to hear it"; nor in a sentence that speaks
# to the other, "your baby so cute, so happy see her", where it is the other's good news; nor a feeling about a
# thing, "tired of the cold", which is a view of it); after a comma, only when the writer is the one the sentence
# speaks of so far ("interview set for Monday, quite nervous"; not "... saw one of them, so excited to show me")
_FEELING_LEFT_OUT = re.compile(
    r"(?:^|(?<=[.!?;\n])\s*|(?<=,)(?P<comma>\s*)|(?<![\w'])(?P<i>[Ii]) )"
    r"(?i:" + _feel.EN_OPENERS + r")"
    r"(?P<state>(?i:(?:was|been)\s+)?(?i:(?:" + _feel.EN_DEGREE_WORDS + r"|damn|abit|hella|real|feeling|feel)\s+)*"
    r"(?:(?i:" + _feel.EN_FEELING_IDIOMS + r")|" + EN_EMOTIONS + r"|(?:(?<=feeling )|(?<=bit )|(?<=little )|(?<=so )|(?<=very )|(?<=pretty )|(?<=quite )|(?<=really ))"
    r"(?:down|low|blue|off)))\b"
    r"(?! (?:for (?:you|u|ya|him|her|them)|to (?:hear|see|meet)|(?:to )?see (?:you|u|her|him|them))\b)" + _feel.EN_NOT_OF
)
_AFTER_BARE = re.compile(r"(?i)" + _feel.EN_AFTER_BARE_FEELING)
_IDIOM = re.compile(r"(?i)\b(?:" + _feel.EN_FEELING_IDIOMS + r")\b")
_TO_THE_OTHER = re.compile(r"(?i)\b(?:you|your|u|ur|yuh|yours)\b")
_THE_WRITER = re.compile(r"\b(?:I|i|I'm|my|My|me|mi|we|We)\b")
# a sentence opening on what the writer could not or did not do, its "I" left out: "couldn't sleep last night, ..."
_WRITERS_LEFT_OUT = re.compile(r"(?i)\W*(?:couldn't|couldnt|could not|can't|cant|didn't|didnt|barely|hardly)\s+[a-z]")
_SENTENCE_OPEN = re.compile(r"[.!?\n][^.!?\n]*$")
# a chat's lower-case "i" as the writer's pronoun ("i was gonna fly to Mexico", "i'd rather"): read as "I" (not "i.e.",
# a list's "i)")
_LOWER_I = re.compile(r"(?<![\w'’.])i(?=\s+[a-z]|['’][a-z])")
_NOT_A_VERB = re.compile(
    r"(?i)(?:seemed|happened|looked|sounded|turned|used|supposed|based|called|named|located|related|married|"
    r"interested|pleased|surprised|shocked|confused|annoyed)$"
)


_SENTENCE_BEFORE = re.compile(r"(?:^|[.!?]\s+)([^.!?]+)[.!?]\s*$")


def _goes_on_with_another(text: str, at: int) -> bool:
    """A sentence with its subject left out goes on with the one before it: after "my cousin quit the bank.",
    "moved to Leeds last week" is the cousin's move, not the writer's (no "I" is read into it)."""
    before = _SENTENCE_BEFORE.search(text, 0, at)
    return before is not None and EN_KIN.match(before.group(1).strip().lower()) is not None


def spelled(text: str, voiced: bool = False) -> tuple[str, list[int] | None]:
    """`text` with its dropped apostrophes put back ("im" -> "I'm", "should of" -> "should have"), and for each
    offset of the result (and its end) the offset in `text` it stands for; `text` and None when nothing changes.
    A creole's words are read first as their standard English (creole.py: "mi apply fi di post" -> "I applied for
    the post"; `voiced`: the person writes a creole, so one of its words in the message is evidence enough)."""
    if not text:
        return text, None  # (the turn before, when there is none)
    written = text
    words = creole.words_of(written)  # what the searches below need, or most messages need none of them
    text, creole_back = creole.folded(written, words, voiced)
    if creole_back is not None:
        words = creole.words_of(text)
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) in `text`
    for m in _APOSTROPHE_DROPPED.finditer(text):
        word = m.group(0)
        low = word.lower()
        if low in ("im", "ive"):
            if word[1:].islower():  # "im", "Ive"; not "IM"
                edits.append((m.start(), m.end(), "I'" + word[1:]))
            continue
        if low in ("cant", "wont") and not word.islower():
            continue  # "Cant", "WONT": a name, a shout; a chat writes the word in lower case
        at = _APOSTROPHE_AT[low]
        edits.append((m.start(), m.end(), f"{word[:at]}'{word[at:]}"))
    felt, said = _feelings_left_out(text, words)
    edits += said
    for m in _LOWER_I.finditer(text) if ("i " in text or "i'" in text or "i’" in text) else ():
        if not any(a <= m.start() < b for a, b in felt):
            edits.append((m.start(), m.end(), "I"))
    for m in _HEARD_OF.finditer(text) if " of " in text else ():
        edits.append((m.start("of"), m.end("of"), " have"))
    for m in _SUBJECT_LEFT_OUT.finditer(text):
        verb = m.group("verb").split()[-1]
        if (
            not _NOT_A_VERB.match(verb)
            and not EN_BARE_STATE.match(verb)
            and not any(a <= m.start("verb") < b for a, b in felt)
            and not _goes_on_with_another(text, m.start("verb"))
        ):
            at = m.start("verb")
            edits.append((at, at + 1, "I " + text[at].lower()))  # "Signed up for ..." -> "I signed up for ..."
    edits += _bare_verbs(text, words)
    for m in _BODY_LEFT_OUT.finditer(text):
        if m.group("the"):
            edits.append((m.start("the"), m.end("the"), "my "))  # "the knee is ok now" -> "my knee is ok now"
            continue
        at = m.start("part")
        edits.append((at, at + 1, "my " + text[at].lower()))
    spelled_text, spelled_back = creole.applied(text, edits)
    if creole_back is None or spelled_back is None:
        return spelled_text, creole_back or spelled_back
    return spelled_text, [creole_back[b] for b in spelled_back]


def _feelings_left_out(text: str, words: frozenset[str]) -> tuple[list[tuple[int, int]], list[creole.Edit]]:
    """(where each feeling said without its subject stands, the edits that give it the writer's "I'm")."""
    felt: list[tuple[int, int]] = []
    edits: list[creole.Edit] = []
    said = words & creole.FEELINGS or "feeling" in words or _IDIOM.search(text)
    for m in _FEELING_LEFT_OUT.finditer(text) if said else ():
        felt.append(m.span())
        before = text[: m.start()]
        opened = _SENTENCE_OPEN.search(before)
        sentence = before[opened.start() if opened else 0 :]
        if _TO_THE_OTHER.search(sentence) or (
            m.group("comma") is not None and not _THE_WRITER.search(sentence) and not _WRITERS_LEFT_OUT.match(sentence)
        ):
            continue  # "your baby so cute, so happy see her"; "... saw one of them, so excited to show me": theirs
        state = m.group("state").lower()
        if not m.group("i") and not _AFTER_BARE.match(text, m.end()):
            continue  # "sad news about the bridge": what the word describes, nobody's feeling
        if m.group("i") and state.startswith(("was ", "been ")):
            continue  # "i was so upset" has its verb (its "i" is read as "I" with the other lower-case ones)
        if m.group("i"):
            if not re.search(r"\bfeel", state):  # ("i feel tired", "i still feel helpless" have their verb)
                edits.append((m.start("i"), m.end("i") + 1, "I'm "))  # "i scared sia" -> "I'm scared sia"
        else:  # "so sian today" -> "I'm so sian today", "feel awful" -> "I feel awful", "was fuming" -> "I was ..."
            verb = state.startswith(("feel ", "was ")) and "I " or state.startswith("been ") and "I've " or "I'm "
            edits.append((m.start("state"), m.start("state"), verb))
    return felt, edits


def _bare_verbs(text: str, words: frozenset[str]) -> list[creole.Edit]:
    """The writer's subject and tense for a chat line's bare verb (`_BARE_VERB_OPENS`)."""
    edits: list[creole.Edit] = []
    for m in _BARE_VERB_OPENS.finditer(text) if words & _WHEN_WORDS or "to" in words and words & creole.STATIVE else ():
        if (verb := creole.base(m.group("verb"))) is None:
            continue
        rest = (m.group("adverb") or "") + m.group("rest")
        if verb in creole.STATIVE:
            if not m.group("subject") and m.group("comma") is None and rest.startswith(" to "):
                edits.append((m.start("verb"), m.start("verb"), "I "))  # "plan to go Bangkok in September"
        elif _DONE.search(rest):  # "finish course liao" -> "I finished course already"
            edits.append((m.start("verb"), m.end("verb"), ("" if m.group("subject") else "I ") + creole.past(verb)))
        elif (
            m.group("comma") is None
            and not m.group("subject")
            and (when := _TO_COME.search(rest))
            and rest[: when.start()].strip()  # what is begun is said: "start April 14" alone is the thing's
            and not _ASKED_OF_THE_OTHER.search(rest)
        ):
            edits.append((m.start("verb"), m.start("verb"), "I will "))
    return edits


def to_written(found: list[MemoryCandidate], back: list[int] | None) -> list[MemoryCandidate]:
    """Candidates read in the spelled-out text, their spans moved back onto the characters the person wrote."""
    if back is None:
        return found

    def written_end(end: int) -> int:
        return back[end - 1] + 1 if end > 0 else 0

    return [replace(c, span_start=back[c.span_start], span_end=written_end(c.span_end)) for c in found]
