// The showcase's products (sample data): paths, menu entry and access; its list and form load with its screens.
import { ShoppingOutlined } from '@ant-design/icons';
import { ECOMMERCE_PATH } from '../../../core/config';
import type { ResourceDefinition } from '../../../ui/resource/definition';

export const products: ResourceDefinition = {
  name: 'products',
  base: ECOMMERCE_PATH,
  path: 'products',
  sample: true,
  menu: { label: 'menu.products', icon: ShoppingOutlined, group: 'pages', sub: 'menu.items.ecommerce' },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'staff' },
  screens: () => import('./screens').then((module) => module.default),
};
