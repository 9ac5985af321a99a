// An imported study's registry facts above its form: the NCT number linking to the registry's page, the registry's
// status beside ours, its verification date, and "Refresh from the registry" (the import's review, then save).
import { useState } from 'react';
import { App, Button, Card, Descriptions, Flex } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Study } from '@trialdesk/shared';
import { Dialog } from '../../ui/Dialog';
import { StudyStatusTag } from '../../ui/enums';
import { RegistryLink } from './ImportReview';
import { registryDate, registryStatusLabel } from './registryFacts';
import { ReviewBody, SaveButton } from './ReviewStep';
import { useImportReview, type ImportReviewHook as Review } from './useImportReview';

/** The refresh's dialog: the review by NCT number runs as it opens; a save stays on the study, now refreshed. */
function RefreshDialog({
  study,
  review,
  open,
  onClose,
}: {
  study: Study;
  review: Review;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const close = () => {
    review.reset();
    onClose();
  };
  const save = async () => {
    const saved = await review.save();
    if (!saved) return;
    void message.success(t('studies.import.updated', { nctId: saved.nctId }));
    close();
  };
  return (
    <Dialog
      open={open}
      title={t('studies.import.refreshTitle')}
      onCancel={close}
      width={960}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('app.cancel')}
        </Button>,
        <SaveButton key="save" review={review} onSave={() => void save()} />,
      ]}
    >
      <ReviewBody review={review} saved={study} />
    </Dialog>
  );
}

/** Nothing for a study typed by hand. */
export function RegistryPanel({ record }: { record: Study }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const review = useImportReview();
  const { nctId } = record;
  if (!nctId) return null;
  const none = t('app.none');
  return (
    <Card size="small" title={t('studies.registry.title')} style={{ marginBottom: 24 }} data-testid="registry-panel">
      <Flex justify="space-between" align="start" gap={12} wrap>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'nctId', label: t('studies.fields.nctId'), children: <RegistryLink nctId={nctId} /> },
            {
              key: 'registryStatus',
              label: t('studies.fields.registryStatus'),
              children: (
                <span data-testid="registry-status">
                  {record.registryStatus ? registryStatusLabel(t, record.registryStatus) : none}
                </span>
              ),
            },
            {
              key: 'status',
              label: t('studies.registry.ours'),
              children: <StudyStatusTag t={t} status={record.status} />,
            },
            {
              key: 'registryVerifiedAt',
              label: t('studies.fields.registryVerifiedAt'),
              children: record.registryVerifiedAt ? registryDate(record.registryVerifiedAt, i18n.language) : none,
            },
          ]}
        />
        <Button
          icon={<SyncOutlined />}
          onClick={() => {
            setOpen(true);
            void review.review({ nctId });
          }}
          data-testid="registry-refresh"
        >
          {t('studies.import.refresh')}
        </Button>
      </Flex>
      <RefreshDialog study={record} review={review} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
