// Indexes not yet answering completely (Neo4j populates new indexes in the background).
SHOW INDEXES YIELD name, state, populationPercent
WHERE state <> 'ONLINE'
RETURN name, state + ' ' + toString(populationPercent) + '%'
