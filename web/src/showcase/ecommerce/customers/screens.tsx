// The showcase's customers list (search, status and province filters, name and email sorts) and form.
import { Tag } from 'antd';
import { enumLabel } from '../../../ui/enums';
import type { ListDefinition, ResourceScreens } from '../../../ui/resource/definition';
import { sampleApi } from '../api';
import { CUSTOMER_SORTS, CUSTOMER_STATUSES, PROVINCES, type Customer } from '../schemas';
import { CustomerFields, customerForm } from './CustomerForm';

const customerApi = sampleApi('customers');

const STATUS_COLORS: Record<Customer['status'], string> = { Active: 'green', Blocked: 'red' };

const list: ListDefinition<Customer> = {
  useList: customerApi.useList,
  sorts: CUSTOMER_SORTS,
  search: 'text',
  filters: [
    { kind: 'enum', name: 'status', values: CUSTOMER_STATUSES, labels: 'customerStatus', width: 160 },
    { kind: 'enum', name: 'province', values: PROVINCES, labels: 'province', width: 220, showSearch: true },
  ],
  columns: (t) => [
    {
      title: t('customers.fields.name'),
      // Sorted on the server by last name, then first name: the cell reads in that order.
      key: 'lastName',
      sorter: true,
      link: true,
      render: (_: unknown, customer) => t('customers.fullName', { first: customer.firstName, last: customer.lastName }),
    },
    { title: t('customers.fields.email'), dataIndex: 'email', key: 'email', sorter: true },
    { title: t('customers.fields.city'), dataIndex: 'city', key: 'city' },
    {
      title: t('customers.fields.province'),
      dataIndex: 'province',
      key: 'province',
      render: (value: Customer['province']) => enumLabel(t, 'province', value),
    },
    {
      title: t('customers.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Customer['status']) => (
        <Tag color={STATUS_COLORS[status]}>{enumLabel(t, 'customerStatus', status)}</Tag>
      ),
    },
  ],
  minWidth: 860,
};

const screens: ResourceScreens = {
  list,
  form: {
    codec: customerForm,
    Fields: CustomerFields,
    api: customerApi,
    messages: { created: 'success.customerCreated', updated: 'success.customerUpdated' },
  },
};
export default screens;
