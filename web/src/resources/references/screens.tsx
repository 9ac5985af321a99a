// The references list screen: patient ID search kept out of the URL, status and study filters, created date.
import { Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  idSchema,
  LIMITS,
  patientIdSchema,
  REFERENCE_SORTS,
  REFERENCE_STATUSES,
  type Reference,
  type ReferenceSort,
  type ReferenceStatus,
} from '@trialdesk/shared';
import { enumOptions, ReferenceStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { ListTable } from '../../ui/ListTable';
import { sorterOf, type ListConfig } from '../../ui/listParams';
import { ListToolbar } from '../../ui/ListToolbar';
import { RemoteSelect } from '../../ui/RemoteSelect';
import { SearchInput } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { StudyTitle, useStudyOptions } from '../studies/api';
import { useListReferencesQuery } from './api';

const config: ListConfig<'status' | 'studyId'> = {
  sorts: REFERENCE_SORTS,
  filters: { status: REFERENCE_STATUSES, studyId: (value) => idSchema.safeParse(value).success },
};

export default function ReferencesList() {
  const { t, i18n } = useTranslation();
  const { params, hidden, update } = useListParams(config);
  // The patient ID stays out of the URL (history state only): identifiers must not land in logs or bookmarks.
  const patientId = hidden.patientId ?? '';
  const patientValid = patientId === '' || patientIdSchema.safeParse(patientId).success;
  const list = useListReferencesQuery({
    patientId: patientId && patientValid ? patientId : undefined,
    status: params.filters.status as ReferenceStatus | undefined,
    studyId: params.filters.studyId,
    sort: params.sort as ReferenceSort | undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
  const columns: ColumnsType<Reference> = [
    {
      title: t('references.fields.patientIdMasked'),
      dataIndex: 'patientIdMasked',
      key: 'patientIdMasked',
      render: (masked: string, ref) => (
        <Link to={`/app/references/${ref.id}`}>
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {masked}
          </Typography.Text>
        </Link>
      ),
    },
    {
      title: t('references.fields.productPatientId'),
      dataIndex: 'productPatientId',
      key: 'productPatientId',
      render: (id: string) => <span style={{ whiteSpace: 'nowrap' }}>{id}</span>,
    },
    {
      title: t('references.fields.studyTitle'),
      dataIndex: 'studyTitle',
      key: 'studyTitle',
      render: (title: string | null) => title ?? t('app.none'),
    },
    {
      title: t('references.fields.referer'),
      dataIndex: 'referer',
      key: 'referer',
      render: (referer: string) => referer || t('app.none'),
    },
    {
      title: t('references.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: ReferenceStatus) => <ReferenceStatusTag t={t} status={status} />,
    },
    {
      title: t('references.fields.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sorterOf(params.sort, 'createdAt'),
      render: (at: string) => formatDateTime(at, i18n.language),
    },
  ];
  return (
    <>
      <ListToolbar title={t('references.title')} createLabel={t('references.create')} createTo="/app/references/create">
        <SearchInput
          value={patientId}
          onChange={(value) => update({}, { patientId: value.trim() })}
          placeholder={t('references.patientSearchPlaceholder')}
          label={t('references.patientSearch')}
          maxLength={LIMITS.patientIdMax}
          status={patientValid ? undefined : 'error'}
        />
        <Select
          allowClear
          aria-label={t('references.fields.status')}
          data-testid="filter-status"
          placeholder={t('references.fields.status')}
          style={{ minWidth: 160 }}
          value={params.filters.status}
          onChange={(status) => update({ filters: { status } })}
          options={enumOptions(t, 'referenceStatus', REFERENCE_STATUSES)}
        />
        <div style={{ minWidth: 240 }}>
          <RemoteSelect
            allowClear
            aria-label={t('references.fields.studyId')}
            testId="filter-study"
            placeholder={t('references.fields.studyId')}
            value={params.filters.studyId}
            onChange={(studyId) => update({ filters: { studyId: (studyId as string | null) ?? undefined } })}
            useOptions={useStudyOptions}
            renderLabel={(id) => <StudyTitle id={id} />}
          />
        </div>
      </ListToolbar>
      <ListTable<Reference>
        columns={columns}
        query={list}
        params={params}
        onChange={update}
        sorts={REFERENCE_SORTS}
        rowHref={(row) => `/app/references/${row.id}`}
        minWidth={900}
      />
    </>
  );
}
