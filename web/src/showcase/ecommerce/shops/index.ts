// The showcase's shops (sample data): paths, menu entry and access; its list and form load with its screens.
import { ShopOutlined } from '@ant-design/icons';
import { ECOMMERCE_PATH } from '../../../core/config';
import type { ResourceDefinition } from '../../../ui/resource/definition';

export const shops: ResourceDefinition = {
  name: 'shops',
  base: ECOMMERCE_PATH,
  path: 'shops',
  sample: true,
  menu: { label: 'menu.shops', icon: ShopOutlined, group: 'pages', sub: 'menu.items.ecommerce' },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'staff' },
  screens: () => import('./screens').then((module) => module.default),
};
