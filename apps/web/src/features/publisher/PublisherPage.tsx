import { PAGE_SIZES, type TPageSize, type TPublisher } from '@dsm/contracts';
import { Alert, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconBuilding, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';
import { formatCountry } from '../../shared/format/format';
import { Paging } from '../search/Paging';
import { ResultList } from '../search/ResultList';
import { EMPTY_FILTER } from '../search/results-params';
import { useLicences } from '../search/use-licences';
import { useSearch } from '../search/use-search';
import { usePublisher } from './use-publisher';

const DEFAULT_PAGE_SIZE: TPageSize = 10;

/** `?page=` (1-based) and `?pageSize=` of the page's URL; anything else is the first page of ten. */
function readPaging(params: URLSearchParams): { index: number; pageSize: TPageSize } {
  const page = Number(params.get('page') ?? '1');
  const size = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE);
  return {
    index: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as TPageSize) : DEFAULT_PAGE_SIZE,
  };
}

/**
 * A publisher's page at /publisher/:id (the IRI as base64url): its name, where it is and how many offers it
 * has, then its offers page by page, newest first, through the search API's publisher filter.
 */
export function PublisherPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id = '' } = useParams();
  const publisher = usePublisher(id);
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  const isMissing =
    publisher.error instanceof ApiError && (publisher.error.status === 404 || publisher.error.status === 400);

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={goBack}>
            {t('offer.back')}
          </Button>
        </Group>
        {isMissing ? (
          <PublisherNotFound />
        ) : publisher.data ? (
          <PublisherDetails publisher={publisher.data} />
        ) : publisher.isError ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t('publisher.errorTitle')}
            data-testid="publisher-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(publisher.error, t)}</Text>
              <Button size="xs" color="red" onClick={() => void publisher.refetch()}>
                {t('offer.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="md" aria-busy aria-label={t('publisher.loading')} data-testid="publisher-loading">
            <Skeleton height={36} width="50%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={120} mt="lg" />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function PublisherNotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start" data-testid="publisher-not-found">
      <Title order={1}>{t('publisher.notFoundTitle')}</Title>
      <Text>{t('publisher.notFoundText')}</Text>
      <Group gap="sm">
        <Button component={Link} to="/results">
          {t('publisher.toSearch')}
        </Button>
        <Button component={Link} to="/" variant="default">
          {t('offer.home')}
        </Button>
      </Group>
    </Stack>
  );
}

function PublisherDetails({ publisher }: { publisher: TPublisher }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { index, pageSize } = readPaging(params);
  const licences = useLicences();
  const search = useSearch({
    terms: [],
    filter: { ...EMPTY_FILTER, selectedPublishers: [publisher.searchName] },
    index,
    pageSize,
    sort: 'newest',
  });
  const data = search.data;
  const goTo = (next: { index: number; pageSize: TPageSize }) => {
    const query = new URLSearchParams();
    if (next.index > 0) query.set('page', String(next.index + 1));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(next.pageSize));
    setParams(query);
    window.scrollTo({ top: 0 });
  };
  const place = [publisher.city, publisher.country ? formatCountry(publisher.country) : null].filter(Boolean);
  const count = publisher.isOfferCountCapped
    ? t('publisher.offersCapped', { count: publisher.offerCount })
    : t('publisher.offers', { count: publisher.offerCount });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {publisher.type === 'foaf:Person' ? (
            <IconUser size={32} aria-hidden style={{ flexShrink: 0 }} />
          ) : (
            <IconBuilding size={32} aria-hidden style={{ flexShrink: 0 }} />
          )}
          <Title order={1} data-testid="publisher-name" style={{ overflowWrap: 'anywhere' }}>
            {publisher.name}
          </Title>
        </Group>
        <Stack gap={6} component="dl" m={0}>
          <Group gap="sm" align="baseline" wrap="nowrap">
            <Text component="dt" fw={600} miw={110}>
              {t('publisher.location')}:
            </Text>
            <Text component="dd" m={0} data-testid="publisher-location">
              {place.length > 0 ? place.join(', ') : t('publisher.unknownLocation')}
            </Text>
          </Group>
          <Group gap="sm" align="baseline" wrap="nowrap">
            <Text component="dt" fw={600} miw={110}>
              {t('publisher.kind')}:
            </Text>
            <Text component="dd" m={0}>
              {publisher.type === 'foaf:Person' ? t('publisher.person') : t('publisher.organisation')}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          <Badge variant="light" size="lg" tt="none" data-testid="publisher-offer-count">
            {count}
          </Badge>
        </Group>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="publisher-offers-title">
        <Title order={2} size="h3" id="publisher-offers-title">
          {t('publisher.offersTitle')}
        </Title>
        {data && data.total === 0 ? (
          <Text c="gray.7" data-testid="publisher-no-offers">
            {t('publisher.noOffers')}
          </Text>
        ) : (
          <>
            {(search.isPending || (data && data.total > 0)) && (
              <Paging
                index={index}
                pageSize={pageSize}
                total={data?.total ?? 0}
                isTotalCapped={data?.isTotalCapped ?? false}
                isLoading={!data}
                onPage={(next) => goTo({ index: next, pageSize })}
                onPageSize={(next) => goTo({ index: 0, pageSize: next })}
              />
            )}
            <ResultList
              offers={data?.data}
              licences={licences}
              copies={data?.copies}
              pageSize={pageSize}
              isStale={search.isPlaceholderData}
              errorText={search.isError ? errorMessage(search.error, t) : null}
              onRetry={() => void search.refetch()}
              onClearFilters={() => goTo({ index: 0, pageSize })}
            />
          </>
        )}
      </Stack>
    </Stack>
  );
}
