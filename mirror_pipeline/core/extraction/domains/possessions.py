from mirror_pipeline.core.extraction.domains import Domain

DOMAIN = Domain(
    name="possessions",
    en=("car", "bike", "phone", "laptop", "bought", "buy*", "own", "collection", "guitar", "camera"),
    zh=("买了", "车", "手机", "电脑", "戒指", "礼物"),
    importance=0.5,
)
