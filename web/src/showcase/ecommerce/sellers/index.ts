// The showcase's sellers (sample data): paths, menu entry and access; its list and form load with its screens.
import { IdcardOutlined } from '@ant-design/icons';
import { ECOMMERCE_PATH } from '../../../core/config';
import type { ResourceDefinition } from '../../../ui/resource/definition';

export const sellers: ResourceDefinition = {
  name: 'sellers',
  base: ECOMMERCE_PATH,
  path: 'sellers',
  sample: true,
  menu: { label: 'menu.sellers', icon: IdcardOutlined, group: 'pages', sub: 'menu.items.ecommerce' },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'staff' },
  screens: () => import('./screens').then((module) => module.default),
};
