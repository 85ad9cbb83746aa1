-- No outbox triggers at all (the harvest still queues its own offers): the triggers' whole cost.
drop trigger offers_queue_inserted on offers
;;
drop trigger offers_queue_updated on offers
;;
drop trigger offers_queue_deleted on offers
;;
drop trigger datasets_queue_inserted on datasets
;;
drop trigger datasets_queue_updated on datasets
;;
drop trigger datasets_queue_deleted on datasets
;;
drop trigger distributions_queue_inserted on distributions
;;
drop trigger distributions_queue_updated on distributions
;;
drop trigger distributions_queue_deleted on distributions
