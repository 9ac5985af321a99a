// The references list (patient ID search kept out of the URL, status and study filters, created date, Triage and
// Export), and the form with the decision above it.
import { Fragment } from 'react';
import { AuditOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  patientIdSchema,
  REFERENCE_SORTS,
  REFERENCE_STATUS_WORKFLOW,
  type Reference,
  type ReferenceStatus,
  type ReferralDetails,
  type TriageRecord,
} from '@trialdesk/shared';
import { addDictionaries } from '../../core/i18n/later';
import { Code } from '../../ui/Code';
import { ReferenceStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { pagingRequest } from '../../ui/listParams';
import { pathsOf, type ListDefinition, type ListState, type ResourceScreens } from '../../ui/resource/definition';
import { SearchInput } from '../../ui/SearchInput';
import { RecordLabel, recordOptions } from '../../ui/resource/references';
import { referenceApi } from './api';
import { references } from '.';
import { ReferenceHeader } from './Decision';
import { ReferenceFields, referenceForm } from './ReferenceForm';
import { PortalTag, ReferralChange } from './Referrer';
import { TriageChange } from './TriageChange';
import words from './words';

const useStudyOptions = recordOptions('studies');

// The Triage link's and the decision's words, with the screens (after sign-in).
addDictionaries(words);

// The patient ID stays out of the URL (history state only): identifiers must not land in logs or bookmarks.
const patientIdOf = ({ hidden }: Pick<ListState, 'hidden'>) => hidden.patientId ?? '';
const validPatientId = (id: string) => id === '' || patientIdSchema.safeParse(id).success;
/** The patient ID the list searches for: the one typed, once it is a valid one. */
const searchedPatientId = (state: Pick<ListState, 'hidden'>) => {
  const patientId = patientIdOf(state);
  return patientId && validPatientId(patientId) ? patientId : undefined;
};

function PatientSearch({ hidden, update }: ListState) {
  const { t } = useTranslation();
  const patientId = patientIdOf({ hidden });
  return (
    <SearchInput
      value={patientId}
      onChange={(value) => update({}, { patientId: value.trim() })}
      placeholder={t('references.patientSearchPlaceholder')}
      label={t('references.patientSearch')}
      maxLength={LIMITS.patientIdMax}
      status={validPatientId(patientId) ? undefined : 'error'}
    />
  );
}

/** The referer as typed or filled in, and for a portal referral the Portal tag and the referrer's organisation. */
function Referer({ reference, fallback }: { reference: Reference; fallback: string }) {
  if (!reference.referral) return fallback;
  return (
    <div data-testid="list-referer">
      <div>{fallback}</div>
      <Space size={4} wrap>
        <PortalTag />
        {reference.referral.organisation && (
          <Typography.Text type="secondary">{reference.referral.organisation}</Typography.Text>
        )}
      </Space>
    </div>
  );
}

const list: ListDefinition<Reference> = {
  useList: referenceApi.useList,
  sorts: REFERENCE_SORTS,
  search: PatientSearch,
  filters: [
    { kind: 'enum', name: 'status', values: REFERENCE_STATUS_WORKFLOW, labels: 'referenceStatus', width: 160 },
    {
      kind: 'record',
      name: 'studyId',
      testId: 'filter-study',
      useOptions: useStudyOptions,
      renderLabel: (id) => <RecordLabel kind="studies" id={id} />,
      width: 240,
    },
  ],
  request: (state) => {
    const { params } = state;
    return {
      patientId: searchedPatientId(state),
      status: params.filters.status,
      studyId: params.filters.studyId,
      sort: params.sort,
      ...pagingRequest(params),
    };
  },
  columns: (t, language) => [
    {
      title: t('references.fields.patientIdMasked'),
      dataIndex: 'patientIdMasked',
      key: 'patientIdMasked',
      link: true,
      render: (masked: string) => <Code>{masked}</Code>,
    },
    {
      title: t('references.fields.productPatientId'),
      dataIndex: 'productPatientId',
      key: 'productPatientId',
      // The server answers it to a search for one patient's identifier only (docs/security.md).
      shownWhen: (state) => searchedPatientId(state) !== undefined,
      render: (id: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{id}</span>,
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
      render: (referer: string, reference) => <Referer reference={reference} fallback={referer || t('app.none')} />,
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
      render: (at: string) => formatDateTime(at, language),
    },
  ],
  minWidth: 900,
  actions: [
    {
      label: 'references.triage',
      // The study the list is filtered by, if any: triage goes through its referrals.
      to: ({ filters: { studyId } }) =>
        `${pathsOf(references).list}/triage${studyId ? `?${new URLSearchParams({ study: studyId })}` : ''}`,
      icon: AuditOutlined,
      testId: 'list-triage',
    },
  ],
  export: { callable: 'references-export' },
};

function OriginalLink({ id }: { id: string }) {
  const { t } = useTranslation();
  return <Link to={pathsOf(references).edit(id)}>{t('references.openOriginal')}</Link>;
}

/** Study ids as the studies' titles. */
const studyTitles = (ids: unknown[]) =>
  ids.map((id, index) => (
    <Fragment key={String(id)}>
      {index > 0 && ', '}
      <RecordLabel kind="studies" id={String(id)} />
    </Fragment>
  ));

const screens: ResourceScreens = {
  list,
  form: {
    codec: referenceForm,
    Fields: ReferenceFields,
    api: referenceApi,
    messages: { created: 'success.referenceCreated', updated: 'success.referenceUpdated' },
    Header: ReferenceHeader,
    history: {
      entity: 'references',
      enums: { status: 'referenceStatus' },
      value: (field, value) => {
        if (field === 'studyId' && typeof value === 'string' && value) return <RecordLabel kind="studies" id={value} />;
        if (field === 'duplicateOf' && typeof value === 'string' && value) return <OriginalLink id={value} />;
        if (field === 'studyIds' && Array.isArray(value) && value.length) return studyTitles(value);
        if (field === 'triage' && value && typeof value === 'object')
          return <TriageChange triage={value as TriageRecord} />;
        // A portal referral: the way it came in (never the referrer's account id), and what the referrer told.
        if (field === 'refererId' && typeof value === 'string' && value) return <PortalTag />;
        if (field === 'referral' && value && typeof value === 'object')
          return <ReferralChange referral={value as ReferralDetails} />;
        return undefined;
      },
    },
  },
};
export default screens;
