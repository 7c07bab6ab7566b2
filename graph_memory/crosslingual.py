"""Recall across Chinese and English in the default mode (multilingual_embedding 'chinese'):
multilingual vectors for a bilingual user's English messages, computed off the write path.

At write time only Chinese and mixed messages get a multilingual-e5 vector: e5 embeds ~70
texts/s on one core, far below the English write-throughput bar, while MiniLM serves English.
But a Chinese question finds an English message only through e5. So once a user is
bilingual (has a Chinese or mixed message, or asks a Chinese question), a background thread
gives the user's English messages their e5 vector too:
- a user's first Chinese message or question here (or the first recall of a user who already
  has multilingual vectors, after a restart) queues a scan of all the user's messages without
  one, a page of FILL_BATCH at a time in id order;
- English messages written later for that user are queued directly, with their texts.
State lives in the graph (which messages have a vector), so a stopped fill resumes where it
stopped on the next trigger, and its vectors are exactly those the write path would have
given (deterministic recall once filled: `wait_idle`). A forgotten message is never given
one (the store sets a vector only on a message that still has text and none yet).

It also answers recall's "does this user have multilingual vectors?" in O(1): a yes is kept
(vectors are only ever added, and a stale yes costs one query embedding, never a wrong
result); a no is kept for NO_TTL_S seconds or until a write here gives the user one (another
replica's writes are seen after the TTL).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from graph_memory.embed import MultilingualEmbedder
from graph_memory.store.base import EmbeddingSource, EpisodeRow, Store
from graph_memory.text import episode_search_text

log = logging.getLogger(__name__)
# Texts per e5 call and per store write: the e5 engine serves one call at a time, so a small
# batch bounds how long a Chinese recall waits behind the fill (~0.1 s).
FILL_BATCH = 8
NO_TTL_S = 30.0


@dataclass
class _Job:
    user_id: str
    sources: list[EmbeddingSource] | None  # None: scan the user's messages without a vector


class CrosslingualFill:
    """Fills multilingual vectors of bilingual users' English messages in the background."""

    def __init__(self, store: Store, multilingual: MultilingualEmbedder | None) -> None:
        self._store = store
        self._multilingual = multilingual
        self._lock = threading.Condition()
        self._jobs: list[_Job] = []
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._has: dict[str, bool] = {}
        self._no_since: dict[str, float] = {}
        self._scanned: set[str] = set()  # users whose scan was queued by this process

    # --- what recall and writes tell it ---------------------------------------------------
    def has_multilingual(self, user_id: str) -> bool:
        """Whether any of the user's messages has a multilingual vector (cached, see above)."""
        with self._lock:
            known = self._has.get(user_id)
            fresh = known or time.monotonic() - self._no_since.get(user_id, 0.0) < NO_TTL_S
        if known is not None and fresh:
            answer = known
        else:
            answer = self._store.has_multilingual_episodes(user_id)
            with self._lock:
                self._has[user_id] = answer or self._has.get(user_id, False)
                self._no_since[user_id] = time.monotonic()
        if answer:
            self._scan(user_id)  # after a restart: resume what the last process left
        return answer

    def note_query(self, user_id: str, chinese: bool) -> None:
        """A recall: a Chinese or mixed question makes the user bilingual."""
        if chinese:
            self._scan(user_id)

    def note_written(self, rows: Sequence[EpisodeRow]) -> None:
        """Episodes a write stored: users given a multilingual vector are bilingual now; the
        English messages of bilingual users are queued for theirs."""
        if self._multilingual is None:
            return
        users = {r.episode.user_id for r in rows if r.embedding_ml is not None}
        with self._lock:
            for user in users:
                self._has[user] = True
            bilingual = {r.episode.user_id for r in rows if self._has.get(r.episode.user_id)}
        for user in users:
            self._scan(user)
        missing: dict[str, list[EmbeddingSource]] = {}
        for r in rows:
            e = r.episode
            if r.embedding_ml is None and e.user_id in bilingual and e.text:
                missing.setdefault(e.user_id, []).append(
                    EmbeddingSource(id=e.id, text=e.text, speaker=e.speaker, language=e.language)
                )
        for user, sources in missing.items():
            self._queue(_Job(user, sources))

    # --- the background thread ------------------------------------------------------------
    def _scan(self, user_id: str) -> None:
        if self._multilingual is None:
            return
        with self._lock:
            if user_id in self._scanned:
                return
            self._scanned.add(user_id)
        self._queue(_Job(user_id, None))

    def _queue(self, job: _Job) -> None:
        with self._lock:
            if self._closed:
                return
            self._jobs.append(job)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="crosslingual-fill", daemon=True
                )
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._jobs and not self._closed:
                    self._busy = False
                    self._lock.notify_all()
                    self._lock.wait()
                if self._closed:
                    self._busy = False
                    self._lock.notify_all()
                    return
                job = self._jobs.pop(0)
                self._busy = True
            try:
                self._do(job)
            except Exception:  # the service goes on; the next trigger retries the user
                log.exception("multilingual fill of user %s failed", job.user_id)
                with self._lock:
                    self._scanned.discard(job.user_id)

    def _do(self, job: _Job) -> None:
        if job.sources is not None:
            for start in range(0, len(job.sources), FILL_BATCH):
                if self._closed:
                    return
                self._fill(job.user_id, job.sources[start : start + FILL_BATCH])
            return
        after = ""
        while not self._closed:
            page = self._store.episodes_without_multilingual(job.user_id, after, FILL_BATCH)
            if not page:
                return
            self._fill(job.user_id, page)
            after = page[-1].id

    def _fill(self, user_id: str, sources: Sequence[EmbeddingSource]) -> None:
        assert self._multilingual is not None
        texts = [episode_search_text(s.text, s.speaker) for s in sources]
        vectors = self._multilingual.embed(texts)
        self._store.set_multilingual_embeddings(  # only onto the text embedded (no lock)
            [(s.id, s.text, v.tolist()) for s, v in zip(sources, vectors, strict=True)]
        )
        with self._lock:
            self._has[user_id] = True

    # --- lifecycle ------------------------------------------------------------------------
    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until every queued fill is done; whether it is (False on timeout)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while self._jobs or self._busy:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def close(self) -> None:
        """Stop after the current batch; what is left is filled on the next trigger."""
        with self._lock:
            self._closed = True
            self._jobs.clear()
            self._lock.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()
