import { ErrorCode, type TErrorResponse, type TLicence } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { seedLicences } from '../catalogue/licence-catalogue';
import { findLicenceConflict } from './create-licence';

let supplier: TSignedIn;

const VALID = {
  licenceId: 'ACME-DATA-1.0',
  licenceTitle: 'ACME Data Licence 1.0',
  licenceUrl: 'https://acme.example.org/licence/1.0',
};

function createLicence(body: unknown, headers: Record<string, string> = supplier.headers) {
  return request<TLicence & TErrorResponse>(testApp.baseUrl, 'POST', '/api/licence', body, headers);
}

const testApp = useTestApp();

beforeAll(async () => {
  await seedLicences(testApp.database.db);
  supplier = await signIn(testApp, { email: 'licences-supplier@example.org' });
});

describe('POST /api/licence', () => {
  it('adds a licence, answers it with 201, and lists it from then on', async () => {
    const response = await createLicence(VALID);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ...VALID, mappings: [] });

    const list = await requestAs<TLicence[]>(testApp, supplier, 'GET', '/api/licence');
    expect(list.body.map((licence) => licence.licenceTitle)).toContain(VALID.licenceTitle);
  });

  it('trims the fields before storing them', async () => {
    const response = await createLicence({
      licenceId: '  TRIM-1 ',
      licenceTitle: ' Trimmed licence ',
      licenceUrl: ' https://trim.example.org/ ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ licenceId: 'TRIM-1', licenceTitle: 'Trimmed licence' });
  });

  it('answers a duplicate id with 409 and a clear message, whatever the case', async () => {
    const response = await createLicence({ ...VALID, licenceId: 'cc-by-4.0', licenceTitle: 'Something new' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.CONFLICT);
    expect(response.body.message).toMatch(/A licence with the id 'cc-by-4.0' exists already/);
    expect(response.body.issues).toEqual([{ path: 'body.licenceId', message: 'exists already' }]);
  });

  it('answers an id added twice with 409', async () => {
    const body = { licenceId: 'TWICE-1', licenceTitle: 'Twice licence', licenceUrl: 'https://twice.example.org' };
    expect((await createLicence(body)).status).toBe(201);
    const again = await createLicence(body);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/TWICE-1/);
  });

  it('answers a title that names an existing licence with 409 naming the title', async () => {
    const response = await createLicence({
      licenceId: 'NEW-ID-2',
      licenceTitle: 'Creative Commons Attribution 4.0 International',
      licenceUrl: 'https://example.org/x',
    });
    expect(response.status).toBe(409);
    expect(response.body.issues?.[0]?.path).toBe('body.licenceTitle');
  });

  it('lets two suppliers racing for one id end with one licence and one 409', async () => {
    const body = { licenceId: 'RACE-1', licenceTitle: 'Race licence', licenceUrl: 'https://race.example.org' };
    const answers = await Promise.all([createLicence(body), createLicence(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a missing id', { licenceTitle: 'T', licenceUrl: 'https://x.example.org' }, 'body.licenceId'],
    ['an empty id', { ...VALID, licenceId: '   ' }, 'body.licenceId'],
    ['an id with spaces', { ...VALID, licenceId: 'has space' }, 'body.licenceId'],
    ['an id of 101 characters', { ...VALID, licenceId: 'x'.repeat(101) }, 'body.licenceId'],
    ['a numeric id', { ...VALID, licenceId: 42 }, 'body.licenceId'],
    ['an empty title', { ...VALID, licenceId: 'E-1', licenceTitle: '' }, 'body.licenceTitle'],
    ['a missing title', { licenceId: 'E-2', licenceUrl: 'https://x.example.org' }, 'body.licenceTitle'],
    ['a URL without scheme', { ...VALID, licenceId: 'E-3', licenceUrl: 'acme.example.org' }, 'body.licenceUrl'],
    ['an ftp URL', { ...VALID, licenceId: 'E-4', licenceUrl: 'ftp://acme.example.org' }, 'body.licenceUrl'],
    ['a javascript URL', { ...VALID, licenceId: 'E-5', licenceUrl: 'javascript:alert(1)' }, 'body.licenceUrl'],
    ['an empty URL', { ...VALID, licenceId: 'E-6', licenceUrl: '' }, 'body.licenceUrl'],
    ['an unknown field', { ...VALID, licenceId: 'E-7', mappings: ['x'] }, 'body'],
    ['a NUL in the id', { ...VALID, licenceId: 'E\u00008' }, 'body.licenceId'],
    ['a NUL in the title', { ...VALID, licenceId: 'E-9', licenceTitle: 'Title\u0000' }, 'body.licenceTitle'],
    [
      'an escape code in the URL',
      { ...VALID, licenceId: 'E-10', licenceUrl: 'https://x.org/\u001b[31m' },
      'body.licenceUrl',
    ],
  ])('answers %s with 400 naming the field', async (_name, body, path) => {
    const response = await createLicence(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await createLicence('{"licenceId":');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.MALFORMED_BODY);
  });

  it('needs a signed-in user', async () => {
    const response = await createLicence(VALID, {});
    expect(response.status).toBe(401);
  });
});

describe('findLicenceConflict', () => {
  const existing = [
    { id: 'CC0-1.0', title: 'Creative Commons CC0 1.0 Universal', url: 'https://x', mappings: ['CC0'] },
  ];

  it('finds an id that matches an alternative name', () => {
    const conflict = findLicenceConflict({ licenceId: 'cc0', licenceTitle: 'New', licenceUrl: 'https://y' }, existing);
    expect(conflict?.field).toBe('licenceId');
  });

  it('lets a shared URL pass', () => {
    expect(findLicenceConflict({ licenceId: 'X', licenceTitle: 'Y', licenceUrl: 'https://x' }, existing)).toBeNull();
  });
});
