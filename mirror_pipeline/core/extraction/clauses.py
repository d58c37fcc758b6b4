"""Clauses and their subjects, Chinese and English: the engine's view of who a clause is about.

A sentence is cut into clauses at clause punctuation and conjunctions; each clause's leading interjections and
greetings ("Yeah,", "Hey Gina!", "Thanks!", "哈哈") are stepped over; then its subject is read:
- FIRST: I / we / 我 / 我们 ("I lost my job", "我是2022年春节后离开A公司的")
- POSSESSIVE: my X / 我的 X / 我 + a kin word ("My favorite dance style is contemporary", "我妹妹下个月结婚")
- OMITTED: no subject, and the clause opens with a verb, an adverb or a time word (a Chinese diary's writer, or
  "Lost my job as a banker yesterday", "Started hitting the gym last week"): the writer
- OBJECT: someone or something else is the subject but the writer is its object ("Dancing makes me so happy")
- OTHER: someone else (他 / 妈妈 / you / she / a name): not the writer's statement
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from mirror_pipeline.core.extraction import feelings as _feel
from mirror_pipeline.core.text import CJK_CHAR

# the occupations a role names ("ML engineer", "a product owner"): the patterns' and the appositions' one list
EN_ROLE_WORDS = (
    "engineer|developer|scientist|manager|designer|nurse|doctor|teacher|lawyer|accountant|researcher|analyst|"
    "consultant|architect|writer|editor|journalist|founder|co-founder|professor|programmer|chef|pharmacist|"
    "therapist|dentist|physician|artist|photographer|lecturer|intern|director|product owner|cto|ceo|cfo|"
    "translator|paralegal|electrician|plumber|mechanic|pilot|firefighter|officer|librarian|veterinarian"
)


class Subject(StrEnum):
    FIRST = "first"
    POSSESSIVE = "possessive"
    OMITTED = "omitted"
    OBJECT = "object"
    OTHER = "other"


@dataclass(frozen=True)
class Clause:
    start: int  # into the sentence
    end: int
    body_start: int  # where the clause proper begins (after interjections)
    subject: Subject
    zh: bool

    def text(self, sentence: str) -> str:
        return sentence[self.body_start : self.end]


# "so I can ..." / "so that we could ...": a purpose, it stays with the clause it serves ("I color-code achievements
# so I can track my progress"); cut alone it says nothing
_EN_PURPOSE = r"(?!so (?:that )?(?:I|we) (?:can|could|will|would|'ll)\b)"
# a new subject that is a thing or someone else, with its verb: "..., and it was nice to be reminded", "..., they
# really make me keep going": a clause of its own (its subject is read as someone else's)
_EN_NEW_SUBJECT = (
    r"(?:it|that|this|they|he|she)(?:'s|'re|'d|'ll|\s+(?:is|was|are|were|has|had|have|really|always|make|makes|made|would|"
    r"will))\b"
)
# English past forms that are not "-ed" (one list: the rewrite and the aspects read it too)
PAST_IRREGULAR = frozenset(
    "went got had lost made took saw met found bought began left won ran wrote read taught built spent gave came flew "
    "drove kept felt did became sold paid thought brought caught heard told said sent stood understood wore woke "
    "chose fell forgot grew held knew led lent meant rode rose sang sat slept spoke swam threw was were been done "
    "gone seen taken given written eaten drank drunk ate broke broken hit quit put set cut let shut hurt".split()
)
_EN_OMITTED_ADVERBS = r"(?:(?:just|finally|recently|also|still|really|totally|actually|currently|now|even|only)\s+)*"
# a past form that is the writer's verb, not also a participle describing a thing ("the parts taken apart", "a
# car written off"): what a clause with its subject left out opens with
EN_PAST_VERB = PAST_IRREGULAR - set(
    "was were been done gone seen taken given written eaten drunk broken read put set cut let hit hurt shut "
    "quit".split()
)
# a clause after a comma that opens with a past verb, its subject left out: the writer's, as a chat goes on ("im 51
# and finally doing it, signed up for the electrical program at the polytechnic"); a participle that only describes
# what came before ("a house built in 1920", "..., made by hand", "..., called Nora") takes no object of its own
_EN_COMMA_OMITTED = (
    r",\s(?=" + _EN_OMITTED_ADVERBS + r"(?:[a-z]+ed|" + "|".join(sorted(EN_PAST_VERB)) + r")\s+"
    r"(?!(?:by|in|at|from|with|as|to|of|for|and|or|but|out of)\b)"
    r"(?:my|the|a|an|up|back|off|on|out|into|over|down|her|him|them|it|some|our|\d+|[A-Z]))"
)
_EN_SPLIT = re.compile(
    r"\s[-–—]+\s|[;:]\s|\s*\(|\)\s*"
    r"|,\s*" + _EN_PURPOSE + r"(?=(?:but|and|so|though|although|plus|because|since|which|while|or|even though)\b)"
    r"|(?<!even)\s(?=(?:even\s)?(?:though|although)\s)"
    r"|\s" + _EN_PURPOSE + r"(?=(?:but|so|plus)\s(?:I|we|my|it|that)\b)"
    # a contrastive "but" opening a clause of another subject: "we were going to brazil for christmas but the tickets
    # are 3.800" (what the writer did and what stood against it are two clauses)
    r"|\s(?=but\s(?:the|they|he|she|this|there|our|his|her|their)\s)"
    # (not the writer in a pair: "me and my brother opened a shop")
    r"|(?<!^[Mm]e)\sand\s(?=(?:I|we|my)\b|" + _EN_NEW_SUBJECT + r")"
    # a subordinate clause with someone else as its subject: "I took a road trip while you were winning" (the
    # listener in it does not make the main clause theirs)
    r"|\s(?=(?:while|when|because|after|before|until|since|as soon as)\s(?:you|he|she|they)\b)"
    r"|,\s(?=(?:I|we|my)\b|" + _EN_NEW_SUBJECT + r")"
    r"|" + _EN_COMMA_OMITTED + r"|"
    # a correction of what was just said: "we're gonna be an aunt and uncle, well i'm an aunt, he's the uncle"
    r",\s(?=(?:well|or rather|I mean)\s+(?i:i|we|he|she|they|it)\b)"
    # what someone did to the writer, after a comma: "..., they threw me a retirement lunch friday"
    r"|,\s(?=they\s+(?:\w+\s+)?\w+\s+me\b)"
    # the writer's clause after a comma, a place or an employer fronted before its I: "salary is 52k, in Dublin Bus I
    # have 46k" (the first clause's value is not the one the writer has there)
    r"|,\s(?=(?:in|at|with|for)\s+(?:the\s+)?(?:[A-Z][\w'\-]*\s+){1,3}(?:I|we)\s)"
    # an emoji standing for the full stop before a new subject: "ate half of the cake🙄 he is 4", "my little girl 😭
    # she is 5 in august" (not one inside a clause: "gout 🤦 in my big toe")
    r"|\s*[\U0001F000-\U0001FAFF\u2600-\u27BF\u200d\ufe0f]+\s*(?=(?:she|he|they|it|I|we)\s)"
    # a new subject after a comma, its verb as a second language may leave it bare: "we have a cat, paçoca, she
    # destroy our sofa" (the cat's doing is no part of the writer's clause)
    r"|,\s(?=(?:she|he|they)\s+(?!(?:and|or|too|also|both|all)\b)[a-z]{2,}\b)"
)
# what follows a dash or a colon and only names what came before, with no verb of its own: "a new project - a
# suspenseful thriller set in a small town", "my dream business: my own dance studio" (an apposition stays)
_EN_NOT_NOUN = (
    r"(?!(?:i|we|you|he|she|it|they|is|are|was|were|am|be|been|has|have|had|will|would|can|could|should|do|does|"
    r"did|gonna|'s|'re|'m)\b)"
)
_EN_APPOSITION = re.compile(  # one word, then words each after a separator: no two ways to cut a word
    r"(?i)^(?:a|an|the|my|our|another)\s+" + _EN_NOT_NOUN + r"[\w'&\-]+(?:[\s,]+" + _EN_NOT_NOUN + r"[\w'&\-]+){0,9}"
    r"[\s,]*[.!?~]*$"
)
# ", and clothes": the last item of a list ("canned food, toiletries, and clothes to help out"), not a clause
_EN_LIST_TAIL = re.compile(
    r"(?i)^,\s*(?:and|or)\s+(?!(?:I|we|my|it|that|this|they|he|she|you|the)\b)[\w'\-]+(?:\s[\w'\-]+){0,3}\s*[.!?]*$"
)
_ZH_SPLIT = re.compile(
    r"[，,；;：:、（）()]|(?=但是|不过|所以|然后|可是|而且)"
    # a chat line's clauses are cut by spaces, emoji and an ellipsis, not commas: "我下周三去上海出差 你在不在",
    # "我跟男朋友分了…… 别问"; a space before one CJK character stays ("拿到 offer 了")
    r"|…+|\.{3,}|[\U0001F000-\U0001FAFF\u2600-\u27BF\u200d\ufe0f]+"
    # a list's numbers: "目标：1. 游泳一公里 2. 培训项目做好" (not a decimal: "利率3.85", "v2.13.4")
    r"|\s*(?<![\d.A-Za-z])\d{1,2}[.．、](?![\d.])\s*"
    # (two Latin words stay together: "带merchant app的团队")
    r"|(?<=[\u4e00-\u9fffA-Za-z0-9])\s+(?=[\u4e00-\u9fff]{2})|(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z]+[\u4e00-\u9fff]{2})"
)
_EN_LEAD = re.compile(
    r"^(?:(?:yeah|yes|yep|yup|wow|whoa|oh|ooh|ah|aw|aww|hey|hi|hello|so|well|also|actually|honestly|and|but|plus|"
    r"haha|hahaha|lol|ok|okay|cool|nice|sure|totally|definitely|anyway|btw|by the way|thanks|thank you|"
    r"thanks a bunch|thx|sorry|true|right|exactly|absolutely|awesome|great|amazing|congrats|congratulations|"
    r"omg|hmm|um|uh|ugh|man|dude|same|agreed|though|then|now|because|'cause|cause|since|while|or|which)\b"
    r"(?:\s+(?:(?-i:[A-Z][a-z]+)|so much|a lot|for asking|for sharing|again|too|man|buddy))?\s*[,.!~]*\s*"
    r"|(?-i:[A-Z][a-z]+)[!,]\s*"
    # the one spoken to, before the writer's I: "Kevin I'll be in Japan Oct 20-26"
    # (a name, not a word that opens a clause: "Realizing I can…", "Glad I went", "When I was…")
    r"|(?!(?:today|yesterday|tomorrow|tonight|now|then|sometimes|finally|recently|lately|maybe|perhaps|also|and|"
    r"but|so|if|when|because|since|before|after|once|until|unless|whenever|what|where|why|how|glad|good|lucky|"
    r"luckily|hope|hopefully|wish|think|guess|bet|thankfully|honestly|seems|like|just|only|even|said|says|suppose|"
    r"imagine|say|let|assume|pretend|remember|forget|know|knew|believe|feel|felt|tell|told|hear|heard|see|saw|"
    r"swear|promise|admit|reckon|figure|please|yes|no|well|unfortunately|sadly|apparently|whether|though|as)\b)"
    r"(?-i:[A-Z][a-z]+)(?<!ing)(?<!ed)(?<!ly)\s+(?=(?-i:I)(?:\s|['’]))"
    # the topic a chat names first: "money wise im living off savings", "work-wise, it's quiet"
    r"|[a-z]+(?:-| )wise\b[\s,:]*"
    r")+",
    re.IGNORECASE,
)
_EN_FIRST = re.compile(r"^(?:I|we|We|(?i:me and my [\w\-]+|my [\w\-]+ and I)|[A-Z][a-z]+ and I)\b")
# a name said alone before "and I" ("Tom and I broke up"): a pair of subjects, one of them the writer
_EN_NAME = re.compile(r"(?!(?:And|But|So|Then|Yes|Yeah|Well|Oh|Also|Now|Today|Yesterday)\b)[A-Z][a-z]+")
_EN_POSSESSIVE = re.compile(r"^(?:my|My|our|Our)\s")
# a clause that opens with a verb: the writer left the subject out ("Lost my job", "Been hectic", "Gonna keep going",
# "Told my boss today": any past form, not a list of the ones seen)
_EN_OMITTED = re.compile(
    r"^"
    + _EN_OMITTED_ADVERBS
    + r"(?:[a-z]+ed|"
    + "|".join(
        sorted(PAST_IRREGULAR - {"read", "put", "set", "cut", "let", "hit", "hurt", "shut", "quit", "was", "were"})
    )
    + r"|gonna|gotta|going to|planning|hoping|thinking|"
    r"working|getting|looking|trying|learning|starting|searching|finishing|wrapping|prepping|preparing|heading|"
    r"living|juggling|putting|taking|making|doing|having|following|hitting|wanna|want to|can't wait|"
    # "Love and acceptance should be everyone's right", "Love is truly magical": the noun, not "(I) love"
    r"(?:love|loving)(?!\s+(?:and|is|was|'s|should|can|will|must|makes|made|brings|means)\b))\b",
    re.IGNORECASE,
)
# a feeling or a state said without "I'm" ("Glad to have this outlet", "Nervous.", "Kind of lonely since the move")
# ("was fuming with the agent", "feeling a bit low this week", "absolutely shattered": the feeling words every
# reader shares, `feelings`)
EN_BARE_STATE = re.compile(
    r"(?i)^" + _feel.EN_OPENERS + _EN_OMITTED_ADVERBS + r"(?:(?:was|been|feeling|felt)\s+)?(?:(?:"
    + _feel.EN_DEGREE_WORDS + r")\s+)*"
    r"(?:glad|thankful|lucky|" + _feel.EN_EMOTIONS + "|" + _feel.EN_FEELING_IDIOMS + "|" + _feel.EN_FEELINGS_OF
    + r"|(?<=feeling )(?:" + _feel.EN_WEAK_EMOTIONS + r"))\b"
    # a pleasantry of the chat, about the exchange, the other or the future: "Glad we're friends!", "Excited for
    # the future!", "So happy for you", "Glad to hear it": not a state of the writer
    r"(?P<pleasantry>(?= (?:we're|we are|you(?:'re)?\b|for (?:the future|you|u)\b|to (?:hear|see you|meet you|"
    r"have (?:you|this|that|such))\b)))?"
)

# a noun phrase that is the writer's news, its "I had" / "I have" left out: "First day at Lumen Robotics today",
# "New job at a bank downtown", "Last shift at the cafe"
EN_NEWS_PHRASE = re.compile(
    # (one word may say what kind: "First work trip for Brightwell", "Last night shift at the ward")
    r"(?i)^(?:(?P<had>(?:my )?(?:first|last) (?:(?!(?:time|one|thing|of|to)\b)[a-z]+ )?(?:day|week|shift|month|class|"
    r"lesson|trip|flight|race|match|game|paycheck|session)s?)|(?P<has>(?:a )?new (?:job|role|"
    r"position|gig|apartment|place|car|bike|puppy|kitten)))\b(?= (?:at|as|in|with|of|for|to|today|tomorrow)\b|\s*$)"
    # a job offer announced with no verb, or with only its coming: "offer!", "Brightwell offer came!!", "Got the
    # offer" is the verb's; the offer's maker, if named, is a capitalised name before it, and then its coming is said
    # ("Special offer!" is an advert: a capitalised word alone before "offer" may be any word opening a sentence)
    r"|^(?:(?:the|an?)\s+)?(?:(?P<org>[A-Z][\w&.\-]*(?:\s[A-Z][\w&.\-]*)?)\s+)?(?i:(?P<offer>(?:job\s+)?offer))"
    r"(?(org)(?i:\s+(?:came(?: in| through)?|arrived|is in|landed|accepted|signed))|"
    r"(?i:\s+(?:came(?: in| through)?|arrived|is in|landed|accepted|signed))?)(?=\s*[!.]*\s*$)"
)
# a thing of the writer's plans or dealings said in the passive with no owner named: "the trip is cancelled",
# "Hokkaido trip in December is cancelled", "loan fully settled", "Visa approved!" (a thing of someone else's has
# its owner said: "your flight", "his surgery"; their clauses are read as someone else's)
EN_OWN_THING = (
    r"(?:trip|flight|holiday|vacation|wedding|surgery|operation|interview|offer|loan|booking|reservation|visa|"
    r"application|lease|contract|mortgage|appointment|exam|renovation|reno|promotion|transfer|scholarship|permit|"
    r"house|car|apartment|flat|condo|key|passport|licen[cs]e|certificate|document|paperwork)s?\b"
)
# (what is done and over, an event of the writer's: "keys collected!!", "the interview went good")
EN_OWN_HAPPENED = (
    r"(?:collected|renewed|issued|received|approved|granted|signed|sold|paid off|settled|"
    r"went (?:(?:really|so|very|pretty|quite) )?(?:well|good|great|fine|ok|okay|badly|smooth(?:ly)?))"
)
EN_OWN_DONE = (
    r"(?:cancel+ed|postponed|accepted|rejected|declined|confirmed|booked|delayed|rescheduled|"
    r"repaid|called off|on hold|extended|pushed back|moved up|brought forward|scheduled|"
    + EN_OWN_HAPPENED
    + ")"
)
EN_OWN_PASSIVE = re.compile(
    r"(?i)^(?:(?:the|our)\s+)?(?!(?:your|his|her|their|its|my)\b)(?:[\w\-]+\s+){0,2}?"
    + EN_OWN_THING
    + r"(?:\s+(?:in|to|for|on|at|with|from)\s+[^,;.!?]{1,30}?)?"
    r"(?:\s+(?:is|was|are|were|got|has been|have been|'s))?\s+(?:(?:finally|officially|just|now|all|already|fully)\s+)?"
    + EN_OWN_DONE
    + r"\b"
)
# an attribute of the writer's own said bare, as the writer names it (the English of a diary's 血压有点高, 工资涨了;
# "the rent is too high here" says rents in general):
# "pension from GE is about 4100 a month", "rent went up to 2,400", "A1C is 7.2 now", "blood pressure was 150/95"
EN_OWN_ATTRIBUTE = re.compile(
    r"(?i)^(?:pension|salary|paycheck|rent|income|savings|mortgage|a1c|blood pressure|blood sugar|"
    r"cholesterol|resting heart rate)\b[^,;.!?]{0,24}?\s(?:is|was|went|came|dropped|rose|jumped|stays?|stayed)\b"
)
# what someone did to the writer, its agent the workplace or a school, or "they" (the writer's employer, unnamed):
# "they let me go today", "The company laid me off", "HR transferred me to Chengdu", "my boss promoted me" (the
# writer is the verb's object; the memory says it in the passive)
EN_DONE_TO_ME = re.compile(
    r"^(?P<agent>they|They|(?i:the|my|our) (?i:company|firm|school|university|uni|college|bank|employer|boss|manager|"
    r"agency|clinic|hospital|team|department|company's)|(?i:work|hr|management)"
    # a named employer or school, not a pronoun, a person's role or a kin word
    r"|(?!(?:It|This|That|These|Those|He|She|We|You|There|Here|Everyone|Someone|Mom|Mum|Dad|People)\b)"
    r"[A-Z][\w&.\-]+(?: [A-Z][\w&.\-]+)?)\s+"
    r"(?:(?:just|finally|officially|actually|already)\s+)?(?P<verb>(?!(?:need|want|ask|told)ed\b)[a-z]+ed|let|laid|put|"
    r"kept|sent|paid|threw|gave|took|showed)\s+me\b(?P<rest>.*)$"
)
_PARTICIPLE = {"threw": "thrown", "gave": "given", "took": "taken", "showed": "shown"}


def done_to_me(done: re.Match[str]) -> str:
    """What EN_DONE_TO_ME's clause says of the writer, in the passive: "they threw me a party" -> "was thrown a
    party"."""
    verb = done.group("verb")
    return f"was {_PARTICIPLE.get(verb, verb)}{done.group('rest')}"


# a self-introduction without a verb, a place of work and a role: "Lumen Robotics in Shenzhen, ML engineer",
# "Acme, product designer" (a profile line or a chat's first message): the writer's work
EN_INTRODUCTION = re.compile(
    r"^(?P<org>[A-Z][\w&.\-]*(?: (?:of |for |and |& )?[A-Z][\w&.\-]*){0,4})(?P<place> in [A-Z][a-z]+(?: [A-Z][a-z]+)?)?"
    r",\s*(?P<role>(?:(?:an?|the) )?(?:[A-Za-z][\w\-]* ){0,3}?(?:" + EN_ROLE_WORDS + r"))\s*[.!]*$",
)

# a request to the one addressed: a verb in the imperative with its object ("Give me a taper plan", "Check out my
# painting", "Look at my students", "Make it warmer"): not the writer's statement
_EN_REQUEST = re.compile(
    r"(?i)^(?:please\s+)?(?:give|tell|help|show|send|check|look|make|write|let|find|remind|list|explain|suggest|"
    r"recommend|create|translate|fix|teach|draft|summari[sz]e|keep|guess|imagine|picture|take a look)\b"
    r"(?!\s+(?:is|was|has|are)\b)"
)

# time words that open a clause before its subject ("Next month I'm having an art show", "Last Friday, I went")
_EN_TIME_LEAD = re.compile(
    r"(?:(?:since (?:we|I) (?:last )?(?:spoke|speak|talked|talk|chatted|chat|met|saw each other)(?: last)?)|"
    r"(?:next|last|this|that) (?:week|weekend|month|year|summer|spring|fall|autumn|winter|night|time|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun)|"
    r"yesterday|today|tonight|recently|lately|these days|nowadays|this morning|earlier|a while ago|"
    r"(?:a few|two|three|four|five|several|a couple of) (?:days|weeks|months|years) ago|"
    r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    # a weekday gone by as regions say it: "friday gone", "tuesday past", "this past Monday"
    r"this past (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend)|"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:just )?(?:gone|past)|in (?:january|february|march|april|may|june|"
    r"july|august|september|october|november|december|\d{4})|over the weekend|the other day)\s*,?\s+",
    re.IGNORECASE,
)
_EN_OTHER = re.compile(
    r"^(?:you|your|he|she|they|his|her|their|it|its|this|that|these|those|there|here|what|who|how|why|when|where|"
    r"which|everyone|everybody|someone|nobody|people|the|a|an)\b",
    re.IGNORECASE,
)
_EN_ME = re.compile(r"\b(?:me|my|myself)\b")
# someone named, then taken up again by a pronoun, as a second language says it: "aoife from the clinic she is
# getting married", "Marek he works nights" (the name is the subject, whatever "me" the clause holds after it)
_EN_RESUMED = re.compile(
    r"^(?!(?i:I|we|my|our|you|your|it|this|that|there|the|a|an|then|so|and|but|or|now|today|tonight|yesterday|"
    r"also|because|when|if|after|before|since|maybe|once|until|while|[a-z]+ly)\b)[A-Za-zÀ-ÿ][\w'\-]+"
    r"(?:\s+(?:from|at|in|of)\s+(?:the\s+|my\s+|our\s+)?[\w'\-]+)?\s+(?:she|he)\s+[a-z]"
)
# the writer only as what someone else is measured against: "Bigos love the car more than me", "she runs faster than
# my brother" (the clause says nothing done to the writer, nor of the writer's; "people like me", "as stoked as me"
# count the writer in)
_EN_ME_COMPARED = re.compile(r"(?i)\bthan\s+(?:me|my|myself)\b")

# the first character of a kin word after 我 ("我妈", "我娘", "我舅"): 我 is then whose, not the subject
ZH_KIN_INITIAL = "妈爸娘爹哥姐弟妹老儿女外奶爷婆公舅姨叔伯姑"


def fold_dialect(text: str) -> str:
    """A Chinese text with a region's function characters said as Mandarin's, one character for one (so spans hold;
    what the rules give back is in the writer's own characters again, `extract`):
    - the first person: 俺 / 咱 of 河南话, 山东话, 东北话 are the writer ("俺家" the writer's home, "俺娘" their mother);
    - the perfective: 长沙话's 哒 is 了 ("搬家搬哒一整天", "发哒三千奖金": a one-off, done; read as a lasting fact
      before), Cantonese 咗 is 了 ("我搬咗去沙田"), 陕西话's 咧 after a verb is 了 ("面试完咧");
    - 冇 (Cantonese, 湘语, 客家话) is 没 ("冇得空"); and Cantonese's 佢 他, 嘅 的, 喺 在, 唔 不 ("佢喺深圳返工").
    - 潮汕话 / 闽南话: 欲 before a verb is 要 ("欲去复查": a plan, read as a timeless fact before), 伊 is 他 / 她
      (someone else, not the writer), 呾 is 说, 胶己 is 自己;
    - a day said with 日 (今日, 昨日, 明日, 前日, 后日) is 今天 / 昨天 ..., and 天津话 / 北方话's 夜来 is 昨天, so the
      clause is dated by its entry's day.
    哒 as a sound is left as written (嘀嗒, 啪嗒, 吧嗒, 哒哒, 么么哒); so are the words that hold 欲 or 伊 in Mandarin
    (食欲, 欲望, 随心所欲, 跃跃欲试; 伊朗, 伊犁, 木乃伊) and 日 in a name or a word (今日头条 stays 今天头条 harmlessly,
    前日期 is not read: 日期, 日子, 日本 stay)."""
    if not _DIALECT_CHARS.search(text):
        return text
    text = text.translate(_DIALECT)
    for said, mandarin in _DIALECT_SAID:
        text = said.sub(mandarin, text)
    return text


_DIALECT = str.maketrans(
    {"俺": "我", "咱": "我", "咗": "了", "冇": "没", "佢": "他", "嘅": "的", "喺": "在", "唔": "不", "呾": "说"}
)
# a region's characters read only where they stand as the function word (each one character for one)
_DIALECT_SAID: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<![嘀啪吧么哒滴])哒(?!哒)"), "了"),
    # 陕西话's 咧 after a verb or its complement is 了 ("面试完咧", "够上长安一中咧"); not 咧嘴, 大大咧咧, 骂骂咧咧,
    # nor 弄啥咧 (呢, a question)
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<![咧骂啥])咧(?![嘴咧开])"), "了"),
    (re.compile(r"(?<![食情性物贪求随所色爱肉意私淫利权畅欲跃摇蠢之耳昏])欲(?![望念火言哭速罢盖擒])(?=[\u4e00-\u9fff])"), "要"),
    (re.compile(r"(?<![乃维赛尼克迪泰菲艾])伊(?![犁朗拉斯利丽万甸始人春通莎恩藤凡宁尔妹势])"), "他"),
    (re.compile(r"胶(?=己)"), "自"),
    (re.compile(r"(?<=[今昨明前后])日(?![本报子期记常用语元光])"), "天"),
    (re.compile(r"(?<![半深昨入每今当一黑整])夜(?=来(?![香]))"), "昨"),
    (re.compile(r"(?<=昨)来"), "天"),
    # 陕西话 / 甘肃话 / 山西话: 额 is 我 where it stands as a word ("额婆娘秀琴", "额吓得一身汗"; not 金额, 名额, 额度,
    # 额外, 额头, nor a chat's sigh "额，"), and 我大 is the writer's father ("小年回鄠邑看我大", "我大又查出来血糖高";
    # not 我大学, 我大概, 我大哥, 我大吃一惊: only before a clause's end or a word a subject takes)
    (
        re.compile(
            r"(?<![金名余超差限总份数定配税面票巨高全前缺欠业售易生足满])额(?![度外头定满角数])(?=[\u4e00-\u9fff])"
        ),
        "我",
    ),
    (
        re.compile(
            r"(?<=我)大(?=[，。,！!？?、；;\s]|$|说|在|又|也|还|今年|这|那|的(?!学|概|多)|身|腰|腿|血|住院|出院|病|"
            r"去(?!年)|打电话|让|叫|跟|和|年纪|七十|八十|六十)"
        ),
        "爸",
    ),
)
_DIALECT_CHARS = re.compile("[俺咱咗冇佢嘅喺唔哒呾欲伊胶额咧]|[今昨明前后]日|夜来|我大")


_ZH_LEAD = re.compile(
    r"^(?:(?:哈哈+|嗯+|哇+|啊+|哦+|唉+|好的|好吧|对了|其实|说实话|总之|反正|而且|但是|不过|所以|然后|可是|另外|"
    r"因为|由于|最终|后来|于是|结果|首先|接着|并且)[，,！!。~～\s]*"
    # a tag an app puts before the words ("[语音转文字]", "【语音】"), and the one spoken to before 我 / 你
    # ("妈我跟医生谈了", "爸，你别担心"): neither is the clause's subject
    r"|[\[【][^\]】]{1,10}[\]】]\s*"
    r"|(?:妈妈|爸爸|老妈|老爸|妈|爸|老婆|老公|宝贝|亲爱的|哥|姐)[，,\s]*(?=我(?![" + ZH_KIN_INITIAL + r"的们])|你))+"
)
# A Chinese personal name: a common surname and one or two characters, or 小王 / 阿杰 (patterns read names with it)
ZH_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪"
    "范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧常温康施文牛樊葛邢安齐易乔伍庞颜"
)
# A person named as the clause's subject, their verb, a coverb or an adverb right after: someone else's
# statement, never the writer's. One rule for every form a name takes: 阿 / 老 / 小 and one character as a
# diary names people ("阿梅说", "老黄喝多了", "小燕在桂林教小学", "小墨对芒果过敏"; not 小时候, 老家, 老师,
# 小区), a common surname and one or two characters ("陈昊来帮忙装书架"), a doubled character naming a child
# or a pet ("朵朵", "豆豆"; not a doubled adverb, "慢慢", "天天"); a name after 我家 is still that person
# ("我家老黄每天早上四点起来熬汤"). A surname name takes fewer words after it than a 阿 / 老 / 小 one (so many
# common words open with a surname's character: 高兴就好, 李子很甜); a holiday opening the clause is its
# time, not a name (黄金周去了三亚: `ZH_TIME_LEAD`).
_ZH_NAME_AFTER = (
    # a time between the name and its verb: "郝磊8月底已经去恩施报到了", "郝建国今年开春从上海回郑州了"
    r"\d{1,4}(?:年|月|号|日)|[今去明前]年|开春|年[前后底初]|[上下这]个?月|"
    r"对[^，。,]{1,8}(?:过敏|不耐受)|跟|和我|给我|被|把|来(?!了)|去了|说|讲|也|都|又|还|已经|刚|今天|昨天|最近|在(?!于)"
    r"|要|会|想|喜欢|怕|不|没|的(?:病|身体|手术|过敏)"
    r"|却|倒是|竟然|居然|总算|终于|突然|一直"  # "朵朵却看得很认真，还买了个小俑摆件": the child's doing
    # a verb of a life's turn right after the name ("张磊考上了公务员", "阿芳辞职了"), or the pronoun a spoken
    # sentence takes the name up with ("阿明佢转咗工", "小李他调到总部了")
    r"|辞职|辞了|考上|考进|考到|转正|转行|跳槽|升职|升了|调到|调去|退休|结婚|离婚|订婚|怀孕|生了|搬|买了|卖了|开了|"
    r"找到|找着|发烧|住院|出院|毕业|入职|当上|嫁|娶|出国|回国|签了|[佢他她](?![们的])"
)
_ZH_NICKNAME_AFTER = (
    _ZH_NAME_AFTER + r"|讲|问|是|每|就|已|去|和|给|从|很|太|真|喝|做|教|考|结|生|带|帮|让|叫|回|打|找|今|昨|明|那|这"
    r"|一直|总|竟|居然|突然|终于"
)
# characters whose doubling is an adverb, a verb tried, a sound or a greeting, not a name
NOT_A_TWIN_NAME = (
    "常刚慢天渐偷好早悄默统乖稍明处时往年月人个紧轻静久多大小谢看试想走聊说等仅偏哈嘿呵嘻星点层步日夜家事样种纷匆足满整白"
    "快高远深浅暖热冷干净实平安团转拜嗯啊呜哦哼喔嘛啦呀"
    # (a verb said twice, softened: "咬咬牙把车买了", "揉揉眼睛")
    "咬揉拍摸擦洗吹晒逛玩学练尝问听歇睡瞧瞅找抱亲笑哭动写读算数查翻比碰捏敲扫理修搓泡散"
)
ZH_NAMED = re.compile(
    r"^(?:我家)?"
    r"(?!白天|马上|万一|向来|高中|高考|毛病|方便|安排|任务|文件|程序|金额|余额|钱包|周围|小心|小区|小说|小组|小学|小孩|"
    r"康复|于是|严重)"
    + "(?!"
    + "|".join(c * 2 for c in "常刚慢天渐偷好早悄默统乖稍明处时往年月人个紧轻静久多大小")
    + ")"
    + r"(?:[阿老小](?!时|家|师|板|区|学|孩|说|吃|人|是|心|实|组|店|事|毛病|样|公|婆|朋友|伙|姐姐|妹妹|号|本|费|鼠|年|满|寒|暑|雪)"
    + r"(?![了的着过是在不也都就还又很太想要会能])[\u4e00-\u9fff](?="
    + _ZH_NICKNAME_AFTER
    + rf")|(?:[{ZH_SURNAMES}][\u4e00-\u9fff]{{1,2}}?|(?P<twin>[\u4e00-\u9fff])(?P=twin))(?="
    + _ZH_NAME_AFTER
    + ")"
    # 老 and a surname is a person whatever follows ("老周跑车的时候被人追尾", "老周骑电瓶车送"), but for the
    # few words so built ("老顾客", "老黄历", "老汤"); a doubled character opening the clause, but for a doubled
    # adverb, verb or sound ("浩浩一模考了540", "婆婆从乐山上来"; not "谢谢", "看看", "哈哈")
    + rf"|老(?!顾客|黄历|黄牛|马识途|于世故|江湖|汤|白干|毛病|方子|石头|钱)[{ZH_SURNAMES}](?=[\u4e00-\u9fff])"
    + r"|(?P<twin2>(?!["
    + NOT_A_TWIN_NAME
    + r"])[\u4e00-\u9fff])(?P=twin2)(?=[\u4e00-\u9fff])"
    + ")"
)
# (自己 opening a diary's clause is the writer: "2017年才自己开了这家店", "自己做了个决定")
_ZH_FIRST = re.compile(
    r"^(?:我们|我(?!的|们的|[" + ZH_KIN_INITIAL + r"]|前(?:夫|妻|男友|女友))|自己(?!的))"
)
_ZH_POSSESSIVE = re.compile(
    r"^(?:我的|我们的|我(?=[" + ZH_KIN_INITIAL + r"])|我们(?=公司|家|学校|部门|团队|班|组|小区|单位))"
)
# a kin word or a person after "my" / 我: the clause is about that person, not the writer ("My sister lives in
# Sydney", "我妈妈住在青岛"); the patterns read the relation itself
EN_KIN = re.compile(
    r"^(?:my|our) (?:(?:\w+ )?(?:mom|mum|dad|mother|father|parents?|kids?|child|children|sons?|daughters?|husband|"
    r"wife|partner|boyfriend|girlfriend|brothers?|sisters?|siblings?|family|grandma|grandpa|grandmother|"
    r"grandfather|grand\w+|in-laws|cousins?|aunt|uncle|baby|friends?|bff|buddy|colleagues?|coworkers?|boss|"
    r"manager|neighbou?rs?|roommates?|teacher|mentor|fianc\w*|dog|cat|pets?|puppy|kitten)\b)",
    re.IGNORECASE,
)
_ZH_KIN = re.compile(
    r"^我(?:的)?(?:妈|爸|娘|爹|哥|姐|弟|妹|老公|老婆|儿|女儿|外|奶|爷|婆|公公|舅|姨|叔|伯|姑|孩子|朋友|同事|同学|室友|领导|上司|"
    r"老板|男朋友|女朋友|爱人|对象|先生|太太|丈夫|妻子|父|母|家人|猫|狗|前夫|前妻|前男友|前女友|家(?=[阿老小][\u4e00-\u9fff]))"
)
# what the writer's workplace or school did to them, 我 the object of 把 / 将 / 给: "公司把我调到了成都", "领导将我
# 调回了总部", "Brightwell给我发了offer" (a person's doing to the writer is theirs: "妈妈把我骂了一顿")
_ZH_DONE_TO_ME = re.compile(
    r"^(?:公司|单位|学校|大学|学院|领导|老板|主管|经理|部门|人事|HR|总部|集团|医院|银行"
    r"|[A-Z][\w&.\-]+(?: [A-Z][\w&.\-]+)?)"
    r"\s*(?:(?:直接|已经|终于|正式|还是|又|也)\s*)?(?:把|将|给)我(?=[\u4e00-\u9fff])"
)
# showing something: "This is my brother", "Here's my new painting", "That's my dog"
_EN_SHOWING = re.compile(r"(?i)^(?:this is|that's|that is|here's|here is|here are|these are|it's|meet) (?:my|our)\b")
# someone else opens the clause: a pronoun, a kin word or a role (a name: `ZH_NAMED`)
_ZH_OTHER = re.compile(
    r"^(?:他|她|它|你|您|大家|别人|有人|人家|对方|"
    r"(?:妈妈|爸爸|老妈|老爸|父母|爸妈|妹妹|姐姐|哥哥|弟弟|女朋友|男朋友|老婆|老公|孩子|儿子|女儿|外婆|外公|奶奶|爷爷|"
    r"亲戚|老板|教练|医生|同事|朋友|领导|组长|主管|老师|同学|室友|猎头|邻居|房东|"
    # the roles a life is told with, opening a clause as its subject: "导师是陈教授，做数学课堂话语分析的，第一次见面
    # 就布置了读八篇文献" (the chain after it is the supervisor's), "校长挽留了一下", "中介小哥讲…"
    r"导师|教授|校长|班主任|合伙人|中介|师傅|客户|经理|店长|护士|主任|"
    # the people of a working day and of a street, by what they do: "保安在那儿撵", "站长找我谈", "战友说…"
    r"保安|司机|站长|队长|班长|厨师|大夫|护工|保姆|徒弟|战友|老乡|工人|学生|网友|快递员|外卖员|店员|售货员|服务员)(?!的)"
    # a crowd, or people counted: "一堆人放孔明灯", "好多人在排队"
    r"|(?:一堆|一群|一帮|一伙|好多|很多|不少|许多|几个|一些)人"
    # a person named by surname and title: "贾站长后晌找我谈", "王经理说", "李姐也来了" (not 高工资, 周总结)
    + rf"|[{ZH_SURNAMES}](?:[站队局处科校院厂店班组所部]长|主任|书记|经理|总(?![结算共是有体])|老师|师傅|医生|大夫|护士|律师"
    r"|教练|阿姨|大爷|大妈|叔|婶|嫂|姐|哥|老板)"
    # a thing or nobody as the subject, said of all: "现在都是收割机", "全是外地车"
    r"|(?:都|全|全都|净)是"
    # someone did it to the writer or the writer's thing: "秀梅把我柜子里那两瓶酒收走了" (the writer says 把自己)
    r"|(?!我)[\u4e00-\u9fff]{2,4}?(?:又|也|都|就|还|已经|直接)?把我"

    r"|这|那|哪)"
)
# someone did it for the writer: "是秀梅替我回的周口", "老王帮我修好了" (the writer is whom it was done for)
_ZH_FOR_ME = re.compile(r"^(?!我)[^了过着，。我]{1,4}?(?:替|帮)我(?=[\u4e00-\u9fff])")
# the writer's own words to someone, in a dialogue told: "我说回去想想", "我说都五十了还考啥" (what was said is a
# reply of the moment; "我说过要戒烟", "我说好了" keep their verb)
# (what the writer says of themselves is theirs: "我说我都四十六了")
_ZH_I_SAID = re.compile(r"^我(?:就|也|还|又|只)?(?:说|讲|回)(?![过好了我])")
# the writer's home region as a topic, its custom said of everyone there: "我那疙瘩得吃饺子", "我们这边过年放鞭炮"
_ZH_MY_PLACE = re.compile(r"^我们?(?:那|这)(?:疙瘩|边儿?|儿|里|块儿?|旮旯)")
# someone or something coming from a place, named before 从 (the writer's own coming has nothing there: "从周口回来
# 了"): "秀梅从周口回来了", "快递从上海寄过来了"
_ZH_CAME_FROM = re.compile(r"^(?!我)[\u4e00-\u9fff]{2,3}?从[^，。,]{1,8}?(?:回来|回到|回|来|到|过来|出发|寄|发)")
# what a diary's omitted-subject clause may open with before its verb: a time, an adverb
_ZH_TIME_WORDS = (
    "今天|昨天|前天|明天|周末|上周末|这周末|上午|下午|晚上|早上|中午|凌晨|最近|近来|"
    "终于|已经|又|还|也|刚|刚刚|就|开始|最后|还是|主要是|确实|连夜|第一次|每天|每周|"
    "每个月|平时|一直|从小|以后|将来|下个月|下周|明年|今年|去年|前年|上个月|这个月|上周|"
    "国庆|春节|五一|暑假|寒假|当年|那年|现在|目前|如今|回来后|回家后|到家后|回来|"
    # the day's times as the north says them: "今儿个去考了复审", "晌午去剃了个头", "黑了跟秀梅去吃烩面"
    "今儿个|今儿|夜儿个|昨儿个|昨儿|明儿个|明儿|晌午|后晌|前晌|清早|黑了|黑里|擦黑|偷偷|特意|专门|好不容易|之前|以前|曾经|原来|小时候|第一天|"
    # a span of days opened by 这 is a time, not a pointer ("这两天腰又犯了"); a day of the week; a point of the day
    "这两天|这几天|这些天|这阵子|这段时间|这周|这学期|这半年|这一年|今晚|昨晚|一早|一大早|下班后|下班|放学后|睡前|"
    "总算|总算是|居然|竟然|果然|突然|忽然|正式|一个人|独自|下周[一二三四五六日天]|下个?月初|"
    "周[一二三四五六日天]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|上周[一二三四五六日天]|前前后后|"
    # how often, before the subject as before the verb: "有时候我还是会感到迷茫", "经常感到焦虑"
    "有时候|有时|偶尔|经常|常常|时常|总是|平常|近期|近日|这些日子|"
    # the festivals a Chinese year is told by, and its turns: "清明回宾阳老家扫墓", "中秋，一家人总算聚齐了"
    "清明|中秋|端午|元旦|除夕|元宵|正月十五|母亲节|父亲节|七夕|冬至|重阳|开春|年前|年后|节后|黄金周|小长假|长假|才|"
    # the holiday itself, after its festival or alone: "清明放假带朵朵去了趟即墨古城", "假期带女儿去了趟青岛"
    "放假|休假|假期|假期里|放假的时候"
)
# the calendar's words a diary clause opens with: seasons, weekdays, parts of a month or year, of a day
_ZH_CALENDAR_WORDS = (
    "春天|夏天|秋天|冬天|春季|夏季|秋季|冬季|年初|年中|年底|年末|月初|月中|月底|上旬|中旬|下旬|傍晚|夜里|半夜|今晚|昨晚|"
    "周[一二三四五六日天]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|大前天|后天|大后天|上上周|下下周"
)
ZH_TIME_LEAD = re.compile(
    r"^(?:(?:"
    + "|".join(sorted((_ZH_TIME_WORDS + "|" + _ZH_CALENDAR_WORDS).split("|"), key=len, reverse=True))
    + r"|[\d一二三四五六七八九十两]+(?:年|月份?|日|号|点))+)"
)


def split(sentence: str) -> list[tuple[int, int]]:
    zh = bool(CJK_CHAR.search(sentence))
    spans: list[tuple[int, int]] = []
    start = 0
    aside_end = -1  # the end of a short aside in brackets the clause goes on across
    for m in (_ZH_SPLIT if zh else _EN_SPLIT).finditer(sentence):
        if m.start() < aside_end:
            continue
        if not zh and m.group(0).strip() == "(" and (aside := _EN_ASIDE.match(sentence, m.end())):
            aside_end = aside.end()  # "I had a knee arthroscopy (partial meniscectomy) on October 6": one clause
            continue
        if not zh and m.group(0).strip() in ("-", "–", "—", ":", ",") and _en_joined(sentence, m):
            continue
        if not zh and not m.group(0).strip() and _EN_GERUND_SUBJECT.match(sentence, start):
            continue  # "Seeing my mentee's face light up when they saw the support was the best": one subject
        if zh and not m.group(0).strip() and _LATIN_INSERTED.search(sentence, 0, m.start()):
            continue  # "我在 Brightwell Health 工作", "讲了 Playwright 的经验": spaces around a Latin name, one clause
        if m.start() > start:
            spans.append((start, m.start()))
        start = max(start, m.end())
    if start < len(sentence):
        spans.append((start, len(sentence)))
    # "My colleagues and I went ...": a pair of subjects, not two clauses
    for i in range(len(spans) - 1):
        (a, b), (c, d) = spans[i], spans[i + 1]
        pair = sentence[a:b].strip()
        if sentence[b:c] == " and " and (re.fullmatch(r"(?i)(?:my|our) [\w\-]+", pair) or _EN_NAME.fullmatch(pair)):
            spans[i : i + 2] = [(a, d), (d, d)]
    spans = [(a, b) for a, b in spans if b > a]
    out = []
    for s, e in spans:
        while s < e and sentence[s] in " \t\n,，.。!！~～":
            s += 1
        while e > s and sentence[e - 1] in " \t\n,，~～":
            e -= 1
        if e > s:
            out.append((s, e))
    return out


# a Latin run set off by a space after a Chinese character, at the end of what precedes a space: a name or word
# inserted in Chinese prose, whose closing space is the word's, not a clause break (a code such as a flight number,
# "订好了 CZ3539 今天下午三点的", is no word: a chat's spaces still cut there)
_LATIN_INSERTED = re.compile(r"[\u4e00-\u9fff]\s+[A-Za-z][A-Za-z.&'\-]*(?: [A-Za-z][A-Za-z.&'\-]*){0,4}$")
_EN_GERUND_SUBJECT = re.compile(
    r"\s*(?:[A-Z][a-z]+,\s*)?(?!(?:Going|Getting|Starting|Working|Trying)\b)[A-Z][a-z]+ing\s"
)


# a short aside in brackets on the word before it, with no clause of its own: "(partial meniscectomy)", "(my 3rd)"
_EN_ASIDE = re.compile(r"[^(),;.!?]{1,40}\)(?=\s+[a-z])")


def _en_joined(sentence: str, cut: re.Match[str]) -> bool:
    """The cut does not end a clause: an apposition after a dash or colon, the last item of a list after a comma."""
    if cut.group(0).strip() == ",":
        return bool(_EN_LIST_TAIL.match(sentence[cut.start() :]))
    rest = sentence[cut.end() :]
    end = re.search(r"[.!?;]|\s[-–—]+\s", rest)
    return bool(_EN_APPOSITION.match(rest[: end.start() + 1] if end else rest))


def read(sentence: str) -> list[Clause]:
    out = []
    in_chinese = bool(CJK_CHAR.search(sentence))
    for s, e in split(sentence):
        text = sentence[s:e]
        zh = bool(CJK_CHAR.search(text))
        if in_chinese and not zh and _BARE_VALUE.fullmatch(text):
            # a reading or an amount alone between a Chinese sentence's commas ("复查血压，136，医生说…"): a value of
            # the clause before, in its language, with no subject of its own
            out.append(Clause(s, e, s, Subject.OMITTED, True))
            continue
        body = s
        if not zh and (when := _EN_TIME_LEAD.match(sentence, s, e)):
            body = when.end()  # "Since we last spoke, ...": before the lead words, which would take its "since"
        lead = (_ZH_LEAD if zh else _EN_LEAD).match(sentence[body:e])
        body += lead.end() if lead else 0
        if not zh and (when := _EN_TIME_LEAD.match(sentence, body, e)):
            body = when.end()
        rest = sentence[body:e]
        # a relative clause ("..., which helped me handle it"): its subject is what it follows, not the writer
        relative = not zh and bool(re.match(r"(?i)(?:which|who|that)\s", sentence[s:e]))
        out.append(Clause(s, e, body, Subject.OTHER if relative else _subject(rest, zh), zh))
    return out


_BARE_VALUE = re.compile(r"[\d.,/:%~\-+\s]+[。！!~]*")


_ZH_MOOD_IDIOM = re.compile(r"闷闷不乐|郁郁寡欢|" + _feel.ZH_REDUPLICATED)


def _subject(rest: str, zh: bool) -> Subject:
    if not rest:
        return Subject.OTHER
    if zh:
        rest = zh_after_lead(rest) or rest  # "上上周我去了趟医院": the subject after the time words
        if _ZH_FOR_ME.match(rest) or _ZH_I_SAID.match(rest) or _ZH_MY_PLACE.match(rest) or _ZH_CAME_FROM.match(rest):
            return Subject.OTHER
        if rest.startswith("是") and "我" in rest[:12]:
            return Subject.OBJECT  # "下个月15号是我们的结婚纪念日"
        if _ZH_DONE_TO_ME.match(rest):
            return Subject.OBJECT  # "公司把我调到了成都": the writer is what was done to
        if _ZH_KIN.match(rest):
            return Subject.OTHER
        if _ZH_POSSESSIVE.match(rest):
            return Subject.POSSESSIVE
        if _ZH_FIRST.match(rest):
            return Subject.FIRST
        if (_ZH_OTHER.match(rest) or ZH_NAMED.match(rest)) and not _ZH_MOOD_IDIOM.match(rest):
            return Subject.OTHER  # (a mood's reduplication is no nickname: "闷闷不乐", "乐呵呵的")
        return Subject.OMITTED  # a diary clause with no subject is the writer's: the engine checks it has a verb
    if _EN_FIRST.match(rest):
        return Subject.FIRST
    if EN_DONE_TO_ME.match(rest):
        return Subject.OBJECT  # "they let me go", "my boss promoted me": the writer is what was done to
    if EN_KIN.match(rest) or _EN_SHOWING.match(rest) or _EN_RESUMED.match(rest):
        return Subject.OTHER
    if _EN_POSSESSIVE.match(rest):
        return Subject.POSSESSIVE
    if _EN_REQUEST.match(rest):
        return Subject.OTHER
    if (bare := EN_BARE_STATE.match(rest)) and bare.group("pleasantry") is not None:
        return Subject.OTHER
    if _EN_OMITTED.match(rest) or bare or EN_NEWS_PHRASE.match(rest) or EN_INTRODUCTION.match(rest):
        return Subject.OMITTED
    if EN_OWN_PASSIVE.match(rest) or EN_OWN_ATTRIBUTE.match(rest):
        return Subject.POSSESSIVE  # "the trip is cancelled", "rent went up": the writer's trip, the writer's rent
    if _EN_OTHER.match(rest) and not re.match(r"(?i)^(?:it|this|that)\b", rest):
        return Subject.OTHER
    return Subject.OBJECT if _EN_ME.search(_EN_ME_COMPARED.sub("", rest)) else Subject.OTHER


def zh_after_lead(rest: str) -> str:
    """A diary clause without its opening time words and adverbs: what its verb is."""
    m = ZH_TIME_LEAD.match(rest)
    return rest[m.end() :] if m else rest


# the writer's kin or partner as a clause's subject ("我爸生病了", "爸已经出院回家了", "老婆最近失眠很严重",
# "my mom was diagnosed with diabetes", "dad had a small stroke"): not the writer's own statement, but the writer's
# disclosure about their family. Bare 爸 / 妈 / 老婆 in a diary are the writer's; a sibling or child needs 我.
ZH_KIN_CANON = {
    "爸爸": "父亲", "老爸": "父亲", "爸": "父亲", "父亲": "父亲", "妈妈": "母亲", "老妈": "母亲", "妈": "母亲",
    "母亲": "母亲", "爸妈": "父母", "父母": "父母", "老婆": "妻子", "妻子": "妻子", "太太": "妻子", "老公": "丈夫",
    "丈夫": "丈夫", "女朋友": "女朋友", "男朋友": "男朋友", "女友": "女朋友", "男友": "男朋友", "奶奶": "奶奶",
    "爷爷": "爷爷", "外婆": "外婆", "外公": "外公", "姥姥": "姥姥", "姥爷": "姥爷", "哥哥": "哥哥", "哥": "哥哥",
    "姐姐": "姐姐", "姐": "姐姐", "弟弟": "弟弟", "弟": "弟弟", "妹妹": "妹妹", "妹": "妹妹", "儿子": "儿子",
    "女儿": "女儿", "孩子": "孩子", "对象": "对象", "爱人": "爱人", "婆婆": "婆婆", "公公": "公公", "岳父": "岳父",
    "岳母": "岳母", "爷": "爷爷", "奶": "奶奶", "娘": "母亲", "爹": "父亲", "老娘": "母亲", "老爹": "父亲",
    # a region's words for them, kept as written (武汉 姆妈, 粤 阿妈 / 阿爸, 潮汕 家婆 / 家公, 川渝 老汉, 贵州 老者:
    # entities.kin_relation knows whom each names)
    "姆妈": "姆妈", "阿妈": "阿妈", "阿爸": "阿爸", "家婆": "家婆", "家公": "家公", "老汉": "老汉", "老者": "老者",
    # (陕西 婆娘 is the writer's wife: said as 妻子, for a reader elsewhere takes it as rude or as any woman)
    "婆娘": "妻子", "媳妇": "妻子", "媳妇儿": "妻子",
}  # fmt: skip
_ZH_KIN_BARE = (
    "爸爸|老爸|爸|妈妈|老妈|妈|父亲|母亲|爸妈|父母|老婆|老公|女朋友|男朋友|奶奶|爷爷|外婆|外公|姥姥|姥爷|姆妈|阿妈|阿爸|"
    "老汉|老者"
)
_ZH_KIN_SUBJECT = re.compile(
    r"^(?:我的?(?P<mine>"
    + "|".join(sorted(ZH_KIN_CANON, key=len, reverse=True))
    + r")|(?P<bare>"
    + "|".join(sorted(_ZH_KIN_BARE.split("|"), key=len, reverse=True))
    + r"))"
)
# what after the kin word says the clause is not a statement about them: their own, their words, a topic
_ZH_KIN_NOT = re.compile(r"的|们|说|让|问|叫|觉得|那边|这边|[\s，,：:]|$")
_EN_KIN_WORDS = (
    r"mom|mum|dad|mother|father|parents|husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?|brother|sister|"
    r"son|daughter|grandma|grandpa|grandmother|grandfather|aunt|uncle|cousin|(?:little|big|older|younger) "
    r"(?:brother|sister)"
)
_EN_KIN_SUBJECT = re.compile(
    # (the kin's name may follow the kin word: "my brother Gene passed away tuesday")
    r"(?i)^(?:(?:my|our)\s+(?P<mine>"
    + _EN_KIN_WORDS
    + r")(?:\s+(?-i:[A-Z][a-z]+))?|(?P<bare>mom|mum|dad|grandma|grandpa))\s+"
    r"(?=(?:(?:just|finally|recently|also|still|suddenly)\s+)*(?:[a-z]+ed|"
    + "|".join(sorted(PAST_IRREGULAR - {"read", "set", "cut", "let", "hit", "put", "said", "told", "thought"}))
    + r"|is|has|gets)\b)"
)


# an aside on a kin word: a bracket ("妈妈（71岁）") or their name in Latin letters ("我弟弟 Kok Wai 开了家咖啡店")
_ASIDE = re.compile(
    r"\s*(?:（[^）]{1,12}）|\([^)]{1,12}\)|\s[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}(?=\s|[\u4e00-\u9fff]))\s*"
)
_ZH_KIN_CHAR = re.compile(r"[爸妈娘爹父母婆公朋哥姐弟妹儿女孩奶爷姥象人丈妻太岳友]")


def kin_subject(rest: str, zh: bool) -> tuple[str, str] | None:
    """(the kin word as the memory names it, the rest of the clause) when the clause's subject is the writer's kin
    or partner and a verb follows; else None. Chinese names the relation canonically ("父亲"); English keeps the
    writer's word ("dad", "sister")."""
    rest = rest.strip()
    if zh:
        if not _ZH_KIN_CHAR.search(rest, 0, 12):
            return None  # most clauses name no kin: one search says so
        after = zh_after_lead(rest) or rest
        m = _ZH_KIN_SUBJECT.match(after)
        if not m:
            return None
        said = _ASIDE.match(after, m.end())  # "妈妈（71岁）刚做完手术": an aside on the kin, then what is said of them
        end = said.end() if said else m.end()
        if _ZH_KIN_NOT.match(after, end):
            return None
        word = m.group("mine") or m.group("bare")
        return ZH_KIN_CANON.get(word, word), after[end:]
    m = _EN_KIN_SUBJECT.match(rest) if rest[:1] in "mMoOdDgG" else None
    if not m:
        return None
    return (m.group("mine") or m.group("bare")).lower(), rest[m.end() :]


def kin_alone(text: str, zh: bool) -> str | None:
    """The kin word (canonical) when a Chinese clause is nothing but the writer's kin: a topic the next clauses
    comment on ("妈妈（71岁）刚做完手术" splits as 妈妈 / 71岁 / 刚做完手术; "我爸呢，退休了")."""
    if not zh:
        return None
    m = _ZH_KIN_SUBJECT.fullmatch(text.strip().rstrip("呢啊吧嘛"))
    return ZH_KIN_CANON.get(w := m.group("mine") or m.group("bare"), w) if m else None


# a topic fronted before the writer (Chinese OSV): "日本那个旅行我取消了", "健身房的卡我退了", "吉他那边我已经停了";
# the topic is a noun phrase (marked by 那个 / 的 / 那边, or a bare noun of two to four characters), the comment the
# writer's clause
_ZH_TOPIC_MARK = r"(?:那个|这个|那边的|这边的|那边|这边|的事情|的事|方面|的)"
ZH_FRONTED_I = re.compile(
    r"^(?P<topic>(?:[\u4e00-\u9fffA-Za-z0-9 ]{1,10}?" + _ZH_TOPIC_MARK + r"[\u4e00-\u9fffA-Za-z0-9 ]{0,6}?"
    r"|[\u4e00-\u9fff]{2,4}?))我(?![们的" + ZH_KIN_INITIAL + r"])(?P<rest>.+)$"
)
# a topic fronted with no subject, then a done verb: "Lumen Pay那边的offer签了", "健身卡退了"
ZH_FRONTED_DONE = re.compile(
    r"^(?P<topic>[\u4e00-\u9fffA-Za-z0-9 ]{1,14}?(?:那边的|这边的|那个|这个|的)[\u4e00-\u9fffA-Za-z0-9 ]{1,10}?)"
    r"(?P<verb>签|退|取消|辞|交|买|卖|订|租|戒|报|停|推|拒|接|删|办|还|续)(?:了|掉了|完了|好了)[。！!~]*$"
)
# a clause that only names the topic the next one comments on: "咖啡的事情：", "房子的事情：", "工作方面，"
ZH_TOPIC_HEADING = re.compile(r"^(?P<topic>[\u4e00-\u9fffA-Za-z0-9 ]{1,10}?)(?:的事情?|那边|这边|方面)[。！!~]*$")
# not a topic: a person, a time, a pointer (their clauses are read by the subject rules)
_ZH_NOT_TOPIC = re.compile(
    r"^(?:他|她|它|你|您|我|这|那|哪|有人|别人|大家)|[说让叫给跟和对帮看想觉得是在要会能去来把将被带陪送接替]|"
    + _ZH_KIN_BARE
    # a conjunction or a sentence adverb is no thing ("最终我补充了能量", "因为我注册了一个课程")
    + r"|^(?:最终|最后|因为|所以|然后|后来|于是|终于|其实|当然|结果|另外|首先|其次|接着|同时|而且|并且|不过|可是|但是)$"
)


_ZH_TIME_TOPIC = re.compile(r"[前后时里起间]$|以来$|[\d一二三四五六七八九十两几半]+个?(?:年|月|周|天|星期|小时|分钟)")


def zh_topic(topic: str) -> str | None:
    """The noun phrase a fronted topic names, without its marker ("吉他那边" -> "吉他", "日本那个旅行" stays);
    None when it is no noun phrase of a thing (a person, a time word, a verb)."""
    topic = topic.strip()
    if not topic or _ZH_NOT_TOPIC.search(topic) or ZH_TIME_LEAD.match(topic) or _ZH_LEAD.match(topic):
        return None
    if _ZH_TIME_TOPIC.search(topic):  # "六个月前我开始学游泳": a time before the writer, not a topic
        return None
    return re.sub(r"(?:那边|这边|的事情|的事|方面)$", "", topic).replace("那边的", "的").replace("这边的", "的") or None


# A frame: a clause whose verb only points at what the clause after it says, with nothing of its own an agent could
# use ("跟老战友郭卫东说了" before what was said, "下了决心" before what was decided).
# Its content is the next clause's, read on its own; the frame is never a memory alone.
ZH_FRAME = re.compile(
    # (a result come out, "体检报告出来了", keeps the findings after it: the disclosure reader grows it over them)
    # told someone, with nothing said ("跟老战友郭卫东说了", "给老王打了个电话说了一声")
    r"^(?:我)?(?:跟|和|对|给|向)[^，。,说讲]{1,10}(?:说|讲|提)(?:了|过|了一声|了一下)[。！!~]*$"
    # made up the mind, with nothing decided in the clause
    r"|^(?:我)?(?:终于|总算)?(?:下了?决心|下定了?决心|拿定了?主意)[。！!~]*$"
    # the writer's own slip owned, with what was wrong and the right value after it ("前天写错了，复查不是月底…",
    # "上回记错了")
    r"|^(?:我)?(?:[前昨今]天|上回|上次|之前|前面|刚才)?(?:写|记|说|填|算)错了[。！!~]*$"
)


def zh_frame(body: str) -> bool:
    """The clause is only a frame for the next one's content (`ZH_FRAME`)."""
    return bool(ZH_FRAME.match(zh_after_lead(body) or body))


# A thing named only by its kind and a measure word ("换了个车", "买了套房", "看了个房子"): what it is, its figures
# and its price are in the clauses after it ("二手的比亚迪秦，2021年的，跑了六万公里，是四万八拿下的"), which belong
# to it and are never cut from it
ZH_BARE_THING = re.compile(r"(?:了|买|换|租|看|订)(?:个|辆|套|台|部|间|只|条|家|份)[\u4e00-\u9fff]{1,2}[。！!~]*$")
# a clause that only describes the thing before: a 的-phrase ("二手的比亚迪秦", "2021年的"), a figure of it ("跑了
# 六万公里"), its price said with 是…的 ("是四万八拿下的"); no one of its own in it
_ZH_DESCRIBES = re.compile(
    r"^(?![我他她你])(?:[^，。,我他她你]{0,10}的(?:[^，。,了我他她你]{0,8})"
    r"|[^，。,我他她你]{0,6}?[\d一二三四五六七八九十两百千万]+[^，。,我他她你]{0,6})[。！!~]*$"
)


def zh_describes(body: str) -> bool:
    """The clause only describes the thing the clause before named bare (`ZH_BARE_THING`)."""
    return bool(_ZH_DESCRIBES.match(body))
