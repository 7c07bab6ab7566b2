"""The context of a liking, its key ("I prefer Go for backend work" -> backend work): a `for`
phrase, a context word after the verb ("in the evening"), a fronted clause of time ("when
coding"), or, for two things each with its own ("Spotify for music and Audible for
audiobooks"), one key each."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import (
    canonical_name,
    is_be,
    ner_label,
    noun_phrase,
    phrase_text,
)
from graph_memory.extract.objects import Found


def context_key(verb: Any, objects: list[Any], contexts: set[str]) -> str | None:
    """The context of a preference: "for backend work", "for breakfast" (before or after),
    "on long flights" (before the verb), "in the evening" (a context word after it), "when
    coding" (a fronted clause)."""
    # "diving for hard-to-reach balls": a gerund's own "for" phrase is part of it.
    heads = [verb, *(o for o in objects if o.tag_ != "VBG")]
    # "I like oatmeal with berries for breakfast": the parser hangs the "for" on "berries"
    heads += [g for o in heads[1:] for p in o.rights if p.dep_ == "prep" and p.lower_ == "with"
              for g in p.children if g.dep_ == "pobj"]
    for head in heads:
        for prep in head.children:
            fronted = prep.i < verb.i and prep.lower_ in ("on", "at", "in", "during", "when")
            if prep.dep_ == "prep" and (prep.lower_ == "for" or fronted):
                pobj = [g for g in prep.children if g.dep_ in ("pobj", "pcomp")]
                phrase = noun_phrase(pobj[0]) if pobj else []
                # A context is a plain noun phrase: not "those hard-to-reach balls".
                if pobj and pobj[0].pos_ in ("NOUN", "PROPN") and not any(
                    t.pos_ in ("VERB", "AUX") for t in phrase
                ):
                    name = canonical_name(phrase)
                    return name or None
                if pobj and pobj[0].tag_ == "VBG":  # "for coding", "for running long distances"
                    return phrase_text(pobj[0].subtree) or None
    gerunds = [o for o in objects if o.tag_ == "VBG"]  # "I hate driving at night"
    things = [o for o in objects if o.tag_ != "VBG"]  # "going on slides": the doing's own
    return (_time_key([verb, *gerunds], contexts) or _occasion_key([verb, *things])
            or _when_key(verb))


# Company, not a part of the thing: "coffee with friends", "dinner with family".
_COMPANY = frozenset({"family", "people", "folk", "folks", "other", "others", "stranger", "guest",
                      "company", "crowd", "group", "team", "everyone", "someone"})


def with_accompaniment(found: Found | None, head: Any, people: frozenset[str],
                       contexts: set[str]) -> Found | None:
    """ "For dinner I like pasta with pesto", "I hate pizza with pineapple", "I like movies
    with subtitles": a thing liked or not is the thing with what it comes with, a plain noun
    phrase (not company: "with friends", "with my kids", "with Tom"; nor a time: "with
    breakfast")."""
    if found is None or head.pos_ != "NOUN":
        return found
    # the parser may hang it on the verb, right after the thing ("I love toast with jam")
    after = [c for c in head.head.rights if c.i == head.right_edge.i + 1]
    for prep in [*head.rights, *after]:
        if prep.dep_ != "prep" or prep.lower_ != "with":
            continue
        parts = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]
        # "oatmeal with berries for breakfast": the context hung on "berries" is no part of it
        trailing = {t.i for p in (parts[0].children if parts else ()) if _for_context(p)
                    for t in p.subtree}
        if len(parts) != 1 or any(c.dep_ not in ("amod", "compound", "cc", "conj")
                                  for c in parts[0].children if c.i not in trailing):
            return found
        lemma = parts[0].lemma_.lower()
        if lemma in people or lemma in _COMPANY or lemma in contexts or parts[0].ent_type_:
            return found
        tokens = [t for t in prep.subtree if not t.is_punct and t.i not in trailing]
        return Found(f"{found.name} {phrase_text(tokens)}", found.label,
                     [*found.tokens, *tokens])
    return found


def _for_context(prep: Any) -> bool:
    """A "for" phrase of a plain noun: "for breakfast", "for long flights"."""
    pobj = [g for g in prep.children if g.dep_ == "pobj"]
    return prep.dep_ == "prep" and prep.lower_ == "for" and len(pobj) == 1 and (
        pobj[0].pos_ == "NOUN")


_CONTEXT_PREPOSITIONS = frozenset({"in", "at", "on", "during", "before", "after"})
_MAX_PAIR_TOKENS = 4


def paired_contexts(verb: Any, contexts: set[str]) -> list[tuple[Found, str]]:
    """ "I like Spotify for music and Audible for audiobooks", "I prefer tea in the morning
    and coffee in the evening": each thing with its own context. Read from the words after
    the verb (the small model's parse of such gapped clauses is rarely right): two or more
    parts joined by "and" or commas, each "<thing> for <context>" or "<thing> in/at/on the
    <context word>"."""
    words = []
    for token in verb.doc[verb.i + 1 : verb.sent.end]:
        if token.is_punct and token.text != ",":
            break
        words.append(token)
    parts: list[list[Any]] = [[]]
    for token in words:
        if token.lower_ in ("and", ",") or token.text == ",":
            if parts[-1]:
                parts.append([])
        else:
            parts[-1].append(token)
    pairs = [_pair(part, contexts) for part in parts if part]
    if len(pairs) < 2 or any(p is None for p in pairs):
        return []
    return [p for p in pairs if p is not None]


def _pair(part: list[Any], contexts: set[str]) -> tuple[Found, str] | None:
    """ "Spotify for music" -> (Spotify, music); "coffee in the evening" -> (coffee, evening)."""
    cut = next((i for i, t in enumerate(part) if t.lower_ in _CONTEXT_PREPOSITIONS | {"for"}), 0)
    thing, rest = part[:cut], part[cut + 1 :]
    rest = [t for t in rest if t.pos_ != "DET"]
    if not thing or not rest or len(thing) > _MAX_PAIR_TOKENS or len(rest) > _MAX_PAIR_TOKENS:
        return None
    if any(t.pos_ in ("PRON", "AUX") or (t.pos_ == "VERB" and not t.is_title) for t in thing):
        return None
    if part[cut].lower_ != "for" and rest[-1].lemma_.lower() not in contexts:
        return None
    if not any(t.pos_ in ("NOUN", "PROPN") or t.is_title for t in thing):
        return None
    kept = [t for t in thing if t.pos_ != "DET"]
    # "Go", "Vim", "Word": a capitalised word inside a sentence is a name, whatever its tag.
    named = all(t.is_title and not t.is_sent_start for t in kept)
    name = " ".join(t.text for t in kept) if named else canonical_name(kept)
    key = canonical_name(rest)
    return (Found(name, ner_label(thing[-1]), thing), key) if name and key else None


def _time_key(heads: list[Any], contexts: set[str]) -> str | None:
    """ "I prefer tea in the evening", "I like jazz at night", "on weekends": a context word
    of the pattern after the verb (or after the gerund that is its object)."""
    for prep in (p for head in heads for p in head.rights):
        if prep.dep_ != "prep" or prep.lower_ not in _CONTEXT_PREPOSITIONS:
            continue
        for pobj in prep.children:
            if pobj.dep_ == "pobj" and pobj.lemma_.lower() in contexts:
                return str(pobj.lemma_).lower()
    return None


_OCCASION_PREPOSITIONS = frozenset({"on", "during"})


def _occasion_key(heads: list[Any]) -> str | None:
    """ "I prefer a window seat on long flights", "I like cold brew on hot days", "I prefer
    tea during exams": after the verb or its object, "on" / "during" with a bare plural is
    the kind of occasion the liking holds in (not "the photos on Instagram": a name, nor
    "on my trips", "on the weekend trip": one occasion of the speaker's, nor a doing's own
    phrase: "going on slides")."""
    for prep in (p for head in heads for p in head.rights):
        if prep.dep_ != "prep" or prep.lower_ not in _OCCASION_PREPOSITIONS:
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj" or pobj.tag_ != "NNS" or pobj.ent_type_:
                continue
            if any(c.dep_ not in ("amod", "compound") for c in pobj.children):
                continue  # "on my trips", "on the flights", "on flights to Japan"
            return canonical_name(noun_phrase(pobj)) or None
    return None


_WHEN = frozenset({"when", "while", "whenever"})
_MAX_WHEN_TOKENS = 4


def _when_key(verb: Any) -> str | None:
    """ "When coding, I prefer dark mode", "when I work I like silence": a present clause of
    time before the verb is its context (not "when I was a kid": a past, no context now)."""
    for clause in verb.lefts:
        if clause.dep_ != "advcl" or clause.pos_ != "VERB" or is_be(clause):
            continue
        if not any(c.lower_ in _WHEN and c.i < clause.i for c in clause.children):
            continue
        subjects = [c for c in clause.children if c.dep_ == "nsubj"]
        topic = _comes_to(clause, subjects)
        if topic is not None:
            return topic
        gerund = clause.tag_ == "VBG" and not subjects  # "when coding"
        own = clause.tag_ == "VBP" and subjects and subjects[0].lower_ in ("i", "we")
        if not (gerund or own):
            continue
        # What the clause is about too: "when we talk about code" is talk about code, not talk.
        tokens = [clause, *(t for c in clause.children if c.dep_ in ("dobj", "prt", "prep")
                            for t in c.subtree)]  # fmt: skip
        if len(tokens) <= _MAX_WHEN_TOKENS:
            return phrase_text(tokens) or None
    return None


def _comes_to(clause: Any, subjects: list[Any]) -> str | None:
    """ "When it comes to backend work, I prefer Go": the topic is the context."""
    if clause.lemma_ != "come" or not subjects or subjects[0].lower_ != "it":
        return None
    for prep in clause.children:
        if prep.dep_ == "prep" and prep.lower_ == "to":
            pobj = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]
            if pobj:
                return phrase_text([t for t in pobj[0].subtree if t.pos_ != "DET"]) or None
    return None
