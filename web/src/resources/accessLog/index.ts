// The access log (Admins, read only): its path, menu entry and access; its list loads with its screen.
import { AuditOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../ui/resource/definition';

export const accessLog: ResourceDefinition = {
  name: 'accessLog',
  path: 'access-log',
  menu: { label: 'menu.accessLog', icon: AuditOutlined, group: 'other' },
  access: { list: 'admin', create: 'none', edit: 'none', delete: 'none' },
  screens: () => import('./screens').then((module) => module.default),
};
