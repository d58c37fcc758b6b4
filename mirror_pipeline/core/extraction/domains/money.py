import re

from mirror_pipeline.core.extraction.domains import Domain
from mirror_pipeline.core.model import Sensitivity

DOMAIN = Domain(
    name="money",
    en=(
        "money",
        "saving*",
        "loan*",
        "debt*",
        "afford*",
        "budget*",
        "invest*",
        "income",
        "bank account*",
        "paid off",
        # money lent, owed and paid back, and where savings are kept: "Lent Kok Wai RM15,000", "I don't do stocks"
        "lent",
        "lend*",
        "borrow*",
        "owe*",
        "owing",
        "repa*",
        "mortgage*",
        "stocks",
        "shares",
        "fixed deposit*",
        "severance",
        "pension",
    ),
    zh=(
        "工资",
        "收入",
        "存够",
        "存钱",
        "赚",
        "贷款",
        "薪资",
        "涨到",
        "块钱",
        "房贷",
        "理财",
        # money said indirectly: what is owed, paid back, advanced and claimed
        "车贷",
        "月供",
        "信用卡",
        "花呗",
        "报销",
        "存款",
        "年终奖",
        "奖金",
        "公积金",
        "首付",
        "垫了",
        "欠了",
    ),
    bare_is_writer=True,
    sensitivity=Sensitivity.HIGH,
    importance=0.6,
)

# a sum in the thousands, in lower case (not a race: "a 5k")
_AMOUNT_SHAPE = (
    r"(?<![\w.])(?<!\ba )(?<!\bthe )(?:\$\s?)?\d{1,3}(?:\.\d)?\s?(?:k|grand|thousand)\b"
    r"|\$\s?\d{1,3}(?:,\d{3})+\b|\b\d{1,3}(?:,\d{3})+\s?(?:dollars|bucks|euros|pounds)\b"
)
_AMOUNT = re.compile(_AMOUNT_SHAPE)
# a sum in the thousands said as its value, its money words left out ("about 42k set aside", "owe my brother 9
# grand", "$12,000 in the account"): a life's money, read after every other domain ("bought a boat for 9 grand" is
# the purchase's); a smaller sum ("40 bucks for parking") is a day's spending, no disclosure by its amount alone
AMOUNTS = Domain(
    name="money",
    en=("grand",),  # ("grand" alone, "the grand opening", is no sum: `accept` asks for one)
    en_shape=_AMOUNT_SHAPE,
    accept=lambda low: _AMOUNT.search(low) is not None,
    sensitivity=Sensitivity.HIGH,
    importance=0.6,
)
