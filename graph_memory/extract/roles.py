"""The `role` pattern kind: relatives, friends and pets, named or counted ("my husband Tom",
"I have three kids", "a dog named Max"); opinions are in opinions.py."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import (
    canonical_name,
    is_be,
    noun_phrase,
)
from graph_memory.extract.congratulations import congratulated, congratulated_thing
from graph_memory.extract.counterfactuals import imagined_parting
from graph_memory.extract.match import (
    Match,
    Who,
    clause_subject,
    make_matches,
    polarity,
    used_to,
    who,
)
from graph_memory.extract.objects import VAGUE, Found, lower_set
from graph_memory.extract.open_vocabulary import MEASURES, PLACING
from graph_memory.extract.patterns import RolePattern
from graph_memory.extract.people import (
    ADDRESSEE,
    an_age,
    named_appositive,
    one_name_after_many,
    person_name,
    role_core,
    role_owner,
    role_phrase,
)
from graph_memory.extract.role_contexts import (
    had_once,
    supposed_of_addressee,
    task_partner,
    to_come,
)

_NAMING_VERBS = frozenset({"name", "call"})
# Subjects that show someone, in a photo or in person: "This is my dog", "these are my kids".
_SHOWING = frozenset({"this", "that", "these", "those"})
_POINTING = frozenset({"the", "this", "that", "these", "those"})


def _given_name(noun: Any) -> str | None:
    """ "my husband Tom", "my sister, Anna,", "a dog named Max", "a cat called Luna"."""
    if one_name_after_many(noun):
        return None
    name = named_appositive(noun)
    if name:
        return name
    head = noun.head
    if noun.dep_ == "nsubjpass" and head.lemma_.lower() in _NAMING_VERBS:
        # "My cat is called Luna", "my son is named Leo".
        for named in head.children:
            if named.dep_ in ("oprd", "attr", "xcomp", "dobj"):
                name = person_name(named, trust_ner=False)
                if name:
                    return name
    if noun.dep_ == "appos" and head.i < noun.i and _comma_between(noun, head):
        # "Leo, my son, loves dinosaurs", "Nadia, my girlfriend, and I": the name goes first.
        name = person_name(head, trust_ner=False)
        if name:
            return name
    if noun.dep_ == "nsubj" and is_be(head) and role_owner(noun) is not None:
        # "My husband is Tom", "my best friend is Sarah" (not "my mom is a nurse").
        for attr in head.children:
            if attr.dep_ == "attr":
                name = person_name(attr)
                if name:
                    return name
    if _name_owner(noun) and head.dep_ == "nsubj" and is_be(head.head):
        # "My dog's name is Rex"; chat writes pets' names in lower case and drops the
        # possessive's apostrophe ("my cats name is soufflé").
        for attr in head.head.children:
            if attr.dep_ == "attr":
                return person_name(attr) or _written_name(attr)
    for child in noun.rights:
        if child.dep_ == "appos" and all(t.is_punct for t in noun.doc[noun.i + 1 : child.i]):
            # a name given to a role is a name whatever the small model's NER says
            # ("My cat, Fluffy, ..." is no organisation)
            name = person_name(child, trust_ner=False)
            if name:
                return name
        if child.dep_ == "acl" and child.lemma_.lower() in _NAMING_VERBS:
            for named in child.children:
                if named.dep_ in ("oprd", "xcomp", "dobj", "attr", "npadvmod"):
                    name = person_name(named) or _lowercase_name(named, child)
                    if name:
                        return name
    return None


def _comma_between(noun: Any, head: Any) -> bool:
    """Only a comma (and the role's own words) between a name and the role set beside it."""
    between = noun.doc[head.i + 1 : noun.left_edge.i]
    return len(between) == 1 and between[0].text == ","


def _name_owner(noun: Any) -> bool:
    """The noun whose name follows: "my dog's name", and chat's "my dogs name" (the parser
    reads a compound)."""
    return bool(noun.head.lemma_ == "name" and (
        noun.dep_ == "poss" or (noun.dep_ == "compound" and noun.tag_ == "NNS")))


def _one_word_name(token: Any, parts_of_speech: tuple[str, ...]) -> str | None:
    """A name as chat writes it, capitalised: one plain word with nothing hanging on it."""
    if token.pos_ not in parts_of_speech or list(token.children) or not token.is_alpha:
        return None
    text: str = token.text
    return text[:1].upper() + text[1:]


def _written_name(token: Any) -> str | None:
    """A name given after "name is" however it is written: one word of its own, no pronoun,
    no determiner, no phrase ("soufflé", not "a long story" or "something silly")."""
    if token.lower_ in VAGUE or token.lower_ in ("name", "names"):
        return None
    return _one_word_name(token, ("NOUN", "PROPN"))


def _lowercase_name(named: Any, verb: Any) -> str | None:
    """Chat's lower-case name right after a naming verb: "a dog named rex" -> Rex. One plain
    word that ends the phrase (not "named after my grandpa", "called it")."""
    if named.i != verb.i + 1 or named.is_stop or not named.text.islower():
        return None
    return _one_word_name(named, ("NOUN", "PROPN", "ADJ"))


_FAVORITE = frozenset({"favorite", "favourite", "fav", "fave"})


def _favorite_name(noun: Any) -> bool:
    """ "my favorite Teenage mutant ninja turtles": a favorite whose modifiers are capitalised
    inside the sentence is a name liked (a show, a team), not a relative or a pet of one's own
    ("my favorite cousin", "my Persian cat" stay)."""
    modifiers = [t for t in noun.lefts if t.dep_ in ("amod", "compound")]
    return any(t.lower_ in _FAVORITE for t in modifiers) and any(
        t.is_title and t.i > t.sent.start for t in modifiers if t.lower_ not in _FAVORITE
    )


def _counted(noun: Any) -> Found:
    """The role with its count and modifiers: "three kids", "little sister", "two cats"."""
    age = {t.i for m in noun.lefts if an_age(m) for t in m.subtree}  # "a 5 year old son"
    tokens = [
        t for t in noun_phrase(noun)
        if (t.dep_ in ("nummod", "amod", "compound") or t.i == noun.i) and t.i not in age
    ]
    return Found(canonical_name(tokens, keep_counts=True), "", tokens)


# Food named after an animal ("a hot dog", "corn dogs"), and what is done to food ("making my
# fish in tinfoil"): no pet.
_FOOD_MODIFIERS = frozenset({"hot", "corn", "chili", "chilli"})
_COOKING_VERBS = frozenset({"make", "cook", "eat", "grill", "bake", "fry", "roast", "steam",
                            "season", "order", "devour"})


def _listed_names(noun: Any) -> list[str]:
    """The names listed after a plural role: "my kids Leo and Mia", "I have two dogs, Max and
    Bella" (the parser hangs the first name as an appositive or a conjunct); [] unless two or
    more are named."""
    if noun.tag_ != "NNS":
        return []
    after = [c for c in noun.rights if c.pos_ == "PROPN" and c.dep_ in ("appos", "conj")]
    if not after:
        return []
    first = after[0]
    listed = [first, *(c for c in first.subtree if c.dep_ == "conj" and c.pos_ == "PROPN")]
    names = [n for n in (person_name(t, trust_ner=False) for t in listed) if n]
    return names if len(names) >= 2 and len(names) == len(listed) else []


def _married_with(noun: Any) -> Any | None:
    """The "is" of "I'm married with three kids", "we're engaged with a baby on the way"
    when the noun is what comes "with" it; else None."""
    prep = noun.head
    state = prep.head
    if noun.dep_ != "pobj" or prep.lower_ != "with" or state.lower_ not in ("married", "engaged"):
        return None
    return state.head if state.dep_ == "acomp" and is_be(state.head) else None


def _first_conjunct(noun: Any) -> Any:
    """The first noun of the coordination the noun is in ("son" of "a son and a daughter")."""
    while noun.dep_ == "conj" and noun.head.pos_ == "NOUN" and noun.head.i < noun.i:
        noun = noun.head
    return noun


def _food(noun: Any) -> bool:
    """ "I just had a costco hot dog", "my top 10 hot dogs", "making my fish in tinfoil"."""
    if any(c.dep_ in ("amod", "compound") and c.lower_ in _FOOD_MODIFIERS for c in noun.lefts):
        return True
    return noun.dep_ == "dobj" and noun.head.lemma_.lower() in _COOKING_VERBS


# Friends counted are still unnamed: "I only have 11 or 12 friends" names nobody.
_CIRCLE = frozenset({"friend", "friends", "buddy", "buddies", "pal", "pals"})


def _excluded(noun: Any, key: str, pattern: RolePattern) -> bool:
    """ "my friend said ..." names nobody ("my best friend" does: its key is no mention), nor
    do "my college friends" or "a work buddy" (where they were met is no name), nor "my close
    buddies" or "my old friends" (how close is no name either)."""
    excluded = lower_set(pattern.exclude_mentions)
    return bool({key, role_core(noun)} & excluded) or (
        noun.lower_ in excluded and "best" not in key.split())


def _shown(noun: Any, relation: str, pattern: RolePattern, owner: Any, subject: Any,
           negated: bool, key: str) -> list[Match]:
    """ "This is my dog", "that's my brother", "these are my kids": someone shown, in a photo or
    in person, is the speaker's. "This isn't my dog" says nothing of a dog of one's own."""
    if subject is None or subject.lower_ not in _SHOWING or negated:
        return []
    if _excluded(noun, key, pattern):
        return []
    if any(c.dep_ == "amod" and c.lower_ in PLACING for c in noun.lefts):
        key = noun.lower_  # "my first official dog" is a dog
    found = Found(key, "", [noun])
    return make_matches(relation, pattern, Who(owner, "", True, []), [found], False, [noun], key)


def _known_own(noun: Any) -> bool:
    """ "you really know your cats", "I know my wines": knowing one's own kind is an expertise,
    no pet or person had ("do you know my sister?" still says the speaker has one)."""
    head = noun.head
    if noun.dep_ != "dobj" or head.lemma_.lower() != "know":
        return False
    owner = next((c.lower_ for c in noun.children if c.dep_ == "poss"), None)
    subject = next((c.lower_ for c in head.children if c.dep_ == "nsubj"), None)
    return (subject, owner) in (("you", "your"), ("i", "my"), ("we", "our"))


def role_matches(
    noun: Any, relation: str, pattern: RolePattern, roles: frozenset[str]
) -> list[Match]:
    if (_food(noun) or _known_own(noun) or supposed_of_addressee(noun) or to_come(noun)
            or imagined_parting(noun)):
        return []  # "if your kid came across a fish": anyone's kid; "my future wife"
    key = role_phrase(noun)
    owner = role_owner(noun)
    if noun.dep_ == "compound" and _name_owner(noun):
        key = noun.lemma_.lower()  # "my cats name is soufflé": a cat
        owner = owner if owner is not None else role_owner(noun.head)
    name = _given_name(noun)
    names = _listed_names(noun) or ([name] if name else [])
    if not names and task_partner(noun):
        return []  # "me and my partner had to do a presentation for our math class"
    # "my husband Tom", "my kids Leo and Mia", wherever it stands in the sentence.
    if owner is not None and names:
        given = [Found(n, "PERSON", [noun]) for n in names]
        return make_matches(
            relation, pattern, Who(owner, "", True, []), given, False, [noun], key
        )
    head = noun.head
    named_subject = owner is not None and noun.dep_ == "attr" and is_be(head)
    if owner is not None and not named_subject:
        if (noun.dep_ in ("compound", "amod", "nmod") and name is None) or len(key.split()) > 2:
            return []  # "my favorite Teenage Mutant Ninja Turtles shows" is about shows
        if _favorite_name(noun):
            return []  # "my favorite Teenage mutant ninja turtles shows", misparsed: a title
        # "my sister lives in Ohio", "my mom is a hairdresser": the speaker has a sister.
        if _excluded(noun, key, pattern):
            return []
        found = Found(role_phrase(noun), "", [noun])
        return make_matches(
            relation, pattern, Who(owner, "", True, []), [found], False, [noun], key
        )
    # "Tom is my husband"; "This is my dog", "that's my brother" (shown: the speaker has one).
    if owner is not None and noun.dep_ == "attr" and is_be(head):
        subject_token = clause_subject(head)
        named = person_name(subject_token) if subject_token is not None else None
        negated = polarity(head, pattern)
        if negated is None:
            return []
        if named is None:
            return _shown(noun, relation, pattern, owner, subject_token, negated, key)
        found = Found(named, "PERSON", [subject_token])
        return make_matches(
            relation, pattern, Who(owner, "", True, []), [found], negated, [noun, head], key
        )
    if owner is None and not names and congratulated_thing(noun):
        found = Found(role_phrase(noun), "", [noun])  # "Congrats on the new puppy!"
        return make_matches(relation, pattern, Who(ADDRESSEE, "PERSON", True, []), [found],
                            False, [noun], key)
    # "I have a dog named Max", "I have three kids", "I don't have a dog anymore"; a conjunct
    # of a role is had too ("I have a son and a daughter", "a dog and two cats"; not "some
    # carrots and chicken").
    had = _first_conjunct(noun)
    if had is not noun and had.lemma_.lower() not in lower_set(pattern.nouns) | roles:
        return []
    head = had.head
    with_family = _married_with(had)
    if with_family is not None:
        head = with_family  # "I'm married with three kids": the kids are had
    elif had.dep_ != "dobj" or head.lemma_.lower() not in lower_set(pattern.verbs):
        return []
    if owner is not None or any(c.dep_ == "det" and c.lower_ in _POINTING for c in noun.lefts):
        return []  # "I have my sister's car", "I have the dog today"
    if not pattern.people and had_once(head) and used_to(head) is None:
        return []  # "I only had dogs before": a pet of the past, none said to be had now
    if any(c.lower_ in MEASURES for c in noun.lefts):
        return []  # "have enough friends", "no friends", "many friends": a measure, nobody named
    counted = any(c.dep_ == "nummod" for c in noun.children)
    if name is None and not counted and role_core(noun) in lower_set(pattern.exclude_mentions):
        return []  # "I have a friend who ...": someone, unnamed ("I have two roommates" counts)
    if name is None and noun.lower_ in _CIRCLE and "best" not in key.split():
        return []  # "I have 11 friends", "three close friends": counted, still nobody named
    subject_token = clause_subject(head)
    subject = who(subject_token, pattern, roles) if subject_token is not None else None
    if subject_token is None and congratulated(head):
        subject = Who(ADDRESSEE, "PERSON", True, [])  # "Congrats on adopting a puppy!"
    # "I can't have a dog" says something of now; "I'll get a cat one day", "I'll have two
    # kids by then" only of a future.
    modals = ("can",) if head.lemma_.lower() == "have" else ()
    negated = polarity(head, pattern, modals)
    if subject is None or negated is None:
        return []
    kept = [Found(n, "PERSON", [noun]) for n in names] if names else [_counted(noun)]
    cue = "used to" if used_to(head) is not None else None
    return make_matches(relation, pattern, subject, kept, negated, [head, noun], key, cue)
