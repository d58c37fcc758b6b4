import re

from mirror_pipeline.core.extraction.domains import Domain
from mirror_pipeline.core.model import Sensitivity

# the writer at someone's side: the hospital, the surgery and the illness are the other's ("在医院陪妈妈", "去医院看望
# 外婆", "took my dad to the hospital"): no health of the writer's (the family domain reads the clause)
_AT_SOMEONES_SIDE = re.compile(
    r"陪|看望|探望|照顾|照看|送[^，,。]{0,4}去|带[^，,。]{0,4}去"
    r"|\b(?:visit\w*|took|drove|brought|accompan\w*) (?:my|our|her|his)\b"
)


def _the_writers(low: str) -> bool:
    return not _AT_SOMEONES_SIDE.search(low)


DOMAIN = Domain(
    name="health",
    en=(
        "health*",
        "doctor*",
        "hospital*",
        "sick",
        "ill",
        "illness",
        "injur*",
        "surgery",
        "therap*",
        "diet",
        "gym",
        "workout*",
        "exercis*",
        "yoga",
        "sleep*",
        "pain",
        "medicat*",
        "diagnos*",
        "recover*",
        "allerg*",
        "accident",
        "cancer",
        "disease",
        "weight",
        "meditat*",
        "stroke",
        "heart attack",
        "pregnan*",
        "passed away",
        "dementia",
        "alzheimer*",
        "diabet*",
        "hip",
    ),
    zh=(
        "体检",
        "血压",
        "医生",
        "医院",
        "住院",
        "手术",
        "生病",
        "感冒",
        "发烧",
        "过敏",
        "药",
        "失眠",
        "睡不着",
        "减肥",
        "胖了",
        "瘦了",
        "锻炼",
        "健身",
        "身体",
        "病",
        "疼",
        "怕水",
        # what a check-up or a clinic finds, named as a diary names it: "尿酸偏高", "腰椎间盘突出又犯了"
        "尿酸",
        "脂肪肝",
        "血脂",
        "血糖",
        "胆固醇",
        "结节",
        "腰椎",
        "颈椎",
        "椎间盘",
        "复查",
        "理疗",
        "挂号",
        "体检报告",
        "胃镜",
        "肠镜",
        # what befalls a body, said of the writer or of their kin: "爸中风了", "出院回家了", "我姐怀孕了"
        "中风",
        "骨折",
        "出院",
        "怀孕",
        "头晕",
        "去世",
    ),
    accept=_the_writers,
    bare_is_writer=True,
    sensitivity=Sensitivity.HIGH,
    importance=0.7,
)
