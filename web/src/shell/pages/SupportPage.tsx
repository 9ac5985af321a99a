// The public support page: who runs it, how to get access, whom to contact, privacy and data deletion links.
import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_NAME, PRIVACY_POLICY_URL, SUPPORT_EMAIL } from '../../core/config';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthLayout } from '../layout/AuthLayout';

export default function SupportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('support.title'));
  return (
    <AuthLayout wide>
      <Typography>
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {t('support.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('support.intro', { organisation: ORGANISATION_NAME })}</Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('support.accessTitle')}
        </Typography.Title>
        <Typography.Paragraph>{t('support.access')}</Typography.Paragraph>
        <Typography.Paragraph>
          {t('support.contact')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('support.privacyTitle')}
        </Typography.Title>
        <Typography.Paragraph>{t('support.privacy', { organisation: ORGANISATION_NAME })}</Typography.Paragraph>
        <ul>
          <li>
            <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
              {t('support.privacyLink')}
            </a>
          </li>
          <li>
            <Link to="/data-deletion-request">{t('support.deletionLink')}</Link>
          </li>
          <li>
            <Link to="/auth/login">{t('support.signIn')}</Link>
          </li>
        </ul>
      </Typography>
    </AuthLayout>
  );
}
