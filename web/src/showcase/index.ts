// The template showcase's pages (dashboard, apps, UI components, forms, charts) and sample resources: its registry.
import type { ComponentType } from 'react';
import { AreaChartOutlined, BlockOutlined, DashboardOutlined, FormOutlined, MessageOutlined } from '@ant-design/icons';
import { addDictionaries } from '../core/i18n/later';
import type { PageDefinition } from '../ui/page';
import words from './words';

// The menu's words join the dictionaries after sign-in; each group's own words load with its pages.
addDictionaries(words);

/** The showcase's resources (the e-commerce sample's): routed and in the menu after the product's own (resources/). */
export { SAMPLE_RESOURCES } from './ecommerce';

type Page = { default: ComponentType };
type Words = { default: Parameters<typeof addDictionaries>[0] };

/** A page's screen with its group's words, added to the dictionaries before the page first renders. */
const withWords =
  (page: () => Promise<Page>, words: () => Promise<Words>): PageDefinition['screen'] =>
  () =>
    Promise.all([page(), words()]).then(([loaded, { default: dictionaries }]) => {
      addDictionaries(dictionaries);
      return loaded;
    });

/** A group of the showcase's UI pages: its pages, one file per page in its folder named as its path ends, in menu order. */
interface UiGroup {
  /** Its folder below this one, also its menu labels' section: `menu.<folder>.<name>`. */
  folder: 'components' | 'forms' | 'charts';
  names: readonly string[];
  /** The folder's files (the bundler's lazy imports, keyed `./<folder>/<file>`). */
  files: Record<string, () => Promise<Page>>;
  words: () => Promise<Words>;
  base: string;
  icon: ComponentType;
}

const pagesOf = ({ folder, names, files, words, base, icon }: UiGroup): PageDefinition[] =>
  names.map((name) => ({
    path: `${base}/${name}`,
    menu: { label: `menu.${folder}.${name}`, icon, group: 'ui', sub: `menu.items.${folder}` },
    screen: withWords(
      files[`./${folder}/${name}.tsx`] ?? (() => Promise.reject(new Error(`No page file for ${base}/${name}`))),
      words,
    ),
  }));

const COMPONENTS = [
  'accordion',
  'alert',
  'avatar',
  'badge',
  'breadcrumb',
  'button',
  'countdown',
  'drawer',
  'dropdown',
  'loading',
  'menu',
  'modal',
  'pagination',
  'progress',
  'step',
  'tab',
  'timeline',
  'toast',
  'tooltip',
] as const;
const FORMS = ['checkbox', 'file', 'input', 'radio', 'range', 'rating', 'toggle'] as const;
const CHARTS = ['area', 'bar', 'column', 'line', 'pie'] as const;

/** The showcase's pages in menu order (within a group they come before the e-commerce resources). */
export const PAGES: PageDefinition[] = [
  {
    path: '/dashboards/ecommerce',
    // Beside the product's recruitment dashboard (resources/pages.ts), in the Pages group's Dashboard submenu.
    menu: { label: 'menu.items.ecommerce', icon: DashboardOutlined, group: 'pages', sub: 'menu.items.dashboard' },
    screen: withWords(
      () => import('./dashboard/EcommerceDashboard'),
      () => import('./dashboard/words'),
    ),
  },
  {
    path: '/apps/chat',
    menu: { label: 'menu.items.chat', icon: MessageOutlined, group: 'pages' },
    screen: withWords(
      () => import('./chat/ChatPage'),
      () => import('./chat/words'),
    ),
  },
  ...pagesOf({
    folder: 'components',
    names: COMPONENTS,
    files: import.meta.glob<Page>('./components/*.tsx'),
    words: () => import('./components/words'),
    base: '/ui/components',
    icon: BlockOutlined,
  }),
  ...pagesOf({
    folder: 'forms',
    names: FORMS,
    files: import.meta.glob<Page>('./forms/*.tsx'),
    words: () => import('./forms/words'),
    base: '/ui/forms',
    icon: FormOutlined,
  }),
  ...pagesOf({
    folder: 'charts',
    names: CHARTS,
    files: import.meta.glob<Page>('./charts/*.tsx'),
    words: () => import('./charts/words'),
    base: '/ui/charts/apex',
    icon: AreaChartOutlined,
  }),
];
