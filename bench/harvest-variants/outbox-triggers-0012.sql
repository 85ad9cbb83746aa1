-- The outbox triggers as migration 0012 made them, queuing whatever the writer says (a harvest then queues
-- each offer four times: three trigger rows and its own): what the 'when' condition of 0013 saves.
drop trigger offers_queue_inserted on offers
;;
create trigger offers_queue_inserted after insert on offers referencing new table as new_rows for each statement execute function dsm_queue_inserted_offers()
;;
drop trigger offers_queue_updated on offers
;;
create trigger offers_queue_updated after update on offers referencing new table as new_rows old table as old_rows for each statement execute function dsm_queue_updated_offers()
;;
drop trigger datasets_queue_inserted on datasets
;;
create trigger datasets_queue_inserted after insert on datasets referencing new table as new_rows for each statement execute function dsm_queue_dataset_offers()
;;
drop trigger datasets_queue_deleted on datasets
;;
create trigger datasets_queue_deleted after delete on datasets referencing old table as old_rows for each statement execute function dsm_queue_dataset_offers()
;;
drop trigger distributions_queue_inserted on distributions
;;
create trigger distributions_queue_inserted after insert on distributions referencing new table as new_rows for each statement execute function dsm_queue_distribution_offers()
;;
drop trigger distributions_queue_deleted on distributions
;;
create trigger distributions_queue_deleted after delete on distributions referencing old table as old_rows for each statement execute function dsm_queue_distribution_offers()
