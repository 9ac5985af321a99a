// One audit entry as a sentence in the reader's language: who did what to which record (the history, recent activity).
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TriageDecision } from '@trialdesk/shared';

/** Who made an entry: their name, else the e-mail the entry recorded, else "Someone". */
export function useActorName(): (entry: { actorName: string | null; actorEmail: string | null }) => string {
  const { t } = useTranslation();
  return (entry) => entry.actorName || entry.actorEmail || t('history.unknownActor');
}

/**
 * "Marie Curie accepted this reference": the action's sentence (a reference's decision its own), with the actor and
 * the record in their places; an action the dictionaries have no sentence for (one added later) reads as a change.
 */
export function AuditSentence({
  action,
  decision,
  actor,
  record,
}: {
  action: string;
  decision: TriageDecision | null;
  actor: ReactNode;
  record: ReactNode;
}) {
  const { i18n } = useTranslation();
  const key = decision ? `history.events.decided.${decision}` : `history.events.${action}`;
  return (
    <Trans
      i18nKey={i18n.exists(key) ? key : 'history.events.other'}
      components={{ actor: <span className="audit-actor">{actor}</span>, record: <span>{record}</span> }}
    />
  );
}
