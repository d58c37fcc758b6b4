import re

from mirror_pipeline.core.extraction.domains import Domain

# a role names work, whatever field it is in: "做机器学习工程师" holds 学习, "a machine learning engineer" learn*
_ROLE = re.compile(
    r"工程师|经理|设计师|分析师|研究员|顾问|助理|律师|会计|开发|\b(?:engineer|manager|designer|analyst|developer|consultant)s?\b"
)


def _not_a_role(low: str) -> bool:
    return not _ROLE.search(low)


DOMAIN = Domain(
    name="education",
    en=(
        "school*",
        "college*",
        "universit*",
        "degree*",
        "class",
        "classes",
        "course*",
        # (the verb, not "studio": "I signed with Funkhaus Studios" is work)
        "study",
        "studies",
        "studied",
        "studying",
        "graduat*",
        "exam*",
        "student*",
        "lesson*",
        "learn*",
        "education",
        "major*",
        "thesis",
        "homework",
        "semester",
        "scholarship*",
        "certificat*",
        "workshop*",
        "teach*",
        # "enrolled in", "signed up for Spanish 101"
        "enrol*",
        "101",
        # a trade's schooling: "the pre-employment electrical program at Red Deer Polytechnic", "my instructor"
        "polytechnic*",
        "instructor*",
        "apprentice*",
        "pre-employment",
        # what a course tests: "got my first test back, 84%", "failed the midterm"
        "test",
        "tests",
        "quiz*",
        "midterm*",
    ),
    zh=(
        "录取",
        "开学",
        "上课",
        "下课",
        "毕业",
        "考试",
        "考研",
        "读研",
        "研究生",
        "大学",
        "学校",
        "专业",
        "论文",
        "学习",
        "报了",
        "课",
        "同学",
        "学位",
        "驾照",
        "科目",
        "老师",
        # exams and certificates a person studies for: "考出CPA", "在准备雅思"
        "考出",
        "考下",
        "备考",
        "雅思",
        "托福",
        "考证",
        "证书",
        "资格证",
        "CPA",
    ),
    importance=0.7,
    accept=_not_a_role,
)
