"""The language of a text: "zh", "en" or "mixed", decided by its scripts alone (deterministic).

A memory's language picks how its words are cut for keyword search (jieba for Chinese, the
English tokeniser and stemmer otherwise), which extraction patterns apply, and which embedder
places it in the vector space. Queries are detected the same way.

The rule: Chinese characters (Han ideographs) against Latin words of two or more letters that
are not identifiers (all-caps or with digits: "ORD-20240512-8891", "ID", "A"). A Chinese word is
about 1.5 characters long, so Han characters count as 1/1.5 words each. A text is "mixed" when
the smaller script holds at least a fifth of the words, else the larger one's language; a
text with no Han character is "en" (also when it holds no word at all).
"""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["zh", "en", "mixed"]
LANGUAGES: tuple[Language, ...] = ("zh", "en", "mixed")

# CJK Unified Ideographs, Extension A and the compatibility block.
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[A-Za-z]|[A-Za-z]")
_CHARS_PER_CHINESE_WORD = 1.5
_MIXED_SHARE = 0.2


def has_han(text: str) -> bool:
    """Whether `text` holds any Chinese character."""
    return HAN.search(text) is not None


def _latin_words(text: str) -> int:
    count = 0
    for match in _LATIN_WORD.finditer(text):
        word = match.group()
        end = match.end()
        followed_by_digit = end < len(text) and text[end].isdigit()
        start = match.start()
        after_digit = start > 0 and text[start - 1].isdigit()
        if len(word) < 2 or word.isupper() or followed_by_digit or after_digit:
            continue  # "A", "ORD", "ID", "v2": identifiers read the same in any language
        count += 1
    return count


def detect_language(text: str) -> Language:
    """ "zh", "en" or "mixed" for `text` (see the module docstring for the rule)."""
    han = len(HAN.findall(text))
    if han == 0:
        return "en"
    english = _latin_words(text)
    chinese = han / _CHARS_PER_CHINESE_WORD
    if english == 0:
        return "zh"
    minority = min(english, chinese) / (english + chinese)
    if minority >= _MIXED_SHARE:
        return "mixed"
    return "zh" if chinese > english else "en"
