// What a page of its own is on the web (the template showcase's dashboard, apps and UI pages): path, menu entry, screen.
import type { ComponentType } from 'react';
import type { MenuPlace } from './resource/definition';

/** A signed-in page that is not a resource's list or form: any approved Admin or Editor may open it. */
export interface PageDefinition {
  /** Its whole path, e.g. `/ui/components/alert`. */
  path: string;
  /** Its menu entry; its label is also the page's title. */
  menu: MenuPlace;
  /** The page, loaded when first opened (so neither the login page nor the product's screens carry it). */
  screen: () => Promise<{ default: ComponentType }>;
}
