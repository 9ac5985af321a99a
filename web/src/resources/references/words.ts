// The references' triage words in English and French: the list's Triage link, the decision shown on a reference's
// edit screen, rejection reasons and checklist answers (added with the references' screens and the triage screen).
import { VALUE_LABELS } from '@trialdesk/shared';

const en = {
  references: {
    triage: 'Triage',
    createdDuplicate:
      'This patient was referred to this study before: the new reference is recorded as a duplicate of the earlier one.',
    fields: { decidedAt: 'Decided', decidedBy: 'Decided by', triage: 'Triage' },
    decision: {
      title: 'Decision',
      decided: 'Decided',
      decidedBy: '{{at}} by {{actor}}',
      reason: 'Rejection reason',
      reasonNote: 'Note',
      original: 'Original reference',
      confirmed: 'Accepted against the checklist, after confirming',
      checklist: 'Checklist',
      criterion: 'Criterion',
      answer: 'Answer',
      note: 'Note',
    },
    criteria: { inclusion: 'Inclusion criteria', exclusion: 'Exclusion criteria' },
  },
  enums: {
    rejectReason: VALUE_LABELS.en.rejectReason,
    criterionAnswer: VALUE_LABELS.en.criterionAnswer,
  },
};

const fr: typeof en = {
  references: {
    triage: 'Tri',
    createdDuplicate:
      'Ce patient a déjà été adressé à cette étude\u00a0: la nouvelle référence est enregistrée comme doublon de l’ancienne.',
    fields: { decidedAt: 'Décidée le', decidedBy: 'Décidée par', triage: 'Tri' },
    decision: {
      title: 'Décision',
      decided: 'Décidée le',
      decidedBy: '{{at}} par {{actor}}',
      reason: 'Motif du refus',
      reasonNote: 'Note',
      original: 'Référence d’origine',
      confirmed: 'Acceptée malgré la liste de vérification, après confirmation',
      checklist: 'Liste de vérification',
      criterion: 'Critère',
      answer: 'Réponse',
      note: 'Note',
    },
    criteria: { inclusion: 'Critères d’inclusion', exclusion: 'Critères d’exclusion' },
  },
  enums: {
    rejectReason: VALUE_LABELS.fr.rejectReason,
    criterionAnswer: VALUE_LABELS.fr.criterionAnswer,
  },
};

export default { en, fr };
