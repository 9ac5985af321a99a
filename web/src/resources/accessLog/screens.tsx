// The access log screen (Admins): reads of patient-level data and refused calls, filtered by person, action, dates.
import { DatePicker, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  ACCESS_ACTIONS,
  idSchema,
  type AccessAction,
  type AccessLogEntry,
  type AccessOutcome,
  type User,
} from '@trialdesk/shared';
import { dayjs } from '../../ui/dayjs';
import { formatDateTime } from '../../ui/format';
import { ListTable } from '../../ui/ListTable';
import type { ListConfig } from '../../ui/listParams';
import { ListToolbar } from '../../ui/ListToolbar';
import { RecordName } from '../../ui/RecordName';
import { RemoteSelect } from '../../ui/RemoteSelect';
import { useListParams } from '../../ui/useListParams';
import { useGetUserQuery, useUserOptions } from '../users/api';
import { useListAccessLogQuery } from './api';

const DAY = 'YYYY-MM-DD';
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DAY) === value;

// The URL keeps local days; the request gets the instants they start and end at.
const config: ListConfig<'actorUid' | 'action' | 'from' | 'to'> = {
  sorts: [],
  filters: {
    actorUid: (value) => idSchema.safeParse(value).success,
    action: ACCESS_ACTIONS,
    from: isDay,
    to: isDay,
  },
};

const OUTCOME_COLORS: Record<AccessOutcome, string> = {
  allowed: 'green',
  unauthenticated: 'orange',
  'permission-denied': 'red',
};

const actionLabel = (t: TFunction, action: string) => t(`accessLog.actions.${action}`);

function UserEmail({ id }: { id: string }) {
  return <RecordName query={useGetUserQuery(id)} name={(user: User) => user.email} />;
}

/** The record an entry is about: a reference read opens that reference. */
function Target({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  if (!entry.targetId) return t('app.none');
  const id = (
    <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
      {entry.targetId}
    </Typography.Text>
  );
  return entry.action === 'readReference' ? <Link to={`/app/references/${entry.targetId}`}>{id}</Link> : id;
}

export default function AccessLogList() {
  const { t, i18n } = useTranslation();
  const { params, update } = useListParams(config);
  const { actorUid, action, from, to } = params.filters;
  const list = useListAccessLogQuery({
    actorUid,
    action: action as AccessAction | undefined,
    from: from ? dayjs(from).startOf('day').toISOString() : undefined,
    to: to ? dayjs(to).endOf('day').toISOString() : undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
  const columns: ColumnsType<AccessLogEntry> = [
    {
      title: t('accessLog.fields.at'),
      dataIndex: 'at',
      key: 'at',
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at, i18n.language)}</span>,
    },
    {
      title: t('accessLog.fields.actor'),
      dataIndex: 'actorEmail',
      key: 'actor',
      render: (email: string | null, entry) =>
        email ?? (entry.actorUid ? <UserEmail id={entry.actorUid} /> : t('accessLog.signedOut')),
    },
    {
      title: t('accessLog.fields.action'),
      dataIndex: 'action',
      key: 'action',
      render: (value: AccessAction) => <span style={{ whiteSpace: 'nowrap' }}>{actionLabel(t, value)}</span>,
    },
    {
      title: t('accessLog.fields.callable'),
      dataIndex: 'callable',
      key: 'callable',
      render: (callable: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {callable}
        </Typography.Text>
      ),
    },
    {
      title: t('accessLog.fields.outcome'),
      dataIndex: 'outcome',
      key: 'outcome',
      render: (outcome: AccessOutcome) => (
        <Tag color={OUTCOME_COLORS[outcome]}>{t(`accessLog.outcomes.${outcome}`)}</Tag>
      ),
    },
    {
      title: t('accessLog.fields.target'),
      dataIndex: 'targetId',
      key: 'target',
      render: (_: unknown, entry) => <Target entry={entry} />,
    },
    {
      title: t('accessLog.fields.detail'),
      dataIndex: 'detail',
      key: 'detail',
      render: (detail: string | null) => detail || t('app.none'),
    },
  ];
  return (
    <>
      <ListToolbar title={t('accessLog.title')}>
        <div style={{ minWidth: 280 }}>
          <RemoteSelect
            allowClear
            aria-label={t('accessLog.person')}
            testId="filter-actor"
            placeholder={t('accessLog.person')}
            value={actorUid}
            onChange={(value) => update({ filters: { actorUid: (value as string | null) ?? undefined } })}
            useOptions={useUserOptions}
            renderLabel={(id) => <UserEmail id={id} />}
          />
        </div>
        <Select
          allowClear
          aria-label={t('accessLog.fields.action')}
          data-testid="filter-action"
          placeholder={t('accessLog.fields.action')}
          style={{ minWidth: 220 }}
          value={action}
          onChange={(value) => update({ filters: { action: value } })}
          options={ACCESS_ACTIONS.map((value) => ({ value, label: actionLabel(t, value) }))}
        />
        <div data-testid="filter-period">
          {/* The two date inputs need names of their own; their placeholders show the same words. */}
          <label htmlFor="access-log-from" className="visually-hidden">
            {t('accessLog.from')}
          </label>
          <label htmlFor="access-log-to" className="visually-hidden">
            {t('accessLog.to')}
          </label>
          <DatePicker.RangePicker
            id={{ start: 'access-log-from', end: 'access-log-to' }}
            format={DAY}
            allowEmpty={[true, true]}
            placeholder={[t('accessLog.from'), t('accessLog.to')]}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            onChange={(days) =>
              update({
                filters: { from: days?.[0]?.format(DAY) ?? undefined, to: days?.[1]?.format(DAY) ?? undefined },
              })
            }
          />
        </div>
      </ListToolbar>
      <ListTable<AccessLogEntry>
        columns={columns}
        query={list}
        params={params}
        onChange={update}
        sorts={config.sorts}
        minWidth={1100}
      />
    </>
  );
}
