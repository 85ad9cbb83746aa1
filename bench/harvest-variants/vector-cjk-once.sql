-- The offer vector tests for CJK characters once per offer and, without any, skips the three empty
-- character-pair vectors (the same vectors as migration 0010's function).
create or replace function dsm_offer_vector(language text, title text, keywords text[], description text) returns tsvector
language sql immutable parallel safe
as $$
  select case
    when title ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]'
      or array_to_string(keywords, ' ') ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]'
      or description ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]' then
      setweight(to_tsvector(dsm_ts_config(language), coalesce(title, '')), 'A')
      || setweight(to_tsvector(dsm_ts_config(language), array_to_string(keywords, ' ')), 'B')
      || setweight(to_tsvector(dsm_ts_config(language), coalesce(description, '')), 'C')
      || case when title ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]' then setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(title)), 'A') else ''::tsvector end
      || case when array_to_string(keywords, ' ') ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]' then setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(array_to_string(keywords, ' '))), 'B') else ''::tsvector end
      || case when description ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]' then setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(description)), 'C') else ''::tsvector end
    else
      setweight(to_tsvector(dsm_ts_config(language), coalesce(title, '')), 'A')
      || setweight(to_tsvector(dsm_ts_config(language), array_to_string(keywords, ' ')), 'B')
      || setweight(to_tsvector(dsm_ts_config(language), coalesce(description, '')), 'C')
  end
$$
