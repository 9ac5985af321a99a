// What a page of its own is on the web (the product's dashboard and triage, the showcase's pages): path, menu, screen.
import type { ComponentType } from 'react';
import type { MenuPlace } from './resource/definition';

/** A signed-in page that is not a resource's list or form: any approved Admin or Editor may open it. */
export interface PageDefinition {
  /** Its whole path, e.g. `/ui/components/alert`. */
  path: string;
  /**
   * Its menu entry, whose label is also the page's title unless `title` says otherwise; none for a page reached from
   * another screen (the triage screen, from the dashboard and the references).
   */
  menu?: MenuPlace;
  /**
   * The dictionary key of its title in the browser tab, when not its menu label (a page without a menu entry
   * always has one); its group's words load with its screen, before the tab shows it.
   */
  title?: string;
  /** The page, loaded when first opened (so neither the login page nor the product's screens carry it). */
  screen: () => Promise<{ default: ComponentType }>;
}
