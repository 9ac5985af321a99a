// The users resource (Admins only): its paths, menu entry and who may do what; its list and form load with its screens.
import { TeamOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../ui/resource/definition';

export const users: ResourceDefinition = {
  name: 'users',
  path: 'users',
  menu: { label: 'menu.users', icon: TeamOutlined, group: 'app' },
  access: { list: 'admin', create: 'admin', edit: 'admin', delete: 'admin' },
  screens: () => import('./screens').then((module) => module.default),
};
