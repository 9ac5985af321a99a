// The references resource: its paths, menu entry and who may do what; its list and form load with its screens.
import { SolutionOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../ui/resource/definition';

export const references: ResourceDefinition = {
  name: 'references',
  path: 'references',
  menu: { label: 'menu.references', icon: SolutionOutlined, group: 'app' },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'admin' },
  screens: () => import('./screens').then((module) => module.default),
};
