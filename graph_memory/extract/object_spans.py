"""The tokens an object's phrase spans beyond its noun phrase: a trailing label ("plan A"), a
noun the parser split off ("watching cooking shows"), a date or an amount whole, a journey's
place ("a trip to Japan"), the "of" part of a name ("Lord of the Rings"), a name split at its
hyphen ("Inter-Milan"), and the second noun of a pair that names one thing ("mac and cheese",
"Business and Society" in a list with a serial comma, a title joined by "and").
objects.py reads the phrase; this module says how far it reaches."""

from __future__ import annotations

import re
from typing import Any

from graph_memory.extract.canonical import FILLERS, determiners, is_be, noun_phrase
from graph_memory.extract.lowercase_full_names import rest_of_lowercase_name
from graph_memory.extract.titles import coordinated_title

# Dates and amounts are kept as written, whole: "the 15th of next month", "$49.99".
_WHOLE_ENTITIES = frozenset({"DATE", "TIME", "MONEY", "QUANTITY", "PERCENT"})
_MAX_NAME_OF = 4
# Words of the moment written after an object ("cooking my soup rn"), no part of it.
_CHAT_TAILS = frozenset({"rn", "atm", "asap", "now", "today", "tonight", "lately", "tho"})
_LABEL = re.compile(r"^(?:[A-Z]|[A-Z]?\d+[A-Za-z]?)$")

def trailing_label(head: Any) -> Any | None:
    """The letter or number that completes a name right after its noun: "plan A", "option B",
    "component X", "room 12" (the parser hangs it anywhere)."""
    doc = head.doc
    if head.i + 1 >= len(doc) or head.pos_ not in ("NOUN", "PROPN"):
        return None
    nxt = doc[head.i + 1]
    if not _LABEL.match(nxt.text) or (nxt.text == "I" and nxt.dep_ == "nsubj"):
        return None
    if nxt.head.i != head.i and nxt.head.i != head.head.i and head.head.i != nxt.i:
        return None
    return nxt


def trailing_noun(head: Any) -> Any | None:
    """The noun the parser split off a compound at the end of a clause: the "shows" of
    "watching cooking shows" (read a verb), the "f150" of "a ford f150" (a second object)."""
    doc = head.doc
    if head.i + 1 >= len(doc) or head.pos_ not in ("NOUN", "PROPN") or head.dep_ != "dobj":
        return None
    nxt = doc[head.i + 1]
    last = nxt.i + 1 == len(doc) or doc[nxt.i + 1].is_punct
    if not last or list(nxt.children) or nxt.dep_ not in ("dep", "dobj") or (
        nxt.lower_ in FILLERS | _CHAT_TAILS
    ):
        return None
    verbs = (head.head.i, head.head.head.i)
    if nxt.tag_ not in ("NN", "NNS", "NNP", "VBZ") or nxt.head.i not in verbs:
        return None
    return nxt


def entity_span(head: Any) -> Any | None:
    """The date or amount entity the head belongs to, as a span."""
    if head.ent_type_ not in _WHOLE_ENTITIES:
        return None
    for ent in head.doc.ents:
        if ent.start <= head.i < ent.end:
            # "I finished Final Fantasy 7 last week": a name the model took into a date
            # ("Fantasy 7 last week") begins before it; its words are no date
            named = [t for t in head.lefts if t.dep_ in ("compound", "amod") and t.i < ent.start]
            return None if named else ent
    return None


def object_tokens(head: Any) -> list[Any]:
    """The phrase of an object head: its noun phrase, a trailing label, or a whole date."""
    ent = entity_span(head)
    if ent is not None:
        return list(ent)
    tokens = noun_phrase(head)
    label = trailing_label(head) or trailing_noun(head)
    if label is not None and label not in tokens:
        tokens.append(label)
    tokens += rest_of_lowercase_name(head, tokens)  # "gordon ramsay", "ramsay" read as a verb
    return tokens + _name_of(head) + _versus(head) + _destination(head)


# Journeys named by where they go: "a trip to Japan", "a road trip through Utah"; a bare "trip"
# says nothing (noun_object refuses it), as the open fallback's objects do.
JOURNEYS = frozenset({"trip", "vacation", "holiday", "journey", "cruise", "tour", "getaway",
                      "excursion", "voyage", "flight"}
                     # and outings, which say as little bare: "an outing to the zoo", "a visit
                     # to Japan" ("I'm planning an outing": which?)
                     | {"outing", "visit"})
_JOURNEY_PREPS = frozenset({"to", "through", "around", "across"})


def _destination(head: Any) -> list[Any]:
    """The "to Japan" of "a trip to Japan": a journey's place, a name or a common place."""
    if head.lemma_.lower() not in JOURNEYS:
        return []
    for prep in head.children:
        if prep.dep_ != "prep" or prep.lower_ not in _JOURNEY_PREPS:
            continue
        places = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")]
        if places:
            return [prep, *(t for t in noun_phrase(places[0]) if t.dep_ != "det")]
    return []


# Institutions whose name, written in lower case, is "the <noun> of <what>": "the museum of
# natural history", "the university of michigan", "the bank of america".
_INSTITUTIONS = frozenset(
    {"museum", "university", "college", "school", "institute", "academy", "bank", "church"}
    | {"cathedral", "temple", "palace", "gallery", "library", "hall", "house", "department"}
)


_PLACES = frozenset({"GPE", "LOC", "FAC"})
# Kinds of places a name after "of" tells ("the city of Rome"; not "the history of Rome").
_PLACE_KINDS = frozenset(
    {"beach", "city", "town", "village", "island", "coast", "shore", "street", "mountain"}
    | {"lake", "harbor", "harbour", "port", "capital", "region", "province", "countryside"}
)


_VERSUS = frozenset({"vs", "vs.", "versus", "v.", "v"})


def _versus(head: Any) -> list[Any]:
    """The "vs. Forrest Griffin" of "Anderson Silva vs. Forrest Griffin": a bout, a match or a
    title named by its two sides ("Kramer vs. Kramer") is both, not the first name."""
    if head.pos_ != "PROPN":
        return []
    for prep in head.rights:
        sides = [c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "PROPN"]
        if prep.dep_ == "prep" and prep.lower_ in _VERSUS and sides:
            return [prep, *(t for t in sides[0].subtree if not t.is_punct)]
    return []


def _name_of(head: Any) -> list[Any]:
    """The "of" part of a proper name: "Lord of the Rings", "University of Texas", "Guardians
    of the Galaxy" are one name, not "Lord"; so is that of an institution with "the", in any
    case ("the museum of natural history", not "museum")."""
    institution = head.lemma_.lower() in _INSTITUTIONS and "the" in determiners(head)
    # "the lovely beach of Galveston", "the city of Rome": a kind of place with a place's
    # name alone after "of" is named by it (not "the rest of Europe", "the ending of Dune")
    placed = (head.pos_ == "NOUN" and "the" in determiners(head)
              and head.lemma_.lower() in _PLACE_KINDS)
    if head.pos_ != "PROPN" and not institution and not placed:
        return []
    for prep in head.rights:
        if prep.dep_ != "prep" or prep.lower_ != "of":
            continue
        for name in prep.children:
            # "God of War and Zelda": the name's own conjuncts are other things, not its part.
            other = any(c.dep_ == "conj" and c.pos_ == "PROPN" for c in name.children)
            aside = {t.i for c in name.children if c.dep_ in ("cc", "conj") for t in c.subtree
                     if other and not institution}
            inner = [t for t in name.subtree if t.i not in aside]
            named = all(t.pos_ in ("PROPN", "DET") for t in inner) and name.pos_ == "PROPN" and (
                head.pos_ == "PROPN" or institution or name.ent_type_ in _PLACES)
            # a title the chat writes lower-case, "god of war", "lord of the rings"
            named = named or lowercase_title_of(head, inner)
            # An institution's "of" part is a bare name or field: no article, no pronoun.
            field = institution and all(t.pos_ in ("PROPN", "NOUN", "ADJ") for t in inner)
            if (
                name.dep_ == "pobj"
                and (named or field)
                and len(inner) <= _MAX_NAME_OF
                and all(t.dep_ not in ("cc", "conj") for t in inner)
            ):
                return [prep, *inner]
    return []


def lowercase_title_of(head: Any, inner: list[Any]) -> bool:
    """The "of" part of a title written lower-case, its head read as a proper noun: "god of
    war", "league of legends", "lord of the rings" (words and an article, no more)."""
    return head.pos_ == "PROPN" and head.text.islower() and all(
        t.text.islower() and t.pos_ in ("NOUN", "PROPN", "DET") for t in inner
    ) and any(t.pos_ != "DET" for t in inner)


def hyphen_joined(tokens: list[Any]) -> list[Any]:
    """A name the parser split at its hyphen is whole: "Inter-Milan" (read as three objects of
    "is") keeps "-Milan"; only words written together with the hyphen, no spaced dash."""
    if not tokens:
        return tokens
    doc, last = tokens[0].doc, max(t.i for t in tokens)
    while (
        last + 2 < len(doc)
        and doc[last + 1].text == "-"
        and not doc[last].whitespace_
        and not doc[last + 1].whitespace_
        and doc[last + 2].is_alpha
        and doc[last + 2] not in tokens
    ):
        tokens = [*tokens, doc[last + 1], doc[last + 2]]
        last += 2
    return tokens


# Pairs joined by "and" that name one thing, a dish or a game, not two: "I love mac and cheese"
# is no liking of cheese ("I like tea and coffee" is two likings).
BINOMIALS = frozenset(
    {"mac and cheese", "macaroni and cheese", "fish and chips", "peanut butter and jelly"}
    | {"pb and j", "salt and pepper", "rice and beans", "chips and salsa", "bread and butter"}
    | {"chicken and waffles", "biscuits and gravy", "shrimp and grits", "bangers and mash"}
    | {"surf and turf", "cookies and cream", "rock and roll", "r and b"}
    | {"dungeons and dragons", "arts and crafts", "hide and seek", "truth or dare"}
    | {"trick or treating", "trick or treat"}
    | {"pros and cons", "law and order", "bed and breakfast", "fast and furious"}
    # countries and islands named by a pair
    | {"turks and caicos", "trinidad and tobago", "bosnia and herzegovina"}
    | {"antigua and barbuda", "saint kitts and nevis", "sao tome and principe"}
)


def _serial_list_pair(head: Any) -> Any | None:
    """The second name of "Business and Society" in "I'm taking Data Analytics, Microeconomics,
    Business and Society, and Power": a list that ends with a comma before its "and" writes a
    comma between its items, so an "and" with none inside an item joins the words of one
    name. Both words are capitalised names, side by side, not two entities."""
    doc = head.doc
    if head.i + 3 >= len(doc) or head.pos_ != "PROPN" or not head.is_title:
        return None
    link, second, after = doc[head.i + 1], doc[head.i + 2], doc[head.i + 3]
    if link.lower_ != "and" or second.dep_ != "conj" or second.head.i != head.i:
        return None
    if second.pos_ != "PROPN" or not second.is_title or list(second.children):
        return None
    if second.ent_iob_ == "B":
        return None  # "Rome and London": two names the entity reader holds apart
    before = doc[head.left_edge.i - 1] if head.left_edge.i > 0 else None
    serial = any(
        t.text == "," and doc[t.i + 1].lower_ in ("and", "or")
        for t in doc[head.i + 3 : head.sent.end - 1]
    )
    return second if after.text == "," and before is not None and before.text == "," and (
        serial) else None


# Entities whose names may hold "and": "Procter and Gamble", "Pride and Prejudice".
_JOINED_NAME_LABELS = frozenset({"ORG", "WORK_OF_ART", "PRODUCT", "FAC", "EVENT"})


def _one_entity_pair(head: Any) -> Any | None:
    """The second name of "Johnson & Johnson", "Barnes & Noble", "Procter and Gamble": names
    joined by "&", or by "and" within one entity of a firm or a work, are one name."""
    doc = head.doc
    if head.i + 2 >= len(doc) or head.pos_ != "PROPN":
        return None
    link, second = doc[head.i + 1], doc[head.i + 2]
    if second.dep_ != "conj" or second.head.i != head.i or second.pos_ != "PROPN":
        return None
    # the entity is the pair alone: "Biology, Chemistry and Physics" read as one is a list
    ends = second.i + 1 == len(doc) or doc[second.i + 1].ent_iob_ != "I"
    one_entity = (head.ent_iob_ == "B" and second.ent_iob_ == "I" and ends
                  and head.ent_type_ in _JOINED_NAME_LABELS)
    return second if link.text == "&" or (link.lower_ == "and" and one_entity) else None


def binomial(head: Any) -> Any | None:
    """The second noun of a pair that names one thing with the head ("cheese" of "mac and
    cheese", "Society" of a serial list's "Business and Society"), else None."""
    tokens = binomial_tokens(head)
    return tokens[-1] if tokens else None


def binomial_tokens(head: Any) -> list[Any]:
    """The words of the pair that names one thing with the head: "mac and cheese"; a set
    phrase without the words before it ("peanut butter and jelly" of "a toasted bagel peanut
    butter and jelly"); [] when the head is in no such pair."""
    compounds = [t for t in head.lefts if t.dep_ == "compound"]
    joined = _serial_list_pair(head) or coordinated_title(head) or _one_entity_pair(head)
    links = [t for t in head.rights if t.dep_ == "cc" and (joined is None or t.i < joined.i)]
    if joined is not None and links:
        return [*compounds, head, links[-1], joined]
    for conj in head.rights:
        if conj.dep_ == "conj" and not list(conj.lefts) and links and links[0].i < conj.i:
            for start in range(len(compounds) + 1):
                words = [t.lower_ for t in [*compounds[start:], head, links[-1], conj]]
                if " ".join(words) in BINOMIALS:
                    return [*compounds[start:], head, links[-1], conj]
    return []


def time_spent(gerund: Any) -> list[Any] | None:
    """ "spending time with my family" -> "spending time with family", "spending time
    outdoors": the time with where or with whom it is spent; [] when nothing says so (the
    time alone names nothing); None for any other doing."""
    if gerund.lemma_.lower() != "spend":
        return None
    times = [c for c in gerund.children if c.dep_ == "dobj" and c.lemma_.lower() == "time"]
    if not times:
        return None
    where = [
        c for h in (gerund, times[0]) for c in h.children
        if (c.dep_ == "prep" and c.lower_ in ("with", "in", "at", "by"))
        or (c.dep_ == "advmod" and c.lower_ in ("outdoors", "outside"))
    ]  # fmt: skip
    tokens = [gerund, times[0], *(t for c in where for t in c.subtree if t.tag_ != "PRP$")]
    if not where or any(t.pos_ == "PRON" for t in tokens):
        return []
    return sorted(tokens, key=lambda t: t.i)


# Kinds of place and weather named with "the" ("I love the beach", "I enjoy the outdoors").
_GENERIC_THE = frozenset(
    {"beach", "outdoors", "ocean", "sea", "mountains", "snow", "rain", "sun", "countryside"}
    | {"theater", "theatre", "zoo", "gym", "holidays", "cold", "heat"}
)


def generic_the(head: Any, dets: set[str]) -> bool:
    """ "the beach" of "I love the beach" is the kind; "the beach you sent" one of the chat."""
    return dets == {"the"} and head.lower_ in _GENERIC_THE and head.n_lefts == 1 and not any(
        c.dep_ in ("relcl", "acl") for c in head.children
    )


def named_apposition(head: Any) -> Any | None:
    """ "the local specialty, Santorinian fava", "my favorite game, Minecraft": a common noun
    with what it is named after a comma is about the name (a person's is the people rules')."""
    if head.pos_ != "NOUN" or not determiners(head):
        return None  # "I like pizza, pasta": a list the parser read as one
    if any(c.dep_ in ("relcl", "acl") for c in head.children):
        return None  # "a book I read, outliers by ...": the clause tells the head's part
    for appos in head.rights:
        comma = head.doc[appos.left_edge.i - 1]
        # a name, or a noun its modifiers name ("Santorinian fava"); "especially pasta" is
        # one of the kind, which stays ("Italian food, especially pasta")
        named = appos.pos_ == "PROPN" or (appos.pos_ == "NOUN" and any(
            c.dep_ in ("amod", "compound") for c in appos.lefts))
        focus = any(c.dep_ == "advmod" for c in appos.lefts)
        if appos.dep_ == "appos" and comma.text == "," and named and not focus and (
                appos.ent_type_ != "PERSON"):
            return appos
    return None


def while_clause(gerund: Any) -> list[Any]:
    """A lone gerund with the "while" clause that says when it is done: "drinking while
    eating" is no liking or dislike of drinking; the gerund alone when it has none."""
    for clause in gerund.children:
        marks = [c for c in clause.children if c.dep_ == "mark" and c.lower_ == "while"]
        if clause.dep_ == "advcl" and clause.tag_ == "VBG" and marks:
            cut = {t.i for c in clause.children if c.dep_ in ("conj", "cc") for t in c.subtree}
            return [gerund, *(t for t in clause.subtree if t.i not in cut and not t.is_punct)]
    return [gerund]


def _ing(lemma: str) -> str:
    """The "-ing" form of a verb lemma by the spelling rules ("eat" -> eating, "drive" ->
    driving, "lie" -> lying, "swim" -> swimming)."""
    if lemma.endswith("ie"):
        return lemma[:-2] + "ying"
    if len(lemma) > 2 and lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")):
        return lemma[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", lemma):
        return lemma + lemma[-1] + "ing"
    return lemma + "ing"


def while_said(gerund: Any) -> tuple[str, list[Any]] | None:
    """ "I love drinking while I eat": the speaker's own "while" clause, which the parser hangs
    on the liking verb, told as the lone gerund's ("drinking while eating"); None without one."""
    if gerund.tag_ != "VBG" or any(c.dep_ in ("dobj", "prep", "prt") for c in gerund.children):
        return None
    for clause in [*gerund.children, *gerund.head.children]:
        marks = [c for c in clause.children if c.dep_ == "mark" and c.lower_ == "while"]
        subjects = [c.lower_ for c in clause.children if c.dep_ == "nsubj"]
        if clause.dep_ != "advcl" or clause.i < gerund.i or not marks or is_be(clause):
            continue
        if subjects not in (["i"], ["we"]) or any(c.dep_ == "neg" for c in clause.children):
            return None
        rest = sorted((t for c in clause.children if c.dep_ in ("dobj", "prt") for t in c.subtree),
                      key=lambda t: t.i)
        if any(t.pos_ == "PRON" for t in rest):
            return None  # "while I watch it"
        doing = clause.lower_ if clause.tag_ == "VBG" else _ing(clause.lemma_.lower())
        name = " ".join([gerund.lower_, "while", doing, *(t.text for t in rest)])
        return name, [gerund, marks[0], clause, *rest]
    return None
