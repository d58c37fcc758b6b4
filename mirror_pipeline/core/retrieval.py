"""Hybrid retrieval (section 14.2): a lexical index that segments Chinese, dense vectors, and their fusion.

- Lexical: BM25 over rjieba `cut_for_search` tokens for Chinese (it emits both 弹钢琴 and 钢琴) and lower-cased,
  lightly stemmed English words; a query's Chinese is cut against the index's own vocabulary (no rjieba at read
  time). The index is built with bm25s (at run time, or in memory for an eval) and kept as its sparse score matrix
  (term x document, CSC-like arrays), so a query is scored with numpy alone: a read never imports bm25s or scipy.
- Dense: L2-normalised vectors of an embedder (the embedder itself lives in `adapters/embedder.py`); a query's
  cosine to every document is one matrix-vector product.
- Fusion: reciprocal rank fusion (RRF) of the two rankings, which needs no score calibration between them.

Pure computation: no I/O, no clock.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from mirror_pipeline.core.script import fold_script
from mirror_pipeline.core.text import EN_STOPWORDS, stem

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUN = re.compile(f"([{_CJK}]+)|([A-Za-z0-9]+(?:['’][A-Za-z]+)?)")
# function characters that carry no topic: BM25's idf would weigh them down anyway, but they cost index space; and
# the question words, as English's what / which / who are stop words: "我太太是做什么的" asks about a wife, and a line
# that says "做菜什么都放酱油" does not answer it by its 什么
ZH_STOPWORDS = frozenset(
    "的 了 是 我 你 他 她 它 们 在 和 就 都 也 很 吗 呢 吧 啊 呀 着 过 把 被 给 这 那 有 一个 我们 你们 "
    "什么 为什么 怎么 怎么样 怎样 哪里 哪儿 哪个 哪些 谁".split()
)


# the words a person calls their closest family by, in either language, are one search word: "我太太是做什么的"
# meets "我老婆思琪是中学数学老师", "Mum's seventieth" meets "my mom's 70th", "what does my wife do" meets 老婆.
# Only the words that name one person the same way (not 姐姐 / 妹妹 for "sister", nor 奶奶 / 外婆 for "grandmother")
_KIN = {
    "kin:mother": ("mom", "mum", "mother", "mama", "mommy", "mummy", "妈妈", "我妈", "老妈", "母亲", "妈"),
    "kin:father": ("dad", "father", "daddy", "papa", "爸爸", "我爸", "老爸", "父亲", "爸"),
    "kin:wife": ("wife", "wives", "老婆", "太太", "妻子", "媳妇", "我老婆", "我太太"),
    "kin:husband": ("husband", "老公", "丈夫", "我老公"),
    "kin:daughter": ("daughter", "女儿", "闺女", "我女儿"),
    "kin:son": ("son", "儿子", "我儿子"),
}
KIN_TERMS = {stem(w) if w.isascii() else w: canon for canon, words in _KIN.items() for w in words}


# the Chinese words the code itself adds to a query (ranking's task and domain expansions: "plan a weekend" asks for
# 爬山 too), segmented as rjieba does: an English task never loads rjieba's dictionary (0.2 s of a read's start).
# test_retrieval checks this against rjieba and against every expansion word
_SEGMENTED: dict[str, tuple[str, ...]] = {
    **{
        word: (word,)
        for word in (
            "不吃 住址 儿子 入职 公司 医生 受伤 喜欢 女儿 妈妈 姐姐 存款 学习 家人 岁 工作 工资 忌口 "
            "收入 爬山 爱好 父母 爸爸 生日 租房 职业 血压 贷款 跑步 身体 过敏 预算 讨厌 吃 吃素 素食"
        ).split()
    },
    "不喜欢": ("不", "喜欢"),
    "住在": ("住", "在"),
    "女朋友": ("朋友", "女朋友"),
    "工程师": ("工程", "工程师"),
    "每个周末": ("每个", "周末"),
}


def _segment(run: str) -> list[str]:
    known = _SEGMENTED.get(run)
    if known is not None:
        return list(known)
    import rjieba  # loaded on the first Chinese text only: an English query never pays its dictionary load

    return rjieba.cut_for_search(run)


# the longest word of a query looked up in an index's vocabulary (a longer term is found by its parts, which
# cut_for_search emits beside it)
_LONGEST_TERM = 10


def _segment_known(run: str, vocab: Mapping[str, int]) -> list[str]:
    """A Chinese run of a query cut against the vocabulary of the index it is matched with, without rjieba (its
    dictionary costs a cold read 0.2-0.4 s). A word the index does not hold scores nothing, so what counts is to
    give the words of rjieba's cut that the index holds, and no more: every word of two characters or more that
    the index holds (or a kin word or a stop word, which it holds in another form or not at all), as
    cut_for_search gives a word and its parts. What none of them covers, between the function characters (的, 是:
    words of their own): a character alone is a word; two are one word the index does not hold (most Chinese words
    have two characters: 多少, 喜事, which must not become 多 and 少); a longer stretch gives its characters."""
    known = _SEGMENTED.get(run)
    if known is not None:
        return list(known)
    found: list[tuple[int, int, str]] = []  # (start, -length, word): in the order of the text, a word before its parts
    covered = [c in ZH_STOPWORDS for c in run]
    for i in range(len(run)):
        for j in range(i + 2, min(len(run), i + _LONGEST_TERM) + 1):
            part = run[i:j]
            if part in ZH_STOPWORDS or KIN_TERMS.get(part, part) in vocab:
                found.append((i, i - j, part))
                covered[i:j] = [True] * (j - i)
    i = 0
    for is_covered, stretch in itertools.groupby(covered):
        n = len(list(stretch))
        if not is_covered:
            found += [(i, -2, run[i : i + 2])] if n == 2 else [(k, -1, run[k]) for k in range(i, i + n)]
        i += n
    return [w for _, _, w in sorted(found)]


def lexical_tokens(text: str, vocab: Mapping[str, int] | None = None) -> list[str]:
    """Search tokens: Chinese words (and their parts) from rjieba, English words lower-cased and stemmed. Chinese is
    read in Simplified (core/script.py): a document in Traditional and a query in Simplified meet, and the other way
    round (驗證碼 and 验证码 are one term). A word for a close family member is its kin term in both languages
    (`KIN_TERMS`: 老婆 / 太太 / wife are one). `vocab`: a query's text, cut against the vocabulary of the index it
    is matched with (`_segment_known`, no rjieba); without it, a document's (or a query's with no index)."""
    out: list[str] = []
    for match in _RUN.finditer(fold_script(unicodedata.normalize("NFKC", text))):
        zh, word = match.group(1), match.group(2)
        if zh:
            cut = _segment(zh) if vocab is None else _segment_known(zh, vocab)
            out.extend(KIN_TERMS.get(t, t) for t in cut if t not in ZH_STOPWORDS)
        else:
            low = word.lower()
            if low not in EN_STOPWORDS:
                token = stem(low)
                bare = token[:-2] if token.endswith(("'s", "’s")) else token  # "mum's" is a kin term too
                out.append(KIN_TERMS.get(bare, token))
    return out


# who a line's speaker is when that is not a name: the person, an assistant, a tool
_UNNAMED_SPEAKERS = frozenset({"", "user", "assistant", "system", "other", "unknown"})


def named_speaker(row: dict) -> str | None:
    """The name of who said a line when a name is known ("Caroline", "Wei"), else None (the person, an assistant,
    a tool)."""
    name = str(row.get("speaker_name") or row.get("speaker") or "").strip()
    if name.lower() in _UNNAMED_SPEAKERS or name.startswith("tool:"):
        return None
    return name.removeprefix("other:").strip() or None  # evidence names others "other:<name>"


def document_text(row: dict) -> str:
    """What the lexical index reads of a document: its text, and the name of a named speaker, so "what did
    Caroline say about adoption" meets Caroline's lines (the one function every index build calls)."""
    name = named_speaker(row)
    text = str(row.get("text") or "")
    return f"{name}: {text}" if name else text


@dataclass(frozen=True)
class LexicalIndex:
    """BM25 as a sparse term x document matrix of precomputed scores (the form bm25s keeps): a query's scores are
    the sum of its terms' rows."""

    vocab: dict[str, int]
    data: np.ndarray  # float32 scores
    indices: np.ndarray  # int32 document of each score
    indptr: np.ndarray  # int64 start of each term's row
    n_docs: int
    # the same matrix by document (`transposed`, written with the served snapshot): a line's terms without segmenting
    # its text again (feedback words read the best lines' terms; rjieba's dictionary costs a cold read 0.2 s). None
    # in an index built in memory (an eval: its text is segmented anyway) and in a snapshot of an older version
    doc_terms: np.ndarray | None = None  # int32 term of each score, by document
    doc_indptr: np.ndarray | None = None  # int64 start of each document's terms
    terms: Sequence[str] | None = None  # the term of each id

    def terms_of(self, doc: int) -> list[str] | None:
        """The index's terms of one document, or None when the index is not kept by document."""
        if self.doc_terms is None or self.doc_indptr is None or self.terms is None:
            return None
        lo, hi = int(self.doc_indptr[doc]), int(self.doc_indptr[doc + 1])
        return [self.terms[j] for j in self.doc_terms[lo:hi].tolist()]

    @classmethod
    def build(cls, corpus: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75) -> LexicalIndex:
        """Index pre-tokenized documents with bm25s (imported here: only index builders pay for it)."""
        import bm25s

        n = len(corpus)
        vocab: dict[str, int] = {}
        ids = [[vocab.setdefault(t, len(vocab)) for t in doc] for doc in corpus]
        if not vocab:
            return cls({}, np.zeros(0, np.float32), np.zeros(0, np.int32), np.zeros(1, np.int64), n)
        model = bm25s.BM25(k1=k1, b=b)
        # an empty document is legal (a photo, a sticker): give it a token no query produces
        empty = len(vocab)
        model.index(
            bm25s.tokenization.Tokenized(ids=[d or [empty] for d in ids], vocab={**vocab, "\x00": empty}),
            show_progress=False,
        )
        s = model.scores
        # bm25s keeps a CSC matrix of documents x terms: column j (term j) spans indptr[j]:indptr[j+1]
        indptr = np.asarray(s["indptr"], dtype=np.int64)[: len(vocab) + 1]
        return cls(
            vocab,
            np.asarray(s["data"], dtype=np.float32),
            np.asarray(s["indices"], dtype=np.int32),
            indptr,
            n,
        )

    def scores(self, query_tokens: Sequence[str]) -> np.ndarray:
        out = np.zeros(self.n_docs, dtype=np.float32)
        for t in dict.fromkeys(query_tokens):  # a repeated query word counts once, as bm25s does
            j = self.vocab.get(t)
            if j is None:
                continue  # unknown words are dropped (STACK.md)
            lo, hi = self.indptr[j], self.indptr[j + 1]
            # a term's postings name each document once, so a plain scatter-add equals np.add.at (~10x faster)
            out[self.indices[lo:hi]] += self.data[lo:hi]
        return out


def transposed(indices: np.ndarray, indptr: np.ndarray, n_docs: int) -> tuple[np.ndarray, np.ndarray]:
    """The term x document postings by document: (start of each document's terms, int64; the terms, int32), each
    document's terms in id order."""
    indices = np.asarray(indices)[: int(indptr[-1])]
    term_of = np.repeat(np.arange(len(indptr) - 1, dtype=np.int32), np.diff(np.asarray(indptr)))
    order = np.argsort(indices, kind="stable")  # stable: within a document the terms stay in id order
    counts = np.bincount(indices, minlength=n_docs) if len(indices) else np.zeros(n_docs, np.int64)
    return np.concatenate([[0], np.cumsum(counts)]).astype(np.int64), term_of[order]


def scores_at(index: LexicalIndex, query_tokens: Sequence[str], docs: np.ndarray) -> np.ndarray:
    """`index.scores(query_tokens)[docs]` for sorted, distinct `docs`, without scoring the whole corpus: each
    term's postings hold its documents in order (bm25s's CSC matrix), so the candidates are found by binary
    search (a few hundred candidates of 1M documents cost microseconds, not a pass over every posting)."""
    docs = np.asarray(docs, dtype=np.int64)
    out = np.zeros(len(docs), dtype=np.float32)
    if not len(docs):
        return out
    for t in dict.fromkeys(query_tokens):
        j = index.vocab.get(t)
        if j is None:
            continue
        lo, hi = int(index.indptr[j]), int(index.indptr[j + 1])
        postings = index.indices[lo:hi]
        pos = np.searchsorted(postings, docs)
        inside = pos < len(postings)
        hit = np.zeros(len(docs), dtype=bool)
        hit[inside] = postings[pos[inside]] == docs[inside]
        out[hit] += index.data[lo + pos[hit]]
    return out


def median(values: np.ndarray) -> np.floating:
    """`np.median` of a 1-D array without NaN, the same value: np.median imports numpy.ma the first time it is
    called (35 ms of a cold read, for a check on masked arrays a read never has)."""
    n = len(values)
    if n == 0:
        return values.dtype.type(np.nan)
    half = n // 2
    if n % 2:
        return np.partition(values, half)[half]
    part = np.partition(values, [half - 1, half])
    return np.mean(part[half - 1 : half + 1])


def sorted_distinct(values: np.ndarray) -> np.ndarray:
    """`np.unique(values)` of a 1-D array of integers, the same values: np.unique imports numpy.ma the first time it
    is called (40-100 ms of a cold read, to check for a masked array a read never has)."""
    ordered = np.sort(np.asarray(values), kind="stable")
    if len(ordered) < 2:
        return ordered
    return ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))]


def cosine_scores(vectors: np.ndarray, query: np.ndarray) -> np.ndarray:
    """Cosine similarity of normalised document vectors to a normalised query vector."""
    if vectors.size == 0:
        return np.zeros(len(vectors), dtype=np.float32)
    return vectors @ query.astype(vectors.dtype)


def ranked_order(
    scores: np.ndarray, mask: np.ndarray | None = None, depth: int | None = None, among: np.ndarray | None = None
) -> np.ndarray:
    """The documents with a signal (`mask`, or `among`: their sorted positions), best first (ties by position),
    at most `depth` of them."""
    idx = among if among is not None else np.arange(len(scores)) if mask is None else np.flatnonzero(mask)
    if depth is not None and len(idx) > depth:
        part = np.argpartition(-scores[idx], depth - 1)[:depth]
        idx = idx[part]
    return idx[np.lexsort((idx, -scores[idx]))]


def ranks(scores: np.ndarray, mask: np.ndarray | None = None, depth: int | None = None) -> np.ndarray:
    """1-based rank of each document by score (ties by position); documents with no signal (`mask` false) get 0."""
    order = ranked_order(scores, mask, depth)
    out = np.zeros(len(scores), dtype=np.int64)
    out[order] = np.arange(1, len(order) + 1)
    return out


def rrf(rank_lists: Sequence[np.ndarray], weights: Sequence[float], k: float = 60.0) -> np.ndarray:
    """Reciprocal rank fusion: sum of weight / (k + rank) over the rankings a document appears in (rank 0: absent)."""
    total = np.zeros(len(rank_lists[0]) if rank_lists else 0, dtype=np.float64)
    for r, w in zip(rank_lists, weights, strict=True):
        present = r > 0
        total[present] += w / (k + r[present])
    return total
