import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '../../shared/AlertProvider';
import { ApiError } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorMessage } from '../../shared/error-message';
import { isOfferId } from '../../shared/offer/use-offer-details';
import { OrganisationIncompleteAlert } from '../organisation';
import { EndpointsStep } from './EndpointsStep';
import { EMPTY_ASSET_INFO, editCacheKey, FORM_CACHE_KEY, type TFormCache } from './form-cache';
import { GeneralInfoStep } from './GeneralInfoStep';
import { LicensingStep } from './LicensingStep';
import { hasEndpointContent, readPrerequisites, toFormCache, toOfferInput } from './offer-input';
import { PreviewStep } from './PreviewStep';
import {
  activeIndex,
  FIRST_STEP,
  nextStep,
  previousStep,
  STEP_PARAM,
  stepFromParam,
  stepKind,
  WIZARD_STEPS,
} from './step-machine';
import { useConnectorOptions, useLicenceTitles, useOwnOffer, usePublishOffer } from './use-offer-api';
import { useOfferDraft } from './use-offer-draft';
import {
  type TFieldErrors,
  validateAssetInfo,
  validateGeneralInfo,
  validateLicensingInfo,
  validateOffer,
} from './validate-offer';

/**
 * The create-offer wizard (route 'offer/create'): four steps over a draft kept in local storage, so
 * a reload loses nothing; Next checks the step's fields first, 'Skip for now' moves on regardless,
 * and the preview publishes. With `offerId` in the URL it edits that published offer.
 */
export function OfferWizardPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [searchParams, setSearchParams] = useSearchParams();
  const { offerId, pricingOption, contentType, accessType } = readPrerequisites(searchParams);
  const prerequisites = useMemo(
    () => ({ pricingOption, contentType, accessType }),
    [pricingOption, contentType, accessType],
  );
  const draft = useOfferDraft(offerId ? editCacheKey(offerId) : FORM_CACHE_KEY);
  const { cache, update } = draft;
  // The step lives in the URL (replaced, not pushed), so a reload keeps it as the draft keeps the fields.
  const step = stepFromParam(searchParams.get(STEP_PARAM));
  const setStep = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === FIRST_STEP) params.delete(STEP_PARAM);
        else params.set(STEP_PARAM, String(next));
        return params;
      },
      { replace: true },
    );
  const [errors, setErrors] = useState<TFieldErrors>({});
  const language = i18n.resolvedLanguage ?? i18n.language;
  const isConnector = prerequisites.accessType === 'CONNECTOR';

  const needsOffer = offerId !== '' && !draft.hadStoredDraft;
  const ownOffer = useOwnOffer(offerId, needsOffer && isOfferId(offerId));
  // An edit link of an id the API would refuse, or of an offer that is gone or someone else's.
  const isEditMissing =
    needsOffer &&
    (!isOfferId(offerId) || (ownOffer.error instanceof ApiError && [400, 403, 404].includes(ownOffer.error.status)));
  const hasFilledFromOffer = useRef(false);
  useEffect(() => {
    // An edit starts from the published offer, unless a draft of that edit survived a reload.
    if (needsOffer && ownOffer.data && !hasFilledFromOffer.current) {
      hasFilledFromOffer.current = true;
      draft.replace(toFormCache(ownOffer.data.input));
    }
  }, [needsOffer, ownOffer.data, draft]);

  useEffect(() => {
    if (draft.isRecovered) showAlert(t('offerCreation.wizard.draftRecovered'), { type: 'error', duration: 8000 });
  }, [draft.isRecovered, showAlert, t]);

  const licenceTitles = useLicenceTitles();
  const connectors = useConnectorOptions(isConnector);
  const publish = usePublishOffer(offerId);
  const kind = stepKind(step);
  const problems = useMemo(
    () => (kind === 'preview' ? validateOffer(cache, prerequisites, language) : []),
    [kind, cache, prerequisites, language],
  );

  const change =
    <G extends 'generalInfo' | 'assetInfo' | 'licensingInfo'>(group: G) =>
    <K extends keyof TFormCache[G]>(field: K, value: TFormCache[G][K]) => {
      update((current) => ({ ...current, [group]: { ...current[group], [field]: value } }));
      setErrors((current) => {
        if (!((field as string) in current)) return current;
        const { [field as string]: _fixed, ...rest } = current;
        return rest;
      });
    };

  const goTo = (next: number) => {
    setErrors({});
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };

  /** Adds the endpoint being typed to the table once its fields pass; answers whether it did. */
  const addEndpoint = (): boolean => {
    const found = validateAssetInfo(cache.assetInfo);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    update((current) => ({
      ...current,
      endpoints: [...current.endpoints, current.assetInfo],
      assetInfo: { ...EMPTY_ASSET_INFO },
    }));
    return true;
  };

  const handleNext = () => {
    let found: TFieldErrors = {};
    if (kind === 'generalInfo') found = validateGeneralInfo(cache.generalInfo);
    if (kind === 'endpoints') {
      if (hasEndpointContent(cache.assetInfo) || cache.endpoints.length === 0) {
        if (!addEndpoint()) return;
      }
      if (isConnector && !cache.connectorId) found = { connectorId: 'offerCreation.rules.CONNECTOR' };
    }
    if (kind === 'licensing') found = validateLicensingInfo(cache.licensingInfo, prerequisites.pricingOption);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showAlert(t('offerCreation.wizard.fieldsWithErrors'), { type: 'error' });
      return;
    }
    goTo(nextStep(step));
  };

  const handlePublish = () => {
    if (problems.length > 0) return;
    const title = cache.generalInfo.title;
    publish.mutate(toOfferInput(cache, prerequisites, language), {
      onSuccess: (offer) => {
        draft.clear();
        if (offer.publishFailure) {
          showAlert(
            t('offerCreation.wizard.publishFailed', {
              title,
              step: t(`offerCreation.publishSteps.${offer.publishFailure.step}`),
              message: offer.publishFailure.message,
            }),
            { type: 'error', duration: 12000 },
          );
        } else {
          showAlert(t(offerId ? 'offerCreation.wizard.updated' : 'offerCreation.wizard.published', { title }));
        }
        navigate('/my-offerings');
      },
      onError: (error) => showAlert(errorMessage(error, t), { type: 'error', duration: 10000 }),
    });
  };

  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const handleDiscard = () => {
    setIsConfirmingDiscard(false);
    draft.clear();
    goTo(FIRST_STEP);
    showAlert(t('offerCreation.wizard.discarded'));
  };

  const hasPrerequisites = Boolean(
    prerequisites.pricingOption && prerequisites.contentType && prerequisites.accessType,
  );
  if (isEditMissing) {
    return (
      <Container size="md" py="xl">
        <Stack gap="md" align="flex-start" data-testid="edit-offer-missing">
          <Title order={1}>{t('offer.notFoundTitle')}</Title>
          <Text>{t('offerCreation.wizard.editMissing')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/my-offerings">
              {t('nav.myOfferings')}
            </Button>
            <Button component={Link} to="/offer/create/pre" variant="default">
              {t('nav.createOffer')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  if (needsOffer && !ownOffer.data) {
    return (
      <Container size="md" py="xl">
        {ownOffer.isError ? (
          <Alert color="red" role="alert">
            {t('offerCreation.wizard.loadFailed', { message: errorMessage(ownOffer.error, t) })}
          </Alert>
        ) : (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('offerCreation.wizard.loadingOffer')}</Text>
          </Group>
        )}
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t(offerId ? 'offerCreation.wizard.editTitle' : 'offerCreation.wizard.title')}</Title>
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            onClick={() => setIsConfirmingDiscard(true)}
            data-testid="discard-draft"
          >
            {t('offerCreation.wizard.discard')}
          </Button>
        </Group>
        <OrganisationIncompleteAlert error={publish.error} purpose="publish" />
        {!hasPrerequisites && (
          <Alert color="yellow" variant="light" data-testid="prerequisites-missing">
            {t('offerCreation.wizard.prerequisitesMissing')}{' '}
            <Anchor component={Link} to="/offer/create/pre">
              {t('offerCreation.wizard.choosePrerequisites')}
            </Anchor>
          </Alert>
        )}
        {!draft.isSaved && (
          <Alert color="yellow" variant="light">
            {t('offerCreation.wizard.draftNotSaved')}
          </Alert>
        )}
        <Stepper active={activeIndex(step)} size="sm" allowNextStepsSelect={false}>
          {WIZARD_STEPS.map((name) => (
            <Stepper.Step key={name} label={t(`offerCreation.wizard.steps.${name}`)} />
          ))}
        </Stepper>
        <Title order={2} size="h3" data-testid="wizard-step-title">
          {t('offerCreation.wizard.stepOf', { n: activeIndex(step) + 1 })}: {t(`offerCreation.wizard.steps.${kind}`)}
        </Title>
        <Paper withBorder p="lg" radius="md">
          {kind === 'generalInfo' && (
            <GeneralInfoStep draft={cache.generalInfo} errors={errors} onChange={change('generalInfo')} />
          )}
          {kind === 'endpoints' && (
            <EndpointsStep
              draft={cache.assetInfo}
              endpoints={cache.endpoints}
              errors={errors}
              isConnector={isConnector}
              isApi={prerequisites.accessType === 'API'}
              connectorId={cache.connectorId}
              connectorOptions={connectors.data ?? []}
              onChange={change('assetInfo')}
              onAdd={() => {
                if (addEndpoint()) showAlert(t('offerCreation.endpoints.added'));
              }}
              onRemove={(position) =>
                update((current) => ({
                  ...current,
                  endpoints: current.endpoints.filter((_, index) => index !== position),
                }))
              }
              onCredentialChange={(position, credential) =>
                update((current) => ({
                  ...current,
                  endpoints: current.endpoints.map((endpoint, index) =>
                    index === position ? { ...endpoint, ...credential } : endpoint,
                  ),
                }))
              }
              onConnectorChange={(connectorId) => {
                update((current) => ({ ...current, connectorId }));
                setErrors(({ connectorId: _fixed, ...rest }) => rest);
              }}
            />
          )}
          {kind === 'licensing' && (
            <LicensingStep
              draft={cache.licensingInfo}
              errors={errors}
              pricingOption={prerequisites.pricingOption}
              licenceTitles={licenceTitles.data ?? []}
              onChange={change('licensingInfo')}
              onLicenceAdded={(title) => {
                change('licensingInfo')('licenceType', title);
                showAlert(t('offerCreation.licence.added', { title }));
              }}
            />
          )}
          {kind === 'preview' && (
            <PreviewStep cache={cache} prerequisites={prerequisites} problems={problems} onGoToStep={goTo} />
          )}
        </Paper>
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => goTo(previousStep(step))}
            disabled={step === FIRST_STEP}
            data-testid="wizard-back"
          >
            {t('offerCreation.wizard.back')}
          </Button>
          {kind === 'preview' ? (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={handlePublish}
              loading={publish.isPending}
              disabled={problems.length > 0}
              data-testid="wizard-publish"
            >
              {t('offerCreation.wizard.publish')}
            </Button>
          ) : (
            <Group gap="md">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => goTo(nextStep(step))}
                data-testid="wizard-skip"
              >
                {t('offerCreation.wizard.skip')}
              </Anchor>
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden />}
                onClick={handleNext}
                data-testid="wizard-next"
              >
                {t('offerCreation.wizard.next')}
              </Button>
            </Group>
          )}
        </Group>
        <Text size="sm" c="gray.7" data-testid="required-note">
          {t('offerCreation.wizard.requiredNote')}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={isConfirmingDiscard}
        title={t('offerCreation.wizard.discard')}
        text={t('offerCreation.wizard.discardConfirm')}
        confirmLabel={t('offerCreation.wizard.discard')}
        onConfirm={handleDiscard}
        onCancel={() => setIsConfirmingDiscard(false)}
        isDestructive
        testId="discard-dialog"
      />
    </Container>
  );
}
