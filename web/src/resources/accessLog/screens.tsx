// The access log list (Admins): reads of patient-level data and refused calls, each a sentence in the reader's
// language naming the person and the references' masked IDs; filtered by person, action, days.
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { ACCESS_ACTIONS, type AccessLogEntry, type AccessOutcome } from '@trialdesk/shared';
import { addDictionaries } from '../../core/i18n/later';
import { formatDateTime } from '../../ui/format';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import { RecordLabel, recordOptions } from '../../ui/resource/references';
import { AccessLine } from './AccessLine';
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
      width: 170,
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at, language)}</span>,
    },
    {
      title: t('accessLog.fields.actor'),
      dataIndex: 'actorEmail',
      key: 'actor',
      width: 240,
      render: (email: string | null, entry) =>
        entry.actorUid === null ? (
          t('accessLog.signedOut')
        ) : (
          <>
            <div>{entry.actorName ?? email ?? <RecordLabel kind="users" id={entry.actorUid} />}</div>
            {entry.actorName && email && (
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {email}
              </Typography.Text>
            )}
          </>
        ),
    },
    {
      title: t('accessLog.fields.what'),
      dataIndex: 'action',
      key: 'what',
      render: (_: unknown, entry) => <AccessLine entry={entry} />,
    },
    {
      title: t('accessLog.fields.outcome'),
      dataIndex: 'outcome',
      key: 'outcome',
      width: 170,
      render: (outcome: AccessOutcome) => (
        <Tag color={OUTCOME_COLORS[outcome]}>{t(`accessLog.outcomes.${outcome}`)}</Tag>
      ),
    },
  ],
  minWidth: 900,
};

const screens: ResourceScreens = { list };
export default screens;
