// The studies list screen: search, status and specialty filters, sortable title and dates, reference counts.
import { Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, SPECIALTIES, STUDY_SORTS, STUDY_STATUSES, type Study, type StudySort } from '@trialdesk/shared';
import { enumLabel, enumOptions, StudyStatusTag } from '../../ui/enums';
import { formatDate } from '../../ui/format';
import { ListTable } from '../../ui/ListTable';
import { sorterOf, type ListConfig } from '../../ui/listParams';
import { ListToolbar } from '../../ui/ListToolbar';
import { SearchInput } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { useListStudiesQuery } from './api';

const config: ListConfig<'status' | 'specialty'> = {
  sorts: STUDY_SORTS,
  filters: { status: STUDY_STATUSES, specialty: SPECIALTIES },
};

export default function StudiesList() {
  const { t } = useTranslation();
  const { params, update } = useListParams(config);
  const list = useListStudiesQuery({
    search: params.search || undefined,
    status: params.filters.status as Study['status'] | undefined,
    specialty: params.filters.specialty as Study['specialty'] | undefined,
    sort: params.sort as StudySort | undefined,
    page: params.page,
    pageSize: params.pageSize,
  });

  const columns: ColumnsType<Study> = [
    {
      title: t('studies.fields.title'),
      dataIndex: 'title',
      key: 'title',
      sorter: true,
      sortOrder: sorterOf(params.sort, 'title'),
      render: (title: string, study) => <Link to={`/app/studies/${study.id}`}>{title}</Link>,
    },
    {
      title: t('studies.fields.specialty'),
      dataIndex: 'specialty',
      key: 'specialty',
      render: (value: Study['specialty']) => enumLabel(t, 'specialty', value),
    },
    {
      title: t('studies.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: Study['status']) => <StudyStatusTag t={t} status={value} />,
    },
    {
      title: t('studies.fields.dates'),
      dataIndex: 'startDate',
      key: 'startDate',
      sorter: true,
      sortOrder: sorterOf(params.sort, 'startDate'),
      render: (_: unknown, study) => (
        <Typography.Text style={{ whiteSpace: 'nowrap' }}>
          {formatDate(study.startDate, t('app.none'))} → {formatDate(study.endDate, t('app.none'))}
        </Typography.Text>
      ),
    },
    {
      title: t('studies.fields.referenceCount'),
      dataIndex: 'referenceCount',
      key: 'referenceCount',
      align: 'right',
    },
  ];

  return (
    <>
      <ListToolbar title={t('studies.title')} createLabel={t('studies.create')} createTo="/app/studies/create">
        <SearchInput
          value={params.search}
          onChange={(search) => update({ search })}
          placeholder={t('studies.searchPlaceholder')}
          label={t('list.search')}
          maxLength={LIMITS.searchMax}
        />
        <Select
          allowClear
          aria-label={t('studies.fields.status')}
          data-testid="filter-status"
          placeholder={t('studies.fields.status')}
          style={{ minWidth: 160 }}
          value={params.filters.status}
          onChange={(status) => update({ filters: { status } })}
          options={enumOptions(t, 'studyStatus', STUDY_STATUSES)}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('studies.fields.specialty')}
          data-testid="filter-specialty"
          placeholder={t('studies.fields.specialty')}
          style={{ minWidth: 220 }}
          value={params.filters.specialty}
          onChange={(specialty) => update({ filters: { specialty } })}
          options={enumOptions(t, 'specialty', SPECIALTIES)}
        />
      </ListToolbar>
      <ListTable<Study>
        columns={columns}
        query={list}
        params={params}
        onChange={update}
        sorts={STUDY_SORTS}
        rowHref={(row) => `/app/studies/${row.id}`}
        minWidth={720}
      />
    </>
  );
}
