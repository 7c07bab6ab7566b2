"""The real MiniLM embedder: unit vectors, caching, and the ONNX path for single texts."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from graph_memory.embed import ONNX_MAX_TEXTS, SentenceTransformerEmbedder


def test_vectors_are_unit_length_and_deterministic(embedder: SentenceTransformerEmbedder) -> None:
    vectors = embedder.embed(["I love sushi", "Where do I live?", "I love sushi"])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(vectors[0], vectors[2])


def test_single_texts_via_onnx_match_torch(embedder: SentenceTransformerEmbedder) -> None:
    texts = ["Can you suggest a restaurant for dinner?", "peanut allergy"]
    assert len(texts) <= ONNX_MAX_TEXTS
    fast = embedder.embed(texts)
    reference = embedder._encode_torch(texts)
    assert embedder._onnx is not None, "the ONNX export should load on this machine"
    assert np.all(np.sum(fast * reference, axis=1) > 0.9999)


def test_related_texts_are_closer_than_unrelated(embedder: SentenceTransformerEmbedder) -> None:
    a, b, c = embedder.embed(["I am allergic to peanuts", "peanut allergy", "the train is late"])
    assert float(a @ b) > float(a @ c) + 0.3


def test_bfloat16_batches_stay_within_rounding_of_float32(
    embedder: SentenceTransformerEmbedder,
) -> None:
    texts = [f"message number {i}: we went hiking near the lake and had lunch" for i in range(8)]
    fast = embedder._encode_torch(texts, bfloat16=True)
    exact = embedder._encode_torch(texts, bfloat16=False)
    assert np.all(np.sum(fast * exact, axis=1) > 0.999)


def test_float32_stays_exact_while_another_thread_embeds_in_bfloat16(
    embedder: SentenceTransformerEmbedder,
) -> None:
    texts = [
        f"message {i}: I'm allergic to peanuts and I moved to Lisbon last spring."
        for i in range(40)
    ]
    reference = embedder._encode_torch(texts[:3], bfloat16=False)
    with ThreadPoolExecutor(max_workers=1) as pool:
        busy = pool.submit(lambda: [embedder._encode_torch(texts, bfloat16=True) for _ in range(6)])
        while not busy.done():
            again = embedder._encode_torch(texts[:3], bfloat16=False)
            assert np.allclose(again, reference, atol=1e-5)
        busy.result()


def test_exporting_to_onnx_leaves_the_torch_model_unchanged(tmp_path: Path) -> None:
    """The first start on a machine exports the network to ONNX in-process; tracing it once
    changed the model that goes on embedding (cosine 0.90-0.96 to the true vectors)."""
    texts = ["I'm allergic to peanuts.", "We moved to Lisbon in May."]
    reference = SentenceTransformerEmbedder(onnx=False)._encode_torch(texts, bfloat16=False)
    exporting = SentenceTransformerEmbedder(cache_dir=tmp_path)  # empty cache: exports here
    assert exporting._onnx is not None
    after = exporting._encode_torch(texts, bfloat16=False)
    assert np.allclose(after, reference, atol=1e-5)
    assert np.allclose(exporting._onnx.encode(texts), reference, atol=1e-4)
