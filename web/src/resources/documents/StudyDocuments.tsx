// A study's documents below its form: the same library as the file manager's folder of this study (a panel on the
// studies' record screen: panels.ts).
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentLibrary } from './DocumentLibrary';

export default function StudyDocuments({ recordId }: { recordId: string }) {
  const { t } = useTranslation();
  return (
    <Card
      title={<span id="study-documents">{t('documents.title')}</span>}
      style={{ marginTop: 24 }}
      aria-labelledby="study-documents"
    >
      <DocumentLibrary studyId={recordId} />
    </Card>
  );
}
