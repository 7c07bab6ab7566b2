MATCH (s:Slot {session_key: $session_key})
RETURN s {.*} AS slot
