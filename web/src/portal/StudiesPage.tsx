// The portal's home (/refer): the recruiting studies as cards, searched by title, condition or specialty, paged; each
// with its summary and criteria and "Refer a patient".
import { Card, Empty, Flex, Pagination, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type ReferralStudy } from '@trialdesk/shared';
import { LinkButton } from '../ui/LinkButton';
import { LoadError } from '../ui/ListError';
import { pageChange, pagingRequest, type ListConfig, type ListParams } from '../ui/listParams';
import { tablePagination } from '../ui/pagination';
import { SearchInput } from '../ui/SearchInput';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useListParams } from '../ui/useListParams';
import { useMediaQuery } from '../ui/useMediaQuery';
import { useRecruitingStudiesQuery } from './api';
import { PORTAL_PATHS } from './paths';
import { StudyCriteria, StudyTags } from './StudyFacts';

/** The list has no sort or filter of its own: search and paging only. */
const CONFIG: ListConfig = { sorts: [], filters: {} };
/** Below this width the criteria start closed: a phone shows one study per screen, not one criterion. */
const NARROW = '(max-width: 599.98px)';

function StudyCard({ study, narrow }: { study: ReferralStudy; narrow: boolean }) {
  const { t } = useTranslation();
  const headingId = `study-${study.id}`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid="study-card"
      styles={{ body: { padding: narrow ? 16 : 24 } }}
    >
      <Flex vertical gap={12}>
        <Typography.Title level={2} id={headingId} style={{ fontSize: 18, margin: 0, overflowWrap: 'anywhere' }}>
          {study.title}
        </Typography.Title>
        <StudyTags study={study} />
        {study.summary && (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="study-summary">
            {study.summary}
          </Typography.Paragraph>
        )}
        <StudyCriteria study={study} open={!narrow} />
        <LinkButton
          type="primary"
          size="large"
          block={narrow}
          style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
          to={PORTAL_PATHS.refer(study.id)}
          aria-label={`${t('portal.studies.refer')}: ${study.title}`}
          data-testid="refer-patient"
        >
          {t('portal.studies.refer')}
        </LinkButton>
      </Flex>
    </Card>
  );
}

export default function StudiesPage() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW);
  const { params, update } = useListParams(CONFIG);
  const request = { ...pagingRequest(params), ...(params.search.trim() && { search: params.search.trim() }) };
  const query = useRecruitingStudiesQuery(request);
  useDocumentTitle(t('portal.studies.title'));

  // The rows of the page shown (not of the previous one while it loads): what Next and Previous go on from.
  const shown = !query.isFetching && query.data?.page === params.page ? query.data.items : undefined;
  const { placement: _placement, ...pager } = tablePagination(t, params, query.data?.total, (page, pageSize) => {
    if (pageSize !== params.pageSize) return update({ pageSize: pageSize as ListParams['pageSize'] });
    const change = pageChange(params, page, shown);
    if (change) update(change);
  });
  const items = query.data?.items ?? [];

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: '0 0 4px' }}>
          {t('portal.studies.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('portal.studies.intro')}</Typography.Text>
      </div>
      <div style={{ maxWidth: narrow ? undefined : 480 }}>
        <SearchInput
          value={params.search}
          onChange={(search) => update({ search })}
          placeholder={t('portal.studies.search')}
          label={t('portal.studies.searchLabel')}
          testId="study-search"
          maxLength={LIMITS.searchMax}
        />
      </div>
      {query.error ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Spin spinning={query.isFetching}>
          {items.length === 0 && !query.isFetching ? (
            <Empty description={t('portal.studies.empty')} />
          ) : (
            <div
              data-testid="study-list"
              style={{
                display: 'grid',
                gap: 16,
                gridTemplateColumns: narrow ? '1fr' : 'repeat(auto-fill, minmax(420px, 1fr))',
                alignItems: 'start',
              }}
            >
              {items.map((study) => (
                <StudyCard key={study.id} study={study} narrow={narrow} />
              ))}
            </div>
          )}
        </Spin>
      )}
      {(query.data?.total ?? 0) > 0 && <Pagination {...pager} align="center" simple={narrow} />}
    </Flex>
  );
}
