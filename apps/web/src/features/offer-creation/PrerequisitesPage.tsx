import { ACCESS_TYPES, CONTENT_TYPES, PRICING_OPTIONS } from '@dsm/contracts';
import { Alert, Button, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { backToPricing, chooseContent, choosePricing, INITIAL_PREREQUISITES, wizardQuery } from './prerequisites';

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
              <Stack gap={6} role="group" aria-labelledby="pricing-option-label">
                <Text fw={600} id="pricing-option-label">
                  {t('offerCreation.pre.pricingOption')}
                </Text>
                <Group>
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
                </Group>
              </Stack>
              <Stack gap={6} role="group" aria-labelledby="content-type-label">
                <Text fw={600} id="content-type-label">
                  {t('offerCreation.pre.contentType')}
                </Text>
                <Group>
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
                </Group>
              </Stack>
              {state.isPricingMissing && (
                <Alert color="red" variant="light" role="alert" data-testid="pricing-missing">
                  {t('offerCreation.pre.pricingMissing')}
                </Alert>
              )}
            </Stack>
          ) : (
            <Stack gap="md">
              <Text>{t('offerCreation.pre.accessHint')}</Text>
              <Stack gap={6} role="group" aria-labelledby="access-type-label">
                <Text fw={600} id="access-type-label">
                  {t('offerCreation.pre.accessType')}
                </Text>
                <Group>
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
                </Group>
              </Stack>
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
