// The references resource: its paths and menu entry (who may do what: its declaration); its screens load on use.
import { SolutionOutlined } from '@ant-design/icons';
import { referencesKind } from '@trialdesk/shared';
import { kindResource } from '../../ui/resource/definition';

export const references = kindResource(referencesKind, {
  path: 'references',
  menu: { label: 'menu.references', icon: SolutionOutlined, group: 'app' },
  screens: () => import('./screens').then((module) => module.default),
});
