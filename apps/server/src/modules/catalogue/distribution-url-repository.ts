import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Which distributions a change applies to: ids matching a LIKE pattern, URLs ending in `{folderPath}{file}`. */
export type TServedFiles = {
  /** A LIKE pattern the distributions' ids match. */
  idsLike: string;
  /** The URL path the files are served under, with slashes at both ends (`/demo-data/`). */
  folderPath: string;
};

/**
 * Moves the access URLs of those distributions that end in `{folderPath}{file}` on another origin to `{base}{file}`.
 * Answers how many changed.
 */
export async function moveDistributionUrls(db: TDb, files: TServedFiles & { base: string }): Promise<number> {
  const pattern = `^https?://[^/]+${files.folderPath}[^/]+$`;
  const result = await sql`
    update distributions
    set access_url = ${files.base} || substring(access_url from ${`${files.folderPath}([^/]+)$`})
    where id like ${files.idsLike}
      and access_url ~ ${pattern}
      and left(access_url, ${files.base.length}) <> ${files.base}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Writes the sizes of served files into the distributions whose URL ends in `{folderPath}{name}`. Answers how many
 * distributions changed (none when every size is right already).
 */
export async function recordDistributionSizes(
  db: TDb,
  files: TServedFiles & { sizes: readonly { name: string; byteSize: number }[] },
): Promise<number> {
  if (files.sizes.length === 0) return 0;
  const result = await sql`
    update distributions d set byte_size = f.byte_size
    from unnest(${files.sizes.map((file) => file.name)}::text[], ${files.sizes.map((file) => file.byteSize)}::bigint[])
      as f (name, byte_size)
    where d.id like ${files.idsLike}
      and substring(d.access_url from ${`${files.folderPath}([^/]+)$`}) = f.name
      and d.byte_size is distinct from f.byte_size`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
