// The showcase's customers (sample data): paths, menu entry and access; its list and form load with its screens.
import { UserOutlined } from '@ant-design/icons';
import { ECOMMERCE_PATH } from '../../../core/config';
import type { ResourceDefinition } from '../../../ui/resource/definition';

export const customers: ResourceDefinition = {
  name: 'customers',
  base: ECOMMERCE_PATH,
  path: 'customers',
  sample: true,
  menu: { label: 'menu.customers', icon: UserOutlined, group: 'pages', sub: 'menu.items.ecommerce' },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'staff' },
  screens: () => import('./screens').then((module) => module.default),
};
