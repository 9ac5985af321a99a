// The browser tab's title of a screen: "<its title> · TrialDesk", in the reader's language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title for `title` (none: the app's name alone). */
export const documentTitle = (title: string | undefined, app: string) => (title ? `${title} · ${app}` : app);

/**
 * Sets the browser tab's title while the screen shows (and again when its language or title changes): each route's
 * screen calls it once, so the title never stays behind from the previous screen.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = documentTitle(title, app);
  }, [title, app]);
}
