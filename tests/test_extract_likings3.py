"""Opinions and hobbies, third round (issue 11): classes of phrasing that judge a thing or tell
a pastime without the words the earlier rounds read, each with sentences written for it (not
the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _rows(extractor: RuleExtractor, text: str, relation: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] == relation]


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a judging participle the parser reads as a passive
        ("Honestly, Elden Ring is overrated.", "Elden Ring", "overrated"),
        ("The new Batman movie is so underrated.", "new Batman movie", "underrated"),
        ("I watched Dune. It was overrated.", "Dune", "overrated"),
        # a made work judged by how well it was made
        ("Breaking Bad is so well written.", "Breaking Bad", "well written"),
        ("The new Batman movie was really well made.", "new Batman movie", "well made"),
        # a worth
        ("Breaking Bad is worth watching.", "Breaking Bad", "worth watching"),
        ("I think Dune is worth reading.", "Dune", "worth reading"),
        ("I saw Barbie last week. It was worth it.", "Barbie", "worth it"),
        # a judging noun of a letdown
        ("Oppenheimer was a letdown.", "Oppenheimer", "letdown"),
        ("The ending of Dune was a huge disappointment.", "ending of Dune", "disappointment"),
    ],
)  # fmt: skip
def test_a_judgement_without_a_judging_adjective(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Elden Ring isn't overrated.",  # denied
        "Is Elden Ring overrated?",  # a question
        "If Dune is overrated, I'll be sad.",  # a hypothetical
        "Cats are overrated.",  # a class of things
        "The movie was released in May.",  # a passive that judges nothing
        "My car was made in Germany.",  # made, but not how well
        "The new Batman movie wasn't well made.",  # denied
        "Dune isn't worth watching.",  # denied
        "Dune is worth 50 dollars.",  # a price, no judgement
        "It's worth noting that Dune is long.",  # "it" is the clause after
        "It was a letdown.",  # nothing named
        "I was a disappointment to my parents.",  # a person, no thing judged
    ],
)  # fmt: skip
def test_no_judgement_without_a_specific_thing_judged(
    extractor: RuleExtractor, text: str
) -> None:
    assert _rows(extractor, text, "HAS_OPINION") == []


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        # a liking of a doing told as a pastime: the doing is the hobby
        ("I like to paint for fun.", "painting"),
        ("In my free time I love to hike.", "hiking"),
        ("I enjoy hiking in my spare time.", "hiking"),
        ("I enjoy reading as a hobby.", "reading"),
        ("I love to play guitar for fun.", "playing guitar"),
        # "one of my hobbies is <doing>", which the parser heads with the gerund
        ("One of my hobbies is baking.", "baking"),
        ("One of my favorite hobbies is swimming.", "swimming"),
    ],
)  # fmt: skip
def test_a_doing_told_as_a_pastime_is_a_hobby(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    found = fact_rows(extractor, text)
    assert ("Emi", "HAS_HOBBY", doing, None) in found, found
    assert not [r for r in found if r[1] == "PREFERS" and r[2] != doing], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a liking with no word of leisure stays a liking
        ("I like to cook for my family.", ("Emi", "PREFERS", "cook for Emi's family", None)),
        ("I love to hike.", ("Emi", "PREFERS", "hike", None)),
        # a denied liking is no pastime
        ("I don't like to paint for fun.", ("Emi", "AVOIDS", "paint", None)),
    ],
)  # fmt: skip
def test_a_liking_without_its_leisure_stays_a_liking(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    found = fact_rows(extractor, text)
    assert expected in found, found
    assert _rows(extractor, text, "HAS_HOBBY") == []


@pytest.mark.parametrize(
    "text",
    [
        "One of my friends is visiting next week.",  # no hobby named
        "Do you like to paint for fun?",  # a question
        "I'd like to paint for fun someday.",  # a wish
    ],
)  # fmt: skip
def test_no_pastime_without_the_speakers_doing(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, "HAS_HOBBY") == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a kind of game played as a pastime
        ("I play video games.", "video game"),
        ("I play a lot of competitive games.", "competitive game"),
        ("I've been playing a lot of board games lately.", "board game"),
    ],
)  # fmt: skip
def test_a_kind_of_game_played_is_a_hobby(extractor: RuleExtractor, text: str, kind: str) -> None:
    assert ("Emi", "HAS_HOBBY", kind, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I play a game.",  # one game, no kind
        "I played video games yesterday.",  # once
        "I'm playing a video game right now.",  # this moment's
        "I play the video games you sent me.",  # the ones sent
        "Do you play video games?",  # a question
    ],
)  # fmt: skip
def test_no_game_hobby_from_one_game_or_one_time(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, "HAS_HOBBY") == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a thought of how a named thing looks or seems
        ("I think that Venom looks absolutely amazing.", "Venom", "amazing"),
        ("Personally, I thought Jennifer Aniston looked stunning in her dress.",
         "Jennifer Aniston", "stunning"),
        # a work named by who made it or who is in it
        ("The new album by Taylor Swift is amazing.", "new album by Taylor Swift", "amazing"),
        ("I think the new movies with Tom Holland are really good.",
         "new movie with Tom Holland", "good"),
    ],
)  # fmt: skip
def test_a_named_thing_looked_at_or_a_work_named_by_its_maker_is_judged(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I think it looks amazing.",  # nothing named
        "I think Venom doesn't look amazing.",  # denied
        "I think you look amazing.",  # a compliment to the addressee, no thing judged
        "The party with Sam was great.",  # a moment, not a work made
        "The meeting with Sarah was good.",
    ],
)  # fmt: skip
def test_no_judgement_of_a_look_or_a_moment_without_a_named_work(
    extractor: RuleExtractor, text: str
) -> None:
    assert _rows(extractor, text, "HAS_OPINION") == []


@pytest.mark.parametrize(
    ("text", "title", "key"),
    [
        # a title written in lower case, that the "it" after calls a story or a show
        ("oh yea I just finished pachinko. I think I mentioned it before. Its a wonderful story",
         "pachinko", "wonderful"),
        ("I watched succession. It's a great show.", "succession", "great"),
    ],
)  # fmt: skip
def test_a_lowercase_title_called_a_work_by_its_judgement(
    extractor: RuleExtractor, text: str, title: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", title, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I played football. It's a fun game.",  # a sport, no title
        "I watched tv. It was a great show.",  # a medium
        "I finished homework. It was a great story.",
        "I finished the book. It's a great story.",  # which book?
        "I finished dinner. It was amazing.",  # no work named by the judgement
    ],
)  # fmt: skip
def test_no_lowercase_title_from_a_kind_of_thing(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, "HAS_OPINION") == []


@pytest.mark.parametrize(
    "text",
    [
        # a denial carried by "or" to the verb joined to it
        "I haven't watched anime or read manga in a while.",
        # a doing told of one day
        "I have been watching tv series all day.",
        # one thing of a kind, no pastime
        "I've been reading a book.",
        # an imagined clause
        "Imagine we invent a machine that lets us read animal minds.",
        # a part of a game, hollow without the game
        "I've been playing the expansion for Monster Hunter World.",
    ],
)  # fmt: skip
def test_no_hobby_from_a_denial_a_day_one_thing_or_an_imagined_clause(
    extractor: RuleExtractor, text: str
) -> None:
    assert _rows(extractor, text, "HAS_HOBBY") == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I watch movies and read books.", "book"),  # kinds, not one of them
        ("I've been watching a lot of anime lately.", "anime"),
        # a game named is a work, no kind (test_extract_precision6): the open fallback's
        ("I've been playing a lot of board games.", "board game"),
    ],
)  # fmt: skip
def test_a_kind_watched_or_read_stays_a_hobby(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert thing in [r[2] for r in _rows(extractor, text, "HAS_HOBBY")]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        # a past liking of one thing described by a name or by "the" and what it is
        ("I loved the Barbie movie.", "Barbie movie"),
        ("I really enjoyed the new Batman movie.", "new Batman movie"),
        ("I've always loved the Harry Potter books.", "Harry Potter book"),
        ("I'm loving the new Taylor Swift album.", "new Taylor Swift album"),  # going on
    ],
)  # fmt: skip
def test_a_past_liking_of_one_described_thing_is_a_liking(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    found = fact_rows(extractor, text)
    assert ("Emi", "PREFERS", thing, None) in found, found


@pytest.mark.parametrize(
    "text",
    [
        "I enjoyed my trip to Paris.",  # an experience of one's own
        "I loved the movie.",  # which movie?
        "I didn't enjoy the Barbie movie.",  # denied
        "I'm not loving the new Taylor Swift album.",
        "I'm enjoying the movie.",  # which movie?
        "I loved cookies.",  # a class, then
        "I really liked Zendaya's cinderella inspired Met Gala outfit.",  # a misparse cuts it
    ],
)  # fmt: skip
def test_no_liking_from_an_experience_a_pointer_or_a_cut_object(
    extractor: RuleExtractor, text: str
) -> None:
    assert _rows(extractor, text, "PREFERS") == []


@pytest.mark.parametrize(
    ("text", "title", "key"),
    [
        # a capitalised subject that the clause calls a movie, a game or a show is its title
        ("Inception is a great movie.", "inception", "great"),
        ("Minecraft is such a fun game.", "minecraft", "fun"),
        ("Boss baby is a pretty great movie.", "boss baby", "great"),
        ("Yes, Succession is an amazing show.", "succession", "amazing"),
    ],
)  # fmt: skip
def test_a_title_said_to_be_a_work_is_judged(
    extractor: RuleExtractor, text: str, title: str, key: str
) -> None:
    judged = [(r[2].lower(), r[3]) for r in _rows(extractor, text, "HAS_OPINION")]
    assert (title, key) in judged, judged


@pytest.mark.parametrize(
    "text",
    [
        "Chess is a fun game.",  # a kind of play
        "Soccer is a great sport.",
        "Pizza is a great food.",  # no work
        "Horror is a great genre.",
        "Inception isn't a great movie.",  # denied
        "Inception would be a great movie.",  # a guess
        "Is Inception a great movie?",  # a question
    ],
)  # fmt: skip
def test_no_title_from_a_kind_of_play_or_a_thing_that_is_no_work(
    extractor: RuleExtractor, text: str
) -> None:
    assert _rows(extractor, text, "HAS_OPINION") == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a judging participle after "is", and judging words of chat
        ("Stardew Valley is so relaxing.", "Stardew Valley", "relaxing"),
        ("Dune is a solid movie.", "Dune", "solid"),
        ("The new Zelda game is pretty mid.", "new Zelda game", "mid"),
    ],
)  # fmt: skip
def test_more_judging_words(extractor: RuleExtractor, text: str, topic: str, key: str) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "collection"),
    [
        # a collection kept is a hobby
        ("I collect vinyl records.", "vinyl record"),
        ("I've been collecting stamps for years.", "stamp"),
    ],
)  # fmt: skip
def test_a_collection_kept_is_a_hobby(
    extractor: RuleExtractor, text: str, collection: str
) -> None:
    assert ("Emi", "HAS_HOBBY", collection, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Stardew Valley isn't relaxing.",  # denied
        "It is relaxing.",  # nothing named
        "I collect data at work.",  # work, no collection
        "I collected shells at the beach.",  # once
        "I collect the mail every day.",  # a chore
        "Do you collect stamps?",  # a question
    ],
)  # fmt: skip
def test_no_judgement_or_collection_from_a_denial_a_chore_or_once(
    extractor: RuleExtractor, text: str
) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("HAS_OPINION", "HAS_HOBBY")], found


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # how one specific thing moved the speaker
        ("I was impressed by the new Batman movie.", "new Batman movie", "impressed"),
        ("I was blown away by Oppenheimer.", "Oppenheimer", "blown away"),
        ("I was disappointed with the ending of Dune.", "ending of Dune", "disappointed"),
    ],
)  # fmt: skip
def test_being_moved_by_a_specific_thing_is_a_judgement(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I was impressed by you.",  # the addressee, no thing
        "I'm fascinated by history.",  # a class
        "I wasn't impressed by the new Batman movie.",  # denied
        "Were you impressed by Oppenheimer?",  # a question
        "The movie impressed me.",  # no specific thing named
        "The roof was blown off by the storm.",
    ],
)  # fmt: skip
def test_no_judgement_from_being_moved_by_a_person_a_class_or_a_denial(
    extractor: RuleExtractor, text: str
) -> None:
    assert _rows(extractor, text, "HAS_OPINION") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I moved to Boston.", ("Emi", "LIVES_IN", "Boston", None)),  # a move is no emotion
        ("I blew out the candles.", ("Emi", "STATES", "candle", "blow out")),
        ("I want to impress my boss.", ("Emi", "HAS_GOAL", "impress Emi's boss", None)),
    ],
)  # fmt: skip
def test_the_moving_verbs_keep_their_other_readings(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)
