// Export's keyset pagination starts before every node id (an id property, a string).
RETURN '' AS cursor
