"""The write lock of users' memories, taken the same way by every read-modify-write of a
user's subgraph (write, feedback, update, forget, prune, consolidation, conflict review,
working memory and its spill, trajectories): this process's own lock (Memory's threads), then
the store's lock of the users (`Store.locked_users`: the database's UserLock nodes on Neo4j,
so that service replicas on one database take turns too; nothing more on the embedded engine,
which has one process). Re-entrant per thread: a working-memory spill inside `working_set`
holds its user already. A nested hold may not add users (locks are taken in sorted order,
all at once, so that two replicas cannot deadlock on each other)."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from graph_memory.store.base import Store


class UserLocks:
    """`hold(users)`: the users' memories are this thread's until the block ends."""

    def __init__(self, store: Store, process_lock: threading.RLock) -> None:
        self._store = store
        self._process = process_lock
        self._held = threading.local()

    @contextmanager
    def hold(self, user_ids: Iterable[str]) -> Iterator[None]:
        users = sorted(set(user_ids))
        with self._process:
            held: frozenset[str] = getattr(self._held, "users", frozenset())
            if set(users) <= held:
                yield
                return
            if held:
                raise RuntimeError(
                    f"a nested user lock may not add users ({sorted(set(users) - held)} while "
                    f"holding {sorted(held)}): take them all in the outer one"
                )
            with self._store.locked_users(users):
                self._held.users = frozenset(users)
                try:
                    yield
                finally:
                    self._held.users = frozenset()
