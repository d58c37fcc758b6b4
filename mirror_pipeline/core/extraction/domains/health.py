import re

from mirror_pipeline.core.extraction.domains import Domain
from mirror_pipeline.core.model import Sensitivity

# the writer at someone's side: the hospital, the surgery and the illness are the other's ("在医院陪妈妈", "去医院看望
# 外婆", "took my dad to the hospital"): no health of the writer's (the family domain reads the clause)
_AT_SOMEONES_SIDE = re.compile(
    r"陪|看望|探望|照顾|照看|送[^，,。]{0,4}去|带[^，,。]{0,4}去"
    r"|\b(?:visit\w*|took|drove|brought|accompan\w*) (?:my|our|her|his)\b"
)


# the writer's work done where health is cared for ("在三院药剂科干了十四年", "在医院值夜班", "a nurse on the cardiac
# ward at Mercy Hospital", "extra shifts at the pharmacy"): the place is a workplace, its words no health of theirs.
# Read by how the clause is built: a word of the workplace, a word of working there (a shift, a post, a role, years
# served), and no word of a body or its care beside them ("去医院拔了颗智齿" keeps its tooth: health)
_WORKPLACE = re.compile(
    r"医院|住院部|急诊|药房|药剂科|药店|药企|[\u4e00-\u9fff]{1,3}科(?![学技普])|门诊|诊所|病房|卫生院"
    r"|\b(?:hospitals?|pharmac(?:y|ies)|clinics?|wards?|er|icu|practice)\b"
)
_WORKING_THERE = re.compile(
    r"上班|上了[^，,。]{0,4}班|[值夜白倒轮]班|报到|入职|工作|干了|调到|调去|转正|规培|实习|轮转|护士|药师|医生的工作"
    r"|\b(?:work\w*|shifts?|nurse|pharmacist|receptionist|technician|resident|intern\w*|staff|job|hired|employ\w*|"
    r"start(?:s|ed|ing)? at|on call|night duty|post|position|vacanc\w*|supervis\w*|tech|dispensary)\b"
)


def _workplace_only(low: str) -> bool:
    """The clause's health words are its workplace's, and it says the writer works there."""
    if not (_WORKPLACE.search(low) and _WORKING_THERE.search(low)):
        return False
    rest = _WORKING_THERE.sub(" ", _WORKPLACE.sub(" ", low))
    zh, en = DOMAIN.zh_regex(), DOMAIN.en_regex()
    return not ((zh is not None and zh.search(rest)) or (en is not None and en.search(rest)))


def _the_writers(low: str) -> bool:
    return not _AT_SOMEONES_SIDE.search(low) and not _workplace_only(low)


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
        # the body and its care as a clinic names them: "knee replacement", "A1C is 7.2", "colonoscopy prep"
        "knee*",
        "replacement",
        "colonoscop*",
        "blood pressure",
        "blood sugar",
        "cholesterol",
        "a1c",
        "insulin",
        "prescri*",
        "pill*",
        "physio*",
        "dentist*",
        "teeth",
        "root canal",
        "tooth",
        "checkup",
        "check-up",
        # what a check finds, said as its work: "got my bloodwork back", "test results came in"
        "bloodwork",
        "blood work",
        "blood test*",
        "test results",
        "lab results",
        "mri",
        "biopsy",
        "chemo*",
        "flu",
        "vaccin*",
        "booster",
        # as a chat says them: "doc said", "the doc switched me off naproxen", "my back is done", "hearing aid"
        # (not "doc" or "disc" alone: "I updated the doc", "disc golf")
        "my doc",
        "doc said",
        "doc says",
        "doc switched",
        "doc told me",
        "doc put me",
        "meds",
        "my back",
        "bad back",
        "back pain",
        "slipped disc",
        "herniated disc",
        "bulging disc",
        "hearing aid*",
        # a standing condition named as such: "the gout is better now", "i have asthma since child"
        "gout",
        "asthma*",
        "migraine*",
        "arthritis",
        "eczema",
        "inhaler*",
        "meniscus",
    ),
    zh=(
        "体检",
        # an injury, as a family tells it: "滑了一跤，腕子骨裂了，打了石膏"
        "骨裂",
        "骨折",
        "石膏",
        "摔了一跤",
        "滑了一跤",
        "扭伤",
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
        # the teeth (not "牙" alone: 西班牙)
        "智齿",
        "拔牙",
        "牙医",
        "看牙",
        "补牙",
        "洗牙",
        "牙疼",
        "牙齿",
        "体温",
        "抽血",
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
