import { z } from 'zod';

/** The query string of a paged list: the index of the page's first row (at most `maxIndex`) and up to 100 rows. */
export const zPageQuery = (maxIndex: number) =>
  z.object({
    index: z.coerce.number().int().min(0).max(maxIndex).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  });

/** Where the page of a paged list's answer stands: its first row's index, its size and the rows in all. */
export const PAGE_FIELDS = {
  index: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};
