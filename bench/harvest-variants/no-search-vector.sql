-- Offers without their search vector (and its GIN index): what computing and indexing the vector costs.
alter table offers drop column search_vector cascade
