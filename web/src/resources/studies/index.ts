// The studies resource: its paths, menu entry and who may do what; its list and form load with its screens.
import { ExperimentOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../ui/resource/definition';

export const studies: ResourceDefinition = {
  name: 'studies',
  path: 'studies',
  menu: { label: 'menu.studies', icon: ExperimentOutlined, group: 'app' },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'admin' },
  screens: () => import('./screens').then((module) => module.default),
};
