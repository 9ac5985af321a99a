import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, STUDY_CONTACT_SORTS, type StudyContact, type StudyContactSort } from '@trialdesk/shared';
import { LoadError } from '../components/ListError';
import { sorterOf, sortFromSorter, type ListConfig } from '../components/listParams';
import { ListToolbar } from '../components/ListToolbar';
import { tablePagination } from '../components/pagination';
import { SearchInput } from '../components/SearchInput';
import { useListParams } from '../components/useListParams';
import { contactName, useListStudyContactsQuery } from './api';

const config: ListConfig<never> = { sorts: STUDY_CONTACT_SORTS, filters: {} };

export default function StudyContactsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, update } = useListParams(config);
  const { data, error, isFetching, refetch } = useListStudyContactsQuery({
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
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<StudyContact>
          data-testid="list-table"
          rowKey="id"
          columns={columns}
          dataSource={data?.items}
          loading={isFetching}
          locale={{ emptyText: t('list.empty') }}
          scroll={{ x: 640 }}
          onRow={(c) => ({ onClick: () => navigate(`/app/study-contacts/${c.id}`), style: { cursor: 'pointer' } })}
          pagination={tablePagination(t, params, data?.total, (page, pageSize) =>
            update(pageSize !== params.pageSize ? { pageSize: pageSize as typeof params.pageSize } : { page }),
          )}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            update({ sort: sortFromSorter(STUDY_CONTACT_SORTS, one?.columnKey, one?.order) });
          }}
        />
      )}
    </>
  );
}
