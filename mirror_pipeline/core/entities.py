"""Entity normalization: one key for one entity however it was written (A公司, A 公司, "company A"; 大阪, Osaka).

A first, small alias table; names not in it are compared by their normalized spelling.
"""

from __future__ import annotations

import re

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
