import { FORMATS, formatLabel, MIME_TYPES, SIZE_UNITS } from '@dsm/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  connectorId: string;
  connectorOptions: { value: string; label: string }[];
  onChange: <K extends keyof TAssetInfoDraft>(field: K, value: TAssetInfoDraft[K]) => void;
  onAdd(): void;
  onRemove(position: number): void;
  onConnectorChange(connectorId: string): void;
};

/** A number input's value as the draft stores it: a number, 0 when emptied. */
export const toDraftNumber = (value: string | number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;

/** Step 2 'Add endpoints': the endpoint being typed, the table of endpoints, and the connector. */
export function EndpointsStep(props: TEndpointsStepProps) {
  const { draft, endpoints, errors, onChange } = props;
  const { t } = useTranslation();
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
        {select('format', FORMATS)}
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
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder data-testid="endpoints-table">
          <Table.Caption>{t('offerCreation.endpoints.table')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('offerCreation.fields.endpointTitle')}</Table.Th>
              <Table.Th>{t('offerCreation.fields.mimeType')}</Table.Th>
              <Table.Th>{t('offerCreation.fields.format')}</Table.Th>
              <Table.Th>{t('offerCreation.fields.accessUrl')}</Table.Th>
              <Table.Th>{t('offerCreation.endpoints.size')}</Table.Th>
              <Table.Th>{t('offerCreation.endpoints.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {endpoints.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="gray.7">
                    {t('offerCreation.endpoints.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              endpoints.map((endpoint, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the position is what Remove acts on.
                <Table.Tr key={position}>
                  <Table.Td>
                    {endpoint.endpointTitle}
                    {endpoint.isPublicSample && (
                      <Badge ml="xs" size="sm" variant="light" color="teal">
                        {t('offerCreation.endpoints.sample')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{endpoint.mimeType}</Table.Td>
                  <Table.Td>{endpoint.format}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.accessUrl}</Table.Td>
                  <Table.Td>{endpoint.filesize > 0 ? `${endpoint.filesize} ${endpoint.sizeUnit}` : '—'}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('offerCreation.endpoints.remove', { title: endpoint.endpointTitle })}
                      onClick={() => props.onRemove(position)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
