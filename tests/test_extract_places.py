"""Places told in passing (issue 11): where the speaker lives said by "here in <place>", a trip
told by what happened on it or what recalls it, "just back from" a place, "there" after a place
named, a time, stay or experience had in a place, "<place> is where I grew up"; each class with
sentences written for it (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _places(extractor: RuleExtractor, text: str, relation: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] == relation]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("It's a rainy day here in Seattle!", "Seattle"),
        ("I teach math here in Denver, it's my fifth year.", "Denver"),
        ("Here in Chicago the winters are brutal.", "Chicago"),
        ("We tried a new taco place here in Austin last night.", "Austin"),
        ("Honestly, here in Boston we take our clam chowder seriously.", "Boston"),
    ],
)  # fmt: skip
def test_here_in_a_place_is_where_the_speaker_lives(
    extractor: RuleExtractor, text: str, place: str
) -> None:
    assert ("Emi", "LIVES_IN", place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "We're here in Lisbon on vacation.",  # a trip
        "I'm staying here in Rome for a week.",  # a stay
        "Just landed, so excited to visit my cousin here in Dublin!",  # a visit
        "I'll be here in Boston until Friday.",  # a stay with an end
        "Just landed, it's so hot here in Dubai!",  # an arrival
        "If I were here in Paris I'd eat croissants every day.",  # a hypothetical
        "Is it cold here in Denver?",  # a question
        "My food should be here in a minute.",  # no place
        "It's so sunny here today.",  # "here" names no place
        "I have a few options here in the United States with friends.",  # a country
        "My other two friends are here in America.",  # a continent, as chat says it
        "Prices here in Japan are so high.",  # a country: wider than a home town
    ],
)  # fmt: skip
def test_here_in_a_place_visited_or_asked_is_no_home(
    extractor: RuleExtractor, text: str
) -> None:
    assert _places(extractor, text, "LIVES_IN") == []


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("During a trip to Portugal, I had the best pastries of my life.", ["Portugal"]),
        ("On our honeymoon in Bali we went diving every day.", ["Bali"]),
        ("We ate so much sushi on our trip to Japan.", ["Japan"]),
        ("I've seen so many temples on my trip to Thailand and Vietnam.", ["Thailand", "Vietnam"]),
        ("This song always reminds me of my trip to Hawaii.", ["Hawaii"]),
        ("Here's a photo from my trip to Iceland!", ["Iceland"]),
        ("I remember my trip to Peru so fondly.", ["Peru"]),
        ("My last trip was to Japan and it was great.", ["Japan"]),
        ("Our honeymoon was in Bali.", ["Bali"]),
        ("One of my favorite vacations was to Lisbon, Portugal.", ["Portugal"]),
    ],
)  # fmt: skip
def test_a_trip_told_by_what_happened_on_it_is_a_visit(
    extractor: RuleExtractor, text: str, places: list[str]
) -> None:
    visited = [r[2] for r in _places(extractor, text, "VISITED") if r[0] == "Emi"]
    assert all(place in visited for place in places)


@pytest.mark.parametrize(
    "text",
    [
        "On my trip to Japan I'll eat so much sushi.",  # a trip ahead
        "If I had a trip to Norway I would see the fjords.",  # a hypothetical
        "During my trip to Rome I didn't see the Pope.",  # the doing denied: read nothing
        "Did you see the temples on your trip to Japan?",  # a question
        "That reminds me of your trip to Hawaii.",  # the addressee's
        "During a trip to the beach I lost my phone.",  # no named place
        "I need a photo for my trip to Canada.",  # a trip ahead
        "My next trip is to Peru.",  # a trip ahead
        "My trip wasn't to Rome.",  # denied
        "His trip was to Spain.",  # another's
    ],
)  # fmt: skip
def test_a_trip_ahead_asked_or_another_s_is_no_visit(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _places(extractor, text, "VISITED") if r[0] == "Emi"] == []


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I'm back from Italy.", "VISITED", "Italy"),
        ("We're finally back from Japan and so tired.", "VISITED", "Japan"),
        ("I'm just back from a wedding.", "ATTENDED", "wedding"),
    ],
)  # fmt: skip
def test_just_back_from_a_place_or_event_told_in_the_present(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert ("Emi", relation, thing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'll be back from Italy on Monday.",  # ahead
        "When I'm back from Peru I'll call you.",  # a clause of time ahead
        "Are you back from Italy?",  # a question
        "I'm not back from Japan yet.",  # denied
        "I'm back from work.",  # a passing errand
    ],
)  # fmt: skip
def test_back_from_ahead_asked_or_an_errand_is_no_visit(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("VISITED", "ATTENDED")] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Lisbon is one of my favorite cities, been there twice.", "Lisbon"),
        ("Here's a photo of Kyoto from the last time I was there!", "Kyoto"),
        ("You should go to Paris, I was there last year and loved it.", "Paris"),
        ("Lisbon is lovely. We went there for our anniversary.", "Lisbon"),
    ],
)  # fmt: skip
def test_there_after_the_one_place_named_is_a_visit(
    extractor: RuleExtractor, text: str, place: str
) -> None:
    assert ("Emi", "VISITED", place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I've never been there, but Japan looks amazing.",  # denied
        "South America has so much to offer. I haven't been there yet.",
        "Spain looks fun. Have you been there?",  # a question
        "My sister lives in Boston and she was there last week.",  # another's
        "I'd love to go to Peru, I wish I was there.",  # a wish
        "Chile looks great, if I were there I'd hike every day.",  # a hypothetical
        "Oslo and Bergen are lovely, I was there for a month.",  # two places: which is a guess
        "Breakups are hard, I've been there.",  # no place named
    ],
)  # fmt: skip
def test_there_denied_wished_asked_or_ambiguous_is_no_visit(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in _places(extractor, text, "VISITED") if r[0] == "Emi"] == []


@pytest.mark.parametrize(
    ("text", "who", "place"),
    [
        ("My time in Japan was amazing.", "Emi", "Japan"),
        ("I loved my stay in Rome.", "Emi", "Rome"),
        ("I loved my experience in Lisbon.", "Emi", "Lisbon"),
        ("Hearing about your experience in Lisbon makes me want to go.", "Sam", "Lisbon"),
        ("It's great to hear you enjoyed the experience in Las Vegas.", "Sam", "Las Vegas"),
        ("The memories made in Kyoto are truly unique.", "Emi", "Kyoto"),
        ("We made so many memories in Paris.", "Emi", "Paris"),
    ],
)  # fmt: skip
def test_a_time_stay_or_experience_had_in_a_place_is_a_visit(
    extractor: RuleExtractor, text: str, who: str, place: str
) -> None:
    assert (who, "VISITED", place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Enjoy your stay in Rome!",  # bidden: the stay lies ahead
        "My time in Japan will be short.",  # ahead
        "Your experience in Lisbon will be great.",
        "I'd love an experience in Peru.",  # a wish
        "How was your time in Japan?",  # a question
        "Her time in Japan was amazing.",  # another's, unnamed
        "I can't wait to make memories in Rome.",  # ahead
        "Her memories made in Spain are precious.",  # another's
    ],
)  # fmt: skip
def test_a_stay_ahead_wished_or_asked_is_no_visit(extractor: RuleExtractor, text: str) -> None:
    assert _places(extractor, text, "VISITED") == []


@pytest.mark.parametrize(
    ("text", "relation", "place"),
    [
        ("Texas is where I grew up.", "FROM", "Texas"),
        ("Ohio is where I was born.", "FROM", "Ohio"),
        ("Boston! That's where I'm from.", "FROM", "Boston"),
        ("mostly in asia just because thats where Im from", "FROM", "asia"),
        ("Chicago is where I live now.", "LIVES_IN", "Chicago"),
        ("I love Denver, that's where I live.", "LIVES_IN", "Denver"),
    ],
)  # fmt: skip
def test_a_place_told_as_where_the_speaker_grew_up_or_lives(
    extractor: RuleExtractor, text: str, relation: str, place: str
) -> None:
    assert ("Emi", relation, place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "That's not where I'm from.",  # denied
        "Is that where you grew up?",  # a question
        "Boston is nice, that's where she grew up.",  # another's
        "I visited Paris and Rome, that's where I grew up.",  # two places: which is a guess
        "Austin is where I lived for years.",  # a past home, no origin said
    ],
)  # fmt: skip
def test_where_denied_asked_another_s_or_past_is_no_origin(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("FROM", "LIVES_IN")] == []
