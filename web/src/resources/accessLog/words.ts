// The access log screen's words in English and French (added with its screen: the menu's title stays in the core
// dictionaries).

const en = {
  accessLog: {
    person: 'Person',
    signedOut: 'Signed out',
    references_one: '{{count}} reference',
    references_other: '{{count}} references',
    fields: {
      at: 'When',
      actor: 'Who',
      action: 'Action',
      callable: 'Callable',
      outcome: 'Outcome',
      target: 'Record',
      detail: 'Detail',
    },
    actions: {
      readReference: 'Reference read',
      listReferences: 'References listed',
      searchPatientId: 'Patient ID search',
      readReferenceHistory: 'Reference history read',
      writeReference: 'Reference saved',
      export: 'Export',
      refused: 'Refused call',
    },
    outcomes: { allowed: 'Allowed', unauthenticated: 'Not signed in', 'permission-denied': 'Permission denied' },
  },
};

const fr: typeof en = {
  accessLog: {
    person: 'Personne',
    signedOut: 'Non connecté',
    references_one: '{{count}} référence',
    references_other: '{{count}} références',
    fields: {
      at: 'Date',
      actor: 'Qui',
      action: 'Action',
      callable: 'Fonction appelée',
      outcome: 'Résultat',
      target: 'Enregistrement',
      detail: 'Détail',
    },
    actions: {
      readReference: 'Lecture d’une référence',
      listReferences: 'Liste de références',
      searchPatientId: 'Recherche par ID patient',
      readReferenceHistory: 'Historique d’une référence',
      writeReference: 'Référence enregistrée',
      export: 'Exportation',
      refused: 'Appel refusé',
    },
    outcomes: { allowed: 'Autorisé', unauthenticated: 'Non connecté', 'permission-denied': 'Permission refusée' },
  },
};

export default { en, fr };
