from mirror_pipeline.core.extraction.domains import Domain

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
    zh=("旅游", "旅行", "出差", "高铁", "飞机", "逛", "回了趟", "去了趟", "去了", "回岳阳", "回老家", "度假"),
    importance=0.6,
)
