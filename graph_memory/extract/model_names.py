"""A product or model named by a code of letters and digits: "the n64 is amazing", "I think
comfort wise, the 767 is great", "the ps5 is so good". Chat writes these in lower case and the
small model reads them as common nouns or numbers, so an opinion of one finds no name; the code
with "the" alone before it names one thing, as a proper noun does. Not a decade ("the 90s"), a
measure ("the 5k", "the 10am"), an ordinal ("the 2nd") nor a year ("the 2019"). Used by
opinions.py."""

from __future__ import annotations

import re
from typing import Any

from graph_memory.extract.canonical import determiners
from graph_memory.extract.objects import Found

# letters and digits mixed: "n64", "ps5", "a350", "3ds", "rtx4090"
_CODE = re.compile(r"^(?=.*\d)(?=.*[a-z])[a-z0-9]{2,10}$", re.IGNORECASE)
# a plane or model number alone: "the 767", "the 911" (not a year: "the 2019")
_NUMBER = re.compile(r"^(?!19\d\d$|20\d\d$)\d{3,4}$")
# a number with its unit or order: "90s", "5k", "10am", "2nd", "4x", "1080p", "128gb"
_MEASURE = re.compile(
    r"^\d+(s|k|km|mi|m|cm|mm|kg|g|lb|lbs|am|pm|th|st|nd|rd|x|p|gb|tb|mb|hz|ft|yo|hr|hrs|min)$",
    re.IGNORECASE,
)


def model_name(noun: Any) -> Found | None:
    """The code "the" names one thing by: "n64" of "the n64"; None for anything else."""
    if noun.dep_ not in ("nsubj", "attr") or determiners(noun) != {"the"}:
        return None
    if any(c.dep_ != "det" for c in noun.children):
        return None  # "the 767 seats", "the 2 of us": the code is no lone name
    text = noun.text
    coded = _CODE.match(text) is not None and noun.pos_ in ("NOUN", "PROPN")
    numbered = _NUMBER.match(text) is not None and noun.tag_ == "CD"
    if not (coded or numbered) or _MEASURE.match(text):
        return None
    return Found(text, "PRODUCT", [noun])
