// The review step both import dialogs share: reading the registry, its refusal, the review, and the buttons that
// save it (Import for a new study, Save for one imported before).
import { Alert, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Study } from '@trialdesk/shared';
import { ImportError } from './ImportError';
import { ImportReview } from './ImportReview';
import type { ImportReviewHook as Review } from './useImportReview';

/** The dialog's body while a review is asked for or shown. */
export function ReviewBody({ review, saved }: { review: Review; saved?: Study }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {review.stale && <Alert type="warning" showIcon role="alert" title={t('studies.import.stale')} />}
      {review.error && <ImportError error={review.error} />}
      {review.busy && !review.answer && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin description={t('studies.import.reviewing')} />
        </Flex>
      )}
      {review.answer && <ImportReview answer={review.answer} saved={saved} />}
    </Flex>
  );
}

/** The primary button saving what was reviewed: disabled when a study imported before already matches. */
export function SaveButton({ review, onSave }: { review: Review; onSave: () => void }) {
  const { t } = useTranslation();
  const { answer } = review;
  const existing = answer?.id != null;
  return (
    <Button
      key="save"
      type="primary"
      loading={review.busy && Boolean(answer)}
      disabled={!answer || (existing && answer.changes.length === 0)}
      onClick={onSave}
      data-testid="import-save"
    >
      {t(existing ? 'studies.import.saveChanges' : 'studies.import.importNew')}
    </Button>
  );
}
