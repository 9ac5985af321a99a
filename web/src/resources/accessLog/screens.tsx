// The access log list (Admins): reads of patient-level data and refused calls, filtered by person, action, days.
import { Button, Popover, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ACCESS_ACTIONS, type AccessAction, type AccessLogEntry, type AccessOutcome } from '@trialdesk/shared';
import { addDictionaries } from '../../core/i18n/later';
import { Code } from '../../ui/Code';
import { formatDateTime } from '../../ui/format';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import { RecordLabel, recordOptions } from '../../ui/resource/references';
import { pathsNamed } from '../../ui/resource/registry';
import { useAccessLogList } from './api';
import words from './words';

addDictionaries(words);

const OUTCOME_COLORS: Record<AccessOutcome, string> = {
  allowed: 'green',
  unauthenticated: 'orange',
  'permission-denied': 'red',
};

const actionLabel = (t: TFunction, action: string) => t(`accessLog.actions.${action}`);

/** People as options: their name and email (the email alone when they have no name). */
const useUserOptions = recordOptions('users', (user) => {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name ? `${name} <${user.email}>` : user.email;
});

function ReferenceLink({ id }: { id: string }) {
  return (
    <Link to={pathsNamed('references').edit(id)}>
      <Code>{id}</Code>
    </Link>
  );
}

/** The references an answer carried: one as its link, several behind their count, each link in a popover. */
function Target({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  const ids = entry.targetIds;
  if (ids.length === 0) return t('app.none');
  if (ids.length === 1) return <ReferenceLink id={ids[0]} />;
  const links = (
    <Space orientation="vertical" size={2}>
      {ids.map((id) => (
        <ReferenceLink key={id} id={id} />
      ))}
    </Space>
  );
  return (
    <Popover content={links} trigger="click" title={t('accessLog.references', { count: ids.length })}>
      <Button type="link" size="small" style={{ padding: 0 }}>
        {t('accessLog.references', { count: ids.length })}
      </Button>
    </Popover>
  );
}

const list: ListDefinition<AccessLogEntry> = {
  useList: useAccessLogList,
  sorts: [],
  search: null,
  filters: [
    {
      kind: 'record',
      name: 'actorUid',
      label: 'accessLog.person',
      testId: 'filter-actor',
      useOptions: useUserOptions,
      renderLabel: (id) => <RecordLabel kind="users" id={id} />,
      width: 280,
    },
    { kind: 'enum', name: 'action', values: ACCESS_ACTIONS, labels: actionLabel, width: 220 },
    // The URL keeps local days; the request gets the instants they start and end at.
    { kind: 'period', from: 'from', to: 'to' },
  ],
  columns: (t, language) => [
    {
      title: t('accessLog.fields.at'),
      dataIndex: 'at',
      key: 'at',
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at, language)}</span>,
    },
    {
      title: t('accessLog.fields.actor'),
      dataIndex: 'actorEmail',
      key: 'actor',
      render: (email: string | null, entry) =>
        email ?? (entry.actorUid ? <RecordLabel kind="users" id={entry.actorUid} /> : t('accessLog.signedOut')),
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
      render: (callable: string) => <Code>{callable}</Code>,
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
      dataIndex: 'targetIds',
      key: 'target',
      render: (_: unknown, entry) => <Target entry={entry} />,
    },
    {
      title: t('accessLog.fields.detail'),
      dataIndex: 'detail',
      key: 'detail',
      render: (detail: string | null) => detail || t('app.none'),
    },
  ],
  minWidth: 1100,
};

const screens: ResourceScreens = { list };
export default screens;
