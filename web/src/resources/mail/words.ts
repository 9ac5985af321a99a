// The mail queue screen's words in English and French (added with its screen: the menu's title stays in the core
// dictionaries): its columns, the failed messages' count, and each message's kind and delivery state in words.

const en = {
  mail: {
    failed_one: '{{count}} message failed',
    failed_other: '{{count}} messages failed',
    fields: {
      createdAt: 'Created',
      kind: 'Kind',
      to: 'Recipients',
      subject: 'Subject',
      state: 'State',
      attempts: 'Attempts',
      lastError: 'Last error',
    },
    sentAt: 'Sent {{at}}',
    nextAttemptAt: 'Next attempt {{at}}',
  },
  enums: {
    mailKind: {
      referralReceived: 'New reference',
      referralDecided: 'Reference decided',
      accessRequested: 'Access requested',
      accessApproved: 'Access approved',
      accessRevoked: 'Access revoked',
    },
    mailState: {
      pending: 'Pending',
      sending: 'Sending',
      sent: 'Sent',
      retrying: 'Retrying',
      failed: 'Failed',
    },
  },
};

const fr: typeof en = {
  mail: {
    failed_one: '{{count}} message en échec',
    failed_other: '{{count}} messages en échec',
    fields: {
      createdAt: 'Créé le',
      kind: 'Type',
      to: 'Destinataires',
      subject: 'Objet',
      state: 'État',
      attempts: 'Tentatives',
      lastError: 'Dernière erreur',
    },
    sentAt: 'Envoyé le {{at}}',
    nextAttemptAt: 'Prochaine tentative le {{at}}',
  },
  enums: {
    mailKind: {
      referralReceived: 'Nouvelle référence',
      referralDecided: 'Référence décidée',
      accessRequested: 'Demande d’accès',
      accessApproved: 'Accès approuvé',
      accessRevoked: 'Accès révoqué',
    },
    mailState: {
      pending: 'En attente',
      sending: 'En cours d’envoi',
      sent: 'Envoyé',
      retrying: 'Nouvel essai prévu',
      failed: 'En échec',
    },
  },
};

export default { en, fr };
