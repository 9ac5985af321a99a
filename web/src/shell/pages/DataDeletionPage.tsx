// The public page on asking for the deletion of one's personal information (Québec Law 25).
import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CAI_URL, DATA_DELETION_EMAIL, ORGANISATION_NAME } from '../../core/config';
import { addDictionaries } from '../../core/i18n/later';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthLayout } from '../layout/AuthLayout';
import words from './dataDeletionWords';

addDictionaries(words);

const SECTIONS = ['who', 'what', 'verify', 'delay', 'kept', 'complaint'] as const;

/** Québec Law 25: how a person asks for the deletion of their personal information. */
export default function DataDeletionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dataDeletion.title'));
  return (
    <AuthLayout wide>
      <Typography>
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {t('dataDeletion.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('dataDeletion.intro', { organisation: ORGANISATION_NAME })}</Typography.Paragraph>
        {SECTIONS.map((section) => (
          <section key={section}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {t(`dataDeletion.${section}Title`)}
            </Typography.Title>
            <Typography.Paragraph>
              {t(`dataDeletion.${section}`, { email: DATA_DELETION_EMAIL, organisation: ORGANISATION_NAME })}
            </Typography.Paragraph>
          </section>
        ))}
        <ul>
          <li>
            <a href={`mailto:${DATA_DELETION_EMAIL}`}>{DATA_DELETION_EMAIL}</a>
          </li>
          <li>
            <a href={CAI_URL} target="_blank" rel="noopener noreferrer">
              {t('dataDeletion.caiLink')}
            </a>
          </li>
          <li>
            <Link to="/support">{t('support.title')}</Link>
          </li>
        </ul>
      </Typography>
    </AuthLayout>
  );
}
