UNWIND $ids AS id
MATCH (f:Fact {id: id})
RETURN f {.*, embedding: null} AS fact
