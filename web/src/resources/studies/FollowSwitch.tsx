// The study screen's Follow switch: the signed-in person is e-mailed each referral made to the study while on.
import { useState } from 'react';
import { App, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Study } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { useAppSelector } from '../../core/store';
import { errorText } from '../../ui/errorText';
import { useFollowStudyMutation } from './api';

/** On when the study's followers name the signed-in person; it moves at once and goes back if the server refuses. */
export function FollowSwitch({ study }: { study: Study }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const uid = useAppSelector((state) => state.auth.user?.id);
  const [follow, { isLoading }] = useFollowStudyMutation();
  // The choice being sent, shown until the study as the server answers it replaces this one (or the call fails).
  const [wanted, setWanted] = useState<{ follow: boolean; of: Study } | null>(null);
  const following = uid !== undefined && (study.followers ?? []).includes(uid);
  const change = async (checked: boolean) => {
    setWanted({ follow: checked, of: study });
    try {
      await follow({ id: study.id, follow: checked }).unwrap();
    } catch (error) {
      setWanted(null);
      void message.error(errorText(t, error as CallError));
    }
  };
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
      <Switch
        id="study-follow"
        checked={wanted?.of === study ? wanted.follow : following}
        loading={isLoading}
        onChange={(checked) => void change(checked)}
        aria-describedby="study-follow-hint"
        data-testid="study-follow"
      />
      <label htmlFor="study-follow">{t('studies.follow.label')}</label>
      <Typography.Text type="secondary" id="study-follow-hint">
        {t('studies.follow.hint')}
      </Typography.Text>
    </Flex>
  );
}
