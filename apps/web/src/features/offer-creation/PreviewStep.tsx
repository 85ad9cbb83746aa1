import { formatLabel } from '@dsm/contracts';
import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/format/format';
import { formatStatedSize } from '../../shared/format/size';
import { categoryText, textOrSelf } from '../../shared/labels';
import { TableHead } from '../../shared/ui/TableHead';
import type { TFormCache } from './form-cache';
import { applyPricingOption, endpointsOf, type TPrerequisites } from './offer-input';
import type { TOfferProblem } from './validate-offer';

export type TPreviewStepProps = {
  cache: TFormCache;
  prerequisites: TPrerequisites;
  problems: readonly TOfferProblem[];
  onGoToStep(step: number): void;
};

/** A country code in the user's language, or the code itself when the browser cannot name it. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One part of the preview: a bordered section named by its heading. */
function PreviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Entry({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Step 4 'Preview': the pre-requisites from the URL and everything typed, as buyers will read it,
 * and what still stops publishing, with a way back to the step to fix it.
 */
export function PreviewStep({ cache, prerequisites, problems, onGoToStep }: TPreviewStepProps) {
  const { t, i18n } = useTranslation();
  const none = t('offerCreation.preview.none');
  const option = (group: string, value: string) =>
    value ? textOrSelf(t, `offerCreation.options.${group}`, value) : none;
  const { generalInfo } = cache;
  const licensing = applyPricingOption(cache.licensingInfo, prerequisites.pricingOption);
  const field = (name: string) => t(`offerCreation.fields.${name}`);
  return (
    <Stack gap="lg">
      {problems.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title={t('offerCreation.wizard.fixBeforePublish')}
          data-testid="preview-problems"
        >
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem.field}>
                {problem.step === 0 ? (
                  <Anchor component={Link} to="/offer/create/pre">
                    {t('offerCreation.wizard.prerequisitesMissing')}
                  </Anchor>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" span>
                      {field(
                        problem.field
                          .split('.')
                          .filter((part) => !/^\d+$/.test(part))
                          .pop() ?? '',
                      )}
                      : {t(problem.key)}
                    </Text>
                    <Button size="compact-xs" variant="subtle" onClick={() => onGoToStep(problem.step)}>
                      {t('offerCreation.wizard.goToStep', { n: problem.step })}
                    </Button>
                  </Group>
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      <PreviewSection id="preview-prerequisites" title={t('offerCreation.preview.prerequisites')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Entry label={t('offerCreation.pre.pricingOption')} testId="preview-pricingOption">
            {option('pricingOption', prerequisites.pricingOption)}
          </Entry>
          <Entry label={t('offerCreation.pre.contentType')} testId="preview-contentType">
            {option('contentType', prerequisites.contentType)}
          </Entry>
          <Entry label={t('offerCreation.pre.accessType')} testId="preview-accessType">
            {option('accessType', prerequisites.accessType)}
          </Entry>
        </SimpleGrid>
      </PreviewSection>

      <PreviewSection id="preview-general" title={t('offerCreation.preview.generalInfo')}>
        <Stack gap="sm">
          <Entry label={field('title')} testId="preview-title">
            {generalInfo.title || none}
          </Entry>
          <Entry label={field('description')}>{generalInfo.description || none}</Entry>
          <Entry label={field('keywords')}>{generalInfo.keywords || none}</Entry>
          <div>
            <Text size="xs" c="gray.7" fw={600}>
              {field('categories')}
            </Text>
            <Group gap={6} mt={4}>
              {generalInfo.categories.length === 0
                ? none
                : generalInfo.categories.map((category) => (
                    // tt: Mantine's badge writes its text in capitals, which turned 'Transport' back into the code.
                    <Badge key={category} variant="light" tt="none">
                      {categoryText(t, category)}
                    </Badge>
                  ))}
            </Group>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Entry label={field('authorName')}>{generalInfo.authorName || none}</Entry>
            <Entry label={field('authorEmail')}>{generalInfo.authorEmail || none}</Entry>
            <Entry label={field('maintainerName')}>{generalInfo.maintainerName || none}</Entry>
            <Entry label={field('maintainerEmail')}>{generalInfo.maintainerEmail || none}</Entry>
          </SimpleGrid>
        </Stack>
      </PreviewSection>

      <PreviewSection id="preview-endpoints" title={t('offerCreation.preview.endpoints')}>
        {prerequisites.accessType === 'CONNECTOR' && (
          <Entry label={field('connector')}>{cache.connectorId || none}</Entry>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder>
            <TableHead
              columns={[
                field('endpointTitle'),
                field('endpointDescription'),
                field('mimeType'),
                field('format'),
                field('accessUrl'),
                t('offerCreation.endpoints.size'),
              ]}
            />
            <Table.Tbody>
              {endpointsOf(cache).map((endpoint, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: endpoints have no id of their own.
                <Table.Tr key={position}>
                  <Table.Td>
                    {endpoint.endpointTitle || none}
                    {endpoint.isPublicSample && ` (${t('offerCreation.endpoints.sample')})`}
                  </Table.Td>
                  <Table.Td>{endpoint.endpointDescription || none}</Table.Td>
                  <Table.Td>{endpoint.mimeType || none}</Table.Td>
                  <Table.Td>{endpoint.format ? formatLabel(endpoint.format) : none}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.accessUrl || none}</Table.Td>
                  <Table.Td>
                    {endpoint.filesize > 0 ? formatStatedSize(endpoint.filesize, endpoint.sizeUnit) : none}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PreviewSection>

      <PreviewSection id="preview-licensing" title={t('offerCreation.preview.licensing')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Entry label={field('licenceType')} testId="preview-licence">
            {licensing.licenceType || none}
          </Entry>
          <Entry label={field('geoRestriction')}>
            {licensing.geoRestriction
              ? countryName(licensing.geoRestriction, i18n.resolvedLanguage ?? i18n.language)
              : t('offerCreation.preview.noRestriction')}
          </Entry>
          <Entry label={field('timeRestriction')}>
            {licensing.timeRestriction
              ? t('offerCreation.preview.timeValue', {
                  value: licensing.timeRestriction,
                  unit: option('timeUnit', licensing.timeUnit),
                })
              : t('offerCreation.preview.noRestriction')}
          </Entry>
          <Entry label={field('paymentType')}>{option('paymentModel', licensing.paymentType)}</Entry>
          <Entry label={field('price')} testId="preview-price">
            {licensing.price > 0
              ? formatMoney(licensing.price, licensing.priceUnit || 'EUR')
              : t('offerCreation.preview.free')}
          </Entry>
        </SimpleGrid>
      </PreviewSection>
    </Stack>
  );
}
