import type { TConnectorOffer, TConnectorPolicy } from '@dsm/contracts';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableHead } from '../../shared/ui/TableHead';

type TPolicyKind = 'access' | 'contract';

function PolicyItem({ policy, kind }: { policy: TConnectorPolicy; kind: TPolicyKind }) {
  const { t } = useTranslation();
  return (
    <li data-testid="offer-policy">
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Text fw={600}>{policy.name}</Text>
        <Badge variant="light" size="sm" color={kind === 'access' ? 'blue' : 'grape'}>
          {t(kind === 'access' ? 'connectors.accessPolicy' : 'connectors.contractPolicy')}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {policy.description}
      </Text>
    </li>
  );
}

/** The chosen offer: id, name, its access and contract policies with name and description, its assets. */
export function OfferDetails({ offer }: { offer: TConnectorOffer }) {
  const { t } = useTranslation();
  const policies = [
    ...offer.accessPolicies.map((policy) => ({ policy, kind: 'access' as const })),
    ...offer.contractPolicies.map((policy) => ({ policy, kind: 'contract' as const })),
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="offer-details-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="offer-details-heading">
          {t('connectors.details')}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>{t('connectors.offerId')}</Table.Th>
              <Table.Td data-testid="offer-id" style={{ overflowWrap: 'anywhere' }}>
                {offer.id}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('connectors.offerName')}</Table.Th>
              <Table.Td data-testid="offer-name">{offer.name}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>

        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('connectors.policies')}
          </Title>
          <Stack component="ul" gap="sm" m={0} pl="md">
            {policies.map(({ policy, kind }) => (
              <PolicyItem key={`${kind}:${policy.definitionId}`} policy={policy} kind={kind} />
            ))}
          </Stack>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('connectors.assets')}
          </Title>
          {offer.assets.length === 0 ? (
            <Text c="gray.7">{t('connectors.noAssets')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <TableHead
                  columns={[t('connectors.assetName'), t('connectors.connectionType'), t('connectors.baseUrl')]}
                />
                <Table.Tbody>
                  {offer.assets.map((asset) => (
                    <Table.Tr key={asset.id} data-testid="offer-asset">
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {asset.name}
                        </Text>
                        <Text size="xs" c="gray.7">
                          {asset.id}
                          {asset.type ? ` · ${asset.type}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{asset.connectionType}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {asset.isAccessRestricted
                          ? t('connectors.restrictedBaseUrl')
                          : (asset.baseUrl ?? t('connectors.noBaseUrl'))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
