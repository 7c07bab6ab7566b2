"""The write path, one module per stage, in the order a message goes through them:

1. extraction (`graph_memory/extract/`, chosen through its registry): text -> typed facts;
2. entity resolution (`graph_memory/entities.py`, shared with recall): names -> entities;
3. the conflict policy (`conflict_policy.py`): what each new fact does to the facts already
   held (duplicate, supersede, coexist, conflict), with the reason kept for the trace; its
   data (how each fact was said, the outcome) is `resolution.py`, and `restate.py` finds the
   earlier statements a message restates without stating them ("Sorry, I meant Tuesday");
4. the plan (`plan.py`): ids, time grounding, embeddings and the policy's decisions gathered
   into one `WritePlan` per batch, which the store applies atomically (`Store.apply`).

`Memory.write` (graph_memory/memory.py) runs the stages under the user lock; what happens to
facts after they are written (feedback, forget, prune) is `graph_memory/lifecycle.py`.
"""
