"""Lemmas the English model's rule lemmatizer gets wrong: verbs it does not know, and plural
nouns that are words of their own.

For an inflected verb missing from its tables the lemmatizer keeps the first rule's guess,
which is often no word ("rewatched" -> "rewatche", "texted" -> "texte", "vlogged" ->
"vlogge"); a verb lemma is a fact's key (DID, STATES), so it must be a real verb. A known verb
behind a prefix gives the lemma ("rewatched" -> "re" + "watch"); otherwise the spelling of
English says, where it can, whether the stem took an "e" ("texted" -> "text"; "vaped" ->
"vape" stays the lemmatizer's guess). Where the tables know two stems, the lemmatizer picks
the shorter ("hoping" -> "hop", "hated" -> "hat"): an undoubled consonant says the "e" form.

A plural noun that is a word of its own keeps its form: a field or a practice in "-ics"
("economics", not "economic"; "physics", not "physic"), or a plural whose singular is no noun
("clothes", "outdoors", "molasses"), or a word in "-s" the tables do not know as a noun at all
("diabetes", "pilates", "measles"), or a plural whose singular names something else ("fries",
"glasses", "jeans"); an object is the singular lemma of a common noun only
where that singular means the same thing.

A plural in "-ies" is the plural of a singular in "-y" ("berries", "parties") or in "-ie"
("cookies", "selfies"). The lemmatizer's last rule, "-ies" -> "-y", wins whenever the tables
know a "-y" noun, and they know many old spellings of "-ie" nouns ("cooky", "smoothy",
"hippy", "pixy", "aunty"): where they know both singulars, the two are one word, and the
"-ie" spelling is the one people write now.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from graph_memory.extract.compound_conjuncts import VERB_INDEX

_PREFIXES = ("re", "un", "pre", "over", "under", "out", "mis", "dis", "up", "co", "de")
_VOWELS = frozenset("aeiouy")
_INFLECTIONS = ("ed", "ing")


def _known(word: str, index: set[str], exceptions: dict[str, list[str]],
           rules: list[list[str]]) -> str | None:
    """The lemma of a verb form the tables know, or None."""
    if word in exceptions:
        return str(exceptions[word][0])
    if word in index:
        return word
    for old, new in rules:
        if word.endswith(old) and (form := word[: len(word) - len(old)] + new) in index:
            return form
    return None


def _spelled(word: str, guess: str) -> str:
    """The stem of an unknown "-ed" / "-ing" form by English spelling."""
    suffix = next((s for s in _INFLECTIONS if word.endswith(s)), None)
    if suffix is None:
        return guess
    stem = word[: -len(suffix)]
    if len(stem) < 3:
        return guess
    last, before = stem[-1], stem[-2]
    if last == before and last not in _VOWELS and last not in "lsz":
        return stem[:-1]  # "vlogged" -> "vlog"
    if last not in _VOWELS and before not in _VOWELS and last not in "lr" and stem[-2:] != "dg":
        return stem  # "texted" -> "text", "ghosted" -> "ghost"
    if last not in _VOWELS and before in _VOWELS and (stem[-3] in _VOWELS or last in "xw"):
        return stem  # "uploaded" -> "upload", "streamed" -> "stream", "detoxing" -> "detox"
    if len(stem) >= 6 and last in "lr" and before in _VOWELS:
        return stem  # "journaling" -> "journal", "bouldering" -> "boulder"
    return guess  # "vaped" -> "vape", "favorited" -> "favorite": the lemmatizer's guess


_ONE_SYLLABLE_CVC = re.compile(r"^[^aeiou]*[aeiou][^aeiouwxy]$")


def _silent_e(word: str, index: set[str]) -> str | None:
    """ "hoping" -> hope, "riding" -> ride, "hated" -> hate, "hates" -> hate: where the tables
    know both the stem and the stem with "e" ("hop" and "hope"), a one-syllable stem whose
    consonant was not doubled ("hopping" -> hop) took the "e"."""
    suffix = next((s for s in (*_INFLECTIONS, "es") if word.endswith(s)), None)
    if suffix is None:
        return None
    stem = word[: -len(suffix)]
    if stem in index and stem + "e" in index and _ONE_SYLLABLE_CVC.match(stem):
        return stem + "e"
    return None


def verb_lemma(word: str, guess: str, tables: tuple[set[str], dict[str, list[str]],
                                                   list[list[str]]]) -> str:
    """A real lemma for an inflected verb form the tables may not know."""
    index, exceptions, rules = tables
    if word not in exceptions and (silent := _silent_e(word, index)) is not None:
        return silent
    if _known(word, index, exceptions, rules) is not None:
        return guess
    for prefix in _PREFIXES:
        rest = word[len(prefix):]
        if word.startswith(prefix) and len(rest) >= 3:
            found = _known(rest, index, exceptions, rules)
            if found is not None:
                return prefix + found
    return _spelled(word, guess)


# Words in "-s" that are no plural, and that the tables do not know: illnesses and pastimes.
_SINGULAR_IN_S = frozenset(
    {"diabetes", "herpes", "measles", "mumps", "rabies", "scabies", "shingles", "rickets"}
    | {"pilates", "billiards", "darts", "series", "species"}
)
# Plurals whose singular names something else: "fries" (a "fry" is a young fish), "glasses"
# (to see with), "pants", "jeans" ("shorts" stays: "youtube shorts" are videos); "greens"
# (leafy vegetables, "green" a colour), "sweets" ("sweet" a taste).
_PLURAL_ONLY = frozenset(
    {"fries", "glasses", "sunglasses", "pants", "jeans", "leggings", "goggles"}
    | {"scissors", "sweatpants", "pajamas", "overalls", "greens", "sweets"}
)


def plural_kept(word: str, lemma: str, nouns: set[str]) -> bool:
    """Whether a plural noun form keeps its form rather than the lemmatizer's `lemma` (see the
    module's docstring)."""
    if word in _SINGULAR_IN_S or word in _PLURAL_ONLY:
        return True
    return word in nouns and (word.endswith("ics") or lemma not in nouns)


def ie_singular(word: str, lemma: str, nouns: set[str]) -> str | None:
    """The "-ie" singular of a plural in "-ies" the lemmatizer gave a "-y" (see the module's
    docstring), or None: "cookies" -> cookie; "berries" -> None (no noun "berrie")."""
    if word.endswith("ies") and lemma == word[:-3] + "y" and word[:-1] in nouns:
        return word[:-1]
    return None


def better_lemmas(lemmatizer: Any) -> None:
    """Wrap a rule lemmatizer's `lemmatize` (in place) so unknown verbs get real lemmas and
    plural nouns of their own keep their form."""
    if lemmatizer.mode != "rule":
        return
    lookups = lemmatizer.lookups
    tables = (
        set(lookups.get_table("lemma_index", {}).get("verb", [])),
        dict(lookups.get_table("lemma_exc", {}).get("verb", {})),
        list(lookups.get_table("lemma_rules", {}).get("verb", [])),
    )
    nouns = set(lookups.get_table("lemma_index", {}).get("noun", []))
    if not lemmatizer.vocab.lookups.has_table(VERB_INDEX):  # for the parse mends' checks
        lemmatizer.vocab.lookups.add_table(VERB_INDEX, dict.fromkeys(tables[0], True))
    lemmatize: Callable[[Any], list[str]] = lemmatizer.lemmatize

    def fixed(token: Any) -> list[str]:
        lemmas = lemmatize(token)
        if (token.tag_ == "NNS" and token.is_alpha and lemmas
                and plural_kept(token.lower_, lemmas[0], nouns)):
            return [token.lower_]
        if (token.tag_ == "NNS" and token.is_alpha and lemmas
                and (ie := ie_singular(token.lower_, lemmas[0], nouns)) is not None):
            return [ie, *lemmas[1:]]
        if token.pos_ != "VERB" or not lemmas or not token.is_alpha:
            return lemmas
        return [verb_lemma(token.lower_, lemmas[0], tables), *lemmas[1:]]

    lemmatizer.lemmatize = fixed
