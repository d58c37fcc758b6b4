"""The words of feeling every reader of the extractor shares, in English and Chinese (regular-expression
alternations, longest forms first where one begins another).

A feeling is said with an adjective of feeling after the person ("I'm gutted", "so embarrassed"), with an idiom
that stands where such an adjective stands ("in bits", "over the moon", "a nervous wreck"), or in Chinese with an
emotion word, often with a degree complement after it (烦死了, 憋屈得很, 开心得不得了) or an idiom (头大, 压力山大).
The lists hold the common words of feeling of the varieties people write in (British, Irish, American, Australian,
South Asian and African English; Mandarin and the dialect words the diaries use), not the sentences of any set."""

from __future__ import annotations

# adjectives (and participles) of feeling, after "I'm / feel / felt / so ..." or said bare
EN_EMOTIONS = (
    r"happy|sad|tired|exhausted|stressed(?: out)?|anxious|nervous|worried|lonely|excited|angry|upset|frustrated|"
    r"depressed|overwhelmed|burned out|burnt out|bored|scared|afraid|relieved|grateful|proud|heartbroken|miserable|"
    r"hopeful|furious|annoyed|disappointed|ashamed|jealous|envious|homesick|drained|content|calm|restless|thrilled|stoked|"
    r"pumped|blessed|inspired|motivated|ecstatic|devastated|confused|helpless|"
    r"relaxed|refreshed|uneasy|insecure|"
    r"delighted|elated|overjoyed|embarrassed|mortified|humiliated|guilty|terrified|petrified|panicked|panicky|"
    r"tense|jittery|shattered|wrecked|worn out|wiped out|fuming|raging|livid|seething|irritated|cranky|grumpy|"
    r"moody|teary|weepy|emotional|nostalgic|giddy|buzzing|peaceful|optimistic|pessimistic|discouraged|"
    r"demotivated|unmotivated|hopeless|numb|empty|gloomy|glum|blue|shaken|rattled|flustered|startled|shocked|"
    r"gobsmacked|amazed|touched|honoured|honored|thankful|satisfied|fulfilled|lonesome|"
    # as a chat or a variety says them: Singlish "sian" (weary, fed up), British "knackered", "gutted", "chuffed"
    r"sian|knackered|gutted|chuffed|fed up|pissed off|cheesed off|narked|vexed|shook|hyped|bummed(?: out)?|made up(?= with\b)"
)
# words of other senses too ("low on petrol", "down to the last one", "lost my keys", "hurt my knee"), read as a
# feeling only where a clause's reader makes sure it is one (`aspects`: not before "to", "on", "for" ...)
EN_WEAK_EMOTIONS = r"low|down|lost|stuck|alive|content|hurt"
# idioms that stand where an adjective of feeling stands ("I'm in bits", "was a nervous wreck", "over the moon")
EN_FEELING_IDIOMS = (
    r"in bits|in pieces|in tears|in a (?:state|mood|strop|huff|funk|bad way|good place|bad place|dark place)|"
    r"in (?:a )?(?:good|bad|foul|great|terrible|awful) (?:mood|form|spirits?)|"
    r"over the moon|on cloud nine|on top of the world|on edge|on a high|"
    r"a (?:nervous |total |complete |bit of a |emotional )?(?:wreck|mess)|"
    r"down in the dumps|scared (?:stiff|to death|shitless)|worried sick|sick with worry|"
    r"at (?:my|the) wits'? end|at the end of my tether|all over the place|beside myself|"
    r"bricking it|cacking it|freaking out|losing it|stressed to the max|"
    r"a (?:bag|bundle) of nerves|left out|crying my (?:eyes|heart) out|"
    # an idiom said whole: "chuffed to bits", "scared out of my wits", "can't stop smiling"
    r"chuffed to bits|tickled pink|scared out of my (?:wits|mind|skin)|worried out of my mind|bored (?:stiff|to tears)|"
    r"(?:can't|cant|cannot|couldn't|couldnt) stop (?:smiling|grinning|crying|shaking|laughing)"
)
# a feeling said with what it is about right after it, that needs it ("sick of this job", "sick and tired of the
# commute", "tired of being broke", "dreading monday")
EN_FEELINGS_OF = r"sick (?:and tired |to death )?of|tired of|dreading"
# "of" after a feeling is what it is felt for (someone else's news: "proud of her"), unless it is of the writer's own
# self or an envy ("proud of myself", "jealous of her")
EN_NOT_OF = r"(?! of\b(?! (?:myself|ourselves)\b)(?<!jealous of)(?<!envious of))"
# how much or how surely a feeling is felt, as people type it ("proper gutted", "dead chuffed", "absolutely
# shattered", "a wee bit low", "lowkey stressed")
EN_DEGREE_WORDS = (
    r"so+|really|rly|very|v|a bit|a little(?: bit)?|a wee bit|a lil|a tiny bit|a teeny bit|a touch|kind of|kinda|sort of|pretty|quite|super|totally|"
    r"weirdly|still|extremely|completely|incredibly|truly|absolutely|utterly|properly|proper|dead|well|bloody|"
    r"fierce|awful|wicked|mad|right|seriously|lowkey|highkey|just|both"
)
# words a chat line opens with before what it says ("honestly in bits", "ngl so stressed", "ugh, knackered")
EN_OPENERS = r"(?:(?:honestly|tbh|ngl|omg|ugh|sigh|man|god|jeez|ah|oh|well|yeah|lol|and|but|aiyo|alamak|wah)[,!.]*\s+)*"
# what may follow a feeling said bare for it to be the writer's state ("absolutely shattered after the shift",
# "so sian today", "nervous."): the end, a preposition, a conjunction, a time; a noun after it is what the word
# describes ("sad news about the bridge", "happy coincidence", "proud moment"), nobody's feeling
EN_AFTER_BARE_FEELING = (
    r"(?=\s*(?:$|[.!?,~;:)]|(?:but|and|since|after|about|over|with|at|because|cos|coz|cuz|from|again|when|"
    r"abt|lately|today|tonight|yesterday|now|rn|atm|tbh|lol|haha|sia|lah|leh|la|man|af|asf|bad|badly|as|tho|though|these days|"
    # when or while it was felt: "a bag of nerves before the interview", "in tears at the airport on saturday",
    # "a nervous wreck all through my exams", "scared out of my wits during the storm"
    r"before|during|through|throughout|while|until|till|on|in|all|ever|"
    # a feeling of the writer's own self, or an envy, whatever it is of ("proud of myself", "jealous of her")
    r"of (?:myself|ourselves)|(?:(?<=jealous )|(?<=envious ))of|"
    r"this (?:week|morning|evening|month)|last (?:night|week)|right now|all (?:day|week)|to (?:be|have)|"
    # a clause of what it is about ("so relieved the landlord fixed it"), an anticipation ("buzzing for saturday",
    # not "happy for you": the other's news)
    r"the|my|our|we|i|it|that|how|for(?! (?:you|u|ya|him|her|them|your|ur|y'all)\b))\b))"
)
# Chinese emotion words (a degree word before, a complement after: 有点慌, 烦死了)
ZH_EMOTIONS = (
    r"累|疲惫|焦虑|紧张|难过|伤心|开心|高兴|快乐|生气|愤怒|郁闷|烦躁|沮丧|失落|孤独|寂寞|害怕|担心|兴奋|激动|崩溃|无聊|"
    r"委屈|满足|幸福|感动|后悔|失望|放松|绝望|心累|倦怠|心烦|难受|想家|有成就感|成就感|心动|吃力|"
    r"压力(?:很|好|特别|非常|太|超|有点|有些|比较|挺|越来越)?大|压力山大|"
    r"孤单|心慌|(?<!得)慌|安心|踏实|不安|忐忑|迷茫|欣慰|庆幸|"
    r"憋屈|憋闷|窝火|恼火|火大|上火|糟心|闹心|揪心|窝心|烦(?![请劳])|气人|头大|"
    r"头疼(?=死|得|了)|"
    r"轻松|舒坦|舒服(?=多了|了)|痛快|解气|得意|骄傲|羞愧|丢脸|尴尬|不好意思|害羞|心疼|想哭|眼红|嫉妒|"
    r"提不起劲|没劲|打不起精神|没精神|心灰意冷|憔悴|"
    # a four-character idiom of a mood, a blow taken, an anger not let go (a potential complement: 气不过)
    r"闷闷不乐|郁郁寡欢|心花怒放|忐忑不安|坐立不安|六神无主|受打击|挫败|泄气|灰心|气不过|"
    r"(?:(?<=有点)|(?<=有些)|(?<=很)|(?<=好)|(?<=挺)|(?<=真))怕(?![水冷热吃辣])|"  # "心里有点怕" (not 怕水, 恐怕)
    r"心情(?:一直|总是|还是|都|也|又|真的?|很|特别|非常|超|不太|挺|有点|越来越)*(?:好|差|不好|低落|不错|糟糕)"
)
# a word of feeling that is one only with the complement after it (气死了, 气得睡不着: "用户当时气死了"; 气 alone is
# no feeling), read by the readers that keep the complement
ZH_EMOTIONS_WITH_COMPLEMENT = (
    r"(?<![生空运力脾志勇福客名])(?<!(?<![昨今前明后当每])天)气(?=死|坏|炸|得)"
    # crying or a fright as the feeling's own expression: "哭得稀里哗啦", "吓得不轻", "吓醒了", "吓了一跳"
    r"|哭(?=得)|(?<![惊恐])吓(?=得|[醒坏死懵哭傻]了|了一?大?跳)"
)
# a state said in its reduplicated form, with or without 心里 before it (美滋滋的, 气呼呼的, 心里空落落的): read as
# the heart's way where 心里 is said (the heart frame of `aspects` does not stop at these words)
ZH_REDUPLICATED = r"美滋滋|乐滋滋|喜滋滋|乐呵呵|气呼呼|气鼓鼓|急吼吼|晕乎乎|空落落|空荡荡|暖洋洋|甜丝丝|酸溜溜|闷沉沉|慌兮兮"
ZH_EMOTIONS_AND_REDUPLICATED = ZH_EMOTIONS + "|" + ZH_REDUPLICATED
# a degree complement after a Chinese emotion word: how much it is felt (烦死了, 憋屈得很, 开心得不得了, 郁闷到家了)
ZH_FEELING_DEGREE = r"(?:(?:坏|死|透|极|疯)了|死我了|得(?:很|不行|要命|够呛|不得了|要死|受不了)|到家了|到爆|炸了)"


def literal_heads(alternation: str) -> str:
    """The literal words each alternative of a regular-expression alternation begins with (lookarounds and what
    follows a group or a quantifier dropped), joined by "|": a cue that every match of the alternation contains
    ("压力(?:很|好)?大" -> "压力", "(?<!得)慌" -> "慌")."""
    heads: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(alternation + "|"):
        if ch == "(" and (i == 0 or alternation[i - 1] != "\\"):
            depth += 1
        elif ch == ")" and alternation[i - 1] != "\\":
            depth -= 1
        elif ch == "|" and depth == 0:
            heads.append(_head(alternation[start:i]))
            start = i + 1
    return "|".join(dict.fromkeys(h for h in heads if h))


def _head(alternative: str) -> str:
    while alternative.startswith("(?"):  # a leading lookaround or group: its own literal head is not certain
        depth = 0
        for i, ch in enumerate(alternative):
            depth += (ch == "(") - (ch == ")")
            if depth == 0:
                alternative = alternative[i + 1 :]
                break
    out = []
    for i, ch in enumerate(alternative):
        if ch in "()[]|?*+{\\.":
            if ch in "?*{" and out:
                out.pop()  # the character a quantifier makes optional is no certain part
            break
        out.append(ch)
    return "".join(out)
