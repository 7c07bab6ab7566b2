"""Places told in passing, outside any one verb's pattern: where the speaker lives ("it's a
sunny day here in Houston", here_in.py) and where a trip took them ("During a trip to Costa
Rica, I saw monkeys", trip_memories.py) or that "there" names ("Hawaii is my favorite
place, been there twice", been_there.py) or a stay in it names ("My time in Japan was
amazing", place_experiences.py), and the place "where I grew up" or "where I live" ("Texas is
where I grew up", where_from.py)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.been_there import been_there
from graph_memory.extract.here_in import here_places
from graph_memory.extract.match import Match
from graph_memory.extract.place_experiences import place_experiences
from graph_memory.extract.trip_memories import trip_places
from graph_memory.extract.where_from import where_from


def said_places(doc: Any) -> list[Match]:
    """The matches of every place told in passing."""
    places = here_places(doc) + trip_places(doc) + been_there(doc) + place_experiences(doc)
    return places + where_from(doc)
