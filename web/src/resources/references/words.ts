// The references' triage words in English and French: the list's Triage link, the decision shown on a reference's
// edit screen, a portal referral's referrer, rejection reasons and checklist answers (added with the references'
// screens and the triage screen).
import { VALUE_LABELS } from '@trialdesk/shared';

const en = {
  references: {
    triage: 'Triage',
    createdDuplicate:
      'This patient was referred to this study before: the new reference is recorded as a duplicate of the earlier one.',
    fields: {
      decidedAt: 'Decided',
      decidedBy: 'Decided by',
      triage: 'Triage',
      refererId: 'Referred through',
      referral: 'Referrer (portal)',
    },
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
      message: 'Message to the referrer',
      noMessage: 'None sent',
    },
    criteria: { inclusion: 'Inclusion criteria', exclusion: 'Exclusion criteria' },
    referral: {
      title: 'Referrer',
      portal: 'Portal',
      name: 'Name',
      organisation: 'Organisation',
      phone: 'Phone',
      email: 'E-mail',
      birthYear: 'Patient’s year of birth',
      sex: 'Patient’s sex',
      consent: 'Consent to contact',
      consentGiven: 'The patient agreed to be contacted by the study team',
      note: 'Referrer’s note',
      answer: 'Referrer’s answer',
      notAnswered: 'Not answered',
      inclusion: 'Inclusion criteria, as the referrer answered them',
      exclusion: 'Exclusion criteria, as the referrer answered them',
    },
  },
  enums: {
    rejectReason: VALUE_LABELS.en.rejectReason,
    criterionAnswer: VALUE_LABELS.en.criterionAnswer,
    sex: VALUE_LABELS.en.sex,
  },
};

const fr: typeof en = {
  references: {
    triage: 'Tri',
    createdDuplicate:
      'Ce patient a déjà été adressé à cette étude\u00a0: la nouvelle référence est enregistrée comme doublon de l’ancienne.',
    fields: {
      decidedAt: 'Décidée le',
      decidedBy: 'Décidée par',
      triage: 'Tri',
      refererId: 'Reçue par',
      referral: 'Référent (portail)',
    },
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
      message: 'Message au référent',
      noMessage: 'Aucun envoyé',
    },
    criteria: { inclusion: 'Critères d’inclusion', exclusion: 'Critères d’exclusion' },
    referral: {
      title: 'Référent',
      portal: 'Portail',
      name: 'Nom',
      organisation: 'Organisation',
      phone: 'Téléphone',
      email: 'Courriel',
      birthYear: 'Année de naissance du patient',
      sex: 'Sexe du patient',
      consent: 'Consentement au contact',
      consentGiven: 'Le patient a accepté d’être contacté par l’équipe de l’étude',
      note: 'Note du référent',
      answer: 'Réponse du référent',
      notAnswered: 'Sans réponse',
      inclusion: 'Critères d’inclusion, selon les réponses du référent',
      exclusion: 'Critères d’exclusion, selon les réponses du référent',
    },
  },
  enums: {
    rejectReason: VALUE_LABELS.fr.rejectReason,
    criterionAnswer: VALUE_LABELS.fr.criterionAnswer,
    sex: VALUE_LABELS.fr.sex,
  },
};

export default { en, fr };
