"""A first-person clause rewritten in the third person, in the language it was said in.

"I'm an assistant manager" -> "The user is an assistant manager"; "Lost my job as a banker" -> "The user lost their
job as a banker"; "My favorite dance style is contemporary" -> "The user's favorite dance style is contemporary";
"管理岗不太适合我" (after 我觉得) -> "用户觉得管理岗不太适合自己"; "周末搬家了" (a diary) -> "用户周末搬家了"."""

from __future__ import annotations

import re

from mirror_pipeline.core.extraction.clauses import (
    EN_BARE_STATE,
    EN_DONE_TO_ME,
    EN_INTRODUCTION,
    EN_NEWS_PHRASE,
    EN_OWN_ATTRIBUTE,
    EN_OWN_THING,
    PAST_IRREGULAR,
    ZH_KIN_CANON,
    ZH_KIN_INITIAL,
    Subject,
    done_to_me,
    zh_after_lead,
)
from mirror_pipeline.core.timeexpr import without_relative_times

_MODAL_OR_AUX = frozenset(
    "can can't cannot could couldn't will won't would wouldn't should shouldn't might must may did didn't "
    "used never".split()
)
_ADVERBS = frozenset(
    "just really also still always usually often never actually finally recently totally definitely sometimes even "
    "already kinda only currently now truly seriously honestly absolutely first".split()
)
_NOT_PAST = frozenset("need feed seed speed bleed proceed succeed exceed breed".split())
_EN_FIRST_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(a, re.IGNORECASE), b)
    for a, b in (
        (r"^I'm gonna\b|^I am gonna\b", "The user is going to"),
        (r"^I wanna\b", "The user wants to"),
        (r"^I gotta\b", "The user has to"),
        (r"^I'm\b|^I am\b", "The user is"),
        (r"^I was\b", "The user was"),
        (r"^I've\b|^I have\b(?= (?:been|got|gotten|had|\w+ed|\w+en)\b)", "The user has"),
        (r"^I have\b", "The user has"),
        (r"^I'll\b|^I will\b", "The user will"),
        (r"^I don't\b|^I do not\b", "The user doesn't"),
        (r"^I do\b", "The user does"),
        (r"^we're gonna\b|^we are gonna\b", "The user and others are going to"),
        (r"^we're\b|^we are\b", "The user and others are"),
        (r"^we've\b|^we have\b", "The user and others have"),
        (r"^we'll\b", "The user and others will"),
        (r"^we\b", "The user and others"),
        (r"^me and my\b", "The user and their"),
    )
)
_EN_OMITTED_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(a, re.IGNORECASE), b)
    for a, b in (
        (r"^gonna\b", "The user is going to"),
        (r"^going to\b", "The user is going to"),
        (r"^gotta\b", "The user has to"),
        (r"^wanna\b", "The user wants to"),
        (r"^want to\b", "The user wants to"),
        (r"^been\b", "The user has been"),
        (r"^can't wait\b", "The user can't wait"),
        (r"^love\b", "The user loves"),
    )
)
_KIN = (
    r"(?:mom|mum|dad|mother|father|parents|sister|brother|wife|husband|girlfriend|boyfriend|partner|grandma|grandpa|"
    r"son|daughter|kids|family|cousin|aunt|uncle)"
)
_EN_REST = (
    # the writer in a pair: "me and mom", "my sister and I" -> "the user and their mom", "the user and their sister"
    (re.compile(r"\b(?:[Mm]e|I) and (?:[Mm]y |(?=" + _KIN + r"\b))"), "the user and their "),
    (re.compile(r"\b[Mm]y (\w+) and (?:I|me)\b"), r"the user and their \1"),
    (re.compile(r"\bI am\b|\bI'm$"), "they are"),  # "who I am" -> "who they are"
    (re.compile(r"\bI'm\b"), "they're"),
    (re.compile(r"\bI was\b"), "they were"),
    (re.compile(r"\bI have\b"), "they have"),
    (re.compile(r"\bI've\b"), "they've"),
    (re.compile(r"\bI'll\b"), "they'll"),
    (re.compile(r"\bI'd\b"), "they'd"),
    (re.compile(r"\bI\b"), "they"),
    (re.compile(r"\b[Mm]yself\b|\b[Oo]urselves\b"), "themselves"),
    (re.compile(r"\b[Mm]ine\b"), "theirs"),
    (re.compile(r"\b[Mm]y\b"), "their"),
    (re.compile(r"\b[Mm]e\b"), "them"),
    (re.compile(r"\b[Oo]ur\b"), "their"),
    (re.compile(r"\bus\b"), "them"),
    (re.compile(r"\bwe're\b"), "they're"),
    (re.compile(r"\bwe\b"), "they"),
)


def third_singular(verb: str) -> str:
    low = verb.lower()
    if low in ("have", "'ve"):
        return "has"
    if low in ("do", "go"):
        return verb + "es"
    if low == "be" or low == "am":
        return "is"
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


_PREFIX = re.compile(r"^(?:re|over|under|mis|out|up|with|fore)(?=[a-z]{3})")


def _prefixed_past(verb: str) -> bool:
    """ "retook", "overslept", "mistook", "outgrew": an irregular past with a prefix is a past too."""
    m = _PREFIX.match(verb)
    return bool(m and verb[m.end() :] in PAST_IRREGULAR)


def _en_first(body: str) -> tuple[str, str]:
    if pair := re.match(r"(?i)^(?:my (\w+) and I|me and my (\w+))\b", body):  # "My colleagues and I went"
        return f"The user and their {pair.group(1) or pair.group(2)}", body[pair.end() :]
    if pair := re.match(r"^(?P<name>[A-Z][a-z]+) and I\b", body):  # "Tom and I broke up": the pair keeps the name
        return f"The user and {pair.group('name')}", body[pair.end() :]
    for pattern, repl in _EN_FIRST_FORMS:
        m = pattern.match(body)
        if m:
            return repl, body[m.end() :]
    m = re.match(r"^I\s+", body)
    if not m:
        return "The user", " " + body
    words = body[m.end() :].split(" ")
    i = 0
    while i < len(words) - 1 and words[i].lower() in _ADVERBS:
        i += 1
    verb = words[i] if words else ""
    low = verb.lower()
    past = low.endswith("ed") and low not in _NOT_PAST or _prefixed_past(low)
    if low and low not in _MODAL_OR_AUX and low not in PAST_IRREGULAR and not past and verb.replace("-", "").isalpha():
        words[i] = third_singular(verb)
    return "The user", " " + " ".join(words)


# "Learning German has been tough", "Searching for investors has been tricky": the -ing phrase is the subject
_GERUND_SUBJECT = re.compile(
    r"(?i)^(?!(?:hoping|planning|thinking|looking|trying|wanting|going|getting|starting)\b)"  # they take a clause
    r"\w+ing\b[^,;]*?\b(?:has (?:been|given|made|helped|taught|shown|brought)|have been|is|was|'s been|are|"
    r"were|makes|made|helps|helped|gives|gave|keeps|kept|means|meant|brings|brought|takes|took|can \w+|will be|"
    r"reminds|reminded)\b"
    # "Going to community meetings and getting involved has given me...", "Thinking back to the tough times made me
    # realize...": a verb that usually takes a clause is a subject too when a perfect or a causative verb follows it
    r"|^(?:planning|thinking|looking|trying|going|getting|starting)\b[^,;]*?\b(?:has (?:been|given|made|helped|"
    r"taught|shown|brought)|'s been|made|makes|helps|helped|gives|gave|reminds|reminded|taught)\b"
)


_LEADING_ADVERBS = re.compile(r"(?i)^(?:(?:just|still|also|really|finally|recently|always|now)\s+)+")


def _en_omitted(body: str) -> tuple[str, str]:
    if EN_BARE_STATE.match(body):  # "Nervous", "Glad to have this outlet": "The user is nervous"
        rest = re.sub(r"(?i)^feeling\s+", "", body)
        return "The user is", " " + rest[:1].lower() + rest[1:]
    if (news := EN_NEWS_PHRASE.match(body)) and news.group("offer"):  # "Brightwell offer came!!"
        org = news.group("org")
        return "The user got a job offer" + (f" from {org}" if org else ""), ""
    if news := EN_NEWS_PHRASE.match(body):  # "First day at X" -> "The user had their first day at X"
        phrase = re.sub(r"(?i)^(?:my|a) ", "", news.group(0)).lower()
        lead = f"The user had their {phrase}" if news.group("had") else f"The user has a {phrase}"
        return lead, body[news.end() :]
    if intro := EN_INTRODUCTION.match(body):  # "Lumen Robotics in Shenzhen, ML engineer"
        role = intro.group("role")
        if not re.match(r"(?i)(?:an?|the) ", role):
            vowel = re.match(r"[aeiouAEIOU]|[AEFHILMNORSX][A-Z]", role)
            role = ("an " if vowel else "a ") + role
        return f"The user is {role} at {intro.group('org')}{intro.group('place') or ''}", ""
    if _GERUND_SUBJECT.match(body):
        return "For the user,", " " + body[:1].lower() + body[1:]
    if it := _IT_TOOK_ME.match(body):  # "took me 2 years of nights": its left-out subject is "it", the user its object
        return f"It {it.group(1).lower()} the user", body[it.end() :]
    adverbs = _LEADING_ADVERBS.match(body)
    after = body[adverbs.end() :] if adverbs else body
    for pattern, repl in _EN_OMITTED_FORMS:
        m = pattern.match(after)
        if m:  # "Just been tinkering with that recipe": "The user has just been tinkering"
            words = repl.split(" ")
            at = 3 if words[2] in ("is", "has") else 2  # after the auxiliary: "is still going to", "still wants to"
            if adverbs:
                words.insert(at, adverbs.group(0).strip().lower())
            return " ".join(words), after[m.end() :]
    words = body.split(" ")
    i = 0
    while i < len(words) - 1 and words[i].lower() in _ADVERBS:
        i += 1
    verb = words[i].lower() if words else ""
    lead = " ".join(words[:i]).lower()
    gap = f" {lead}" if lead else ""
    rest = " " + " ".join(words[i:])
    rest = rest[:2].lower() + rest[2:] if not rest[1:3].isupper() else rest
    return ("The user is" if verb.endswith("ing") else "The user") + gap, rest


# what a task took or cost the writer, said without its "it": "took me 2 years of nights", "cost me a fortune"
_IT_TOOK_ME = re.compile(r"(?i)^(took|takes|cost|costs)\s+me\b")


def _en_object(body: str) -> tuple[str, str]:
    if done := EN_DONE_TO_ME.match(body):  # "they let me go today" -> "The user was let go today"
        agent = done.group("agent")
        by = (
            ""
            if agent.lower() in ("they", "work")
            else " by " + re.sub(r"(?i)^(?:my|our) ", "their ", re.sub(r"^The ", "the ", agent))
        )
        return f"The user {pronouns_of_the_user(done_to_me(done))}{by}", ""
    m = re.search(r"\b(?:[Mm]y|[Mm]e)\b", body)
    if not m:
        return body, ""
    lead = body[: m.start()]
    for pattern, repl in _EN_REST:
        lead = pattern.sub(repl, lead)
    lead += "the user's" if m.group(0).lower() == "my" else "the user"
    return lead[:1].upper() + lead[1:], body[m.end() :]


_DANGLING = re.compile(r"(?i)[\s,]+(?:and|but|or|so|because|'cause|plus|with|to|the|a)$")
# a chat's laugh or interjection closing the clause ("im the oldest in the class lol", "back east again haha"), and
# "like" as a hedge before a figure ("by like 20 yrs"): no part of what is stored
_EN_CHAT_TAIL = re.compile(r"(?i)(?:[\s,]+(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jk|xd|omg|ugh|smh))+[\s.!~]*$")
_EN_LIKE_FIGURE = re.compile(
    r"(?i)(?:(?<=\bby )|(?<=\bfor )|(?<=\bin )|(?<=\bis )|(?<=\bwas )|(?<=\bare )|(?<=\bpaid )|(?<=\bspent )"
    r"|(?<=\btook )|(?<=\bcost )|(?<=\bdid )|(?<=\bran ))like\s+(?=\d)"
)
# what a removed time leaves ("starting in October" -> "starting"); "went to a few weeks ago" keeps its "to"
_TIME_LEFT = re.compile(r"(?i)[\s,]+(?:starting|from|since|until|beginning)$")


def pronouns_of_the_user(text: str) -> str:
    """The writer's pronouns in a phrase in the third person: "my students progress" -> "their students progress"."""
    for pattern, repl in _EN_REST:
        text = pattern.sub(repl, text)
    return text


def english(body: str, subject: Subject, keep_times: bool = False) -> str:
    """The clause in the third person. A memory's relative times are its resolved time, so they leave its words;
    `keep_times`: words that have no resolved time of their own (an edit, an agent's proposal) keep every time."""
    body = _EN_LIKE_FIGURE.sub("about ", _EN_CHAT_TAIL.sub("", body.strip()))
    body = _DANGLING.sub("", body.strip().rstrip(".!~,;"))
    if not keep_times:
        body = _TIME_LEFT.sub("", without_relative_times(body).strip().rstrip(".!~,;"))
    if subject is Subject.FIRST:
        lead, rest = _en_first(body)
    elif subject is Subject.POSSESSIVE:
        m = re.match(r"^(?:[Mm]y|[Oo]ur|[Tt]he)\s", body)  # "the trip is cancelled": a passive of the writer's own
        rest = body[m.end() if m else 0 :]
        if not m and (re.match(r"(?i)" + EN_OWN_THING, rest) or EN_OWN_ATTRIBUTE.match(rest)) and rest[1:2].islower():
            rest = rest[:1].lower() + rest[1:]  # "Visa approved" -> "The user's visa approved"
        lead, rest = "The user's", " " + rest
    elif subject is Subject.OMITTED:
        lead, rest = _en_omitted(body)
    else:
        lead, rest = _en_object(body)
    for pattern, repl in _EN_REST:
        rest = pattern.sub(repl, rest)
    return re.sub(r"\s{2,}", " ", lead + rest).strip()


_ZH_FIRST = re.compile(r"^我们")
_ZH_END = re.compile(r"[。！!~～…\s]+$")


_ZH_SELF = re.compile(r"我们的|我的|我们|我")
_SHI_DE = re.compile(r"^(?P<pre>[^是，,]{0,12}?)是(?P<said>[^是]{2,40})的$")
_MY_KIN = re.compile(r"我(?=[" + ZH_KIN_INITIAL + r"])")


# 我 and a kin word in the rest of a clause: the user's kin, named canonically ("跟我爹我娘一堆儿过" -> "跟用户的父亲和
# 母亲一堆儿过", "带了一兜我娘蒸的枣花馍" -> "用户的母亲蒸的"); 俺 / 咱 are read as 我 (`clauses.fold_dialect`)
_MY_KIN_WORD = re.compile(r"我的?(?P<kin>" + "|".join(sorted(ZH_KIN_CANON, key=len, reverse=True)) + ")")
_KIN_PAIR = re.compile("(用户的(?:" + "|".join(sorted(set(ZH_KIN_CANON.values()), key=len, reverse=True)) + "))用户的")


def _kin_of_the_user(tail: str) -> str:
    if "我" not in tail:
        return tail
    said = _MY_KIN_WORD.sub(lambda m: "用户的" + ZH_KIN_CANON[m.group("kin")], tail)
    # the second of two kin said together is the same user's: "用户的父亲用户的母亲" -> "用户的父亲和母亲"
    return _KIN_PAIR.sub(r"\1和", said)


# 我 after a verb or a preposition is its object ("带我家那只橘猫", "去了我们第一次约会的那家店"), not the subject
_ZH_OBJECT_BEFORE = frozenset("了过着给跟和带让把被对为替向陪找请叫帮接送看喊劝催")


def _named_subject(body: str) -> bool:
    if zh_after_lead(body).startswith("我"):
        return True
    m = _ZH_SELF.search(body[:8])
    return bool(
        m
        and m.start() > 0
        and body[m.start() - 1] not in _ZH_OBJECT_BEFORE
        and body[m.end() : m.end() + 1] not in ("家", *ZH_KIN_INITIAL)  # "我家", "我娘蒸的": whose, not who
    )


def chinese(body: str, subject: Subject) -> str:
    body = _ZH_END.sub("", without_relative_times(body).strip())
    # 是…的 marks when / where / how a past event happened: "我是2022年春节后离开A公司的" says "我…离开A公司"
    body = _SHI_DE.sub(lambda m: m.group("pre") + m.group("said"), body)
    if subject is Subject.OMITTED and _named_subject(body):
        subject = Subject.FIRST  # "上上周我去了趟医院", "唱歌我是真的不行": the writer is named after the lead
    if subject is Subject.OMITTED:
        head, cut = "用户" + body, 2
    else:
        m = _ZH_SELF.search(body)
        if m is None:
            head, cut = "用户" + body, 2
        else:
            said = m.group(0)
            repl = "用户的" if said.endswith("的") or subject is Subject.POSSESSIVE else "用户"
            if said.startswith("我们") and repl == "用户":
                repl = "用户和同伴"
            head = body[: m.start()] + repl + body[m.end() :]
            cut = m.start() + len(repl)
    lead, tail = head[:cut], head[cut:]
    tail = _kin_of_the_user(tail)
    tail = _MY_KIN.sub("", tail).replace("我们", "自己和同伴").replace("我的", "自己的").replace("我", "自己")
    return lead + tail


_YOU_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(a, re.IGNORECASE), b)
    for a, b in (
        (r"\bthe user's\b", "your"),
        (r"\bthe user is\b", "you are"),
        (r"\bthe user was\b", "you were"),
        (r"\bthe user has\b", "you have"),
        (r"\bthe user does\b", "you do"),
        (r"\bthe user doesn't\b", "you don't"),
        (r"\bthe user and others\b", "you and others"),
        (r"\bthe user\b", "you"),
        (r"\bthemselves\b", "yourself"),
        (r"\btheirs\b", "yours"),
        (r"\btheir\b", "your"),
        (r"\bthem\b", "you"),
    )
)


def _base(verb: str) -> str:
    low = verb.lower()
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", low):
        return verb[:-2]
    if low.endswith("s") and not low.endswith("ss") and low not in ("was", "is", "has", "does", "this", "plus"):
        return verb[:-1]
    return verb


_USER_VERB = re.compile(
    r"(?:^The|(?<=\band )the|(?<=, )the) user (?:(?:just|also|still|really|finally|now|often|usually|always|never) )*"
    r"(\w+)"
)


def addressed(content: str) -> str:
    """A memory's English sentence said to the person: "The user is planning to propose" -> "You are planning to
    propose", "The user's sister lives in Boston" -> "Your sister lives in Boston", "The user moves" -> "You move"."""
    text = content
    # each clause the user is the subject of: the first, and one joined to it ("… and the user dives" -> "and you dive")
    for m in reversed(list(_USER_VERB.finditer(text))):
        if m.group(1).lower() not in ("is", "was", "has", "does", "doesn't", "and") and m.group(1).endswith("s"):
            text = text[: m.start(1)] + _base(m.group(1)) + text[m.end(1) :]
    for pattern, repl in _YOU_FORMS:
        text = pattern.sub(repl, text)
    return text[:1].upper() + text[1:]


def of_kin(content: str, kin: str, zh: bool) -> str:
    """A clause the writer said of their kin, written as the writer's own ("用户生病了" -> "用户的父亲生病了",
    "The user had a small stroke" -> "The user's dad had a small stroke")."""
    if zh:
        return "用户的" + kin + content.removeprefix("用户")
    rest = re.sub(r"^The user(?:'s)?\b", "", content)
    # the verb agrees with the kin word, not the writer's "they": "The user's dad is", "The user's parents are"
    one, many = {"are": "is", "were": "was", "have": "has"}, {"is": "are", "was": "were", "has": "have"}
    agree = many if kin == "parents" else one
    rest = re.sub(r"^ (\w+)\b", lambda m: " " + agree.get(m.group(1), m.group(1)), rest)
    return f"The user's {kin}{rest}"


ZH_DONE_BARE = re.compile(
    r"^(?P<adv>(?:已经|终于|还是|也|又|刚|刚刚|早就|最后)*)(?P<verb>[\u4e00-\u9fff]{1,2}?)(?P<le>掉了|完了|好了|了)$"
)


def zh_fronted(topic: str, comment: str) -> str:
    """A fronted topic and the writer's comment on it in the memory's order: "日本那个旅行" + "取消了" ->
    "用户取消了日本那个旅行" (the comment is a bare done verb: the topic is its object); else "关于咖啡，用户投降了"."""
    comment = _ZH_END.sub("", comment.strip())
    comment = comment.replace("我们", "自己和同伴").replace("我的", "自己的").replace("我", "自己")
    done = ZH_DONE_BARE.match(comment)
    if done:
        return f"用户{done.group('adv')}{done.group('verb')}{done.group('le')}{topic}"
    return f"关于{topic}，用户{comment}"
