// The mail queue (Admins): every message TrialDesk sends, newest first, filtered by delivery state; each with its
// kind in words, recipients, subject, state (a tag with an icon, with when it was sent or is tried next), attempts
// and last error. Failed messages are counted beside the title, one click from their list.
import type { ComponentType } from 'react';
import { Flex, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  SendOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAIL_STATES, type MailItem, type MailKind, type MailState } from '@trialdesk/shared';
import { addDictionaries } from '../../core/i18n/later';
import { enumLabel } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { LinkButton } from '../../ui/LinkButton';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import { useFailedCount, useMailList } from './api';
import words from './words';

addDictionaries(words);

/** Each state's colour and icon: the tag says it in words too, never by colour alone. */
const STATE_TAGS: Record<MailState, { color: string; icon: ComponentType }> = {
  pending: { color: 'default', icon: ClockCircleOutlined },
  sending: { color: 'blue', icon: SendOutlined },
  sent: { color: 'green', icon: CheckCircleOutlined },
  retrying: { color: 'orange', icon: ExclamationCircleOutlined },
  failed: { color: 'red', icon: CloseCircleOutlined },
};

function StateTag({ state }: { state: MailState }) {
  const { t } = useTranslation();
  const { color, icon: Icon } = STATE_TAGS[state];
  return (
    <Tag color={color} icon={<Icon />} data-testid="mail-state">
      {enumLabel(t, 'mailState', state)}
    </Tag>
  );
}

/** "N messages failed", leading to them; nothing while none has failed or while they are the list shown. */
function FailedMessages() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const failed = useFailedCount() ?? 0;
  if (failed === 0 || new URLSearchParams(search).get('state') === 'failed') return null;
  return (
    <LinkButton
      danger
      icon={<WarningOutlined />}
      to={`${pathname}?${new URLSearchParams({ state: 'failed' })}`}
      data-testid="mail-failed"
    >
      {t('mail.failed', { count: failed })}
    </LinkButton>
  );
}

const list: ListDefinition<MailItem> = {
  useList: useMailList,
  sorts: [],
  search: null,
  filters: [{ kind: 'enum', name: 'state', values: MAIL_STATES, labels: 'mailState', width: 180 }],
  columns: (t, language) => [
    {
      title: t('mail.fields.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 130,
      render: (at: string) => formatDateTime(at, language),
    },
    {
      title: t('mail.fields.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 130,
      render: (kind: MailKind) => enumLabel(t, 'mailKind', kind),
    },
    {
      title: t('mail.fields.to'),
      dataIndex: 'to',
      key: 'to',
      width: 190,
      render: (to: string[]) => <span style={{ overflowWrap: 'anywhere' }}>{to.join(', ')}</span>,
    },
    { title: t('mail.fields.subject'), dataIndex: 'subject', key: 'subject' },
    {
      // The state and when it moved on: sent at, or the next attempt while one is due.
      title: t('mail.fields.state'),
      dataIndex: 'state',
      key: 'state',
      width: 190,
      render: (state: MailState, item) => (
        <Flex vertical gap={4} align="start">
          <StateTag state={state} />
          {item.sentAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('mail.sentAt', { at: formatDateTime(item.sentAt, language) })}
            </Typography.Text>
          )}
          {item.nextAttemptAt && (state === 'pending' || state === 'retrying') && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('mail.nextAttemptAt', { at: formatDateTime(item.nextAttemptAt, language) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('mail.fields.attempts'), dataIndex: 'attempts', key: 'attempts', width: 110, align: 'right' },
    {
      title: t('mail.fields.lastError'),
      dataIndex: 'lastError',
      key: 'lastError',
      width: 180,
      render: (error: string | null) =>
        error ? (
          <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
            {error}
          </Typography.Text>
        ) : (
          t('app.none')
        ),
    },
  ],
  minWidth: 1100,
  tools: [{ key: 'failed', Component: FailedMessages, access: 'admin' }],
};

const screens: ResourceScreens = { list };
export default screens;
