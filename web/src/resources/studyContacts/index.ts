// The study contacts resource: its paths, menu entry and who may do what; its list and form load with its screens.
import { ContactsOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../ui/resource/definition';

export const studyContacts: ResourceDefinition = {
  name: 'studyContacts',
  path: 'study-contacts',
  menu: {
    label: 'menu.studyContacts',
    icon: ContactsOutlined,
    group: 'app',
  },
  access: { list: 'staff', create: 'staff', edit: 'staff', delete: 'admin' },
  screens: () => import('./screens').then((module) => module.default),
};
