// The product's own pages (not a resource's list or form): the recruitment dashboard, the triage screen, the file
// manager.
import { DashboardOutlined, FolderOutlined } from '@ant-design/icons';
import { APP_PATH } from '../core/config';
import { addDictionaries } from '../core/i18n/later';
import type { PageDefinition } from '../ui/page';
import { pathsOf } from '../ui/resource/definition';
import dashboardWords from './dashboard/words';
import { references } from './references';

// The dashboard's words (its screen's, the tab's title) join the dictionaries with this list, after sign-in (never on
// the login page).
addDictionaries(dashboardWords);

/** The product's pages, routed before the showcase's; any approved Admin or Editor may open them. */
export const PRODUCT_PAGES: PageDefinition[] = [
  {
    // A coordinator's home: first in the app's group, before the resources.
    path: `${APP_PATH}/dashboard`,
    menu: { label: 'menu.items.dashboard', icon: DashboardOutlined, group: 'app' },
    title: 'dashboard.title',
    screen: () => import('./dashboard/DashboardPage'),
  },
  {
    // Opened from the dashboard's backlog and the references; ranked above `references/:id` by the router.
    path: `${pathsOf(references).list}/triage`,
    title: 'triage.title',
    screen: () => import('./references/triage/TriagePage'),
  },
  {
    // The document library's folders; the path stays among the template's apps, where the showcase first had it.
    path: '/apps/file-manager',
    menu: { label: 'menu.items.fileManager', icon: FolderOutlined, group: 'pages' },
    screen: () => import('./documents/FileManagerPage'),
  },
];
