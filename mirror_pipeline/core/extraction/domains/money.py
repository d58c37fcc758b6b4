from mirror_pipeline.core.extraction.domains import Domain
from mirror_pipeline.core.model import Sensitivity

DOMAIN = Domain(
    name="money",
    en=("money", "saving*", "loan*", "debt*", "afford*", "budget*", "invest*", "income", "bank account*", "paid off"),
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
