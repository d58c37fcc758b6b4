"""core/script.py: Traditional folded to Simplified one character for one, so a span found in the folded text is the
same span in the text as written."""

from __future__ import annotations

from mirror_pipeline.core.script import fold_script, is_traditional, to_traditional


def test_fold_turns_traditional_into_simplified():
    assert fold_script("驗證碼") == "验证码"
    assert fold_script("聖誕節") == "圣诞节"
    assert fold_script("備用碼抄在這裡") == "备用码抄在这里"


def test_fold_keeps_the_length_so_spans_carry_over():
    text = "它寄了驗證碼到妳信箱，密碼是 hunter2。臺北見！"
    folded = fold_script(text)
    assert len(folded) == len(text)
    start = folded.index("密码")
    assert text[start : start + 2] == "密碼"


def test_fold_leaves_ascii_and_simplified_alone():
    assert fold_script("the Abus combination is 3-3-8-1") == "the Abus combination is 3-3-8-1"
    assert fold_script("验证码发到邮箱了") == "验证码发到邮箱了"
    assert fold_script("") == ""


def test_fold_is_idempotent():
    text = "妳的銀行帳號與網路銀行密碼"
    assert fold_script(fold_script(text)) == fold_script(text)


def test_is_traditional():
    assert is_traditional("驗證碼")
    assert is_traditional("我把密碼寫在筆記本裡")
    assert not is_traditional("台北")  # shared characters only: neither script
    assert not is_traditional("验证码")
    assert not is_traditional("hello")


def test_to_traditional_changes_only_characters_with_one_traditional_form():
    assert to_traditional("密码") == "密碼"
    assert to_traditional("hello") == "hello"
    assert len(to_traditional("验证码")) == 3
    assert fold_script(to_traditional("验证码")) == "验证码"


def test_screening_reads_traditional_as_simplified_and_redacts_the_text_as_written():
    from mirror_pipeline.core.screening import find_secrets, prefilter_mask, redact

    assert find_secrets("驗證碼是 583920")  # the rules name 验证码 only
    assert find_secrets("備用碼：48213 99120")
    text = "我的網路銀行驗證碼是 583920，別告訴別人"
    out = redact(text, "t#0")
    assert "583920" not in out.text
    assert out.text.startswith("我的網路銀行驗證碼是 ")  # shown as written, not folded
    assert out.text.endswith("，別告訴別人")
    # the vectorized prefilter (polars, from 512 texts on) folds as the lone-text one does
    texts = ["驗證碼：583920"] + ["今天天氣很好"] * 600
    assert prefilter_mask(texts)[0]


def test_lexical_search_meets_traditional_and_simplified():
    from mirror_pipeline.core.retrieval import LexicalIndex, lexical_tokens

    assert lexical_tokens("我在臺北學鋼琴") == lexical_tokens("我在台北学钢琴")
    docs = ["週末去學鋼琴", "今天吃了面条", "下周去公司开会"]
    index = LexicalIndex.build([lexical_tokens(d) for d in docs])
    assert int(index.scores(lexical_tokens("学钢琴")).argmax()) == 0  # a Simplified query, a Traditional line
    index = LexicalIndex.build([lexical_tokens(d) for d in ["周末去学钢琴", "今天吃了面条"]])
    assert int(index.scores(lexical_tokens("鋼琴課")).argmax()) == 0  # and the other way round


def test_extractor_reads_traditional_and_gives_back_the_persons_characters():
    from mirror_pipeline.core.extraction import extract
    from mirror_pipeline_tests.core.helpers import evidence

    text = "我對花生過敏。"
    (c,) = extract(evidence(text))  # the rule is written in Simplified (对 ... 过敏)
    assert (c.predicate, c.object) == ("allergic_to", "花生")
    assert c.content_text == "用戶對花生過敏"  # in the message's script, the extractor's words too
    assert text[c.span_start : c.span_end].startswith("我對花生過敏")
    (c,) = [c for c in extract(evidence("我住在臺北。")) if c.predicate == "lives_in"]
    assert c.object == "臺北"  # as written, not 台北
    (c,) = [c for c in extract(evidence("我住在台北。")) if c.predicate == "lives_in"]
    assert (c.object, c.content_text) == ("台北", "用户住在台北")  # Simplified stays Simplified


def test_characters_simplified_also_writes_as_they_are_are_not_folded():
    assert fold_script("著名的显著著作") == "著名的显著著作"
    assert fold_script("著名的餅乾") == "著名的饼干"  # the rest still folds
    assert not is_traditional("用户是著名的厨师")
