"""Entity canonicalisation across writes.

A name resolves, in this order, to: the entity with the same normalised name (case,
punctuation, whitespace; the extractor already lemmatises), an entity that has the name as an
alias, or, for entity types that allow it, an entity of a compatible type that `names_match`
(the new name becomes its alias). Otherwise a new entity is created. Entities are scoped to
one user.

Embedding similarity alone merges far too much (bench/entity_threshold.py: at 0.86, "iPhone 14"
= "iPhone 15", "Korea" = "North Korea"); wrong merges corrupt memory while missed merges only
fragment it, so `names_match` is deliberately strict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

import numpy as np

from graph_memory.embed import Embedder
from graph_memory.extract.canonical import normalize_name
from graph_memory.ids import make_id
from graph_memory.language import has_han
from graph_memory.models import Entity, EntityRef
from graph_memory.ontology import ANY_TYPE, Ontology
from graph_memory.store.base import AliasRow, EntityRow, Store


def entity_id(user_id: str, name: str) -> str:
    return make_id("ent", user_id, normalize_name(name))


def alias_id(user_id: str, name: str) -> str:
    return make_id("alias", user_id, normalize_name(name))


def types_compatible(a: str, b: str) -> bool:
    return a == b or ANY_TYPE in (a, b)


_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_ACRONYM_SKIP = frozenset({"of", "and", "the", "for", "&"})


@lru_cache(maxsize=16_384)
def _tokens(name: str) -> tuple[str, ...]:
    """The words of a name's normalised form. Cached: a write batch compares each new name
    with every candidate entity, a dozen calls per pair (a fifth of entity resolution)."""
    return tuple(_TOKEN.findall(normalize_name(name)))


def is_acronym(short: str, long: str) -> bool:
    """ "LA" / "Los Angeles", "MIT" / "Massachusetts Institute of Technology"."""
    letters = "".join(_tokens(short))
    words = [w for w in _tokens(long) if w not in _ACRONYM_SKIP]
    return (
        len(words) >= 2
        and len(_tokens(short)) == 1
        and letters.isalpha()
        and letters == "".join(w[0] for w in words)
    )


_PLURAL_ENDINGS = ("s", "es")
_STEM = 4


def derivation(a: str, b: str) -> bool | None:
    """One-word names where one extends the other: a plural names the same thing
    ("Rottweilers"), any other ending a different one ("Peruvian" is not "Peru", "Islamic" is
    not "Islam"). None when the names are not of that shape."""
    words_a, words_b = _tokens(a), _tokens(b)
    if len(words_a) != 1 or len(words_b) != 1:
        return None
    short, long = sorted((words_a[0], words_b[0]), key=len)
    if len(short) < _STEM or short == long or not long.startswith(short):
        return None
    return long[len(short):] in _PLURAL_ENDINGS


def names_match(a: str, b: str, similarity: float, threshold: float) -> bool:
    """Whether two differently written names of compatible types name one thing.

    - an acronym of the other's initials always matches;
    - a one-word name and its plural match; other derived words never do ("Peruvian");
    - names that share some words but not all never match: the differing word is what tells
      them apart ("North Korea", "AirPods Pro", "brown rice", "Q3 report");
    - names with different numbers never match ("iPhone 14" / "iPhone 15");
    - a name with Chinese characters never matches by embedding: the English name embedder
      reads most of them as unknown tokens, so 蓝色 / 绿色 or 滑雪 / 游泳 look alike to it
      (Chinese names merge by their normalised form and aliases only);
    - otherwise (different words altogether: "couch" / "sofa") the embedding decides.
    """
    if has_han(a) or has_han(b):
        return False
    if is_acronym(a, b) or is_acronym(b, a):
        return True
    derived = derivation(a, b)
    if derived is not None:
        return derived
    tokens_a, tokens_b = set(_tokens(a)), set(_tokens(b))
    if tokens_a & tokens_b and tokens_a != tokens_b:
        return False
    if numbers_differ(a, b):
        return False
    return similarity >= threshold


def numbers_differ(a: str, b: str) -> bool:
    """Whether the names carry different numbers ("iPhone 14" / "iPhone 15", "dish 1" /
    "dish 4"): then they never name one thing, however close their embeddings."""
    digits_a = {t for t in _tokens(a) if any(c.isdigit() for c in t)}
    digits_b = {t for t in _tokens(b) if any(c.isdigit() for c in t)}
    return bool(digits_a or digits_b) and digits_a != digits_b


def _revise(
    entity: Entity, known: dict[str, Entity], out: ResolvedEntities, now: datetime
) -> Entity:
    """Record a changed entity (type or aliases) for the write, keeping a new one's embedding."""
    known[entity.id] = entity
    previous = out.rows.get(entity.id)
    out.rows[entity.id] = EntityRow(
        entity=entity, embedding=None if previous is None else previous.embedding, created_at=now
    )
    return entity


@dataclass
class ResolvedEntities:
    """name-and-type -> entity, plus the rows the write must upsert."""

    by_ref: dict[EntityRef, Entity] = field(default_factory=dict)
    rows: dict[str, EntityRow] = field(default_factory=dict)
    aliases: list[AliasRow] = field(default_factory=list)


class EntityResolver:
    def __init__(
        self, store: Store, embedder: Embedder, ontology: Ontology, threshold: float
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._ontology = ontology
        self.threshold = threshold

    def resolve(self, user_id: str, refs: list[EntityRef], now: datetime) -> ResolvedEntities:
        """Resolve every ref of one user; refs naming the same thing share one entity."""
        out = ResolvedEntities()
        unique = list(dict.fromkeys(refs))
        if not unique:
            return out
        ids = [entity_id(user_id, ref.name) for ref in unique]
        known = self._store.get_entities(ids)
        aliased = self._store.resolve_aliases([alias_id(user_id, ref.name) for ref in unique])
        known.update(self._store.get_entities([e for e in aliased.values() if e not in known]))
        stored = {
            ref: known.get(ent_id) or known.get(aliased.get(alias_id(user_id, ref.name), ""))
            for ref, ent_id in zip(unique, ids, strict=True)
        }
        # Only names that are not stored yet need a vector (to merge by, or for the new row).
        unknown = [ref for ref in unique if stored[ref] is None]
        vectors = dict(
            zip(unknown, self._embedder.embed([ref.name for ref in unknown]), strict=True)
        )
        fresh: list[tuple[Entity, np.ndarray]] = []  # created in this call, for merging
        for ref, ent_id in zip(unique, ids, strict=True):
            entity = stored[ref] or known.get(ent_id)
            if entity is None:
                vector = vectors[ref]
                entity = self._similar(user_id, ref, vector, fresh, known, out, now)
            if entity is None:
                entity = Entity(id=ent_id, user_id=user_id, name=ref.name, type=ref.type)
                known[ent_id] = entity
                fresh.append((entity, vector))
                out.rows[ent_id] = EntityRow(
                    entity=entity, embedding=vector.tolist(), created_at=now
                )
            elif entity.type == ANY_TYPE and ref.type != ANY_TYPE:
                # A specific type learned later refines the fallback type.
                entity = _revise(entity.model_copy(update={"type": ref.type}), known, out, now)
            out.by_ref[ref] = entity
        return out

    def _similar(
        self,
        user_id: str,
        ref: EntityRef,
        vector: np.ndarray,
        fresh: list[tuple[Entity, np.ndarray]],
        known: dict[str, Entity],
        out: ResolvedEntities,
        now: datetime,
    ) -> Entity | None:
        spec = self._ontology.entity_types.get(ref.type)
        if spec is None or not spec.merge_by_embedding:
            return None
        best: tuple[float, Entity] | None = None
        candidates = self._store.similar_entities(user_id, vector.tolist(), k=5)
        candidates += [(entity, float(np.dot(vector, other))) for entity, other in fresh]
        for entity, similarity in candidates:
            target = self._ontology.entity_types.get(entity.type)
            if (
                (best is None or similarity > best[0])
                and types_compatible(entity.type, ref.type)
                and target is not None
                and target.merge_by_embedding
                and names_match(ref.name, entity.name, similarity, self.threshold)
            ):
                best = (similarity, entity)
        if best is None:
            return None
        entity = known.get(best[1].id, best[1])
        normalized = normalize_name(ref.name)
        if normalized not in {normalize_name(a) for a in entity.aliases}:
            entity = _revise(
                entity.model_copy(update={"aliases": (*entity.aliases, ref.name)}), known, out, now
            )
            out.aliases.append(
                AliasRow(
                    id=alias_id(user_id, ref.name),
                    user_id=user_id,
                    name=normalized,
                    entity_id=entity.id,
                )
            )
        return entity
