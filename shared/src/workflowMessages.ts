// The errors of the clinical workflow (triage, exports, registry imports, referrals) in both languages: English for the server's messages, both
// for the web's dictionaries (added after sign-in, so the login route carries neither).
const en = {
  alreadyDecided: 'Someone else has already decided this reference.',
  notPending: 'Only a pending reference can be triaged.',
  criteriaChanged: "The study's criteria changed while you were answering: review the checklist again.",
  acceptUnconfirmed:
    'The checklist has an inclusion criterion not met or an exclusion criterion met: confirm to accept.',
  duplicateOriginalInvalid:
    'The original must be an earlier reference of the same patient to the same study, and not a duplicate itself.',
  undoExpired: 'This decision can no longer be undone: it was taken more than {{minutes}} minutes ago.',
  notUndoable: 'Only a decision taken on the triage screen can be undone.',
  registryNotFound: 'ClinicalTrials.gov has no study {{nctId}}. Check the NCT number.',
  registryUnavailable:
    'ClinicalTrials.gov cannot be reached just now. Try again in a few minutes, or import the study’s downloaded JSON file.',
  alreadyReferred: 'This patient has already been referred to this study.',
  referralLimit: 'You have made {{max}} referrals today, the most a day allows. Try again tomorrow.',
  studyNotRecruiting: 'This study is no longer recruiting.',
  notReferrer: 'Only referring clinicians with approved access can use the referral portal.',
} as const;
const fr: Record<keyof typeof en, string> = {
  alreadyDecided: 'Quelqu’un d’autre a déjà décidé de cette référence.',
  notPending: 'Seule une référence en attente peut être triée.',
  criteriaChanged:
    'Les critères de l’étude ont changé pendant que vous répondiez\u00a0: revoyez la liste de vérification.',
  acceptUnconfirmed:
    'La liste de vérification contient un critère d’inclusion non rempli ou un critère d’exclusion rempli\u00a0: confirmez pour accepter.',
  duplicateOriginalInvalid:
    'La référence d’origine doit être une référence antérieure du même patient vers la même étude, et ne pas être elle-même un doublon.',
  undoExpired: 'Cette décision ne peut plus être annulée\u00a0: elle a été prise il y a plus de {{minutes}} minutes.',
  notUndoable: 'Seule une décision prise à l’écran de tri peut être annulée.',
  registryNotFound: 'ClinicalTrials.gov n’a pas d’étude {{nctId}}. Vérifiez le numéro NCT.',
  registryUnavailable:
    'ClinicalTrials.gov est injoignable pour le moment. Réessayez dans quelques minutes, ou importez le fichier JSON téléchargé de l’étude.',
  alreadyReferred: 'Ce patient a déjà été adressé à cette étude.',
  referralLimit: 'Vous avez fait {{max}} références aujourd’hui, le maximum par jour. Réessayez demain.',
  studyNotRecruiting: 'Cette étude ne recrute plus.',
  notReferrer: 'Seuls les cliniciens référents dont l’accès est approuvé peuvent utiliser le portail de référence.',
};
export const workflowErrorsEn = en;
export const workflowMessages = { en: { errors: en }, fr: { errors: fr } };
