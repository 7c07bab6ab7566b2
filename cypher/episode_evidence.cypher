// The evidence edges from non-forgotten facts into episodes (forget decides from them whether a
// message still backs a live fact). Anchored on the indexed episode, then traversed.
UNWIND $ids AS id
MATCH (e:Episode {id: id})
WITH e
MATCH (e)<-[r:EXTRACTED_FROM]-(f)
WHERE f.status <> 'forgotten'
RETURN f.id AS fact_id, e.id AS episode_id, r.span_start AS span_start, r.span_end AS span_end,
       r.extractor AS extractor, r.confidence AS confidence
