import { formatLabel, MIME_TYPES, SIZE_UNITS, WIZARD_FORMATS } from '@dsm/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../shared/AppModal';
import { FactCard, FactCardList, useIsPhone } from '../../shared/FactCards';
import { formatStatedSize } from '../../shared/format/size';
import { TableHead } from '../../shared/ui/TableHead';
import { DecimalInput } from './DecimalInput';
import { FieldWithHelp } from './FieldWithHelp';
import { fieldProps, helpOf } from './field-props';
import type { TAssetInfoDraft } from './form-cache';
import type { TFieldErrors } from './validate-offer';

export type TEndpointsStepProps = {
  draft: TAssetInfoDraft;
  endpoints: readonly TAssetInfoDraft[];
  errors: TFieldErrors;
  isConnector: boolean;
  /** The Api access type: each endpoint may carry the supplier's gateway credential. */
  isApi: boolean;
  connectorId: string;
  connectorOptions: { value: string; label: string }[];
  onChange: <K extends keyof TAssetInfoDraft>(field: K, value: TAssetInfoDraft[K]) => void;
  onAdd(): void;
  onRemove(position: number): void;
  /** Replaces or removes the gateway credential of an endpoint in the table. */
  onCredentialChange(
    position: number,
    credential: Pick<TAssetInfoDraft, 'credentialHeader' | 'credentialSecret' | 'credentialKeepFrom'>,
  ): void;
  onConnectorChange(connectorId: string): void;
};

/** A number input's value as the draft stores it: a number, 0 when emptied. */
export const toDraftNumber = (value: string | number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;

const NO_CREDENTIAL = { credentialHeader: '', credentialSecret: '', credentialKeepFrom: -1 };

/** What the table says of an endpoint's credential: none, a secret stored on the server, or a new one. */
function credentialStateOf(endpoint: TAssetInfoDraft): 'none' | 'stored' | 'new' {
  if (endpoint.credentialHeader === '') return 'none';
  return endpoint.credentialSecret !== '' ? 'new' : endpoint.credentialKeepFrom >= 0 ? 'stored' : 'none';
}

/**
 * Step 2 'Add endpoints': the endpoint being typed, the table of endpoints, and the connector. For the
 * Api access type each endpoint takes the supplier's credential for the API gateway: a header and its
 * secret, which is never shown again once saved; the table says whether one is set and can replace or
 * remove it.
 */
export function EndpointsStep(props: TEndpointsStepProps) {
  const { draft, endpoints, errors, onChange } = props;
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState<number | null>(null);
  const [replacement, setReplacement] = useState({ header: '', secret: '' });
  const openReplace = (position: number) => {
    setReplacement({ header: endpoints[position]?.credentialHeader || 'Authorization', secret: '' });
    setReplacing(position);
  };
  const select = (field: 'mimeType' | 'format' | 'sizeUnit', data: readonly string[]) => (
    <FieldWithHelp
      label={t(`offerCreation.fields.${field}`)}
      help={helpOf(t, field === 'sizeUnit' ? 'filesize' : field)}
    >
      <Select
        {...fieldProps(t, field, errors)}
        data={field === 'format' ? data.map((value) => ({ value, label: formatLabel(value) })) : [...data]}
        value={draft[field] || null}
        onChange={(value) => onChange(field, value ?? '')}
        searchable={field !== 'sizeUnit'}
        comboboxProps={{ withinPortal: true }}
      />
    </FieldWithHelp>
  );
  return (
    <Stack gap="md">
      {props.isConnector && (
        <FieldWithHelp label={t('offerCreation.fields.connector')} help={helpOf(t, 'connector')}>
          <Select
            {...fieldProps(t, 'connectorId', errors)}
            label={t('offerCreation.fields.connector')}
            placeholder={`${t('offerCreation.fields.connector')}*`}
            data={props.connectorOptions}
            value={props.connectorId || null}
            onChange={(value) => props.onConnectorChange(value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        </FieldWithHelp>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {select('mimeType', MIME_TYPES)}
        {/* A draft's format the list no longer offers (an older 'css') stays chosen rather than blank. */}
        {select(
          'format',
          draft.format && !(WIZARD_FORMATS as readonly string[]).includes(draft.format)
            ? [draft.format, ...WIZARD_FORMATS]
            : WIZARD_FORMATS,
        )}
      </SimpleGrid>
      <FieldWithHelp label={t('offerCreation.fields.endpointTitle')} help={helpOf(t, 'endpointTitle')}>
        <TextInput
          {...fieldProps(t, 'endpointTitle', errors)}
          value={draft.endpointTitle}
          onChange={(event) => onChange('endpointTitle', event.currentTarget.value)}
        />
      </FieldWithHelp>
      <FieldWithHelp label={t('offerCreation.fields.endpointDescription')} help={helpOf(t, 'endpointDescription')}>
        <Textarea
          {...fieldProps(t, 'endpointDescription', errors)}
          autosize
          minRows={3}
          maxRows={7}
          value={draft.endpointDescription}
          onChange={(event) => onChange('endpointDescription', event.currentTarget.value)}
        />
      </FieldWithHelp>
      <FieldWithHelp label={t('offerCreation.fields.accessUrl')} help={helpOf(t, 'accessUrl')}>
        <TextInput
          {...fieldProps(t, 'accessUrl', errors)}
          type="url"
          value={draft.accessUrl}
          onChange={(event) => onChange('accessUrl', event.currentTarget.value)}
        />
      </FieldWithHelp>
      {props.isApi && (
        <Fieldset legend={t('offerCreation.credential.legend')} data-testid="gateway-credential">
          <Stack gap="sm">
            <Text size="sm">{t('offerCreation.credential.intro')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...fieldProps(t, 'gatewayCredential.headerName', errors, false)}
                placeholder="Authorization"
                autoComplete="off"
                value={draft.credentialHeader}
                onChange={(event) => onChange('credentialHeader', event.currentTarget.value)}
              />
              <PasswordInput
                {...fieldProps(t, 'gatewayCredential.secret', errors, false)}
                placeholder="Bearer …"
                autoComplete="new-password"
                value={draft.credentialSecret}
                onChange={(event) => onChange('credentialSecret', event.currentTarget.value)}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FieldWithHelp label={t('offerCreation.fields.filesize')} help={helpOf(t, 'filesize')}>
          <DecimalInput
            {...fieldProps(t, 'filesize', errors)}
            min={0}
            decimalScale={3}
            value={draft.filesize}
            onChange={(value) => onChange('filesize', toDraftNumber(value))}
          />
        </FieldWithHelp>
        {select('sizeUnit', SIZE_UNITS)}
      </SimpleGrid>
      <Checkbox
        label={t('offerCreation.fields.isPublicSample')}
        description={t('offerCreation.help.isPublicSample')}
        checked={draft.isPublicSample}
        onChange={(event) => onChange('isPublicSample', event.currentTarget.checked)}
        data-testid="field-isPublicSample"
      />
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={props.onAdd}
          data-testid="add-endpoint"
        >
          {t('offerCreation.endpoints.add')}
        </Button>
      </Group>
      {errors.endpoints && (
        <Text c="red.8" size="sm" role="alert">
          {t(errors.endpoints)}
        </Text>
      )}
      <EndpointList
        endpoints={endpoints}
        isApi={props.isApi}
        onRemove={props.onRemove}
        onReplaceCredential={openReplace}
        onRemoveCredential={(position) => props.onCredentialChange(position, NO_CREDENTIAL)}
      />
      <AppModal
        opened={replacing !== null}
        onClose={() => setReplacing(null)}
        title={t('offerCreation.credential.replaceTitle')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (replacing === null || !replacement.header.trim() || !replacement.secret) return;
            props.onCredentialChange(replacing, {
              credentialHeader: replacement.header.trim(),
              credentialSecret: replacement.secret,
              credentialKeepFrom: endpoints[replacing]?.credentialKeepFrom ?? -1,
            });
            setReplacing(null);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('offerCreation.fields.gatewayCredential.headerName')}
              required
              autoComplete="off"
              value={replacement.header}
              onChange={(event) => setReplacement({ ...replacement, header: event.currentTarget.value })}
            />
            <PasswordInput
              label={t('offerCreation.fields.gatewayCredential.secret')}
              required
              autoComplete="new-password"
              data-autofocus
              value={replacement.secret}
              onChange={(event) => setReplacement({ ...replacement, secret: event.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReplacing(null)}>
                {t('app.cancel')}
              </Button>
              <Button type="submit">{t('offerCreation.credential.save')}</Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Stack>
  );
}

type TEndpointListProps = {
  endpoints: readonly TAssetInfoDraft[];
  isApi: boolean;
  onRemove(position: number): void;
  onReplaceCredential(position: number): void;
  onRemoveCredential(position: number): void;
};

/**
 * The endpoints added so far: a table, and below the sm breakpoint one card each (as the offer
 * details page shows its endpoints), with the same facts and actions, so a phone never scrolls sideways.
 */
function EndpointList({ endpoints, isApi, onRemove, onReplaceCredential, onRemoveCredential }: TEndpointListProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const credential = (endpoint: TAssetInfoDraft, position: number) => (
    <CredentialCell
      endpoint={endpoint}
      onReplace={() => onReplaceCredential(position)}
      onRemove={() => onRemoveCredential(position)}
    />
  );
  const sizeOf = (endpoint: TAssetInfoDraft) =>
    endpoint.filesize > 0 ? formatStatedSize(endpoint.filesize, endpoint.sizeUnit) : '—';
  if (isPhone) {
    if (endpoints.length === 0) return <EmptyEndpoints />;
    return (
      <FactCardList label={t('offerCreation.endpoints.table')} testId="endpoint-cards">
        {endpoints.map((endpoint, position) => (
          <FactCard
            // biome-ignore lint/suspicious/noArrayIndexKey: endpoints have no id; the position is what Remove acts on.
            key={position}
            testId="endpoint-card"
            title={
              <>
                {endpoint.endpointTitle}
                <SampleBadge endpoint={endpoint} />
              </>
            }
            facts={[
              { label: t('offerCreation.fields.mimeType'), value: endpoint.mimeType },
              { label: t('offerCreation.fields.format'), value: formatLabel(endpoint.format) },
              { label: t('offerCreation.fields.accessUrl'), value: endpoint.accessUrl },
              { label: t('offerCreation.endpoints.size'), value: sizeOf(endpoint) },
              ...(isApi
                ? [{ label: t('offerCreation.credential.column'), value: credential(endpoint, position) }]
                : []),
            ]}
            actions={
              <Group>
                <RemoveEndpointButton endpoint={endpoint} onRemove={() => onRemove(position)} withLabel />
              </Group>
            }
          />
        ))}
      </FactCardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder data-testid="endpoints-table">
        <Table.Caption>{t('offerCreation.endpoints.table')}</Table.Caption>
        <TableHead
          columns={[
            t('offerCreation.fields.endpointTitle'),
            t('offerCreation.fields.mimeType'),
            t('offerCreation.fields.format'),
            t('offerCreation.fields.accessUrl'),
            t('offerCreation.endpoints.size'),
            isApi && t('offerCreation.credential.column'),
            t('offerCreation.endpoints.actions'),
          ]}
        />
        <Table.Tbody>
          {endpoints.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={isApi ? 7 : 6}>
                <EmptyEndpoints />
              </Table.Td>
            </Table.Tr>
          ) : (
            endpoints.map((endpoint, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the position is what Remove acts on.
              <Table.Tr key={position}>
                <Table.Td>
                  {endpoint.endpointTitle}
                  <SampleBadge endpoint={endpoint} />
                </Table.Td>
                <Table.Td>{endpoint.mimeType}</Table.Td>
                <Table.Td>{formatLabel(endpoint.format)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.accessUrl}</Table.Td>
                <Table.Td>{sizeOf(endpoint)}</Table.Td>
                {isApi && <Table.Td data-testid="endpoint-credential">{credential(endpoint, position)}</Table.Td>}
                <Table.Td>
                  <RemoveEndpointButton endpoint={endpoint} onRemove={() => onRemove(position)} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EmptyEndpoints() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="gray.7">
      {t('offerCreation.endpoints.empty')}
    </Text>
  );
}

function SampleBadge({ endpoint }: { endpoint: TAssetInfoDraft }) {
  const { t } = useTranslation();
  if (!endpoint.isPublicSample) return null;
  return (
    <Badge ml="xs" size="sm" variant="light" color="teal">
      {t('offerCreation.endpoints.sample')}
    </Badge>
  );
}

type TCredentialCellProps = { endpoint: TAssetInfoDraft; onReplace(): void; onRemove(): void };

/** An endpoint's gateway credential: none, stored or new, with Set/Replace and Remove. */
function CredentialCell({ endpoint, onReplace, onRemove }: TCredentialCellProps) {
  const { t } = useTranslation();
  const state = credentialStateOf(endpoint);
  return (
    <Stack gap={4} align="flex-start">
      {state === 'none' ? (
        <Text size="sm">{t('offerCreation.credential.none')}</Text>
      ) : (
        <Group gap={4} wrap="wrap">
          <Text size="sm">{endpoint.credentialHeader}</Text>
          <Badge color="teal.9" variant="filled">
            {t(`offerCreation.credential.${state}`)}
          </Badge>
        </Group>
      )}
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="light"
          onClick={onReplace}
          aria-label={t('offerCreation.credential.replaceFor', { title: endpoint.endpointTitle })}
        >
          {state === 'none' ? t('offerCreation.credential.set') : t('offerCreation.credential.replace')}
        </Button>
        {state !== 'none' && (
          <Button
            size="compact-xs"
            variant="outline"
            color="red.9"
            onClick={onRemove}
            aria-label={t('offerCreation.credential.removeFor', { title: endpoint.endpointTitle })}
          >
            {t('offerCreation.credential.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

type TRemoveEndpointButtonProps = { endpoint: TAssetInfoDraft; onRemove(): void; withLabel?: boolean };

/** Removes an endpoint: an icon in the table, a labelled button on a card, named by the endpoint either way. */
function RemoveEndpointButton({ endpoint, onRemove, withLabel = false }: TRemoveEndpointButtonProps) {
  const { t } = useTranslation();
  if (withLabel) {
    return (
      <Button
        size="xs"
        variant="subtle"
        color="red.9"
        leftSection={<IconTrash size={14} aria-hidden />}
        // The name starts with what the button says, as the offer page's endpoint actions do.
        aria-label={`${t('offerCreation.endpoints.removeShort')}: ${endpoint.endpointTitle}`}
        onClick={onRemove}
      >
        {t('offerCreation.endpoints.removeShort')}
      </Button>
    );
  }
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('offerCreation.endpoints.remove', { title: endpoint.endpointTitle })}
      onClick={onRemove}
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
