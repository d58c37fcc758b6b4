from mirror_pipeline.core.extraction.domains import Domain

DOMAIN = Domain(
    name="goals",
    en=("goal*", "dream*", "plan*", "aim*", "hope*", "determined", "future"),
    zh=("目标", "梦想", "打算", "计划", "准备", "决定", "想"),
    importance=0.6,
)
