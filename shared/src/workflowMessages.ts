// The errors of the clinical workflow (triage, exports) in both languages: English for the server's messages, both
// for the web's dictionaries (added after sign-in, so the login route carries neither).
const en = {
  alreadyDecided: 'Someone else has already decided this referral.',
  notPending: 'Only a pending referral can be triaged.',
  criteriaChanged: "The study's criteria changed while you were answering: review the checklist again.",
  acceptUnconfirmed:
    'The checklist has an inclusion criterion not met or an exclusion criterion met: confirm to accept.',
  duplicateOriginalMissing: 'The original reference does not exist, or belongs to another study.',
} as const;
const fr: Record<keyof typeof en, string> = {
  alreadyDecided: "Quelqu'un d'autre a déjà décidé de cette orientation.",
  notPending: 'Seule une orientation en attente peut être triée.',
  criteriaChanged: "Les critères de l'étude ont changé pendant que vous répondiez : revoyez la liste de vérification.",
  acceptUnconfirmed:
    "La liste de vérification contient un critère d'inclusion non rempli ou un critère d'exclusion rempli : confirmez pour accepter.",
  duplicateOriginalMissing: "La référence d'origine n'existe pas ou appartient à une autre étude.",
};
export const workflowErrorsEn = en;
export const workflowMessages = { en: { errors: en }, fr: { errors: fr } };
