// The open referral of the triage queue: its facts, its study's criteria as a checklist, and the decisions.
import { useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Flex, Spin, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, CopyOutlined, StepForwardOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  acceptNeedsConfirmation,
  criteriaLines,
  LIMITS,
  type CallableRequest,
  type ChecklistAnswer,
  type Reference,
  type Study,
  type TriageDecision,
} from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { Code } from '../../ui/Code';
import { errorText } from '../../ui/errorText';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/ListError';
import { pathsOf } from '../../ui/resource/definition';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { issueText } from '../../ui/zodRule';
import { studies } from '../studies';
import { studyApi } from '../studies/api';
import { useTriageReferenceMutation } from './api';
import { Checklist, type CriteriaKind } from './Checklist';
import { DuplicateDialog } from './DuplicateDialog';
import { RejectDialog, type Rejection } from './RejectDialog';
import { useKeys } from './useKeys';

/** The decision's own fields of a triage request (the reference, versions and answers are added here). */
type Decision = Pick<
  CallableRequest<'references-triage'>,
  'decision' | 'reason' | 'reasonNote' | 'duplicateOf' | 'confirmed'
>;

interface Answers {
  /** The criteria these answers follow: new criteria start a new checklist. */
  criteria: string;
  inclusion: ChecklistAnswer[];
  exclusion: ChecklistAnswer[];
}

/** A criteria text's checklist items, as many as the server keeps. */
const checklistLines = (criteria: string) => criteriaLines(criteria).slice(0, LIMITS.criteriaLinesMax);

const criteriaOf = (study: Study | undefined) =>
  study ? `${study.inclusionCriteria}\u0000${study.exclusionCriteria}` : '';

/** Every line of the study's criteria, unanswered. */
const blankAnswers = (study: Study | undefined): Answers => {
  const unknown = (text: string) => checklistLines(text).map((): ChecklistAnswer => ({ answer: 'unknown', note: '' }));
  return {
    criteria: criteriaOf(study),
    inclusion: unknown(study?.inclusionCriteria ?? ''),
    exclusion: unknown(study?.exclusionCriteria ?? ''),
  };
};

const DONE: Record<TriageDecision, string> = {
  Accepted: 'triage.accepted',
  Rejected: 'triage.rejected',
  Duplicate: 'triage.duplicated',
};

/** Two columns from this width: the referral beside its checklist. */
const WIDE = '(min-width: 1024px)';

/**
 * The referral on screen, with its study's checklist and the decisions (buttons and keys). `onDone` moves on after
 * a decision (or one taken elsewhere first); `onSkip` moves on without one.
 */
export function Referral({
  reference,
  position,
  total,
  keysEnabled,
  onDone,
  onSkip,
}: {
  reference: Reference;
  position: number;
  total: number;
  keysEnabled: boolean;
  onDone: (id: string) => void;
  onSkip: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const wide = useMediaQuery(WIDE);
  const studyQuery = studyApi.useGet(reference.studyId);
  const study = studyQuery.data;
  const [triage, { isLoading: sending }] = useTriageReferenceMutation();
  const [dialog, setDialog] = useState<'reject' | 'duplicate' | 'confirm' | null>(null);

  const [stored, setAnswers] = useState(() => blankAnswers(study));
  // The study loaded, or its criteria changed since: the checklist starts again from its lines.
  const outdated = criteriaOf(study) !== stored.criteria;
  if (outdated) setAnswers(blankAnswers(study));
  const answers = outdated ? blankAnswers(study) : stored;
  const lines: Record<CriteriaKind, string[]> = {
    inclusion: checklistLines(study?.inclusionCriteria ?? ''),
    exclusion: checklistLines(study?.exclusionCriteria ?? ''),
  };
  const answer = (kind: CriteriaKind) => (index: number, value: ChecklistAnswer) =>
    setAnswers((current) => ({ ...current, [kind]: current[kind].map((a, i) => (i === index ? value : a)) }));

  const ready = Boolean(study) && !sending;

  /** Sends the decision; answers the error when the dialog that asked should stay open (its fields, new criteria). */
  const send = async (decision: Decision): Promise<CallError | undefined> => {
    if (!study) return undefined;
    try {
      await triage({
        id: reference.id,
        version: reference.version,
        studyVersion: study.version,
        inclusion: answers.inclusion,
        exclusion: answers.exclusion,
        ...decision,
      }).unwrap();
      void message.success(t(DONE[decision.decision], { patient: reference.patientIdMasked }));
      setDialog(null);
      onDone(reference.id);
      return undefined;
    } catch (caught) {
      const error = caught as CallError;
      if (error.key === 'errors.alreadyDecided') {
        // Another coordinator was faster: their decision stands, and the next referral opens.
        void message.warning(errorText(t, error));
        setDialog(null);
        onDone(reference.id);
        return undefined;
      }
      if (error.key === 'errors.criteriaChanged') {
        // The referral stays open with the study's new criteria.
        void message.warning(errorText(t, error));
        setDialog(null);
        void studyQuery.refetch();
        return error;
      }
      // A dialog shows field issues on its fields.
      if (error.code === 'invalid-argument' && dialog !== null && dialog !== 'confirm') return error;
      const issues = (error.issues ?? []).map((issue) => issueText(t, issue));
      void message.error([errorText(t, error), ...issues].join(' '));
      return error;
    }
  };

  const accept = () => {
    if (!ready) return;
    if (!acceptNeedsConfirmation(answers)) {
      void send({ decision: 'Accepted' });
      return;
    }
    setDialog('confirm');
    modal.confirm({
      title: t('triage.confirmAcceptTitle'),
      content: t('triage.confirmAccept'),
      okText: t('triage.acceptAnyway'),
      cancelText: t('app.cancel'),
      onOk: () => send({ decision: 'Accepted', confirmed: true }),
      afterClose: () => setDialog((current) => (current === 'confirm' ? null : current)),
    });
  };
  const openDialog = (name: 'reject' | 'duplicate') => () => ready && setDialog(name);
  const skip = () => !sending && onSkip(reference.id);

  useKeys({ a: accept, r: openDialog('reject'), d: openDialog('duplicate'), s: skip }, keysEnabled && !dialog);

  const actions = (
    <Flex gap={8} wrap role="group" aria-label={t('app.actions')}>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        disabled={!ready}
        onClick={accept}
        aria-keyshortcuts="A"
        data-testid="triage-accept"
      >
        {t('triage.accept')}
      </Button>
      <Button
        danger
        icon={<CloseOutlined />}
        disabled={!ready}
        onClick={openDialog('reject')}
        aria-keyshortcuts="R"
        data-testid="triage-reject"
      >
        {t('triage.reject')}
      </Button>
      <Button
        icon={<CopyOutlined />}
        disabled={!ready}
        onClick={openDialog('duplicate')}
        aria-keyshortcuts="D"
        data-testid="triage-duplicate"
      >
        {t('triage.duplicate')}
      </Button>
      <Button
        icon={<StepForwardOutlined />}
        disabled={sending}
        onClick={skip}
        aria-keyshortcuts="S"
        data-testid="triage-skip"
      >
        {t('triage.skip')}
      </Button>
    </Flex>
  );

  let checklist: ReactNode;
  if (studyQuery.isError && !study) {
    checklist = <LoadError error={studyQuery.error} onRetry={() => void studyQuery.refetch()} />;
  } else if (!study) {
    checklist = (
      <Flex gap={8} align="center" role="status">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('triage.studyLoading')}</Typography.Text>
      </Flex>
    );
  } else {
    checklist = (['inclusion', 'exclusion'] as const).map((kind) => (
      <Checklist key={kind} kind={kind} lines={lines[kind]} answers={answers[kind]} onChange={answer(kind)} />
    ));
  }

  return (
    <Card
      data-testid="triage-current"
      title={<h2 className="card-heading">{t('triage.position', { position, total })}</h2>}
    >
      <div style={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(260px, 2fr) 3fr' : '1fr', gap: 24 }}>
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'patient',
                label: t('triage.patient'),
                children: <Code>{reference.patientIdMasked}</Code>,
              },
              { key: 'referer', label: t('triage.referer'), children: reference.referer || t('app.none') },
              {
                key: 'referred',
                label: t('triage.referred'),
                children: formatDateTime(reference.createdAt, i18n.language),
              },
              {
                key: 'study',
                label: t('triage.study'),
                children: (
                  <Link to={pathsOf(studies).edit(reference.studyId)} data-testid="triage-study-link">
                    {study?.title ?? reference.studyTitle ?? t('app.unavailableRecord')}
                  </Link>
                ),
              },
            ]}
          />
          {wide && actions}
        </Flex>
        <section aria-label={t('triage.checklist')}>
          <Flex vertical gap={16}>
            {checklist}
          </Flex>
        </section>
        {!wide && actions}
      </div>
      <RejectDialog
        open={dialog === 'reject'}
        sending={sending}
        onClose={() => setDialog(null)}
        onReject={(rejection: Rejection) => send({ decision: 'Rejected', ...rejection })}
      />
      <DuplicateDialog
        open={dialog === 'duplicate'}
        sending={sending}
        reference={reference}
        onClose={() => setDialog(null)}
        onPick={(duplicateOf) => send({ decision: 'Duplicate', duplicateOf })}
      />
    </Card>
  );
}
