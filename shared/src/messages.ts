// Messages the server produces (field validation and business errors), in both languages. The server answers
// with the English text plus the key and params; the web translates the key with i18next (these dictionaries are
// merged into its own), so both languages come from one place.
import type { fileErrorsEn } from './documents.js';
import type { workflowErrorsEn } from './workflowMessages.js';

export const messages = {
  en: {
    validation: {
      required: 'This field is required',
      email: 'Please enter a valid email address',
      type: 'This value has the wrong type',
      minLength: 'Enter at least {{min}} characters',
      maxLength: 'Enter at most {{max}} characters',
      maxItems: 'Enter at most {{max}} items',
      min: 'Enter a number of at least {{min}}',
      max: 'Enter a number of at most {{max}}',
      integer: 'Enter a whole number',
      oneOf: 'Choose one of the listed values',
      unknownField: 'This field is not allowed',
      date: 'Enter a valid date (YYYY-MM-DD)',
      endBeforeStart: 'The end date must be on or after the start date',
      url: 'Enter a web address starting with http:// or https://',
      doi: 'Enter a DOI such as 10.1000/xyz123',
      phone: 'Enter a valid phone number',
      patientId: 'Use letters, digits and dashes only',
      passwordMismatch: 'The passwords do not match',
      passwordPair: 'Enter the password and its confirmation',
      id: 'This identifier is not valid',
      invalid: 'This value is not valid',
      malformedText: 'This text holds a broken character: type it again or paste it from another source',
      controlCharacters: 'Remove the invisible control characters from this text',
      singleLine: 'Enter this on one line, without tabs or line breaks',
      bidiCharacters: 'Remove the characters that force the direction of the text',
      forbiddenKey: 'This field name is not allowed',
      offsetTooLarge: 'Pages past the first {{max}} rows open one at a time, with Next and Previous',
      nctId: 'Enter an NCT number: NCT followed by 8 digits, such as NCT01234567',
      nctIdOrRecord: 'Give either an NCT number or a registry record, not both',
      recordTooLarge: 'This record is larger than {{max}} MB',
      birthYear: 'Enter a year of birth between {{min}} and {{max}}',
      consentRequired: 'Confirm that the patient agreed to be contacted by the study team',
    },
    errors: {
      unauthenticated: 'Please sign in to continue.',
      permissionDenied: "You don't have permission to access this page",
      notFound: 'This record does not exist or was deleted.',
      staleVersion: 'This record was changed by someone else. Reload it to see the latest version.',
      studyHasReferences: 'This study still has {{count}} references. Move or delete them before deleting the study.',
      studyHasDocuments:
        'This study still has {{count}} documents. Delete them in its document library before deleting the study.',
      studyNotFound: 'The selected study does not exist.',
      contactNotFound: 'The selected study contact does not exist.',
      contactInUse: '{{count}} studies still name this contact. Choose another contact for them first.',
      lastAdmin: 'This is the last approved Admin: another Admin must exist first.',
      emailTaken: 'An account with this email address already exists.',
      accountNotSynced:
        "The change was saved, but the person's sign-in account could not be updated to match it. Repeat the action to try again.",
      accessRevoked: 'Your access to TrialDesk was withdrawn. Ask an Admin if you still need it.',
      sessionEnded: 'Your access to TrialDesk changed, or this session was ended. Sign in again to continue.',
      accountEmailChanged:
        'The email address of your sign-in account was changed outside TrialDesk. Ask an administrator to check your account.',
      accountEmailInvalid:
        'Your sign-in account has no valid email address: ask an administrator to create your account.',
      internal: 'Server error occurred. Please try again.',
      unexpected: 'An unexpected error occurred.',
      invalidArgument: 'Some fields are not valid.',
      cursorStale: 'The list changed while you were paging. Start again from the first page.',
      exportTooLarge:
        'This export would hold {{count}} rows; one file holds at most {{max}}. Narrow the search or filters.',
    },
  },
  fr: {
    validation: {
      required: 'Ce champ est obligatoire',
      email: 'Veuillez saisir une adresse courriel valide',
      type: 'Cette valeur n’est pas du bon type',
      minLength: 'Saisissez au moins {{min}} caractères',
      maxLength: 'Saisissez au plus {{max}} caractères',
      maxItems: 'Saisissez au plus {{max}} éléments',
      min: 'Saisissez un nombre d’au moins {{min}}',
      max: 'Saisissez un nombre d’au plus {{max}}',
      integer: 'Saisissez un nombre entier',
      oneOf: 'Choisissez l’une des valeurs proposées',
      unknownField: 'Ce champ n’est pas permis',
      date: 'Saisissez une date valide (AAAA-MM-JJ)',
      endBeforeStart: 'La date de fin doit être égale ou postérieure à la date de début',
      url: 'Saisissez une adresse web commençant par http:// ou https://',
      doi: 'Saisissez un DOI tel que 10.1000/xyz123',
      phone: 'Saisissez un numéro de téléphone valide',
      patientId: 'Utilisez uniquement des lettres, des chiffres et des tirets',
      passwordMismatch: 'Les mots de passe ne correspondent pas',
      passwordPair: 'Saisissez le mot de passe et sa confirmation',
      id: 'Cet identifiant n’est pas valide',
      invalid: 'Cette valeur n’est pas valide',
      malformedText:
        'Ce texte contient un caractère endommagé\u00a0: saisissez-le de nouveau ou collez-le d’une autre source',
      controlCharacters: 'Retirez de ce texte les caractères de contrôle invisibles',
      singleLine: 'Saisissez ce texte sur une seule ligne, sans tabulation ni saut de ligne',
      bidiCharacters: 'Retirez les caractères qui imposent le sens d’écriture du texte',
      forbiddenKey: 'Ce nom de champ n’est pas permis',
      offsetTooLarge:
        'Les pages au-delà des {{max}} premières lignes s’ouvrent une à la fois, avec Suivant et Précédent',
      nctId: 'Saisissez un numéro NCT\u00a0: NCT suivi de 8 chiffres, comme NCT01234567',
      nctIdOrRecord: 'Donnez soit un numéro NCT, soit une fiche du registre, pas les deux',
      recordTooLarge: 'Cette fiche dépasse {{max}}\u00a0Mo',
      birthYear: 'Saisissez une année de naissance entre {{min}} et {{max}}',
      consentRequired: 'Confirmez que le patient a accepté d’être contacté par l’équipe de l’étude',
    },
    errors: {
      unauthenticated: 'Veuillez vous connecter pour continuer.',
      permissionDenied: 'Vous n’avez pas la permission d’accéder à cette page',
      notFound: 'Cet enregistrement n’existe pas ou a été supprimé.',
      staleVersion:
        'Cet enregistrement a été modifié par quelqu’un d’autre. Rechargez-le pour voir la dernière version.',
      studyHasReferences:
        'Cette étude a encore {{count}} références. Déplacez-les ou supprimez-les avant de supprimer l’étude.',
      studyHasDocuments:
        'Cette étude a encore {{count}} documents. Supprimez-les dans sa bibliothèque de documents avant de supprimer l’étude.',
      studyNotFound: 'L’étude choisie n’existe pas.',
      contactNotFound: 'Le contact d’étude choisi n’existe pas.',
      contactInUse: '{{count}} études nomment encore ce contact. Choisissez-leur d’abord un autre contact.',
      lastAdmin: 'C’est le dernier administrateur approuvé\u00a0: un autre administrateur doit d’abord exister.',
      emailTaken: 'Un compte existe déjà avec cette adresse courriel.',
      accountNotSynced:
        'La modification a été enregistrée, mais le compte de connexion de la personne n’a pas pu être mis à jour en conséquence. Refaites l’action pour réessayer.',
      accessRevoked:
        'Votre accès à TrialDesk a été retiré. Adressez-vous à un administrateur si vous en avez encore besoin.',
      sessionEnded: 'Votre accès à TrialDesk a changé, ou cette session a été fermée. Reconnectez-vous pour continuer.',
      accountEmailChanged:
        'L’adresse courriel de votre compte de connexion a été modifiée hors de TrialDesk. Demandez à un administrateur de vérifier votre compte.',
      accountEmailInvalid:
        'Votre compte de connexion n’a pas d’adresse courriel valide\u00a0: demandez à un administrateur de créer votre compte.',
      internal: 'Une erreur serveur s’est produite. Veuillez réessayer.',
      unexpected: 'Une erreur inattendue s’est produite.',
      invalidArgument: 'Certains champs ne sont pas valides.',
      cursorStale: 'La liste a changé pendant que vous la parcouriez. Recommencez à la première page.',
      exportTooLarge:
        'Cette exportation contiendrait {{count}} lignes\u00a0; un fichier en contient au plus {{max}}. Précisez la recherche ou les filtres.',
    },
  },
} as const;

export type ValidationKey = keyof (typeof messages)['en']['validation'];
/** Every error key: the shell's here, the file callables' (documents.ts) and the workflow's (workflowMessages.ts). */
export type ErrorKey =
  keyof (typeof messages)['en']['errors'] | keyof typeof fileErrorsEn | keyof typeof workflowErrorsEn;
export type MessageParams = Record<string, string | number>;

/** A message with its {{params}} filled in. */
export const fillMessage = (template: string, params: MessageParams = {}): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));

/**
 * English text of a `validation.x` or `errors.x` key of this file, with {{params}} filled in (the server adds the
 * file and workflow errors: they stay off the login route).
 */
export function englishMessage(key: string, params: MessageParams = {}): string {
  const [group, name] = key.split('.') as ['validation' | 'errors', string];
  const dictionary = messages.en[group] as Record<string, string> | undefined;
  return fillMessage(dictionary?.[name] ?? key, params);
}
