"""The open fallback as a clause extractor (issue 11), with the real spaCy model: a
declarative clause of a person with a meaningful verb and a complete object becomes one STATES
fact per clause and per coordinated object, keyed by the verb; fragments, pronoun objects,
questions, hypotheticals, reported speech, passing activities, advice, vocatives and "you"
clauses make nothing.

Most tests read the fallback alone (open_matches over every verb of the parse, as the rule
extractor calls it), so what they prove does not depend on which declared patterns the
ontology has; a few go through the whole rule extractor."""

from __future__ import annotations

from typing import Any

import pytest
import spacy

from graph_memory.extract.open_fallback import object_rules, open_matches
from graph_memory.extract.patterns import OpenPattern
from graph_memory.extract.people import resolve
from graph_memory.extract.questions import is_question
from graph_memory.extract.rules import MODEL, RuleExtractor
from graph_memory.extract.tokens import tokenize
from graph_memory.models import ExtractionInput
from graph_memory.ontology import load_ontology

Row = tuple[str, str, str | None, bool]
RELATIVES = frozenset({"sister", "brother", "mom", "husband", "friend"})


@pytest.fixture(scope="module")
def nlp() -> Any:
    return spacy.load(MODEL)


@pytest.fixture(scope="module")
def pattern() -> OpenPattern:
    [found] = load_ontology().relation("STATES").patterns
    assert isinstance(found, OpenPattern)
    return found


def open_rows(nlp: Any, pattern: OpenPattern, text: str) -> list[Row]:
    """(subject, object, key, negated) of every open match, the speaker Emi, addressee Sam."""
    doc = nlp(tokenize(nlp, text))
    excluded = frozenset({"be", "do", *pattern.exclude_verbs})
    out = []
    for sent in doc.sents:
        if is_question(sent):
            continue
        for token in sent:
            if token.pos_ not in ("VERB", "AUX"):
                continue
            for m in open_matches(token, "STATES", pattern, object_rules(pattern), excluded,
                                  frozenset({"have", "see"}), RELATIVES):
                out.append((resolve(m.subject, "Emi", "Sam") or "",
                            resolve(m.obj, "Emi", "Sam") or "", m.key, m.negated))
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I fixed the sink.", ("Emi", "sink", "fix", False)),
        # the speaker's own experiences, habits and ongoing activities
        ("I've been learning Spanish.", ("Emi", "Spanish", "learn", False)),
        ("I handle the online presence of our clients.", ("Emi", "online presence", "handle",
                                                          False)),
        ("I struggled with calculus.", ("Emi", "calculus", "struggle with", False)),
        ("I interned at JP Morgan last summer.", ("Emi", "JP Morgan", "intern at", False)),
        # a verb carried by "get to" / "started" is keyed by itself ("had to" carries no deed:
        # the chores of a day, tests/test_extract_open_moments.py)
        ("I finally got to see the Grand Canyon.", ("Emi", "Grand Canyon", "see", False)),
        ("I started practicing yoga poses.", ("Emi", "yoga pose", "practice", False)),
        # the noun a past relative clause describes is its object
        ("Here are some nicely seasoned fries I cooked today!",
         ("Emi", "nicely seasoned fry", "cook", False)),
        ("This is the yacht we chartered.", ("Emi", "yacht", "charter", False)),
        # a thing named by "called" is its name, whole
        ("I recently picked up a game called Cult of the Lamb.",
         ("Emi", "Cult of the Lamb", "pick up", False)),
        # "a few places in the Southwest" is about the Southwest
        ("I've been to a few places in the Southwest.", ("Emi", "Southwest", "be in", False)),
        ("I was in a pretty toxic relationship.",
         ("Emi", "pretty toxic relationship", "be in", False)),
        # a trip with where it went; a realm by its name
        ("I went on a plane ride to Bangladesh.",
         ("Emi", "plane ride to Bangladesh", "go on", False)),
        ("I come from the ancient kingdom of Illyria.", ("Emi", "Illyria", "come from", False)),
        # lasting states and the groups a person belongs to
        ("I'm addicted to bubble tea.", ("Emi", "bubble tea", "addicted to", False)),
        ("I'm obsessed with a show called The Protector.",
         ("Emi", "Protector", "obsessed with", False)),
        ("I'm enrolled in a pottery course.", ("Emi", "pottery course", "enrolled in", False)),
        ("I'm on the swim team.", ("Emi", "swim team", "be on", False)),
        ("I'm part of a book club.", ("Emi", "book club", "be part of", False)),
        ("Me and my friends repaired the old fence.", ("Emi", "old fence", "repair", False)),
        # a lasting denial is carried as such
        ("I've never had kobe beef.", ("Emi", "kobe beef", "have", True)),
        # a past state or an experience, not one occasion
        ("I had an aquarium a few years ago.", ("Emi", "aquarium", "have", False)),
        ("I used to have a PlayStation 2.", ("Emi", "PlayStation 2", "have", False)),
        # vocatives and hedges around a statement do not hide it
        ("Thanks Sam, I fixed the sink.", ("Emi", "sink", "fix", False)),
        ("I think I repaired the fence.", ("Emi", "fence", "repair", False)),
        # light verbs in their one telling use
        ("I use Vim for coding.", ("Emi", "Vim", "use", False)),
        ("I found a stray cat.", ("Emi", "stray cat", "find", False)),
        ("I tried sushi for the first time.", ("Emi", "sushi", "try", False)),
        # a title in quotes is read whole
        ('I recently enjoyed "Where the Crawdads Sing" by Delia Owens.',
         ("Emi", "Where the Crawdads Sing", "enjoy", False)),
        # a present-tense verb of a declared pattern, in the progressive; a plain possession
        ("I've been working on a new painting.", ("Emi", "new painting", "work on", False)),
        ("I'm seeing a physical therapist.", ("Emi", "physical therapist", "see", False)),
        ("I have an old PSP somewhere.", ("Emi", "old PSP", "have", False)),
        ("I don't have health insurance.", ("Emi", "health insurance", "have", True)),
        ("I just finished reading Dune.", ("Emi", "Dune", "read", False)),
        ("I signed up for a pottery class.", ("Emi", "pottery class", "sign up for", False)),
        ("I applied for a scholarship.", ("Emi", "scholarship", "apply for", False)),
        ("I started going to the gym today.", ("Emi", "gym", "go to", False)),
        # chat drops its "I" in the past tense
        ("Finally fixed my bike!", ("Emi", "Emi's bike", "fix", False)),
        ("Got back from the botanical gardens.",
         ("Emi", "botanical garden", "get back from", False)),
        ("I have a good green salsa recipe.", ("Emi", "good green salsa recipe", "have", False)),
        # a reason clause states its content as true
        ("I stay home because I have a strict budget.", ("Emi", "strict budget", "have", False)),
        # a skill learnt is keyed by the learning and the skill's verb
        ("I'm learning how to play the piano.", ("Emi", "piano", "learn to play", False)),
        ("My brother learned how to solve a Rubiks cube.",
         ("Emi's brother", "Rubiks cube", "learn to solve", False)),
        # an ongoing struggle; an experience denied of a named thing
        ("I've been dealing with back pain.", ("Emi", "back pain", "deal with", False)),
        ("I haven't seen Oppenheimer.", ("Emi", "Oppenheimer", "see", True)),
        # a work by what it is about, or the work a part of it belongs to
        ("I'm currently reading a book about the Roman empire.",
         ("Emi", "book about Roman empire", "read", False)),
        ("I watched the first season of Breaking Bad.", ("Emi", "Breaking Bad", "watch", False)),
        ('I stumbled upon a bookstore called "Prose and Pages".',
         ("Emi", "Prose and Pages", "stumble upon", False)),
        ('I finished reading a novel called "Me Before You" by Jojo Moyes.',
         ("Emi", "Me Before You", "read", False)),
        # where a person was, when it tells something: a named place, a situation
        ("I was in Europe a few years ago.", ("Emi", "Europe", "be in", False)),
    ],
)
def test_statements_become_open_facts(nlp: Any, pattern: OpenPattern, text: str,
                                      expected: Row) -> None:
    assert expected in open_rows(nlp, pattern, text)


@pytest.mark.parametrize(
    "text",
    [
        # passing activities with nothing specific in them
        "I'm running some errands.",
        "We played some games.",
        "We saw a bunch of stars.",
        "I've been twiddling my fingers.",
        "I had a sandwich earlier.",
        "Here are some of the plates I prepared.",
        "I went on a trip.",
        "I already started prepping id be super bummed if nobody came.",
        "We had burrata and some meat.",
        "I ate some fatty pork belly.",
        "Id show u a pic but I drank it all.",
        # hollow objects, fragments and pronouns
        "I noticed an increase in my resilience.",
        "We talked about our interests.",
        "I changed my approach to chess.",
        "I walked EVERYWHERE.",
        "I listened to it at the competition.",
        "I forgot the name of the movie.",
        # questions, advice, hypotheticals, wishes, plans and duties
        "Did you fix the sink?",
        "You should try the new cafe.",
        "You fixed the sink.",
        "If I had time I would fix the sink.",
        "I might repaint the kitchen.",
        "I wish I had fixed the sink.",
        "I gotta go to the airport tomorrow.",
        "I'm painting the fence next week.",
        # reported speech and guesses about others
        "I think Spiderman has heightened senses.",
        "She said I repaired the fence.",
        # a denial of nothing lasting; generic "we"; a purpose read as a habit
        "I didn't find the problem yet.",
        "We blame people for using straws.",
        "Maybe he'd be disappointed that we used his theories to develop weapons.",
        # reactions to the addressee's things, judgements, a state inside an opinion
        "I loved your pictures.",
        "The best food I've ever had was in Rome.",
        "I was only popular in elementary school.",
        "Then it's kinda just blowing hot air.",
        "I'm so glad about your news.",
        "I'm used to the cold.",
        "I was told to wait in the lobby.",
        "I forget which movie he was in but Davy Jones was created with some incredible CGI.",
        "I'm in the car.",
        # light verbs in a light use, a meal, a duty, a quotation
        "I found it hard.",
        "I tried to call her.",
        "I use it a lot.",
        "I got an iron gut.",
        "I only have miso soup for lunch.",
        "I have to go now.",
        "I don't have a particular preference.",
        "I'm loving this weather.",
        "I'm just sitting at a cafe with a smoothie and reading a magazine!",
        "Right now I'm cleaning my room.",
        "I studied for hours.",
        "Maybe hit a bar or club on Friday.",
        "Try the new cafe on Main Street.",
        "I always wanted a bigger garden.",
        "I don't have a particular boat in mind.",
        "I have a few favorite poses and sequences.",
        "I'm exploring options to collaborate with local schools.",
        "I can come as long as I finish my homework.",
        "I'm eating some food.",
        'She said "I love it" and left.',
        # an unnamed friend, a celebrity
        "My friend launched her business.",
        "Dr. Phil wears a bald cap.",
        # a denial of the moment or of an unnamed thing; a way of being learnt; a chat move
        "I haven't finished Dune yet.",
        "I haven't experienced a breakup.",
        "I learned to be patient.",
        "I had to deal with a rude customer.",
        "I've truly enjoyed our chat.",
        "I got soaking wet.",
        # generic things, even in the progressive; a work about nothing named
        "I've been working on some projects.",
        "I've been trying out various products.",
        "I read a book about it.",
        # things pointed at (a photo, an earlier word) and people nobody can name
        "I saw this pretty cool cat.",
        "I also watched that spider-man movie.",
        "I played with some childhood friends.",
        # where a person was for a moment; a pronoun object behind a number-like word
        "I was in a really strange building.",
        "We were at a huge stadium.",
        "I went on one at a beach before.",
        # a passing moment of the day that names nothing
        "Just got back from the gym.",
        "Today I saw some stray cats outside my apartment.",
        "I played some games with my friends today.",
        "Here's a pretty cool frozen waterfall I saw a few years ago.",
        "I was deep frying some corn dogs.",
        "I poured my heart out.",
        # an offer to the one spoken to is no fact of the speaker's possessions
        "I have a good green salsa recipe if you ever wanna try it!",
    ],
)
def test_chatter_makes_no_open_fact(nlp: Any, pattern: OpenPattern, text: str) -> None:
    assert open_rows(nlp, pattern, text) == []


def test_relatives_are_subjects_of_their_own_facts(nlp: Any, pattern: OpenPattern) -> None:
    assert open_rows(nlp, pattern, "My sister fixed the car.") == [
        ("Emi's sister", "car", "fix", False)]
    assert open_rows(nlp, pattern, "My friend Tom repaired the fence.") == [
        ("Tom", "fence", "repair", False)]
    assert open_rows(nlp, pattern, "Your brother fixed the car.") == []
    # ... also beside a declared fact of the same words (HAS_RELATIVE of "my husband")
    extractor = RuleExtractor(load_ontology(), spacy.load(MODEL))
    [extraction] = extractor.extract([ExtractionInput(
        text="My husband and I are renovating our kitchen.", speaker="Emi", addressee="Sam")])
    assert {(f.triple.predicate, f.triple.object.name) for f in extraction.facts} >= {
        ("HAS_RELATIVE", "husband"), ("STATES", "Emi's kitchen")}
    # "she" / "he" is the relative named before it in the message, never a friend or a name
    assert ("Emi's mom", "Emi's bike", "fix", False) in open_rows(
        nlp, pattern, "My mom is a nurse and she fixed my bike yesterday.")
    assert open_rows(nlp, pattern, "She fixed my bike.") == []
    assert open_rows(nlp, pattern, "My friend is great, she fixed my bike.") == []


def test_each_coordinated_clause_and_object_is_a_fact(nlp: Any, pattern: OpenPattern) -> None:
    found = open_rows(nlp, pattern, "I repaired the fence and painted the garage door.")
    assert ("Emi", "fence", "repair", False) in found
    assert ("Emi", "garage door", "paint", False) in found
    objects = {r[1] for r in open_rows(nlp, pattern, "I'm taking Microeconomics, Calculus "
                                                     "and Statistics this semester.")}
    assert objects == {"Microeconomics", "Calculus", "Statistics"}


def test_open_facts_are_typed_keyed_and_less_confident() -> None:
    extractor = RuleExtractor(load_ontology(), spacy.load(MODEL))
    [extraction] = extractor.extract(
        [ExtractionInput(text="I struggled with calculus.", speaker="Emi", addressee="Sam")])
    [fact] = [f for f in extraction.facts if f.triple.predicate == "STATES"]
    assert (fact.triple.subject.name, fact.triple.subject.type) == ("Emi", "Person")
    assert (fact.triple.object.name, fact.triple.key) == ("calculus", "struggle with")
    assert fact.confidence < 0.6 and not fact.negated
    # the same input gives the same facts
    again = extractor.extract(
        [ExtractionInput(text="I struggled with calculus.", speaker="Emi", addressee="Sam")])
    assert again[0].facts == extraction.facts


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor(load_ontology(), spacy.load(MODEL))


def open_facts(extractor: RuleExtractor, text: str) -> set[tuple[str, str | None]]:
    """(object, key) of the STATES facts the whole rule extractor makes of the text."""
    [extraction] = extractor.extract([ExtractionInput(text=text, speaker="Emi", addressee="Sam")])
    return {(f.triple.object.name, f.triple.key) for f in extraction.facts
            if f.triple.predicate == "STATES"}


def test_a_day_names_what_it_keeps(nlp: Any, pattern: OpenPattern) -> None:
    # seeing or playing today is kept when it names something; a deed of the day always
    assert open_rows(nlp, pattern, "I saw Oppenheimer today.") == [
        ("Emi", "Oppenheimer", "see", False)]
    assert open_rows(nlp, pattern, "I fixed the sink today.") == [("Emi", "sink", "fix", False)]
    # what was going on at a moment is kept when it names what
    assert open_rows(nlp, pattern, 'I was reading a book called "2666" by Roberto Bolano.') == [
        ("Emi", "2666", "read", False)]
    assert open_rows(nlp, pattern, "I was playing this game called cyberpunk 2077.") == [
        ("Emi", "cyberpunk 2077", "play", False)]


def test_habits_at_a_place_no_declared_pattern_reads(extractor: RuleExtractor) -> None:
    # "work" is read by declared patterns only for named or listed places (a shop, a company:
    # WORKS_AT); going in the progressive is a plan, unless it is perfect
    assert open_facts(extractor, "I work in a bubble tea shop.") == set()
    assert open_facts(extractor, "I work in a quiet neighborhood.") == {
        ("quiet neighborhood", "work in")}
    # a place gone to for years is a routine, HAS_HABIT's (test_extract_routines), not STATES
    assert open_facts(extractor, "I have been going to the Carillon Spa for the past few "
                                 "years.") == set()
    assert open_facts(extractor, "I'm going to the Carillon Spa next week.") == set()
    assert open_facts(extractor, "I've been traveling today from Miami to Lima.") == set()
    assert open_facts(extractor, "I go to bed at ten.") == set()

