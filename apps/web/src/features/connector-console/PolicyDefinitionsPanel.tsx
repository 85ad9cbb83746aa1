import { ODRL_OPERATORS, type TConsoleConstraint } from '@dsm/contracts';
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POLICY_DEFINITIONS } from './console-lists';
import { DeletableTable } from './DeletableTable';
import { FormSubmit } from './FormSubmit';
import { useConsoleChanges, useConsolePolicyDefinitions } from './use-connector-console';

/** Left operands offered in the form; any other IRI can be typed. */
const LEFT_OPERANDS = ['http://www.w3.org/ns/odrl/2/spatial', 'http://www.w3.org/ns/odrl/2/elapsedTime'];

/** The JSON-LD mode starts from a valid policy to edit. */
const JSON_LD_TEMPLATE = JSON.stringify(
  {
    '@context': 'http://www.w3.org/ns/odrl.jsonld',
    '@type': 'Set',
    permission: [{ action: 'use', constraint: [{ leftOperand: 'spatial', operator: 'eq', rightOperand: 'DE' }] }],
  },
  null,
  2,
);

const EMPTY_CONSTRAINT: TConsoleConstraint = { leftOperand: LEFT_OPERANDS[0]!, operator: 'eq', rightOperand: '' };

/**
 * A connector's policy definitions: the list with delete, and a form that builds an ODRL 'use' permission with
 * constraints, or takes raw ODRL JSON-LD, which the server validates before the connector sees it.
 */
export function PolicyDefinitionsPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const policies = useConsolePolicyDefinitions(connectorId);
  const { createPolicyDefinition, deletePolicyDefinition } = useConsoleChanges(connectorId);
  const [mode, setMode] = useState<'form' | 'jsonLd'>('form');
  const [id, setId] = useState('');
  const [action, setAction] = useState('use');
  const [constraints, setConstraints] = useState<TConsoleConstraint[]>([]);
  const [jsonLd, setJsonLd] = useState(JSON_LD_TEMPLATE);

  const change = (index: number, patch: Partial<TConsoleConstraint>) =>
    setConstraints(constraints.map((constraint, at) => (at === index ? { ...constraint, ...patch } : constraint)));
  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    const body = mode === 'form' ? { id, permissions: [{ action, constraints }] } : { id, jsonLd };
    createPolicyDefinition.mutate(body, {
      onSuccess: () => {
        setId('');
        setConstraints([]);
      },
    });
  };

  return (
    <Stack gap="lg">
      <DeletableTable list={POLICY_DEFINITIONS} query={policies} remove={deletePolicyDefinition} />
      <Stack component="form" gap="sm" onSubmit={handleCreate} maw={720} aria-labelledby="console-create-policy">
        <Title order={3} size="h5" id="console-create-policy">
          {t('console.createPolicyDefinition')}
        </Title>
        <TextInput label={t('console.id')} required value={id} onChange={(event) => setId(event.currentTarget.value)} />
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as 'form' | 'jsonLd')}
          data={[
            { value: 'form', label: t('console.policyForm') },
            { value: 'jsonLd', label: t('console.policyJsonLd') },
          ]}
        />
        {mode === 'form' ? (
          <>
            <TextInput
              label={t('console.action')}
              required
              value={action}
              onChange={(event) => setAction(event.currentTarget.value)}
            />
            {constraints.map((constraint, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place.
              <Group key={index} align="flex-end" wrap="nowrap" data-testid="console-constraint">
                <Select
                  label={t('console.leftOperand')}
                  data={LEFT_OPERANDS}
                  value={constraint.leftOperand}
                  onChange={(value) => change(index, { leftOperand: value ?? '' })}
                  searchable
                  flex={2}
                />
                <Select
                  label={t('console.operator')}
                  data={[...ODRL_OPERATORS]}
                  value={constraint.operator}
                  onChange={(value) => change(index, { operator: (value ?? 'eq') as TConsoleConstraint['operator'] })}
                  flex={1}
                />
                <TextInput
                  label={t('console.rightOperand')}
                  required
                  value={constraint.rightOperand}
                  onChange={(event) => change(index, { rightOperand: event.currentTarget.value })}
                  flex={2}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={t('console.removeConstraint')}
                  onClick={() => setConstraints(constraints.filter((_, at) => at !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="default" onClick={() => setConstraints([...constraints, EMPTY_CONSTRAINT])}>
                {t('console.addConstraint')}
              </Button>
            </Group>
          </>
        ) : (
          <Textarea
            label={t('console.policyJsonLd')}
            autosize
            minRows={8}
            required
            value={jsonLd}
            onChange={(event) => setJsonLd(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
        )}
        <FormSubmit mutation={createPolicyDefinition} label={t('console.create')} />
      </Stack>
    </Stack>
  );
}
