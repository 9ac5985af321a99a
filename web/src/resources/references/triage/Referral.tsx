// The open referral of the triage queue: its facts, its study's criteria as a checklist (a portal referral's with the
// referrer's answers beside), and the decisions (a portal referral's with a message to the referrer).
import { useState } from 'react';
import { App, Card, Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  acceptNeedsConfirmation,
  unansweredCount,
  type CallableRequest,
  type Reference,
  type TriageRecord,
} from '@trialdesk/shared';
import type { CallError } from '../../../core/api/callable';
import { recordApi } from '../../../core/api/records';
import { errorText } from '../../../ui/errorText';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { issueText } from '../../../ui/zodRule';
import { AcceptDialog } from './AcceptDialog';
import { useTriageReferenceMutation } from './api';
import { DecisionButtons } from './DecisionButtons';
import { DuplicateDialog } from './DuplicateDialog';
import { ReferralFacts } from './ReferralFacts';
import { RejectDialog, type Rejection } from './RejectDialog';
import { StudyChecklists } from './StudyChecklists';
import { useAnswers } from './useAnswers';
import { useKeys } from './useKeys';

/** The decision's own fields of a triage request (the reference, versions and answers are added here). */
type Decision = Pick<
  CallableRequest<'references-triage'>,
  'decision' | 'reason' | 'reasonNote' | 'duplicateOf' | 'confirmed' | 'message'
>;

type DialogName = 'accept' | 'reject' | 'duplicate' | 'confirm';

/** The decisions asked for in a dialog: Reject, Duplicate, and a portal referral's Accept. */
function Dialogs({
  dialog,
  sending,
  reference,
  against,
  unanswered,
  onClose,
  send,
}: {
  dialog: DialogName | null;
  sending: boolean;
  reference: Reference;
  against: boolean;
  unanswered: number;
  onClose: () => void;
  send: (decision: Decision) => Promise<CallError | undefined>;
}) {
  const portal = Boolean(reference.referral);
  return (
    <>
      {portal && (
        <AcceptDialog
          open={dialog === 'accept'}
          sending={sending}
          against={against}
          unanswered={unanswered}
          onClose={onClose}
          onAccept={(message) => send({ decision: 'Accepted', ...(against && { confirmed: true }), message })}
        />
      )}
      <RejectDialog
        open={dialog === 'reject'}
        sending={sending}
        portal={portal}
        onClose={onClose}
        onReject={(rejection: Rejection) => send({ decision: 'Rejected', ...rejection })}
      />
      <DuplicateDialog
        open={dialog === 'duplicate'}
        sending={sending}
        reference={reference}
        onClose={onClose}
        onPick={(duplicateOf, message) => send({ decision: 'Duplicate', duplicateOf, ...message })}
      />
    </>
  );
}

/** What accepting a staff-typed reference against its checklist (or with criteria unknown) asks first. */
const confirmation = (t: TFunction, against: boolean, unanswered: number) => ({
  title: t(against ? 'triage.confirmAcceptTitle' : 'triage.confirmUnansweredTitle'),
  content: (
    <div data-testid="triage-confirm-accept">
      {unanswered > 0 && <p>{t('triage.unanswered', { count: unanswered })}</p>}
      <p>{t(against ? 'triage.confirmAccept' : 'triage.acceptAllTheSame')}</p>
    </div>
  ),
  okText: t('triage.acceptAnyway'),
  cancelText: t('app.cancel'),
});

/** Two columns from this width: the referral beside its checklist. */
const WIDE = '(min-width: 1024px)';

/**
 * The referral on screen, with its study's checklist and the decisions (buttons and keys). `onDone` moves on after
 * a decision (with the decided reference when it was this screen's, which the page offers to undo) or after one
 * taken elsewhere first; `onSkip` moves on without one.
 */
export function Referral({
  reference,
  position,
  total,
  keysEnabled,
  onDone,
  onSkip,
  previous,
}: {
  reference: Reference;
  position: number;
  total: number;
  keysEnabled: boolean;
  onDone: (id: string, decided?: Reference) => void;
  onSkip: (id: string) => void;
  /** The answers of this referral's undone decision, to start from. */
  previous?: TriageRecord | null;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const wide = useMediaQuery(WIDE);
  const studyQuery = recordApi('studies').useGet(reference.studyId);
  const study = studyQuery.data;
  const [triage, { isLoading: sending }] = useTriageReferenceMutation();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const { answers, lines, answer, answerAll } = useAnswers(study, previous);

  const ready = Boolean(study) && !sending;

  /** Sends the decision; answers the error when the dialog that asked should stay open (its fields, new criteria). */
  const send = async (decision: Decision): Promise<CallError | undefined> => {
    if (!study) return undefined;
    try {
      const decided = await triage({
        id: reference.id,
        version: reference.version,
        studyVersion: study.version,
        inclusion: answers.inclusion,
        exclusion: answers.exclusion,
        ...decision,
      }).unwrap();
      setDialog(null);
      onDone(reference.id, decided);
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

  // Against the checklist or with criteria unknown, asks once, naming both (the server records only the first).
  const against = acceptNeedsConfirmation(answers);
  const unanswered = unansweredCount(answers);
  const accept = () => {
    if (!ready) return;
    // A portal referral's decision may carry a message: its dialog asks for it (and says what the checklist says).
    if (reference.referral) {
      setDialog('accept');
      return;
    }
    if (!against && unanswered === 0) {
      void send({ decision: 'Accepted' });
      return;
    }
    setDialog('confirm');
    modal.confirm({
      ...confirmation(t, against, unanswered),
      onOk: () => send(against ? { decision: 'Accepted', confirmed: true } : { decision: 'Accepted' }),
      afterClose: () => setDialog((current) => (current === 'confirm' ? null : current)),
    });
  };
  const openDialog = (name: 'reject' | 'duplicate') => () => ready && setDialog(name);
  const skip = () => !sending && onSkip(reference.id);

  useKeys({ a: accept, r: openDialog('reject'), d: openDialog('duplicate'), s: skip }, keysEnabled && !dialog);

  const actions = (
    <DecisionButtons
      ready={ready}
      sending={sending}
      onAccept={accept}
      onReject={openDialog('reject')}
      onDuplicate={openDialog('duplicate')}
      onSkip={skip}
    />
  );

  return (
    <Card
      data-testid="triage-current"
      title={<h2 className="card-heading">{t('triage.position', { position, total })}</h2>}
    >
      <div style={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(260px, 2fr) 3fr' : '1fr', gap: 24 }}>
        <Flex vertical gap={16}>
          <ReferralFacts reference={reference} study={study} />
          {wide && actions}
        </Flex>
        <section aria-label={t('triage.checklist')}>
          <Flex vertical gap={16}>
            <StudyChecklists
              study={study}
              failed={studyQuery.isError}
              error={studyQuery.error}
              onRetry={() => void studyQuery.refetch()}
              lines={lines}
              answers={answers}
              onAnswer={answer}
              referral={reference.referral ?? null}
              onAnswerAll={answerAll}
            />
          </Flex>
        </section>
        {!wide && actions}
      </div>
      <Dialogs
        dialog={dialog}
        sending={sending}
        reference={reference}
        against={against}
        unanswered={unanswered}
        onClose={() => setDialog(null)}
        send={send}
      />
    </Card>
  );
}
