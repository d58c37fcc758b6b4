from mirror_pipeline.core.extraction.domains import Domain
from mirror_pipeline.core.model import Sensitivity

DOMAIN = Domain(
    name="money",
    en=("money", "saving*", "loan*", "debt*", "afford*", "budget*", "invest*", "income", "bank account*", "paid off"),
    zh=("工资", "收入", "存够", "存钱", "赚", "贷款", "薪资", "涨到", "收入", "块钱", "房贷", "理财"),
    sensitivity=Sensitivity.HIGH,
    importance=0.6,
)
