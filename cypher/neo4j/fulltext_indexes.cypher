// Maintenance (schema upgrade): the fulltext indexes and the properties they cover.
SHOW FULLTEXT INDEXES YIELD name, properties
RETURN name, properties
