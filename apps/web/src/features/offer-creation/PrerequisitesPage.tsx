import { ACCESS_TYPES, CONTENT_TYPES, PRICING_OPTIONS } from '@dsm/contracts';
import { Alert, Button, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { backToPricing, chooseContent, choosePricing, INITIAL_PREREQUISITES, wizardQuery } from './prerequisites';

/** One choice of the pre-requisites: its name above the buttons that make it, named as a group. */
function ChoiceGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text fw={600} id={id}>
        {label}
      </Text>
      <Group>{children}</Group>
    </Stack>
  );
}

/**
 * The create-offer pre-requisites (route 'offer/create/pre'): step 1 picks the pricing option and
 * then the content type, step 2 the access type, which opens the wizard with all three in its URL.
 */
export function PrerequisitesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState(INITIAL_PREREQUISITES);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('offerCreation.pre.title')}</Title>
        <Stepper active={state.step - 1} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={t('offerCreation.pre.stepPricing')} />
          <Stepper.Step label={t('offerCreation.pre.stepAccess')} />
        </Stepper>
        <Paper withBorder p="lg" radius="md">
          {state.step === 1 ? (
            <Stack gap="md">
              <Text>{t('offerCreation.pre.pricingHint')}</Text>
              <ChoiceGroup id="pricing-option-label" label={t('offerCreation.pre.pricingOption')}>
                {PRICING_OPTIONS.map((option) => (
                  <Button
                    key={option}
                    variant={state.pricingOption === option ? 'filled' : 'outline'}
                    aria-pressed={state.pricingOption === option}
                    onClick={() => setState((current) => choosePricing(current, option))}
                    data-testid={`pricing-${option}`}
                  >
                    {t(`offerCreation.options.pricingOption.${option}`)}
                  </Button>
                ))}
              </ChoiceGroup>
              <ChoiceGroup id="content-type-label" label={t('offerCreation.pre.contentType')}>
                {CONTENT_TYPES.map((option) => (
                  <Button
                    key={option}
                    variant="light"
                    onClick={() => setState((current) => chooseContent(current, option))}
                    data-testid={`content-${option}`}
                  >
                    {t(`offerCreation.options.contentType.${option}`)}
                  </Button>
                ))}
              </ChoiceGroup>
              {state.isPricingMissing && (
                <Alert color="red" variant="light" role="alert" data-testid="pricing-missing">
                  {t('offerCreation.pre.pricingMissing')}
                </Alert>
              )}
            </Stack>
          ) : (
            <Stack gap="md">
              <Text>{t('offerCreation.pre.accessHint')}</Text>
              <ChoiceGroup id="access-type-label" label={t('offerCreation.pre.accessType')}>
                {ACCESS_TYPES.map((option) => (
                  <Button
                    key={option}
                    variant="light"
                    onClick={() => navigate(`/offer/create?${wizardQuery(state, option)}`)}
                    data-testid={`access-${option}`}
                  >
                    {t(`offerCreation.options.accessType.${option}`)}
                  </Button>
                ))}
              </ChoiceGroup>
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={() => setState(backToPricing())}
                  data-testid="pre-back"
                >
                  {t('offerCreation.pre.back')}
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
