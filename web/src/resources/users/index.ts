// The users resource: its paths and menu entry (Admins only, from its declaration); its screens load on use.
import { TeamOutlined } from '@ant-design/icons';
import { usersKind } from '@trialdesk/shared';
import { kindResource } from '../../ui/resource/definition';

export const users = kindResource(usersKind, {
  path: 'users',
  menu: { label: 'menu.users', icon: TeamOutlined, group: 'app' },
  screens: () => import('./screens').then((module) => module.default),
});
