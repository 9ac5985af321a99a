// The triage decisions as buttons, each with its key: Accept, Reject, Duplicate, and Skip.
import { Button, Flex } from 'antd';
import { CheckOutlined, CloseOutlined, CopyOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The decisions, usable once the study is loaded and nothing is being sent (Skip: while nothing is sent). */
export function DecisionButtons({
  ready,
  sending,
  onAccept,
  onReject,
  onDuplicate,
  onSkip,
}: {
  ready: boolean;
  sending: boolean;
  onAccept: () => void;
  onReject: () => void;
  onDuplicate: () => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap role="group" aria-label={t('app.actions')}>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        disabled={!ready}
        onClick={onAccept}
        aria-keyshortcuts="A"
        data-testid="triage-accept"
      >
        {t('triage.accept')}
      </Button>
      <Button
        danger
        icon={<CloseOutlined />}
        disabled={!ready}
        onClick={onReject}
        aria-keyshortcuts="R"
        data-testid="triage-reject"
      >
        {t('triage.reject')}
      </Button>
      <Button
        icon={<CopyOutlined />}
        disabled={!ready}
        onClick={onDuplicate}
        aria-keyshortcuts="D"
        data-testid="triage-duplicate"
      >
        {t('triage.duplicate')}
      </Button>
      <Button
        icon={<StepForwardOutlined />}
        disabled={sending}
        onClick={onSkip}
        aria-keyshortcuts="S"
        data-testid="triage-skip"
      >
        {t('triage.skip')}
      </Button>
    </Flex>
  );
}
