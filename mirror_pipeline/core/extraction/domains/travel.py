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
    ),
    importance=0.6,
    # a stay is a trip only when it is short ("待了五天"); "待了六年" is the residence's
    accept=lambda low: not any(s in low for s in ("待了", "呆了", "住了")) or is_short_stay(low),
)
