// The latest access requests (Admins), each opening the account it asks for.
import { Flex, theme, Typography } from 'antd';
import { Link } from 'react-router';
import type { AccessRequest } from '@trialdesk/shared';
import { enumLabel } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { useFormats } from './figures';
import { userPaths } from './paths';

export function AccessRequests({ pending, requests }: { pending: number; requests: AccessRequest[] }) {
  const { t, language } = useFormats();
  const { token } = theme.useToken();
  if (!requests.length) return <Typography.Text type="secondary">{t('dashboard.requests.empty')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <Typography.Text>{t('dashboard.requests.pending', { count: pending })}</Typography.Text>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {requests.map((request) => (
          <li
            key={request.id}
            data-testid="access-request"
            style={{ padding: '8px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Flex vertical>
              <Link to={userPaths().edit(request.id)}>{request.displayName || request.email}</Link>
              <Typography.Text type="secondary">
                {request.email} · {t('dashboard.requests.asRole', { role: enumLabel(t, 'role', request.role) })}
              </Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(request.createdAt, language)}</Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
