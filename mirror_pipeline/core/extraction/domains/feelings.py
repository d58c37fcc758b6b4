from mirror_pipeline.core.extraction.domains import Domain

DOMAIN = Domain(
    name="life",
    en=(),
    zh=(),
    importance=0.4,
)
