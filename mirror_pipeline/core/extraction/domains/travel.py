from mirror_pipeline.core.extraction.domains import Domain
from mirror_pipeline.core.extraction.domains.residence import is_short_stay

DOMAIN = Domain(
    name="travel",
    en=(
        "trip*",
        "travel*",
        "vacation*",
        "holiday*",
        "visit*",
        "flew",
        "flight*",
        "abroad",
        "beach*",
        "road trip",
        "been to",
        "went to",
        "camping",
        "camp",
        "hik*",
        "tour*",
        "visa",
        "passport",
        "cruise*",
        # a flight said with its verb, and a trip booked ("gonna fly to Mexico", "booked YYZ to MNL for dec 18"; a
        # booking of a doctor or a class is read first by its own domain)
        "fly",
        "flying",
        "booked",
    ),
    zh=(
        "旅游",
        "旅行",
        "出差",
        "高铁",
        "飞机",
        "逛",
        "回了趟",
        "去了趟",
        "去了",
        "回岳阳",
        "回老家",
        "度假",
        "待了",
        "呆了",
        "住了",
        # flying and landing: "飞回上海了", "飞到悉尼", "落地新加坡"
        "飞回",
        "飞到",
        "飞去",
        "飞往",
        "落地",
        "回国",
    ),
    importance=0.6,
    # a stay is a trip only when it is short ("待了五天"); "待了六年" is the residence's
    accept=lambda low: not any(s in low for s in ("待了", "呆了", "住了")) or is_short_stay(low),
)
