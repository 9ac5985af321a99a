// The users screens' words for a person's organisation and language, in English and French (added with the users'
// screens; the rest of the users' words are in the core dictionaries).

const en = {
  users: {
    languageHelp: 'The language TrialDesk writes to this person in (e-mail); it follows the one they last chose.',
    organisationHelp: 'Where the person works: a referrer’s clinic or hospital, shown to the study team.',
    fields: { organisation: 'Organisation', language: 'Language' },
  },
};

const fr: typeof en = {
  users: {
    languageHelp:
      'La langue dans laquelle TrialDesk écrit à cette personne (courriels)\u00a0; elle suit la dernière qu’elle a choisie.',
    organisationHelp:
      'Là où la personne travaille\u00a0: la clinique ou l’hôpital d’un référent, indiqué à l’équipe de l’étude.',
    fields: { organisation: 'Organisation', language: 'Langue' },
  },
};

export default { en, fr };
