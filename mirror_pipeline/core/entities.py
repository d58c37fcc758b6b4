"""Entity normalization: one key for one entity however it was written (A公司, A 公司, "company A"; 大阪, Osaka).

A first, small alias table; names not in it are compared by their normalized spelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mirror_pipeline.core.text import normalize

_ALIASES = {
    "tokyo": ("东京", "東京", "tokyo", "東京都", "东京都"),
    "osaka": ("大阪", "osaka", "大阪市"),
    "kyoto": ("京都", "kyoto"),
    "beijing": ("北京", "beijing", "peking"),
    "shanghai": ("上海", "shanghai"),
    "shenzhen": ("深圳", "shenzhen"),
    "hangzhou": ("杭州", "hangzhou"),
    "guangzhou": ("广州", "guangzhou", "canton"),
    "hong kong": ("香港", "hong kong", "hongkong"),
    "singapore": ("新加坡", "singapore"),
    "london": ("伦敦", "london"),
    "new york": ("纽约", "new york", "nyc", "new york city"),
    "san francisco": ("旧金山", "三藩市", "san francisco", "sf"),
    "seattle": ("西雅图", "seattle"),
}
# More places people live in, written one way in each language (a small gazetteer: enough to tell "moved to Osaka"
# from "moved to React"). Chinese place names also end in a place suffix, which `is_place` accepts.
_PLACES = (
    "南京 nanjing|成都 chengdu|重庆 chongqing|武汉 wuhan|西安 xi'an|天津 tianjin|苏州 suzhou|长沙 changsha|"
    "厦门 xiamen|青岛 qingdao|大连 dalian|沈阳 shenyang|哈尔滨 harbin|昆明 kunming|郑州 zhengzhou|济南 jinan|"
    "合肥 hefei|福州 fuzhou|宁波 ningbo|无锡 wuxi|珠海 zhuhai|东莞 dongguan|佛山 foshan|台北 taipei|澳门 macau|"
    "横滨 yokohama|名古屋 nagoya|福冈 fukuoka|札幌 sapporo|神户 kobe|首尔 seoul|釜山 busan|曼谷 bangkok|"
    "吉隆坡 kuala lumpur|雅加达 jakarta|马尼拉 manila|河内 hanoi|胡志明市 ho chi minh city|悉尼 sydney|"
    "墨尔本 melbourne|奥克兰 auckland|温哥华 vancouver|多伦多 toronto|蒙特利尔 montreal|洛杉矶 los angeles|"
    "芝加哥 chicago|波士顿 boston|奥斯汀 austin|丹佛 denver|波特兰 portland|迈阿密 miami|亚特兰大 atlanta|"
    "达拉斯 dallas|休斯顿 houston|费城 philadelphia|底特律 detroit|明尼阿波利斯 minneapolis|纳什维尔 nashville|"
    "拉斯维加斯 las vegas|"
    "凤凰城 phoenix|匹兹堡 pittsburgh|布鲁克林 brooklyn|盐湖城 salt lake city|卡尔加里 calgary|渥太华 ottawa|"
    "珀斯 perth|布里斯班 brisbane|惠灵顿 wellington|曼彻斯特 manchester|伯明翰 birmingham|汉堡 hamburg|"
    "法兰克福 frankfurt|科隆 cologne|里昂 lyon|马赛 marseille|布鲁塞尔 brussels|鹿特丹 rotterdam|波尔图 porto|"
    "雅典 athens|开罗 cairo|内罗毕 nairobi|拉各斯 lagos|利马 lima|波哥大 bogota|布宜诺斯艾利斯 buenos aires|"
    "里约热内卢 rio de janeiro|智利圣地亚哥 santiago|高雄 kaohsiung|台中 taichung|台南 tainan|仙台 sendai|"
    "广岛 hiroshima|冲绳 okinawa|大邱 daegu|仁川 incheon|清迈 chiang mai|普吉 phuket|胡志明 saigon|金边 phnom penh|"
    "仰光 yangon|加德满都 kathmandu|德里 delhi|海得拉巴 hyderabad|金奈 chennai|浦那 pune|卡拉奇 karachi|"
    "利雅得 riyadh|多哈 doha|阿布扎比 abu dhabi|南宁 nanning|贵阳 guiyang|兰州 lanzhou|太原 taiyuan|"
    "石家庄 shijiazhuang|南昌 nanchang|海口 haikou|三亚 sanya|拉萨 lhasa|乌鲁木齐 urumqi|呼和浩特 hohhot|"
    "长春 changchun|烟台 yantai|"
    "温州 wenzhou|绍兴 shaoxing|嘉兴 jiaxing|常州 changzhou|徐州 xuzhou|扬州 yangzhou|惠州 huizhou|中山 zhongshan|"
    "洛阳 luoyang|桂林 guilin|丽江 lijiang|大理 dali|圣地亚哥 san diego|圣何塞 san jose|华盛顿 washington|"
    "巴黎 paris|柏林 berlin|慕尼黑 munich|阿姆斯特丹 amsterdam|苏黎世 zurich|日内瓦 geneva|维也纳 vienna|"
    "巴塞罗那 barcelona|马德里 madrid|里斯本 lisbon|罗马 rome|米兰 milan|都柏林 dublin|爱丁堡 edinburgh|"
    "剑桥 cambridge|牛津 oxford|斯德哥尔摩 stockholm|哥本哈根 copenhagen|赫尔辛基 helsinki|奥斯陆 oslo|"
    "布拉格 prague|华沙 warsaw|布达佩斯 budapest|伊斯坦布尔 istanbul|迪拜 dubai|特拉维夫 tel aviv|"
    "孟买 mumbai|班加罗尔 bangalore|新德里 new delhi|开普敦 cape town|圣保罗 sao paulo|墨西哥城 mexico city|"
    "中国 china|日本 japan|美国 usa|英国 uk|德国 germany|法国 france|加拿大 canada|澳大利亚 australia|"
    "韩国 korea|台湾 taiwan|荷兰 netherlands|瑞士 switzerland|西班牙 spain|意大利 italy|葡萄牙 portugal"
)
for _pair in _PLACES.split("|"):
    _zh, _en = _pair.split(" ", 1)
    _ALIASES.setdefault(_en, (_zh, _en))
_BY_NAME = {alias: key for key, names in _ALIASES.items() for alias in names}
_PLACE_SUFFIX = re.compile(r"[\u4e00-\u9fff](?:市|省|区|县|州|镇|村|乡|岛|湾)$")


def is_place(name: str) -> bool:
    """A place the gazetteer knows, or a Chinese name with a place suffix (海淀区, 杭州市)."""
    key = normalize(name).lower()
    return key in _BY_NAME or bool(_PLACE_SUFFIX.search(key))


_COMPANY = re.compile(
    r"^(?:company|the company)\s+(\w+)$|^(\w+)\s*(?:公司|company|inc\.?|corp\.?|co\.?)$", re.IGNORECASE
)


# The person the memories are about, however they refer to themselves
USER_ALIASES = frozenset({"user", "the user", "i", "me", "myself", "我", "我自己", "本人", "用户"})


def canonical(name: str) -> str:
    """The comparison key of an entity name: the user is "user" whatever the words."""
    key = normalize(name).lower()
    if key in USER_ALIASES:
        return "user"
    key = re.sub(r"(?<=[a-z0-9]) (?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) (?=[a-z0-9])", "", key)
    if key in _BY_NAME:
        return _BY_NAME[key]
    company = _COMPANY.match(key)
    if company:
        return f"company:{company.group(1) or company.group(2)}"
    return key


# The people of the person's life: one key per person however they are called. A kin word names its relation
# whoever says it (English canonical, so a person is one key in both languages); a name or a nickname is that
# person's once a relationship links it to its relation ("我老公阿斌" and later "阿斌"; "老于" and "孩子他爸").
KIN_RELATIONS = {
    "mother": "mom mum mummy mama mother ma mam mammy 妈 妈妈 老妈 母亲 娘 老娘 姆妈 阿妈 妈咪",
    "father": "dad daddy papa father pa da 爸 爸爸 老爸 父亲 爹 老爹 阿爸 爸比 老汉 老者",
    "husband": "husband hubby 老公 丈夫 先生 孩子他爸 孩子爸 娃他爸 娃他爹 孩子他爹 当家的",
    "wife": "wife wifey 老婆 妻子 太太 媳妇 媳妇儿 孩子他妈 孩子妈 娃他妈 娃他娘 婆娘",
    "son": "son 儿子 儿子娃 崽",
    "daughter": "daughter 女儿 闺女 女儿娃 妹崽",
    "child": "child kid 孩子 小孩 娃 碎娃",
    "sister": "sister 姐姐 姐 妹妹 妹 阿姐 家姐 老妹 老妹儿",
    "brother": "brother 哥哥 哥 弟弟 弟 阿哥 细佬 拐子",
    "mother-in-law": "mother-in-law 婆婆 家婆 岳母 丈母娘",
    "father-in-law": "father-in-law 公公 家公 岳父 老丈人",
    "grandmother": "grandma granny grandmother nana nan gran 奶奶 外婆 姥姥 阿嬷",
    "grandfather": "grandpa grandfather grandad granddad 爷爷 外公 姥爷 阿公",
    "partner": "partner 爱人 对象",
    "boyfriend": "boyfriend bf 男朋友 男友",
    "girlfriend": "girlfriend gf 女朋友 女友",
    "cousin": "cousin 表姐 表妹 表哥 表弟 堂姐 堂妹 堂哥 堂弟",
    "aunt": "aunt auntie 姑姑 阿姨 姨妈 舅妈",
    "uncle": "uncle 叔叔 舅舅 伯伯 姑父",
    "brother-in-law": "brother-in-law 姐夫 妹夫 小舅子 大舅子",
    "sister-in-law": "sister-in-law 嫂子 弟媳 弟妹 小姨子 大姨子 小姑子 大姑子",
    "niece": "niece 侄女 外甥女",
    "nephew": "nephew 侄子 外甥",
    # a close friend, as a region says it (Trinidad's "pardner", 发小 of one's childhood, 闺蜜, 哥们)
    "friend": "friend bestie bff pardner 发小 闺蜜 哥们 铁哥们 老同学",
}
_KIN_WORD = {w: relation for relation, words in KIN_RELATIONS.items() for w in (relation, *words.split())}
_MINE = re.compile(r"^(?:my|our|the user's)\s+|^(?:我的?|我们的?|我家的?|用户的)")
# a Chinese nickname: 老 / 小 / 阿 and one character of the name (老于 of 于建国, 阿斌 of 王斌)
_ZH_NICKNAME = re.compile(r"^(?P<mark>[老小阿])(?P<core>[\u4e00-\u9fff])$")


_FEMALE = frozenset(
    {"mother", "wife", "daughter", "sister", "mother-in-law", "grandmother", "girlfriend", "aunt", "sister-in-law", "niece"}
)
_MALE = frozenset(
    {"father", "husband", "son", "brother", "father-in-law", "grandfather", "boyfriend", "uncle", "brother-in-law", "nephew"}
)


def gender_of(relation: str) -> str | None:
    """ "female" / "male" when the relation says it (a mother, a husband), else None (a cousin, a partner)."""
    return "female" if relation in _FEMALE else "male" if relation in _MALE else None


def person_of(relation: str) -> str:
    """The subject key of someone of the person's life, by their relation ("mother" -> "user's mother")."""
    return f"user's {relation}"


def kin_relation(word: str) -> str | None:
    """The canonical relation a kin word names ("老妈" -> "mother", "my mum" -> "mother"), else None."""
    return _KIN_WORD.get(_MINE.sub("", normalize(word).lower().strip()))


def _zh_core(name: str) -> tuple[str | None, str]:
    """(the character a nickname keeps, where it stands in the full name: "first" for 老 / 小, "last" for 阿)."""
    m = _ZH_NICKNAME.match(name)
    if m is None:
        return None, ""
    return m.group("core"), "last" if m.group("mark") == "阿" else "first"


def _same_person(name: str, mention: str) -> bool:
    """A name and a mention of one person: the same spelling, or a nickname and the full name it is made from
    (老于 / 于建国, 阿斌 / 王斌), or two nicknames of one character (老于 / 小于)."""
    if name == mention:
        return True
    for nick, full in ((name, mention), (mention, name)):
        core, where = _zh_core(nick)
        if core is None:
            continue
        other, _ = _zh_core(full)
        if other is not None:
            return other == core
        if 2 <= len(full) <= 3 and re.fullmatch(r"[\u4e00-\u9fff]+", full):
            return (full[0] if where == "first" else full[-1]) == core
    return False


class People:
    """Who a mention is, from the relationships the person stated: `subject_of("阿斌")` -> "user's husband"."""

    def __init__(self, named: dict[str, str]) -> None:
        self._named = named  # the name's comparison key -> its relation

    def subject_of(self, mention: str) -> str | None:
        key = normalize(mention).lower().strip()
        relation = kin_relation(key)
        if relation is not None:
            return person_of(relation)
        for name, relation in self._named.items():
            if _same_person(name, key):
                return person_of(relation)
        return None


def people(relations: Iterable[tuple[str, str]]) -> People:
    """The index of the person's people from (relation, name) pairs (a relationship memory's predicate and object;
    a relation written in either language, "老公" or "husband")."""
    named: dict[str, str] = {}
    for relation, name in relations:
        canon = kin_relation(relation) or relation.lower()
        key = normalize(name).lower().strip()
        if key and kin_relation(key) is None:
            named.setdefault(key, canon)
    return People(named)
