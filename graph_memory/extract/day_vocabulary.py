"""Word lists of a day's deeds (day_deeds.py reads them): what a meal of the day names when it
names a dish, and which doings of a day name no thing of their own. Plain lists, so a reader
sees at a glance what a day keeps."""

from __future__ import annotations

# Dishes, foods and drinks named by their kind: "I just had a costco hot dog", "I had some bbq
# today", "I'm having some fruit lassi" ("have" is a meal only with one of these; "I had a
# really strong team", "I had school today" are not). Plain coffee, tea, water, beer and wine,
# like "food" and "a snack", are GENERIC_OBJECTS: the round of any day.
DISHES = frozenset(
    # mains and street food
    {"pizza", "pasta", "spaghetti", "lasagna", "lasagne", "macaroni", "ravioli", "risotto",
     "burger", "hamburger", "cheeseburger", "sandwich", "wrap", "burrito", "taco",
     "quesadilla", "nacho", "enchilada", "fajita", "sushi", "sashimi", "ramen", "pho", "udon",
     "noodle", "rice", "curry", "biryani", "soup", "stew", "chili", "salad", "steak", "chicken",
     "beef", "pork", "lamb", "meat", "rib", "wing", "bacon", "ham", "sausage", "hotdog",
     "meatball", "fish", "salmon", "tuna", "shrimp", "prawn", "crab", "lobster", "oyster",
     "seafood", "kebab", "shawarma", "falafel", "gyro", "hummus", "dumpling", "bbq",
     "barbecue", "brisket", "paella", "poutine", "omelette", "omelet", "egg", "tofu", "bulgogi",
     "kimchi", "bibimbap", "teriyaki", "schnitzel", "pierogi", "empanada", "samosa", "dal"}
    # breakfast, bread and sides
    | {"pancake", "waffle", "toast", "bagel", "bread", "breadstick", "croissant", "muffin",
       "cereal", "oatmeal", "granola", "yogurt", "yoghurt", "cheese", "burrata", "fries",
       "fry", "chip", "popcorn", "pretzel", "cracker", "appetizer", "nut", "peanut",
       "pistachio", "almond", "cashew", "walnut", "fruit", "apple", "banana", "mango",
       "strawberry", "berry", "blueberry", "grape", "watermelon", "peach", "avocado",
       "pineapple", "cherry", "orange", "potato", "broccoli", "veggie", "vegetable",
       "hot dog", "corn dog", "onion ring"}
    # sweets
    | {"cake", "cheesecake", "cupcake", "cookie", "brownie", "pie", "tart", "donut", "doughnut",
       "ice cream", "gelato", "sorbet", "chocolate", "candy", "pudding", "tiramisu", "mochi",
       "churro", "crepe", "macaron", "cannoli", "baklava", "fudge", "custard"}
    # drinks named by their kind
    | {"latte", "cappuccino", "espresso", "americano", "macchiato", "mocha", "frappuccino",
       "matcha", "chai", "boba", "smoothie", "milkshake", "shake", "lassi", "lemonade",
       "juice", "soda", "cocktail", "margarita", "mojito", "sangria", "sake", "soju", "cider",
       "whiskey", "whisky", "vodka", "tequila", "rum", "champagne", "kombucha", "hot chocolate",
       "bubble tea", "iced tea", "green tea", "cold brew"}
)
# Verbs of a meal that name one only with a dish ("I had school today" is none); what is eaten
# or drunk is a dish by its verb ("I ate steak today", "Im eating popcorn rn").
MEAL_HAVE = frozenset({"have", "grab", "order", "get"})
# Going, coming, leaving and being taken somewhere: a day's passing from place to place ("Just
# got back from the gym", "I just came to the cinema", "I just left the office"); a place worth
# keeping is VISITED's or ATTENDED's, read by the declared patterns.
DAY_MOTIONS = frozenset(
    {"go", "come", "leave", "get", "head", "arrive", "return", "walk", "run", "drive", "ride",
     "move", "travel", "fly", "rush", "hurry", "dash", "pop", "swing", "race", "nip", "stop",
     "visit", "meet", "enter", "exit"}
)
# Light doings of a day, what they are done to says nothing done ("I took a breather", "I
# picked up my syllabus", "I followed an online recipe this time").
DAY_LIGHT = frozenset({"take", "pick", "grab", "follow", "catch", "finish", "wrap", "start",
                       "check", "use", "put", "give", "keep", "let", "see"}
                      # what one has on at the moment: "I'm wearing a hoodie right now"
                      | {"wear"})
# Works watched, read or heard: kept by their name only, as the open fallback keeps them ("I
# was reading a magazine", "I was watching a documentary" name no work).
WORK_VERBS = frozenset({"watch", "rewatch", "read", "reread", "listen", "binge", "hear", "see"})
# The round of a day's places and doings, whatever their modifiers: school, work and the gym
# as a routine ("I had school today", "I had a surprise quiz in math class"), what a day's
# reading or cooking is ("finishing up some reading", "I followed a new recipe").
DAY_ROUTINE = frozenset(
    {"school", "class", "lesson", "lecture", "practice", "training", "workout", "gym",
     "office", "job", "work", "shift", "meeting", "project", "assignment", "homework", "essay",
     "exam", "test", "quiz", "reading", "writing", "recipe", "breather", "errand", "chore",
     "laundry", "grocery", "groceries", "shopping", "cleaning", "cooking"}
)
# Meals of the day by their time: "I just ate breakfast", "I already ate dinner" name no dish.
MEALS = frozenset({"breakfast", "brunch", "lunch", "dinner", "supper", "meal", "snack"})
# Words before a dish that judge it rather than say what it is: "some good pizza", "a pretty
# great burrito" (the dish is "pizza", "burrito"; "fatty pork belly" says what).
PRAISE = frozenset({"good", "great", "nice", "amazing", "awesome", "delicious", "tasty",
                    "yummy", "wonderful", "fantastic", "decent", "lovely", "excellent",
                    "pretty", "really", "very", "so", "super", "quite", "real"})
