// An O(1) round trip for health checks and metrics: reads no data.
RETURN 1
