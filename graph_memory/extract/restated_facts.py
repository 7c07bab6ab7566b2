"""Facts one clause states twice under two readings, the lesser reading left out.

- A liking read both with its context and without ("Hiking is my favorite thing to do" gave
  PREFERS hiking [thing] and PREFERS hiking): the keyed one says all the other says.
- A diet eaten read also as a liking ("I eat vegan", "we eat vegetarian food" gave HAS_DIET
  vegan and PREFERS vegan / vegan food): the diet is the fact; eating by it is no taste.

Only facts of one subject whose spans overlap are compared: the same thing said in two
clauses of a message ("I love pizza for breakfast. Honestly I love pizza.") keeps both."""

from __future__ import annotations

from graph_memory.models import ExtractedFact

_LIKINGS = frozenset({"PREFERS", "AVOIDS"})
# The nouns a diet's food is named by: "vegan food", "vegetarian meals".
_DIET_FOODS = ("", " food", " meal", " dish", " cooking")


def without_restated(facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """The facts, less those another fact of the same clause states better."""
    return [f for f in facts if not any(_better(other, f) for other in facts if other is not f)]


def _better(other: ExtractedFact, fact: ExtractedFact) -> bool:
    """Whether `other` states what `fact` states, and more."""
    if other.triple.subject != fact.triple.subject or not _overlap(other.span, fact.span):
        return False
    if fact.triple.predicate not in _LIKINGS:
        return False
    if (other.triple.predicate == fact.triple.predicate and fact.triple.key is None
            and other.triple.key is not None and other.negated == fact.negated
            and other.triple.object.name.lower() == fact.triple.object.name.lower()):
        return True
    diet = other.triple.object.name.lower()
    return (other.triple.predicate == "HAS_DIET" and not other.negated
            and fact.triple.predicate == "PREFERS"
            and fact.triple.object.name.lower() in {diet + food for food in _DIET_FOODS})


def _overlap(one: tuple[int, int], two: tuple[int, int]) -> bool:
    return one[0] < two[1] and two[0] < one[1]
