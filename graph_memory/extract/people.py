"""Dialogue-aware resolution: who a clause is about, and whose things its objects name.

The rules do not know the speaker's or the addressee's name while they read the parse (a
batch is parsed before its facts are built), so a resolved name may hold two placeholders:
`SPEAKER` ("I", "my") and `ADDRESSEE` ("you", "your"). `resolve` fills them in once the
names are known; a fact that needs an addressee nobody named is dropped.

Conventions: I/me/my/we -> the speaker; you/your -> the addressee; a named person is the
subject of their own facts ("Emi is allergic to peanuts"); the speaker's relative is
"<speaker>'s <role>" ("my sister lives in Ohio"), or their name when given ("my husband Tom").
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name, noun_phrase
from graph_memory.extract.open_vocabulary import SPEAKER_POSSESSIVES, UNNAMED_ROLES
from graph_memory.extract.recaps import recap_clause

SPEAKER = "\x01"
ADDRESSEE = "\x02"
PLACEHOLDERS = (SPEAKER, ADDRESSEE)
# Doc.user_data key: the names of the speaker and the addressee of the text.
PARTICIPANTS = "graph_memory.participants"

# Modifiers that belong to a role ("best friend", "older sister"); others are judgements or
# passing descriptions ("my stupid inconsiderate roommate Julio" is a roommate).
_ROLE_WORDS = frozenset(
    {"best", "close", "old", "older", "oldest", "elder", "eldest", "younger", "youngest", "little"}
    | {"big", "baby", "twin", "step", "half", "ex", "late", "childhood", "only", "grand", "first"}
    | {"great"}
)
_REASONS = frozenset({"since", "because", "as"})
_NOT_NAMES = frozenset({"DATE", "TIME", "MONEY", "QUANTITY", "CARDINAL", "ORDINAL", "PERCENT"})
_SPEAKER_WORDS = frozenset({"i", "we", "me", "us", "i'm", "im"})
_FUSED_I = frozenset({"ido", "idont", "idid", "ive", "iam", "iwas", "ihave"})
_ADDRESSEE_POSSESSIVES = frozenset({"your", "ur"})
# Named entities that are not people, whatever the parser says.
_NOT_PEOPLE = frozenset(
    {"GPE", "ORG", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "NORP", "DATE", "TIME"}
    | {"MONEY", "QUANTITY", "CARDINAL", "ORDINAL", "PERCENT", "LANGUAGE", "LAW"}
)


# Role nouns that say whom "she" / "he" cannot point at.
_FEMALE_ROLES = frozenset(
    {"wife", "girlfriend", "gf", "fiancee", "mom", "mum", "mother", "sister", "daughter"}
    | {"grandma", "grandmother", "aunt", "niece", "stepmom"}
)
_MALE_ROLES = frozenset(
    {"husband", "boyfriend", "bf", "fiance", "dad", "father", "brother", "son", "grandpa"}
    | {"grandfather", "uncle", "nephew", "stepdad"}
)


def owner_placeholder(token: Any) -> str | None:
    """The placeholder of a possessive determiner: my/our -> SPEAKER, your -> ADDRESSEE."""
    lower = token.lower_
    if lower in SPEAKER_POSSESSIVES:
        return SPEAKER
    if lower in _ADDRESSEE_POSSESSIVES:
        return ADDRESSEE
    return None


def person_name(token: Any, trust_ner: bool = True) -> str | None:
    """The name of a named person headed by the token ("Emi", "Tom Hanks"), else None.
    Without `trust_ner` (a name given to a person: "my girlfriend Nadia"), the small model's
    place and organisation labels are ignored."""
    # The people of the conversation are people whatever the small model's NER says.
    known = token.text in token.doc.user_data.get(PARTICIPANTS, ())
    ignored = _NOT_NAMES if known or not trust_ner else _NOT_PEOPLE
    if token.pos_ != "PROPN" or token.ent_type_ in ignored or not token.text[:1].isupper():
        return None
    tokens = [t for t in noun_phrase(token) if t.pos_ == "PROPN"]
    if token.dep_ == "poss":  # "Sam's phone number": canonical_name drops possessors
        return " ".join(t.text for t in tokens) or None
    name = canonical_name(tokens) if tokens else ""
    return name or None


def named_appositive(noun: Any) -> str | None:
    """The name given right after a role noun: "my husband Tom", "my cat Luna"."""
    doc = noun.doc
    if noun.i + 1 >= len(doc):
        return None
    nxt = doc[noun.i + 1]
    attached = nxt.head.i == noun.i or (nxt.head.i == noun.head.i and nxt.dep_ == noun.dep_)
    if attached and nxt.dep_ in ("appos", "compound", "npadvmod", "attr", "nsubj", "dobj", "pobj"):
        if one_name_after_many(noun):
            return None  # "have fun with your friends Liza!": the one spoken to
        return person_name(nxt, trust_ner=False) or _lowercase_appositive(noun, nxt)
    return None


def one_name_after_many(noun: Any) -> bool:
    """One name right after a plural role names none of them: "Let me know how it goes with
    your friends Liza!" calls the one spoken to ("my friends Liza and Tom" names each)."""
    doc = noun.doc
    if noun.tag_ != "NNS" or noun.i + 1 >= len(doc) or doc[noun.i + 1].pos_ != "PROPN":
        return False
    name = doc[noun.i + 1]
    if any(c.dep_ == "conj" for c in name.children):
        return False
    return not any(c.dep_ == "conj" for c in noun.children)


def _lowercase_appositive(noun: Any, nxt: Any) -> str | None:
    """Chat's lower-case name set right after one's own role, which the small model tags a
    proper noun: "my sister sarah lives in ohio", "my son leo is 5" -> Sarah, Leo. One plain
    word with nothing hung on it, after one role (not "my mom lol", "my dog food", "my friends
    cat")."""
    owned = any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES for c in noun.children)
    if not owned or noun.tag_ != "NN" or nxt.dep_ != "appos" or nxt.tag_ != "NNP":
        return None  # "this is my friends cat": a possessive without its apostrophe
    if not nxt.text.islower():
        return None
    if not nxt.is_alpha or nxt.is_stop or len(nxt.text) < 3 or list(nxt.children):
        return None
    text: str = nxt.text
    return text[:1].upper() + text[1:]


def an_age(modifier: Any) -> bool:
    """ "a 5 year old daughter": the "old" of an age, no role word ("my old friend" is one)."""
    return modifier.lower_ == "old" and any(
        c.dep_ == "npadvmod" and c.lemma_.lower() in _AGE_UNITS for c in modifier.children
    )


_AGE_UNITS = frozenset({"year", "month", "week", "day", "yr"})


def role_phrase(noun: Any) -> str:
    """The role as written, with its modifiers: "best friend", "older sister", "kids"."""
    words = [
        t.lower_
        for t in noun.lefts
        if (t.dep_ == "compound" and t.pos_ == "NOUN")
        or (t.dep_ in ("amod", "compound") and t.lower_ in _ROLE_WORDS and not an_age(t))
    ]
    return " ".join([*words, noun.lower_])


def role_core(noun: Any) -> str:
    """The role without the nouns that say where it was met: "college friends" -> "friends",
    "work buddy" -> "buddy"; "best friend" keeps its role word."""
    words = [
        t.lower_ for t in noun.lefts
        if t.dep_ in ("amod", "compound") and t.lower_ in _ROLE_WORDS and not an_age(t)
    ]
    return " ".join([*words, noun.lower_])


def role_owner(noun: Any) -> str | None:
    """The placeholder of the owner of "my sister" / "your mom", else None."""
    for child in noun.children:
        if child.dep_ == "poss":
            return owner_placeholder(child)
    return None


def person_subject(token: Any, roles: frozenset[str], speaker_only: bool) -> str | None:
    """Who a subject token names, with placeholders; None when it is no person we can name
    (he/she/they, things, people known only by a pronoun)."""
    lower = token.lower_
    if lower in _SPEAKER_WORDS or _fused_i(token):
        return SPEAKER
    if speaker_only:
        return None
    if lower in ("you", "u") and _main_clause(token.head) and not _modal(token.head) and (
            not _generic_you(token.head)) and not _guessed(token.head):
        return ADDRESSEE
    if lower in ("she", "he"):
        return _antecedent(token, roles)
    if token.pos_ == "PROPN":
        return person_name(token)
    if token.pos_ == "NOUN" and token.lemma_.lower() in roles:
        owner = role_owner(token) or _had_by_speaker(token)
        if owner is None:
            return None
        name = named_appositive(token) or f"{owner}'s {role_phrase(token)}"
        return None if name in _unnamed(owner) else name
    return None


def relative_antecedent(verb: Any, subject: Any) -> Any | None:
    """ "I have a sister who works at Google", "my sister, who lives in Ohio, ...": the
    relative pronoun subject stands for the person noun the clause describes."""
    if verb.dep_ != "relcl" or subject.lower_ not in ("who", "that"):
        return None
    head = verb.head
    return head if head.pos_ in ("NOUN", "PROPN") and head.i < subject.i else None


def _had_by_speaker(noun: Any) -> str | None:
    """ "I have a sister who works at Google": the relative clause's person is one the speaker
    has (a subject only through its relative pronoun: relative_antecedent)."""
    have = noun.head
    if noun.dep_ != "dobj" or have.lemma_.lower() != "have" or not any(
        c.dep_ == "relcl" for c in noun.children
    ):
        return None
    if any(c.dep_ == "neg" for c in have.children):
        return None  # "I don't have a sister who ...": no one
    subjects = [c.lower_ for c in have.children if c.dep_ == "nsubj"]
    return SPEAKER if subjects in (["i"], ["we"]) else None


def _unnamed(owner: str) -> set[str]:
    """ "<owner>'s friend", "<owner>'s coworker": unnamed, they say no more than "someone"
    (the guidelines; "my best friend" and "my friend Sarah" name someone)."""
    return {f"{owner}'s {role}" for role in UNNAMED_ROLES}


def _fused_i(token: Any) -> bool:
    """ "Ido enjoy cooking", "Idont like it", "Ive been there": "I" typed together with its
    auxiliary is the speaker, not a person named Ido; the verb agrees with "I" (a named Ido
    "enjoys")."""
    if token.lower_ not in _FUSED_I or token.dep_ not in ("nsubj", "nsubjpass"):
        return False
    verb = token.head
    return verb.tag_ != "VBZ" and not any(c.tag_ == "VBZ" for c in verb.children)


def _antecedent(pronoun: Any, roles: frozenset[str]) -> str | None:
    """Whom "she" / "he" points at: the one third person named before it in the same message
    ("My sister Nadia lives in Paris and she loves it" -> Nadia; "my mom is a nurse and she
    ..." -> "<speaker>'s mom"); None when no one or several could be meant."""
    excluded = _MALE_ROLES if pronoun.lower_ == "she" else _FEMALE_ROLES
    participants = pronoun.doc.user_data.get(PARTICIPANTS, ())
    found: set[str] = set()
    for token in pronoun.doc[: pronoun.i]:
        name: str | None = None
        lemma = token.lemma_.lower()
        if token.pos_ == "NOUN" and lemma in roles and token.tag_ != "NNS":
            owner = role_owner(token)
            if owner is not None and lemma not in excluded:
                name = named_appositive(token) or f"{owner}'s {role_phrase(token)}"
        elif token.pos_ == "PROPN" and token.text not in participants and (
            token.ent_type_ == "PERSON" or token.dep_ in ("nsubj", "appos")
        ):
            name = person_name(token, trust_ner=token.dep_ == "nsubj")
        if name:
            found.add(name)
    if len(found) != 1:
        return None
    name = found.pop()
    return None if any(name in _unnamed(owner) for owner in (SPEAKER, ADDRESSEE)) else name


def _modal(verb: Any) -> bool:
    """ "You'd like advice", "you must love it": what the addressee would or must do is a
    guess, not their statement."""
    return any(c.tag_ == "MD" for c in verb.children)


# "You probably love hiking", "you surely went to Rome": a guess at the addressee.
_GUESS_ADVERBS = frozenset({"probably", "surely", "likely", "presumably"})


def _guessed(verb: Any) -> bool:
    """The speaker's guess about the addressee, not their statement; "You really like history
    then", "you're a big reader then": a "then" closing the clause draws an inference."""
    for child in verb.children:
        if child.dep_ == "advmod" and child.lower_ in _GUESS_ADVERBS:
            return True
        if child.lower_ == "then" and child.i > verb.i and all(
                _closing(t) for t in verb.doc[child.i + 1:verb.sent.end]):
            return True
    return False


_LAUGHS = frozenset({"lol", "lmao", "haha", "hahaha", "xd"})


def _closing(token: Any) -> bool:
    """What may close a sentence after its last word: punctuation, emoji, a laugh."""
    return not any(ch.isalnum() for ch in token.text) or token.lower_ in _LAUGHS


_TOLD = frozenset({"say", "mention", "tell"})


_WHENEVER = frozenset({"when", "whenever", "while", "once", "if"})


def _generic_you(verb: Any) -> bool:
    """ "You don't want a stomach ache while you're on the road", "you need water when you
    hike": a need of anyone's, the times it holds named by another "you" ("you get grumpy
    when you're hungry" may well be the addressee's)."""
    if verb.lemma_.lower() not in ("want", "need"):
        return False
    for clause in verb.sent:
        if clause.dep_ != "advcl" or verb not in clause.ancestors:
            continue
        marked = any(c.dep_ in ("mark", "advmod") and c.lower_ in _WHENEVER
                     for c in clause.children)
        if marked and any(c.dep_ == "nsubj" and c.lower_ in ("you", "u") for c in clause.children):
            return True
    return False


def _main_clause(verb: Any) -> bool:
    """ "You love sushi", not "it's great that you love sushi" or "I bet you love it": what
    the speaker supposes of the addressee is no statement of theirs; "it's great that you
    went hiking" tells back what the addressee said (recaps.py)."""
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    if recap_clause(verb):
        return True
    head = verb.head
    if verb.dep_ == "ccomp" and head.lemma_.lower() in _TOLD and any(
        c.dep_ == "nsubj" and c.lower_ in ("you", "u") for c in head.children
    ):
        return _main_clause(head)  # "You said you love hiking": the addressee's own words
    marks = {c.lower_ for c in verb.children if c.dep_ == "mark"}
    if verb.dep_ == "advcl":
        # "Since you're allergic to latex, ...": a reason states what it gives as known.
        return bool(marks & _REASONS)
    # "That you wanna see the video through to the end.", "So that you ...": a fragment of the
    # sentence before, whose "you" is anyone's (a reason still states: "Because you ...").
    return verb.dep_ == "ROOT" and not (marks - _REASONS)


def resolve(name: str, speaker: str, addressee: str | None) -> str | None:
    """The name with its placeholders filled in; None when it needs an unknown addressee."""
    if ADDRESSEE in name:
        if not addressee:
            return None
        name = name.replace(ADDRESSEE, addressee)
    return name.replace(SPEAKER, speaker)


def possessor_of(head: Any) -> Any | None:
    """The noun that possesses the head ("cousin" of "my cousin's wedding")."""
    for child in head.children:
        if child.dep_ == "poss" and child.pos_ in ("NOUN", "PROPN"):
            return child
    return None


def named_possessor(head: Any) -> Any | None:
    """The named owner of "Brie Larson's dress", "Taylor's dress": a thing of a person named
    by name is that thing ("my", "your" and the chat's own speakers point into the chat)."""
    owner = possessor_of(head)
    if owner is None or owner.pos_ != "PROPN" or not owner.text[:1].isupper():
        return None
    names = [t for t in owner.subtree if t.tag_ not in ("POS", "DT")]
    participants = head.doc.user_data.get(PARTICIPANTS, ())
    if not all(t.pos_ == "PROPN" for t in names) or any(t.text in participants for t in names):
        return None
    return owner


def own_placeholder(head: Any) -> str | None:
    """The placeholder of the speaker or addressee possessing the head ("my thesis")."""
    for child in head.children:
        if child.dep_ == "poss" and child.tag_ == "PRP$":
            return owner_placeholder(child)
    return None
