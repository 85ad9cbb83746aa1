import { PAGE_SIZES, type TPageSize, type TPublisher } from '@dsm/contracts';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DetailsPageFrame } from '../../shared/DetailsPageFrame';
import { formatCountry } from '../../shared/format/format';
import { EMPTY_FILTER } from '../../shared/search/results-params';
import { SearchResultList, useLicences, useSearch } from '../search';
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
  const { id = '' } = useParams();
  const publisher = usePublisher(id);
  return (
    <DetailsPageFrame
      query={publisher}
      testId="publisher"
      texts={{
        loading: t('publisher.loading'),
        errorTitle: t('publisher.errorTitle'),
        notFoundTitle: t('publisher.notFoundTitle'),
        notFoundText: t('publisher.notFoundText'),
      }}
      notFoundActions={
        <Group gap="sm">
          <Button component={Link} to="/results">
            {t('publisher.toSearch')}
          </Button>
          <Button component={Link} to="/" variant="default">
            {t('offer.home')}
          </Button>
        </Group>
      }
      skeleton={
        <>
          <Skeleton height={36} width="50%" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={120} mt="lg" />
        </>
      }
    >
      {(data) => <PublisherDetails publisher={data} />}
    </DetailsPageFrame>
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
          <SearchResultList
            search={search}
            licences={licences}
            index={index}
            pageSize={pageSize}
            onPage={(next) => goTo({ index: next, pageSize })}
            onPageSize={(next) => goTo({ index: 0, pageSize: next })}
            onClearFilters={() => goTo({ index: 0, pageSize })}
          />
        )}
      </Stack>
    </Stack>
  );
}
