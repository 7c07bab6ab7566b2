// Export's keyset pagination on FalkorDB starts before the engine's first node id.
RETURN -1 AS cursor
