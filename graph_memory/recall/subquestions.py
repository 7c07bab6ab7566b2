"""Questions within a query: a query of several sentences is ranked for each of its questions
too. A compound query asks two things ("我的手机是哪款？另外，趣跑购物节在哪儿办？"): ranked as a
whole, the evidence of the question it matches best fills every slot. A question after chat
("今天小区里的花开得真好……我真正想问的是：我住的小区怎么样？") is diluted by the chat.

A query's questions are its sentences that end in a question mark (？ or ?), when it has more
than one sentence. Each question gets its own semantic signal (the multilingual embedder's
similarity to it) and its own keyword signal (BM25 of its words over the candidate pool, with
pseudo-relevance feedback from its own first hits, as the whole query's: recall/score.py).
A candidate's semantic and keyword signals become the mean of the whole query's and those of
the question that scores it best, so (the blend being linear)

    score(c) = (score of c for the whole query + max over questions q of score of c for q) / 2

MemDaily tune split (bench/recall_zh.py): R@10 0.778 -> 0.803 (compound questions alone 0.799);
the maximum of the two scores instead of their mean reached the same R@10 with 1.0 less MRR.
Each question is then owed its share of the top k (recall/question_slots.py).
Used for Chinese and mixed queries (the "chinese" preset), which have the multilingual
embedder's vectors; an English query is ranked as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from graph_memory.recall.candidates import Candidate, CandidatePool
from graph_memory.recall.question_slots import share_slots
from graph_memory.recall.score import FEEDBACK_HITS

# A sentence: text up to and including its end mark (or the end of the query). A quotation
# is part of its sentence whatever marks it holds: "那个主要内容是“招聘会：……共创辉煌。”的活动，
# 持续时间是什么？" is one question, not a quoted sentence and the fragment "的活动，持续时间是
# 什么？" (which, ranked as a question of its own, pushed the quoted message from 1st to 16th).
# An opening mark without its closing one is text like any other.
_QUOTED = r'"[^"]*"|“[^”]*”|「[^」]*」|『[^』]*』'
_SENTENCE = re.compile(rf'(?:{_QUOTED}|[^。！？!?"“「『]|["“「『])+[。！？!?]*')
_QUESTION_END = ("？", "?")

Scored = tuple[tuple[float, dict[str, float]], Candidate]
ScoreFunction = Callable[[Candidate], tuple[float, dict[str, float]]]


@dataclass(frozen=True)
class Question:
    """One question of a compound query, and its semantic signal per candidate id (episodes
    with a multilingual vector; other candidates keep the whole query's)."""

    text: str
    semantic: dict[str, float]


def sub_questions(query: str) -> list[str]:
    """The questions (sentences ending in ？ or ?) of a query of several sentences, else []."""
    sentences = [s.strip() for s in _SENTENCE.findall(query)]
    questions = [s for s in sentences if s.endswith(_QUESTION_END)]
    return questions if len(sentences) >= 2 else []


def _order(scored: list[Scored]) -> list[Scored]:
    return sorted(scored, key=lambda pair: (-pair[0][0], pair[1].id))


def _score_question(
    pool: CandidatePool, kept: Sequence[Candidate], question: Question, score: ScoreFunction
) -> dict[str, Scored]:
    """Each kept candidate scored for one question: its semantic signal and keyword signal
    (BM25 of the question, averaged with feedback from the question's first hits)."""
    keyword = pool.keyword_scores(question.text)

    def variant(c: Candidate, words: dict[str, float]) -> Candidate:
        return replace(
            c, semantic=question.semantic.get(c.id, c.semantic), keyword=words.get(c.id, 0.0)
        )

    first = _order([(score(v), v) for v in (variant(c, keyword) for c in kept)])
    if not first:
        return {}
    hits = [(c, s[0]) for s, c in first[:FEEDBACK_HITS]]
    feedback = pool.feedback_scores(question.text, hits)
    blended = {cid: (keyword.get(cid, 0.0) + feedback.get(cid, 0.0)) / 2 for cid in keyword}
    return {c.id: (score(v), v) for c in kept for v in (variant(c, blended),)}


def best_of_questions(
    pool: CandidatePool,
    kept: Sequence[Candidate],
    whole: list[Scored],
    questions: Sequence[Question],
    score: ScoreFunction,
    top_k: int,
) -> list[Scored]:
    """`whole` (the candidates scored for the whole query) rescored with the semantic and
    keyword signals of the whole query and of their best question averaged (the module
    docstring), each question's best given its share of the top k (recall/question_slots.py);
    highest first."""
    best: dict[str, Scored] = {}
    rankings: list[list[str]] = []
    for question in questions:
        for_question = _score_question(pool, kept, question, score)
        rankings.append([c.id for _, c in _order(list(for_question.values()))])
        for cid, (s, c) in for_question.items():
            if cid not in best or s[0] > best[cid][0][0]:
                best[cid] = (s, c)
    fused = []
    for s, c in whole:
        found = best.get(c.id)
        if found is None:
            fused.append((s, c))
            continue
        asked = found[1]
        mean = replace(
            c,
            semantic=((c.semantic or 0.0) + (asked.semantic or 0.0)) / 2,
            keyword=(c.keyword + asked.keyword) / 2,
        )
        fused.append((score(mean), mean))
    return share_slots(_order(fused), rankings, top_k)
