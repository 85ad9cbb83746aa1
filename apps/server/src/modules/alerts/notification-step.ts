import type { TDb } from '../../db/database';

/** What a step of the alert run that writes notifications (digests, offer changes) is given. */
export type TNotificationStepOptions = {
  db: TDb;
  now: Date;
  /** True: the notifications are to be mailed too (SMTP is configured). */
  isMailEnabled: boolean;
};
