// The study contacts list (search, sortable name and email, phone, trial contact flag) and form.
import { Tag } from 'antd';
import { STUDY_CONTACT_SORTS, type StudyContact } from '@trialdesk/shared';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import { contactName, studyContactApi } from './api';
import { StudyContactFields, studyContactForm } from './StudyContactForm';

const list: ListDefinition<StudyContact> = {
  useList: studyContactApi.useList,
  sorts: STUDY_CONTACT_SORTS,
  search: 'text',
  filters: [],
  columns: (t) => [
    {
      title: t('studyContacts.fields.name'),
      key: 'lastName',
      sorter: true,
      link: true,
      render: (_: unknown, contact) => contactName(contact),
    },
    { title: t('studyContacts.fields.email'), dataIndex: 'email', key: 'email', sorter: true },
    {
      title: t('studyContacts.fields.phoneNumber'),
      dataIndex: 'phoneNumber',
      key: 'phoneNumber',
      render: (phone: string) => phone || t('app.none'),
    },
    {
      title: t('studyContacts.fields.isTrialContact'),
      dataIndex: 'isTrialContact',
      key: 'isTrialContact',
      render: (flag: boolean) => <Tag color={flag ? 'blue' : 'default'}>{flag ? t('app.yes') : t('app.no')}</Tag>,
    },
  ],
  minWidth: 640,
  export: { callable: 'studyContacts-export' },
};

const screens: ResourceScreens = {
  list,
  form: {
    codec: studyContactForm,
    Fields: StudyContactFields,
    api: studyContactApi,
    messages: { created: 'success.studyContactCreated', updated: 'success.studyContactUpdated' },
    history: { entity: 'studyContacts' },
  },
};
export default screens;
