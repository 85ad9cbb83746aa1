import type { TOrganisationInput } from '@dsm/contracts';

/**
 * The organisations of the demo users, by e-mail, so the demo can check out and sell paid offers at
 * once. Invented companies; the VAT IDs and bank accounts only pass the format checks.
 */
export const DEMO_ORGANISATIONS: Readonly<Record<string, TOrganisationInput>> = {
  'buyer@example.com': {
    legalName: 'Demo Käufer GmbH',
    street: 'Schadowstraße 10',
    postalCode: '40212',
    city: 'Düsseldorf',
    country: 'DE',
    vatId: 'DE281963546',
    iban: '',
    bic: '',
    contactEmail: 'buyer@example.com',
    contactPhone: '+49 211 555 0101',
  },
  'supplier@example.com': {
    legalName: 'Demo Daten Anbieter GmbH',
    street: 'Königsallee 20',
    postalCode: '40212',
    city: 'Düsseldorf',
    country: 'DE',
    vatId: 'DE281963554',
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    contactEmail: 'supplier@example.com',
    contactPhone: '+49 211 555 0202',
  },
  'operator@example.com': {
    legalName: 'Demo Marktplatz Betreiber GmbH',
    street: 'Rheinufer 5',
    postalCode: '40213',
    city: 'Düsseldorf',
    country: 'DE',
    vatId: 'DE281963562',
    iban: 'DE02500105170137075030',
    bic: 'INGDDEFFXXX',
    contactEmail: 'operator@example.com',
    contactPhone: '+49 211 555 0303',
  },
};
