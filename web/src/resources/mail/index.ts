// The mail queue (Admins, read only): its path, menu entry and access; its list loads with its screen.
import { MailOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../ui/resource/definition';

export const mail: ResourceDefinition = {
  name: 'mail',
  path: 'mail',
  menu: { label: 'menu.mail', icon: MailOutlined, group: 'other' },
  access: { list: 'admin', create: 'none', edit: 'none', delete: 'none' },
  screens: () => import('./screens').then((module) => module.default),
};
