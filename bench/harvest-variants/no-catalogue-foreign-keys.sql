-- No foreign keys among offers, datasets, distributions and agents: what their checks cost.
alter table datasets drop constraint datasets_offer_id_fkey
;;
alter table datasets drop constraint datasets_publisher_id_fkey
;;
alter table datasets drop constraint datasets_creator_id_fkey
;;
alter table datasets drop constraint datasets_custodian_id_fkey
;;
alter table distributions drop constraint distributions_dataset_id_fkey
;;
alter table offers drop constraint offers_publisher_id_fkey
