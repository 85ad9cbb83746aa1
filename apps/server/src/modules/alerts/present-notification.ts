import { type TNotification, ZNotification } from '@dsm/contracts';

/** A notification as the module reads it. */
export type TNotificationRow = {
  id: string;
  kind: TNotification['kind'];
  params: Record<string, unknown>;
  link: string;
  created_at: Date;
  read_at: Date | null;
};

/** The fields of a notification that leave the server. */
export function presentNotification(row: TNotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    params: ZNotification.shape.params.parse(row.params),
    link: row.link,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}
