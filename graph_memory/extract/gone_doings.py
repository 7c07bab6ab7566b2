"""The doing gone to, as the small model tags it: in "me and my brother go fishing every summer"
it reads "fishing" as a noun (NN, lemma "fishing"), the object of "go", where after "I go" it
reads the gerund (VBG). The patterns that take only gerunds after "go" ("I go hiking on
weekends" -> HAS_HOBBY hiking) then lost it. An "-ing" word the model left whole as a noun,
right after a form of "go" and its object, is read as the gerund it is (not "go to the
building", "went shopping" aside: "building" is no object of "go")."""

from __future__ import annotations

from typing import Any


def gone_doing(obj: Any) -> bool:
    """Whether `obj` is a gerund after "go", or the noun the model made of one."""
    if obj.tag_ == "VBG":
        return True
    lower = obj.lower_
    return bool(
        obj.tag_ == "NN"
        and obj.dep_ == "dobj"
        and lower.endswith("ing")
        and obj.lemma_.lower() == lower
        and obj.head.lemma_.lower() == "go"
        and obj.i == obj.head.i + 1
    )
