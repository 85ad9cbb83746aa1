-- Offer rows up to a page's size stored as they are, not compressed (most rows are about 3 KB).
alter table offers set (toast_tuple_target = 8160)
