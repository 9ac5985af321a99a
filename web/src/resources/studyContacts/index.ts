// The study contacts resource: its paths and menu entry (who may do what: its declaration); screens load on use.
import { ContactsOutlined } from '@ant-design/icons';
import { studyContactsKind } from '@trialdesk/shared';
import { kindResource } from '../../ui/resource/definition';

export const studyContacts = kindResource(studyContactsKind, {
  path: 'study-contacts',
  menu: {
    label: 'menu.studyContacts',
    icon: ContactsOutlined,
    group: 'app',
  },
  screens: () => import('./screens').then((module) => module.default),
});
