// The references' triage words in English and French: the list's Triage link, the decision shown on a reference's
// edit screen, rejection reasons and checklist answers (added with the references' screens and the triage screen).

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
    rejectReason: {
      inclusionNotMet: 'An inclusion criterion is not met',
      exclusionMet: 'An exclusion criterion is met',
      declined: 'The patient declined',
      unreachable: 'The patient could not be reached',
      studyFull: 'The study is full',
      other: 'Other',
    },
    criterionAnswer: { met: 'Met', notMet: 'Not met', unknown: 'Unknown' },
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
    rejectReason: {
      inclusionNotMet: 'Un critère d’inclusion n’est pas rempli',
      exclusionMet: 'Un critère d’exclusion est rempli',
      declined: 'Le patient a refusé',
      unreachable: 'Le patient n’a pas pu être joint',
      studyFull: 'L’étude est complète',
      other: 'Autre',
    },
    criterionAnswer: { met: 'Rempli', notMet: 'Non rempli', unknown: 'Inconnu' },
  },
};

export default { en, fr };
