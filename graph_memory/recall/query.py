"""Query understanding: which known entities a query names, and terse-query rewriting."""

from __future__ import annotations

import re

from graph_memory.entities import alias_id, entity_id
from graph_memory.extract.base import Extractor
from graph_memory.models import Entity, ExtractionInput, WorkingSlot
from graph_memory.store.base import Store
from graph_memory.text import STOPWORDS, content_words

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
_MAX_NGRAM = 4
_DEICTIC = re.compile(
    r"\b(that one|this one|the same|what i said|said before|as before|the other one|it|that|"
    r"those|them)\b",
    re.IGNORECASE,
)
TERSE_CONTENT_WORDS = 3


def is_terse(query: str) -> bool:
    """Too little to search on by itself: no content word at all, or a pointer back ("that
    one", "what I said") with at most three content words."""
    words = content_words(query)
    return not words or (len(words) <= TERSE_CONTENT_WORDS and _DEICTIC.search(query) is not None)


def rewrite(query: str, slots: list[WorkingSlot], limit: int = 5) -> str | None:
    """Expand a terse query with the session's working memory (highest priority first)."""
    if not slots or not is_terse(query):
        return None
    context = "; ".join(f"{slot.key.replace('_', ' ')}: {slot.value}" for slot in slots[:limit])
    return f"{query} ({context})"


def _ngrams(text: str) -> set[str]:
    words = _WORD.findall(text)
    grams: set[str] = set()
    for size in range(1, _MAX_NGRAM + 1):
        for start in range(len(words) - size + 1):
            gram = " ".join(words[start : start + size])
            if size == 1 and gram.lower() in STOPWORDS:
                continue
            grams.add(gram)
            if size == 1 and len(gram) > 3 and gram.lower().endswith("s"):
                grams.add(gram[:-1])  # "peanuts" finds the lemmatised entity "peanut"
    return grams


def query_entities(
    store: Store, extractor: Extractor, user_id: str, query: str, speaker: str
) -> list[Entity]:
    """Known entities of the user that the query names: by the extractor's mentions and by
    every word n-gram, through the entity and alias tables."""
    extraction = extractor.extract([ExtractionInput(text=query, speaker=speaker)])[0]
    names = _ngrams(query) | {m.name for m in extraction.mentions if m.name != speaker}
    found = store.get_entities([entity_id(user_id, name) for name in names])
    aliased = store.resolve_aliases([alias_id(user_id, name) for name in names])
    missing = [eid for eid in aliased.values() if eid not in found]
    found.update(store.get_entities(missing))
    return sorted(found.values(), key=lambda e: e.id)
