import { z } from 'zod';

/**
 * Path parameter of the order, invoice and sale-status routes. A module of its own: the offer page asks
 * for an offer's sale status, and importing this from orders.ts would build every order and invoice
 * schema there (and the organisation's VAT and IBAN checks) before the page could draw.
 */
export const ZIdParams = z.object({ id: z.guid({ message: 'must be a UUID' }) });
export type TIdParams = z.infer<typeof ZIdParams>;
