// The showcase's orders (sample data): a list and each order's detail (lines, status timeline); none is created here.
import { ShoppingCartOutlined } from '@ant-design/icons';
import { ECOMMERCE_PATH } from '../../../core/config';
import type { ResourceDefinition } from '../../../ui/resource/definition';

export const orders: ResourceDefinition = {
  name: 'orders',
  base: ECOMMERCE_PATH,
  path: 'orders',
  sample: true,
  menu: { label: 'menu.orders', icon: ShoppingCartOutlined, group: 'pages', sub: 'menu.items.ecommerce' },
  // Orders come from the shop's checkout, not from staff: the detail changes only their status.
  access: { list: 'staff', create: 'none', edit: 'staff', delete: 'none' },
  screens: () => import('./screens').then((module) => module.default),
};
