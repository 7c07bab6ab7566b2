"""The faster attribute ruler, lemmatizer cache and matrix products annotate exactly as stock
spaCy does."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import spacy
from spacy.attrs import DEP, ENT_IOB, ENT_TYPE, HEAD, LEMMA, MORPH, POS, SENT_START, TAG
from thinc.api import NumpyOps
from threadpoolctl import threadpool_info

from graph_memory.extract.rules import MODEL
from graph_memory.extract.speedups import speed_up

REALTALK = Path(__file__).resolve().parents[2] / "shared/data/realtalk/Chat_1_Emi_Elise.json"
ATTRS = [TAG, POS, MORPH, LEMMA, DEP, HEAD, ENT_IOB, ENT_TYPE, SENT_START]
TEXTS = [
    "I'm allergic to peanuts, but my sister isn't.",
    "That one's better than this. Those were the days!",
    "Cause I'd go w/out it tho, whilst he's not gonna.",
    "  \n\n  ",
    "Something happened to anyone who can't swim... whether or not they'd like it.",
    "The 3 kids' toys are in the U.S. and she doesn't eat pork anymore.",
    # The ruler's longer rules (run through its Matcher only where their first token is):
    "Y'all ain't gonna believe it, c'mon, let's go! I gotta say nothin' is there, y' all.",
    "There were two of them and there's one left. It ain't over, but you know it.",
]


def _chat_texts() -> list[str]:
    data = json.loads(REALTALK.read_text(encoding="utf-8"))
    return [
        m["clean_text"]
        for key, messages in data.items()
        if key.startswith("session_") and isinstance(messages, list)
        for m in messages
        if m.get("clean_text")
    ][:400]


def test_annotations_are_identical_to_stock_spacy() -> None:
    stock, fast = spacy.load(MODEL), spacy.load(MODEL)
    speed_up(fast)
    texts = TEXTS + _chat_texts()
    assert len(texts) > 300
    for twice in range(2):  # the second pass answers from the lemma cache
        for a, b in zip(stock.pipe(texts), fast.pipe(texts), strict=True):
            assert np.array_equal(a.to_array(ATTRS), b.to_array(ATTRS)), (twice, a.text)
            assert [t.morph.key for t in a] == [t.morph.key for t in b]
            assert [t.lemma_ for t in a] == [t.lemma_ for t in b]


def test_models_multiply_with_numpy_blas_on_one_thread() -> None:
    fast = spacy.load(MODEL)
    models = [c.model for _, c in fast.pipeline if getattr(c, "model", None) is not None]
    assert any(isinstance(n.ops, NumpyOps) and n.ops.use_blis for m in models for n in m.walk())
    speed_up(fast)
    nodes = [node for model in models for node in model.walk()]
    assert len(nodes) > 20
    assert all(isinstance(n.ops, NumpyOps) and not n.ops.use_blis for n in nodes)
    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    assert blas and all(lib["num_threads"] == 1 for lib in blas)
