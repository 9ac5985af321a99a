import { messages } from '@trialdesk/shared';
import { en } from './en';
import { fr } from './fr';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The web dictionaries with the server's validation and error messages merged in (one source for both). */
export const resources = {
  en: { translation: { ...en, validation: messages.en.validation, errors: { ...messages.en.errors, ...en.errors } } },
  fr: { translation: { ...fr, validation: messages.fr.validation, errors: { ...messages.fr.errors, ...fr.errors } } },
};

export function toLanguage(code: string | undefined): Language {
  return code?.toLowerCase().startsWith('en') ? 'en' : 'fr';
}
