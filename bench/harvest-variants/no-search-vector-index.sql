-- The search vector is computed but not indexed: what the GIN index costs.
drop index offers_search_vector_idx
