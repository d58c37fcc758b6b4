import re

from mirror_pipeline.core.entities import is_place
from mirror_pipeline.core.extraction.domains import Domain

_MOVED_TO = re.compile(
    r"\bmoved (?:(?!to\b|into\b)[\w']+ ){0,3}(?:back )?(?:to|into) (?P<to>[a-z\d][\w.\-]*(?: [a-z][\w.\-]*)?)"
)
_A_HOME = re.compile(r"^(?:a|an|the|my|our|this|that|new|another|some)\b")


# a stay on a trip: "住在洱海边的民宿", "we stayed in a hotel": no residence, and no statement of where they live
_LODGING = re.compile(r"民宿|酒店|宾馆|客栈|旅馆|青旅|\b(?:hotel|hostel|motel|airbnb|resort)s?\b")


# a stay and how long it lasted: days or weeks are a trip ("在北京待了三天"), months or years a home ("待了三年")
_SHORT_STAY = re.compile(
    r"(?:待|呆|住)了?(?:快|近|将近|整整|差不多)?[\d一二三四五六七八九十两几半]+多?(?:天|晚|夜|周|个星期|星期|个礼拜)"
)


def is_short_stay(body: str) -> bool:
    return bool(_SHORT_STAY.search(body))


def _not_a_move(body: str) -> bool:
    """ "I moved to React from Vue": a move to something that is no place and no home is not a move; a night in a
    hotel is no home."""
    if _LODGING.search(body):
        return True
    m = _MOVED_TO.search(body)
    if m is None:
        return False
    to = m.group("to")
    return not (_A_HOME.match(to) or is_place(to) or is_place(to.split(" ")[0]))


DOMAIN = Domain(
    name="residence",
    en=(
        "moved",
        "lived",
        "move",
        "moving",
        "apartment",
        "house",
        "home",
        "neighborhood",
        "neighbourhood",
        "rent*",
        "roommate*",
        # a home as a chat names it: "a two bedroom in Mona Heights", "keys collected", "the landlord", "our BTO"
        "bedroom",
        "flat",
        "condo",
        "landlord",
        "lease",
        "keys",
        "bto",
        "renovation",
    ),
    zh=(
        "搬家",
        "搬到",
        "搬了",
        "租房",
        "房租",
        "房子",
        "买房",
        "首付",
        "次卧",
        "租出去",
        "老家",
        "定居",
        "住在",
        "住了",
        "住过",
        "生活了",
        "待了",
        "呆了",
    ),
    importance=0.7,
    accept=lambda low: not is_short_stay(low),
    veto=_not_a_move,
)
