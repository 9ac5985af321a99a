// The study contacts list screen: search, sortable name and email, phone and trial contact flag.
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, STUDY_CONTACT_SORTS, type StudyContact, type StudyContactSort } from '@trialdesk/shared';
import { ListTable } from '../../ui/ListTable';
import { sorterOf, type ListConfig } from '../../ui/listParams';
import { ListToolbar } from '../../ui/ListToolbar';
import { SearchInput } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { contactName, useListStudyContactsQuery } from './api';

const config: ListConfig<never> = { sorts: STUDY_CONTACT_SORTS, filters: {} };

export default function StudyContactsList() {
  const { t } = useTranslation();
  const { params, update } = useListParams(config);
  const list = useListStudyContactsQuery({
    search: params.search || undefined,
    sort: params.sort as StudyContactSort | undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
  const columns: ColumnsType<StudyContact> = [
    {
      title: t('studyContacts.fields.name'),
      key: 'lastName',
      sorter: true,
      sortOrder: sorterOf(params.sort, 'lastName'),
      render: (_: unknown, contact) => <Link to={`/app/study-contacts/${contact.id}`}>{contactName(contact)}</Link>,
    },
    {
      title: t('studyContacts.fields.email'),
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      sortOrder: sorterOf(params.sort, 'email'),
    },
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
  ];
  return (
    <>
      <ListToolbar
        title={t('studyContacts.title')}
        createLabel={t('studyContacts.create')}
        createTo="/app/study-contacts/create"
      >
        <SearchInput
          value={params.search}
          onChange={(search) => update({ search })}
          placeholder={t('studyContacts.searchPlaceholder')}
          label={t('list.search')}
          maxLength={LIMITS.searchMax}
        />
      </ListToolbar>
      <ListTable<StudyContact>
        columns={columns}
        query={list}
        params={params}
        onChange={update}
        sorts={STUDY_CONTACT_SORTS}
        rowHref={(row) => `/app/study-contacts/${row.id}`}
        minWidth={640}
      />
    </>
  );
}
