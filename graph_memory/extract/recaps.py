"""Recaps: the speaker restating what the addressee told them.

"It's great that you went hiking in Yosemite", "I'm glad you enjoyed the concert", "Sounds
like you love tennis", "Glad to hear you adopted a puppy": the clause inside the frame is an
ordinary statement about the addressee, told back to them, so its "you" is the addressee as in
a main clause (the guidelines: what the addressee said counts when it states a fact about
them). The frame must itself be a plain statement: "Isn't it great that you ...?", "it would
be great if you ...", "I'm not glad you ..." recap nothing.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.impressions import impression

# Words that welcome or regret what was told: "it's <word> that you", "I'm <word> you".
_REACTIONS = frozenset(
    {"great", "wonderful", "nice", "awesome", "cool", "exciting", "impressive", "amazing"}
    | {"fantastic", "good", "lovely", "glad", "happy", "thrilled", "excited", "proud", "sorry"}
    | {"interesting", "sweet", "neat", "incredible", "inspiring", "admirable", "fascinating"}
    | {"terrific", "heartwarming", "brilliant", "fun", "relieved", "delighted", "commendable"}
)
# Verbs of learning the news inside the frame: "glad to hear / see / know (that) you ...".
_LEARNED = frozenset({"hear", "see", "know"})
# What the chat itself gave the addressee ("I'm glad you found the suggestions helpful") and
# the day's span ("you're enjoying your day"): a reaction to the talk or the moment, no news.
_CHAT_THINGS = frozenset(
    {"suggestion", "tip", "advice", "recommendation", "idea", "glimpse", "update", "message"}
    | {"chat", "conversation", "story", "picture", "photo", "pic", "insight", "thought"}
    | {"day", "morning", "afternoon", "evening", "night", "weekend"}
)
_SPEAKER_WORDS = frozenset({"i", "we", "my", "our", "me", "us"})
# "I remember / know you told me ...": what the addressee told, recalled.
_RECALLED = frozenset({"remember", "recall", "know"})
_TOLD = frozenset({"say", "tell", "mention"})
# "It sounds like you ...", "seems / looks like you ...": the told (or shown) thing heard back.
_HEARD = frozenset({"sound", "seem", "look"})
# Subjects of the frame: "it's great", "that's great", "I'm glad" (or none: "Glad to ...").
_FRAME_SUBJECTS = frozenset({"it", "that", "this", "i", "im", "i'm"})


def recap_clause(verb: Any) -> bool:
    """Whether the verb heads the clause a recap frame tells back ("that you went hiking" in
    "It's great that you went hiking") and it tells news of the addressee's, not their
    reaction to the chat or the moment; the caller checks the clause's subject is "you"."""
    if _recalled(verb):
        return True
    if known_clause(verb):
        return not _about_the_chat(verb, within_clause=True)
    return _framed(verb) and not _about_the_chat(verb)


def _recalled(verb: Any) -> bool:
    """ "I remember you told me you like action movies", "I know you said you love hiking": the
    addressee's own words, recalled (people.py reads the clause they told as theirs)."""
    head = verb.head
    if verb.dep_ != "ccomp" or verb.lemma_.lower() not in _TOLD:
        return False
    if head.lemma_.lower() not in _RECALLED or not _plain_frame(head):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in head.children)


def _about_the_chat(verb: Any, within_clause: bool = False) -> bool:
    """ "I'm glad you found the suggestions helpful", "glad you enjoyed the yoga poses I
    recommended", "great to hear you're enjoying your day": what the addressee makes of the
    speaker's own words and things, or of the day, is a reaction, no news of theirs. The words
    after the clause count too (the parser may hang "I recommended" on the frame), unless
    `within_clause` (a known clause: "I know you're into anime, I wanted to ask ...")."""
    sent = verb.sent
    end = verb.right_edge.i + 1 if within_clause else sent.end
    for token in sent.doc[verb.left_edge.i:end]:
        if token.lower_ in _SPEAKER_WORDS:
            return True
        if token.pos_ == "NOUN" and token.lemma_.lower() in _CHAT_THINGS:
            return True
    return False


def _framed(verb: Any) -> bool:
    """The clause hangs on a recap frame (the parse of each frame below)."""
    head = verb.head
    marks = {c.lower_ for c in verb.children if c.dep_ == "mark"}
    if verb.dep_ == "advcl":
        if "like" in marks and head.lemma_.lower() in _HEARD:
            # "(It) sounds / seems / looks like you ..."; not what the speaker makes of the
            # addressee ("sounds like you're a gambling addict": an impression, no news told)
            return _plain_frame(head) and not impression(verb)
        # "Awesome that you adopted a cat!": the small model may read the word as a name
        return "that" in marks and head.lower_ in _REACTIONS and _plain_frame(head)
    if verb.dep_ != "ccomp":
        return False
    if head.lemma_.lower() in _LEARNED and head.dep_ == "xcomp":
        head = head.head  # "glad to hear (that) you ...", "it's great to see you ..."
    if head.lower_ in _REACTIONS and head.dep_ == "ROOT":
        return _plain_frame(head)  # "Glad to hear you ...", "How cool that you ...", "Nice that"
    if head.pos_ == "ADJ":
        return head.lower_ in _REACTIONS and head.dep_ == "acomp" and _plain_frame(head.head)
    # "It's great that you ...": the clause hangs on "is" beside its adjective
    reaction = any(c.dep_ == "acomp" and c.lower_ in _REACTIONS for c in head.children)
    return reaction and head.lemma_.lower() == "be" and _plain_frame(head)


def _plain_frame(head: Any) -> bool:
    """The frame is the sentence's main clause, a plain statement: no question, no denial, no
    modal, its subject (if any) the speaker or the situation."""
    if head.dep_ != "ROOT":
        return False
    if any(t.text == "?" for t in head.sent):
        return False
    for child in head.children:
        if child.dep_ == "neg" or child.tag_ == "MD":
            return False
        if child.dep_ in ("nsubj", "expl") and child.lower_ not in _FRAME_SUBJECTS:
            return False
    return True


# "I know / remember / see (that) you ...": the speaker holds what the addressee told as known.
_KNOWING = frozenset({"know", "remember", "recall", "see"})


def known_clause(verb: Any) -> bool:
    """ "I know you're into anime", "I remember you went to Japan", "I see you love hiking",
    "I can't believe you ran a marathon!": a clause the speaker holds as known (or marvels at)
    is the addressee's news told back. Not "I don't know if you ...", "I'll see you ...", a
    question, nor a frame whose subject is not the speaker."""
    head = verb.head
    if verb.dep_ != "ccomp" or head.i > verb.i:
        return False
    marks = {c.lower_ for c in verb.children if c.dep_ == "mark"}
    if marks - {"that"} or any(t.text == "?" for t in head.sent):
        return False
    subjects = [c.lower_ for c in head.children if c.dep_ == "nsubj"]
    lemma = head.lemma_.lower()
    if lemma == "believe" and not subjects:
        subjects = ["i"]  # "Can't believe you ran a marathon!": chat drops its "I"
    if not subjects or subjects[0] not in ("i", "we") or not _speakers_main_clause(head):
        return False
    if lemma == "believe":
        return marvelled(head)
    if lemma not in _KNOWING:
        return False
    return not any(c.dep_ in ("neg", "aux") and (c.dep_ == "neg" or c.tag_ == "MD")
                   for c in head.children)


def marvelled(believe: Any) -> bool:
    """ "I can't / cannot believe (that) you ...", "I can't believe I won": wonder at news,
    not a doubt (disowned.py leaves it stated)."""
    children = list(believe.children)
    modal = any(c.tag_ == "MD" and c.lower_ in ("ca", "can", "cannot") for c in children)
    denied = any(c.dep_ == "neg" for c in children) or any(c.lower_ == "cannot" for c in children)
    return modal and denied


def _speakers_main_clause(head: Any) -> bool:
    """The frame is the main clause, or one spliced before it by a comma ("I know you're into
    anime, I wanted to watch some": the parser hangs the first on the second)."""
    if head.dep_ == "ROOT":
        return True
    if head.dep_ != "ccomp" or head.head.dep_ != "ROOT" or head.head.i < head.i:
        return False
    return any(t.text == "," for t in head.doc[head.right_edge.i:head.head.i])
