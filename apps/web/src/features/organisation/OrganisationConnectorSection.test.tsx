import type { TOrganisationConnector, TOwnOrganisationResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAnswer, json } from '../../test/answers';
import { fakeFetch } from '../../test/fake-fetch';
import { fillIn } from '../../test/fill-in';
import { renderWithProviders } from '../../test/render';
import { OrganisationPage } from './OrganisationPage';

const ORGANISATION_ID = '5b0c1d2e-3f40-4a51-8b62-7c8d9e0f1a2b';
const CONNECTOR_PATH = `/api/organisations/${ORGANISATION_ID}/connector`;
const SECRET = 'very-secret-management-key';

const OWN: TOwnOrganisationResponse = {
  organisation: {
    id: ORGANISATION_ID,
    legalName: 'Muster Daten GmbH',
    street: 'Königsallee 1',
    postalCode: '40212',
    city: 'Düsseldorf',
    country: 'DE',
    vatId: 'DE136695976',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    contactEmail: 'billing@muster.example',
    contactPhone: '',
    updatedAt: '2025-03-05T10:00:00.000Z',
  },
  canBuy: true,
  canSell: true,
  missingToSell: [],
};

const STORED: TOrganisationConnector = {
  connectorId: `org-${ORGANISATION_ID}`,
  participantId: 'muster-edc',
  protocolUrl: 'https://edc.muster.example/protocol',
  managementUrl: 'https://edc.muster.example/management',
  managementApiVersion: 'auto',
  versionUrl: 'https://edc.muster.example/.well-known/version',
  hasApiKey: true,
  updatedAt: '2025-03-06T10:00:00.000Z',
};

/** How long a find waits for the page to answer a click: generous, because the tests share a busy machine. */
const WAIT = { timeout: 5_000 };

let sent: Record<string, unknown>[];
/** How the next PUT is answered; the test resolves it to see the form while the server checks. */
let answerSave: (body: Record<string, unknown>) => Promise<Response>;

beforeEach(() => {
  sent = [];
  answerSave = async () =>
    json(200, {
      connector: STORED,
      checks: [
        { name: 'managementApi', outcome: 'passed', message: 'The Management API answered with the API key.' },
        { name: 'catalogRequest', outcome: 'skipped', message: 'Not checked: the marketplace has no connector.' },
      ],
    });
  fakeFetch(async (url, init) => {
    if (url === '/api/profile/organisation') return json(200, OWN);
    if (url === CONNECTOR_PATH && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answerSave(body);
    }
    if (url === CONNECTOR_PATH && init?.method === 'DELETE') return json(204, null);
    if (url === CONNECTOR_PATH) return json(200, { connector: null });
  });
});

/** Opens the page and fills in the connector form's required fields with the stored connector's, and `more`. */
async function openAndFillIn(
  user: ReturnType<typeof userEvent.setup>,
  apiKey: string,
  more: Record<string, string> = {},
) {
  renderWithProviders(<OrganisationPage />, { url: '/profile/organisation' });
  await screen.findByTestId('organisation-connector-form', {}, WAIT);
  await fillIn(user, {
    'Participant ID': 'muster-edc',
    'DSP \\(protocol\\) address': STORED.protocolUrl,
    'Management API address': STORED.managementUrl,
    'API key': apiKey,
    ...more,
  });
}

describe('the organisation connector form', () => {
  it('names each required field and each malformed one, and sends nothing until they are right', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrganisationPage />, { url: '/profile/organisation' });
    const form = await screen.findByTestId('organisation-connector-form', {}, WAIT);
    await user.click(within(form).getByTestId('organisation-connector-save'));
    // Participant ID, both addresses and the key (none is stored yet).
    expect(await within(form).findAllByText('Required', {}, WAIT)).toHaveLength(4);
    expect(sent).toEqual([]);

    await fillIn(user, {
      'Participant ID': 'muster edc',
      'DSP \\(protocol\\) address': 'edc.muster.example/protocol',
      'Management API address': 'ftp://edc.muster.example/management',
      'API key': SECRET,
    });
    await user.click(within(form).getByTestId('organisation-connector-save'));
    expect(await within(form).findByText('No spaces or control characters', {}, WAIT)).toBeTruthy();
    expect(within(form).getAllByText('Enter an http or https address')).toHaveLength(2);
    expect(screen.getByLabelText(/^Participant ID/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^API key/).getAttribute('aria-invalid')).not.toBe('true');
    expect(sent).toEqual([]);
  });

  it('shows that it checks while the server does, then the stored connector with "key stored" and never the key', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    const defaultAnswer = answerSave;
    answerSave = (body) =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }).then(() => defaultAnswer(body));
    await openAndFillIn(user, SECRET, { 'Version API address': STORED.versionUrl! });
    expect((screen.getByLabelText(/^Management API version/) as HTMLSelectElement).value).toBe('auto');
    await user.click(screen.getByTestId('organisation-connector-save'));

    expect(await screen.findByTestId('organisation-connector-checking', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('organisation-connector-save').hasAttribute('data-loading')).toBe(true);
    expect(sent).toEqual([
      {
        participantId: 'muster-edc',
        protocolUrl: STORED.protocolUrl,
        managementUrl: STORED.managementUrl,
        apiKey: SECRET,
        managementApiVersion: 'auto',
        // Automatic asks the version API there, so a v4 connector is spoken to in v4.
        versionUrl: STORED.versionUrl,
      },
    ]);
    release(json(200, {}));

    const card = await screen.findByTestId('organisation-connector', {}, WAIT);
    expect(within(card).getByText('muster-edc')).toBeTruthy();
    expect(within(card).getByTestId('organisation-connector-key').textContent).toBe('Key stored');
    expect(screen.getByTestId('organisation-connector-checks').textContent).toContain(
      'Skipped: Not checked: the marketplace has no connector.',
    );
    expect(document.body.innerHTML).not.toContain(SECRET);

    // Changing it starts with an empty key field that keeps the stored key when left so.
    await user.click(screen.getByTestId('organisation-connector-edit'));
    const keyField = screen.getByLabelText(/^API key/) as HTMLInputElement;
    expect(keyField.value).toBe('');
    expect(screen.getByText(/A key is stored and not shown/)).toBeTruthy();
    await fillIn(user, { 'Participant ID': 'muster-edc-2' });
    await user.click(screen.getByTestId('organisation-connector-save'));
    await waitFor(() => expect(sent).toHaveLength(2), WAIT);
    expect(sent[1]).not.toHaveProperty('apiKey');
    expect(sent[1]).toMatchObject({ participantId: 'muster-edc-2' });
  });

  it("shows the server's refusal at the field it names", async () => {
    const user = userEvent.setup();
    answerSave = async () =>
      errorAnswer(
        400,
        'VALIDATION_FAILED',
        'The connector cannot be registered: apiKey: was refused by the connector (HTTP 401)',
        [{ path: 'body.apiKey', message: 'was refused by the connector (HTTP 401)' }],
      );
    await openAndFillIn(user, 'wrong-key');
    await user.click(screen.getByTestId('organisation-connector-save'));
    expect(await screen.findByText('was refused by the connector (HTTP 401)', {}, WAIT)).toBeTruthy();
    expect(screen.getByLabelText(/^API key/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('organisation-connector-refused')).toBeTruthy();
    expect(screen.queryByTestId('organisation-connector')).toBeNull();
  });
});
