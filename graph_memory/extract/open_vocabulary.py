"""The open fallback's vocabulary (open_fallback.py reads it): which verbs carry another, which
are light or passing, and which object heads say nothing on their own. Plain word lists, so a
reader can see at a glance what the fallback refuses and why."""

from __future__ import annotations

# Verbs that carry the tense and subject of the verb they govern, and when the governed verb
# tells a thing done: always ("I started learning guitar"), or only in the past ("I got to see
# the whale", "I finished reading Dune"). Not "have": "I had to take a snow mobile to go to the
# store", "we had to take a rest stop" are the chores of a day, "I have to read it" a duty.
CARRIERS = {"start": "any", "begin": "any", "continue": "any", "keep": "any", "resume": "any",
            "manage": "past", "get": "past", "finish": "past", "go": "past", "spend": "past",
            # "I tried playing Elden Ring": a doing given a try was done (not "I tried to call")
            "try": "past"}
# Verbs that carry a skill's verb through "how to" and name the skill's learning: "I'm learning
# how to play the piano" (key "learn to play"), "my brother learned how to solve a Rubiks cube".
SKILL_CARRIERS = frozenset({"learn"})
# Skills learned without "how": "I learned to play the guitar", "I'm learning to speak Korean"
# (not "I learned to be patient", a way of being).
SKILL_VERBS = frozenset({"play", "speak", "cook", "bake", "paint", "draw", "knit", "crochet", "sew",
                         "code", "program", "ride", "drive", "sing", "dance"})
# Verbs of liking: a doing liked for fun is a hobby (leisure.py), the fallback's past "enjoyed
# <thing>" a liking (past_likings.py), a deed liked as "it" liked (liked_it.py).
LIKING_VERBS = frozenset({"like", "love", "enjoy", "adore"})
# The speaker as a clause's subject: "I", or a "we" the speaker is in.
SPEAKER_WORDS = frozenset({"i", "we"})
# The speaker's possessive determiners: "my dog", "our house".
SPEAKER_POSSESSIVES = frozenset({"my", "our"})
# Determiners that point at one thing: "this game", "those shoes".
DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
# Words that date a clause to the day it is told: "I'm gonna go to the gym today".
TODAY_WORDS = frozenset({"today", "tonight", "todays"})
# Entity labels of a named town, country or region, where one lives or travels (not FAC, a
# building).
PLACE_LABELS = frozenset({"GPE", "LOC"})
# Reporting and light verbs whose particles make no verb of their own ("I figured out").
REPORTING = frozenset({"think", "know", "guess", "mean", "say", "tell", "ask", "thank", "hear",
                       "find", "figure", "make", "let", "have", "be", "do"})
# Cognition and passing verbs that state no lasting thing ("I forgot the name", "I noticed an
# increase", "I miss the view", "we blame people"), besides the ontology's chit-chat verbs.
QUIET_VERBS = frozenset(
    {"forget", "remember", "recall", "notice", "miss", "blame", "stare", "deserve", "owe",
     "afford", "wanna", "gotta", "hate", "expect", "decide", "plan", "intend", "imagine",
     "picture", "fear", "doubt", "trust", "deal", "face", "cause", "mean", "involve",
     "include", "contain", "waste", "kill", "twiddle", "grit", "wipe", "wash", "brush",
     "scroll", "hang", "sleep", "wake", "rest", "relax", "chill", "sit", "stand", "lie",
     "laugh", "cry", "smile", "understand", "describe", "explain", "discuss", "talk", "chat",
     "speak", "reach", "bring", "carry", "hold", "want"}
    # Mishaps of a moment: "I slipped on some ice", "I choked on my food", "I spilled coffee".
    | {"slip", "choke", "spill", "trip", "bump", "drop"}
    # Handling a device: "I set it up and connected to my phone", "I plugged it in".
    | {"connect", "plug", "unplug", "charge", "reboot", "restart", "log"}
    # A smell of a moment: "till i smelled the worst sour smell".
    | {"smell"}
    # The model's lemma of "hated" ("I hated shaving"): the verb "to hat" is never said.
    | {"hat"}
)
# Quiet verbs that tell a lasting thing in the progressive with "with": "I've been dealing with
# back pain", not "I had to deal with a rude customer" or "I can't deal with it".
ONGOING_WITH = frozenset({"deal"})
# Verbs the ontology keeps out of the fallback as light or cognitive ("I find it hard", "I use
# it a lot"), readmitted in the one use that tells a lasting thing: with a purpose ("I use Vim
# for coding": "for"), or found or tried in the past ("I found a great cafe": "past").
READMITTED = {"use": "for", "find": "past", "try": "past"}
MAX_CONJUNCTS = 5
MAX_TITLE_WORDS = 8
# Verbs of liking, the declared patterns' in the present; their past is the fallback's only
# for a thing liked by its name ("I really enjoyed spiderverse", not "I loved the atmosphere").
LIKINGS = frozenset({"like", "love", "enjoy", "adore", "appreciate", "prefer", "hate",
                     "dislike", "relish", "savor", "savour"})
# Verbs whose preposition tells no object: "I had a great time with my family".
LIGHT_VERBS = frozenset({"have", "see", "watch", "do"})
# Verbs a relative clause's noun is not the object of: "the day I went", "the way I felt"; nor
# of those of a meal or an occasion (ONE_OFF_VERBS): "the last few vacations I've had".
NO_OBJECT_VERBS = frozenset({"go", "come", "live", "grow", "feel", "be", "arrive", "walk"})
# Coming, going and travelling in the progressive are mostly plans ("I'm visiting my aunt next
# week"), which the declared goal patterns read; their past is a deed the fallback keeps.
PLAN_VERBS = frozenset({"go", "come", "move", "relocate", "fly", "travel", "visit", "head"})
# Verbs the declared patterns read in the simple present only with a named or listed place ("I
# work at Google", "I work at a coffee shop", "I study at Stanford"); another place they name
# with these prepositions is the fallback's ("I work in a bubble tea shop"). A habit of going
# somewhere ("I usually go to the gym") is the declared habit patterns'.
PLACE_HABITS = {"work": frozenset({"at", "in", "for"}), "study": frozenset({"at", "in"})}
AUXILIARIES = frozenset({"be", "have", "do", "get", "will", "shall", "would", "should", "can",
                         "could", "may", "might", "must", "to", "'s", "'ve", "'m", "'re", "'d",
                         "'ll", "s", "ve", "m", "re", "d", "ll", "gon", "wan", "got", "ca"})
# Marks of a reason clause, which states its content as true in any tense.
REASONS = frozenset({"because", "since", "cause", "cuz", "bc"})
HEDGES = frozenset({"think", "guess", "feel", "mean", "remember", "know", "believe", "say"})
PREPOSITIONS = frozenset({"to", "in", "at", "with", "for", "on", "from", "into", "about"})
# A "to ..." object of a motion verb: "I went to the dentist"; others read only direct objects.
OBJECT_FREE_PREPS = frozenset(
    {"go", "come", "move", "travel", "fly", "drive", "walk", "head", "live", "stay", "volunteer"}
)
# Prepositions whose object is what a verb without a direct object is about ("listen to",
# "focus on"); not "for", mostly a purpose or a duration ("I run for my health").
VERB_PREPS = frozenset({"to", "in", "at", "with", "on", "from", "into", "about", "upon",
                        "across"})
# Verbs of striving whose "for" names what they strive for: "I've been training for a half
# marathon", "I applied for a scholarship", "I'm studying for the bar exam".
FOR_VERBS = frozenset({"train", "study", "prepare", "apply", "audition", "register", "compete",
                       "qualify", "interview", "campaign", "fundraise", "save"})
# Times and amounts are when or how long, not what: "I slept for ten hours", "I woke up at 6".
WHEN_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "QUANTITY", "ORDINAL", "PERCENT", "MONEY"})
WHEN_NOUNS = frozenset(
    {"time", "while", "moment", "minute", "hour", "day", "night", "week", "weekend", "month",
     "year", "morning", "afternoon", "evening", "today", "tonight", "tomorrow", "yesterday",
     "now", "then", "once", "past", "future", "span", "period"}
)
# Verbs whose simple past tells one occasion, mostly a meal ("I had a sandwich", "we had
# burrata", "I ate some appetizers"); kept as a habit, an experience or a past state.
ONE_OFF_VERBS = frozenset({"have", "eat", "drink"})
# Seeing, going, finding and playing: their simple past of the day is a passing moment unless
# it names something ("Today I saw some stray cats", "Just got back from the gym", "I played
# some games today"; not "I saw Oppenheimer today"); a deed of the day still counts ("I cooked
# some pasta", "she fixed my bike yesterday").
DAY_VERBS = frozenset(
    {"see", "watch", "go", "come", "get", "leave", "head", "walk", "run", "drive", "ride",
     "find", "pick", "grab", "stop", "arrive", "return", "play", "meet", "visit", "hit", "take"}
)
# What a day's going or seeing may still be notable for: a journey or an event ("I just got
# back from a camping trip", "today I went to a concert"; not "I just got back from the gym").
NOTABLE_OUTINGS = frozenset(
    {"trip", "vacation", "holiday", "journey", "cruise", "getaway", "excursion", "voyage"}
    | {"concert", "wedding", "funeral", "festival", "graduation", "ceremony", "recital"}
    | {"exhibition", "exhibit", "play", "musical", "opera", "ballet", "gig", "convention"}
    | {"conference", "reunion", "premiere", "tournament", "marathon", "retreat", "camp"}
)
# Going somewhere in the simple past, to a place no declared relation lists (VISITED reads
# the museum, the park, the beach): an errand of a day ("I ran to the dry cleaning", "I went to
# the grocery store", "I headed to the bank"), unless the place is named or an event.
ERRAND_MOTIONS = frozenset({"go", "run", "head", "rush", "hurry", "dash", "pop", "walk", "drive",
                            "swing", "race", "nip"})
ERRAND_PREPS = frozenset({"to", "into", "by", "over"})
# ... but not where one goes over years (a school, a church, a therapy: "I went to college in
# Ohio") nor an outing ("We went to a nice small restaurant", "I went to the cinema").
NO_ERRANDS = frozenset({"school", "college", "university", "uni", "church", "therapy", "rehab",
                        "camp", "academy", "seminary", "kindergarten", "restaurant", "cinema",
                        "theater", "theatre", "movie", "bar", "pub", "club", "cafe", "arcade"})
# Seeing and watching keep a thing by its name ("I saw Oppenheimer", "I watched inception") or
# a work or a show watched ("I've watched many football matches", "I watched some YouTube
# videos"); a common sight is a passing moment of an outing ("I saw so many cool exhibits",
# "we watched the fireworks at midnight", "I got to see the humongous whale replica").
SPECTATOR_VERBS = frozenset({"see", "watch"})
WATCHED_WORKS = frozenset(
    {"movie", "film", "show", "series", "video", "documentary", "episode", "season", "anime",
     "cartoon", "sitcom", "drama", "short", "tiktok", "stream", "livestream", "vlog", "clip",
     "trailer", "tutorial", "youtube", "netflix", "tv", "television", "program", "programme"}
    | {"match", "game", "race", "fight", "tournament", "final", "finals", "competition"}
    | {"play", "musical", "concert", "performance", "opera", "ballet", "gig", "recital"}
)
# Kinds of works that name the work put before or beside its name: "the game Hades", "the
# book Dune" (the name is the object, the kind says what it is).
WORK_KINDS = frozenset({"game", "movie", "film", "show", "series", "book", "novel", "song",
                        "album", "podcast", "anime", "manga", "documentary", "sitcom", "band"})
# Carriers of one occasion: "I managed to sink a few birdies", "I got to see the whale
# replica": on a day told ("Today was a fantastic day"), a passing moment unless it names
# something.
OCCASION_CARRIERS = frozenset({"manage", "get"})
# Chores of a home in the simple past: "I woke up pretty early and cleaned up my house" is the
# business of a day ("I've been decluttering my house" still tells an ongoing project).
CHORE_VERBS = frozenset({"clean", "tidy", "vacuum", "mop", "sweep", "dust", "declutter",
                         "organize", "organise"})
HOME_PLACES = frozenset({"house", "home", "room", "bedroom", "apartment", "flat", "kitchen",
                         "bathroom", "garage", "closet", "desk", "car", "yard", "dorm", "place"})
# Verbs that take someone somewhere, and the people and pets taken: "we took the kids to the
# museum", "I brought my dog to the vet" is no deed done to them (where they went is its own).
ESCORTING_VERBS = frozenset({"take", "bring", "drive", "walk", "drop"})
ESCORTED = frozenset(
    {"kid", "child", "son", "daughter", "baby", "dog", "cat", "puppy", "kitten", "mom", "dad"}
    | {"mother", "father", "parent", "brother", "sister", "wife", "husband", "boyfriend"}
    | {"girlfriend", "family", "grandma", "grandpa", "friend", "nephew", "niece", "cousin"}
)
# A means of travel taken is how one went, no deed: "I took the bus to work", "took my car".
TRAVEL_VERBS = frozenset({"take", "catch"})
VEHICLES = frozenset({"bus", "car", "train", "subway", "metro", "tube", "taxi", "cab", "uber",
                      "lyft", "tram", "ferry", "shuttle"})
# Meals and snacks of one day ("I had a sandwich today", "I ate steak today").
MEAL_VERBS = frozenset({"have", "eat", "drink", "grab", "get", "order"})
# Servings of a meal or a drink: "for now I have a nice cup of chamomile tea".
SERVINGS = frozenset({"cup", "glass", "bowl", "slice", "plate", "bottle", "mug", "can", "pint",
                      "shot", "bite", "sip", "serving", "portion", "piece"}
                     # a dash of a seasoning: "a squeeze of lime", "a drizzle of olive oil"
                     | {"squeeze", "dash", "pinch", "splash", "drizzle", "dollop", "scoop"})
# States of a body at a moment, had but not held: "I have an extreme thirst".
BODY_MOMENTS = frozenset({"thirst", "hunger", "craving", "urge", "hangover", "itch", "cramp",
                          "nosebleed", "hiccup", "hiccups", "appetite", "hankering",
                          "yearning", "longing"})
# Going and coming in the present progressive tell this moment or a plan, never a life: "now
# I'm coming back from a relatives city", "I'm leaving to the bar", "I'm heading home".
MOTION_NOW = frozenset({"go", "come", "leave", "head", "return", "walk", "drive", "fly", "get",
                        "run"})
# "When I was younger I would watch the mummy movies": the clause that makes a "would" a past
# habit (its subject is the speaker; "younger", "a kid", "in high school", "growing up").
YOUTH = frozenset({"younger", "kid", "child", "little", "teen", "teenager", "young", "school",
                   "college", "boy", "girl"})
TODAY = frozenset({"today", "tonight", "earlier", "rn", "yesterday", "lunch", "dinner",
                   "breakfast"})
# Words that make a denied experience a thing of the moment: "I haven't finished it yet", "I
# haven't had fries in a while", "I haven't eaten anything today".
UNLIVED_SPANS = frozenset({"yet", "while", "lately", "recently", "today", "tonight", "week",
                           "weeks", "days", "month", "months", "since", "still"})
FUTURE = frozenset({"tomorrow", "tonight", "next", "later", "soon", "upcoming"})
# Amounts, parts and servings whose "of" or "in" names the thing: "a ton of items", "places
# in Utah", "a nice cup of chamomile tea".
CONTAINERS = frozenset(
    {"ton", "tons", "couple", "plenty", "handful", "pile", "number", "amount", "load", "loads",
     "bunch", "lot", "lots", "variety", "kind", "sort", "type", "bit", "piece", "set", "pair",
     "place", "part", "cup", "glass", "bowl", "bottle", "slice", "box", "jar", "pack", "pot"}
    | {"field"}  # "the field of economics"
    | {"page", "chapter"}  # "50 pages of The Hobbit"
)
# Parts of a work, named by the work: "an episode of the podcast Lore", "the first season of The
# Office" (a season of a show is no time of the year).
WORK_PARTS = frozenset({"episode", "season", "volume"})
# Heads that say nothing without the phrase they govern ("to the point where ...", "an
# increase in ...", "our interests", "that fact", "my approach towards chess").
HOLLOW_OBJECTS = frozenset(
    {"point", "fact", "increase", "decrease", "approach", "interest", "part", "rest", "end",
     "side", "top", "bottom", "half", "level", "view", "chapter", "list", "difference",
     "change", "improvement", "progress", "result", "reason", "place", "spot", "area", "one",
     "ones", "eachother", "everywhere", "everyone", "everybody", "anyone", "someone",
     "somebody", "nobody",
     "people", "person", "guy", "guys", "somewhere", "anywhere", "aspect", "thing", "bunch",
     "ton", "tons", "lot", "lots", "couple", "effort", "attention", "advice",
     "tip", "help", "support", "use", "sense", "mind", "head", "life", "world", "way",
     "risk", "lesson", "benefit", "mood", "vibe", "feel", "fun", "kick", "laugh", "deal",
     "start", "beginning", "impact", "effect", "role", "step", "process", "attempt", "try",
     "leap", "plunge",
     "matter", "case", "situation", "question", "answer", "news", "update", "info",
     "information", "detail", "message", "word", "name", "story", "opinion", "thought",
     "hobby", "activity", "experience", "moment", "memory", "plan", "goal", "idea",
     "difficulty", "destination", "sound", "topic", "subject", "conversation", "session",
     "portion", "success", "function", "i", "id", "im", "ive", "ill", "u", "ya", "yall",
     "majority", "minority", "impression", "path", "block", "calorie", "space",
     "nostalgia", "clarity", "shenanigan", "shenanigans", "reduction", "read", "preference",
     "favorite", "favourite", "option", "chat", "talk", "discussion", "regret",
     "discipline", "track"}
)
# Generic things of a passing day, stated without a modifier that would make them specific
# ("running some errands", "we played some games", "we saw stars", "we had desserts").
GENERIC_OBJECTS = frozenset(
    {"errand", "game", "chore", "food", "drink", "snack", "dessert", "friend", "show", "movie",
     "film", "series", "episode", "review", "job", "cousin", "relative", "guest", "plate",
     "trip",
     "video", "picture", "photo", "star", "thing", "homework", "class", "music", "song",
     "book", "tv", "coffee", "tea", "water", "beer", "wine", "shower", "walk", "run", "jog",
     "stroll", "drive", "ride",
     "nap", "rest", "sleep", "break", "round", "stuff", "item", "bag", "clothes", "laundry",
     "dish", "dishes", "grocery", "groceries", "shopping", "cleaning", "cooking", "work",
     "shift", "meeting", "call", "text", "email", "post", "money", "bed", "door", "ball",
     "city", "town", "home", "place", "outside", "weather", "store", "shop", "project",
     "ingredient", "product", "exercise", "decoration", "exam", "test", "quiz", "mod"}
    # A photo shot, a workout set, a flavour tried: the business of one day.
    | {"closeup", "close-up", "selfie", "shot", "set", "rep", "lap", "flavor", "flavour"}
    # A dose taken ("I took some meds to assist"): the business of a sick day.
    | {"medicine", "medication", "med", "meds", "pill", "pills", "painkiller", "painkillers"}
)
# Units counted: "I read around 50 pages", "I ran 5 miles" is how much, not what.
UNITS = frozenset({"page", "mile", "kilometer", "kilometre", "km", "pound", "lb", "kilo", "kg",
                   "step", "calorie", "inch", "foot", "meter", "metre", "dollar", "buck"})
# Words that measure a thing without saying which ("enough friends", "many games").
MEASURES = frozenset({"enough", "more", "many", "few", "no", "lots", "plenty", "fewer", "less"})
# ... and words that make a generic thing no more specific ("various products", "several
# exercises"); roles.py keeps to MEASURES ("several kids" are still relatives).
UNSPECIFIC = MEASURES | {"various", "several", "numerous", "multiple", "other", "another",
                         "similar", "same", "different", "random", "little", "secret", "good",
                         "nice", "great", "cool", "whole", "usual", "normal", "simple"}
# "twiddling my fingers", "brushed my teeth", "strengthen my whole body": passing, or a
# condition the declared health patterns read.
BODY_PARTS = frozenset(
    {"hand", "finger", "face", "teeth", "tooth", "hair", "eye", "head", "leg", "arm", "foot",
     "feet", "back", "body", "lung", "nail", "skin", "muscle", "knee", "shoulder", "neck",
     "self", "myself", "bowel", "stomach", "chest", "nose", "mouth", "ear", "throat",
     "heart", "brain"}
)
# Participles that tell a lasting state, not something done to the person.
STATIVE_PARTICIPLES = frozenset(
    {"obsessed", "involved", "engaged", "married", "hooked", "addicted", "fascinated",
     "enrolled", "employed", "based", "raised", "signed", "registered", "certified",
     "trained", "qualified", "specialized", "specialised"}
)
# Trips named with where they went: "a plane ride to Bangladesh".
TRIPS = frozenset({"trip", "ride", "flight", "vacation", "holiday", "journey", "cruise", "tour",
                   "drive", "hike", "walk", "visit", "getaway", "excursion", "voyage"})
# Works and courses named by what they are about: "a book about the Roman empire", "a
# documentary on octopuses" (a bare "book" or "documentary" says nothing).
ABOUT_HEADS = frozenset({"book", "novel", "movie", "film", "show", "series", "documentary",
                         "podcast", "video", "article", "paper", "class", "course", "lecture",
                         "essay", "story"})
# Heads whose "of" names the place itself: "the kingdom of Illyria", "the city of Lyon".
REALMS = frozenset({"kingdom", "city", "town", "state", "country", "island", "region",
                    "village", "province", "republic", "county", "empire"})
# What a person was in that tells more than where they were: "I was in a toxic relationship",
# "I was in a car accident" (not "I was in a huge stadium").
SITUATIONS = frozenset(
    {"relationship", "accident", "crash", "hospital", "coma", "program", "programme",
     "competition", "tournament", "contest", "race", "marathon", "play", "musical", "recital",
     "army", "military", "navy", "prison", "jail", "rehab", "therapy", "debt", "love"}
)
# Groups a person belongs to: "I'm on the swim team", "I'm part of a book club".
GROUPS = frozenset(
    {"team", "club", "band", "group", "league", "choir", "orchestra", "crew", "committee",
     "squad", "society", "association", "union", "troupe", "ensemble", "fraternity",
     "sorority", "council", "guild", "cast"}
)
# Friends and colleagues are people the memory can name only when the text does.
UNNAMED_ROLES = frozenset(
    {"friend", "friends", "buddy", "bestie", "classmate", "colleague", "coworker", "teammate",
     "neighbor", "neighbour", "roommate", "mentor", "boss"}
    # the people of one's work: "I've had so many managers", "I helped a customer"
    | {"manager", "supervisor", "customer", "client", "employee", "patient"}
)
# People named by no role of theirs to the speaker: "I live with two other girls", "one time I
# used to stalk a girl", "I have a new idol his name is Joryu" (the name is the fact).
UNNAMED_PEOPLE = frozenset({"girl", "boy", "woman", "man", "lady", "dude", "gal", "stranger",
                            "idol", "crush", "kid", "child", "baby"})
# "I'm busy with work", "I've been stressed about my exams": a state and what it is about.
STATE_PREPS = frozenset({"with", "about", "for", "from", "of", "at", "by", "over", "to"})
# Politeness and reactions, not states of the speaker: "I'm glad to hear", "I'm sorry for".
REACTIONS = frozenset(
    {"glad", "sorry", "happy", "sure", "thankful", "grateful", "right", "wrong", "good", "fine",
     "okay", "ok", "afraid", "aware", "able", "likely", "free", "welcome", "honest", "serious",
     "jealous", "proud", "impressed", "curious", "interested", "fond", "capable", "full",
     "ready", "done", "close", "similar", "different", "same", "familiar", "well", "great",
     "alright", "cool", "down", "new", "back", "here", "there", "awesome", "amazing", "lucky",
     "blessed", "certain", "positive", "correct", "confused", "excited", "fun", "funny",
     "bad", "nice", "late", "early", "real", "true", "open", "available", "like", "all", "much",
     "more", "little", "okey", "normal", "crazy", "weird", "cute", "useless", "big",
     "fair", "such", "other", "worried", "unsure", "up", "out", "in", "off", "on", "conscious",
     "self", "mad", "upset", "angry", "sad", "tired", "bored", "annoyed", "frustrated",
     "disappointed", "surprised", "shocked", "thrilled", "used", "kind", "mean", "rude",
     "polite", "due"}
)

# Adjectives that place a thing in a series rather than say what it is: "the first game", "the
# original show", "the latest one" point back into the conversation ("the new office" is one);
# "my first official dog" is a dog.
PLACING = frozenset({"first", "second", "third", "last", "original", "latest", "newest", "next",
                     "previous", "final"})
