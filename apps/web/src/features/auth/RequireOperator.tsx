import { Alert, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOperator, useOperatorRole } from './current-user';

/**
 * Shows the operators' pages (connectors, console, harvest sources) only to holders of the operator role; anyone else who opens
 * one directly reads why, instead of a page whose every call the server answers 403.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isOperator = useIsOperator();
  const operatorRole = useOperatorRole();
  if (isOperator) return children;
  return (
    <Container size="xl" py="lg">
      <Alert color="orange" title={t('console.operatorsOnlyTitle')} data-testid="operators-only">
        {t('console.operatorsOnly', { role: operatorRole })}
      </Alert>
    </Container>
  );
}
