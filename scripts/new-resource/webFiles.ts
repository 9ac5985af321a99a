// What new-resource writes for a kind's web side: its definition, endpoints, form, screens and words.
import type { KindNames } from './names.js';

/** web/src/resources/<name>/index.ts: path and menu entry (name and access from the declaration). */
export const definitionFile = (
  n: KindNames,
) => `// The ${n.label.toLowerCase()} resource: its path and menu entry (who may do what: its declaration).
import { AppstoreOutlined } from '@ant-design/icons';
import { ${n.name}Kind } from '@trialdesk/shared';
import { kindResource } from '../../ui/resource/definition';

export const ${n.name} = kindResource(${n.name}Kind, {
  path: '${n.path}',
  menu: { label: '${n.name}.title', icon: AppstoreOutlined, group: 'app' },
  screens: () => import('./screens').then((module) => module.default),
});
`;

/** web/src/resources/<name>/api.ts: the record endpoints, typed by the contract. */
export const apiFile = (
  n: KindNames,
) => `// The ${n.label.toLowerCase()} endpoints: the record callables, typed by the contract.
import { recordApi } from '../../core/api/records';

export const ${n.one}Api = recordApi('${n.name}');
`;

/** web/src/resources/<name>/<One>Form.tsx: the form's fields and rules, from the schema. */
export const formFile = (
  n: KindNames,
) => `// The ${n.labelOne} form: its fields and their rules, from the shared schema.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ${n.CONSTANT}_LIMITS, ${n.one}CreateSchema } from '@trialdesk/shared';
import { formCodec } from '../../ui/resource/formCodec';
import { zodRule } from '../../ui/zodRule';

export const ${n.one}Form = formCodec(${n.one}CreateSchema);

export function ${n.One}Fields() {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(${n.one}CreateSchema, field, t);
  return (
    <>
      <Form.Item name="name" label={t('${n.name}.fields.name')} required rules={[rule('name')]}>
        <Input maxLength={${n.CONSTANT}_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="notes" label={t('${n.name}.fields.notes')} rules={[rule('notes')]}>
        <Input.TextArea rows={4} maxLength={${n.CONSTANT}_LIMITS.notesMax} />
      </Form.Item>
    </>
  );
}
`;

/** web/src/resources/<name>/screens.tsx: the list (search, sort, export) and the form with its history. */
export const screensFile = (
  n: KindNames,
) => `// The ${n.label.toLowerCase()} list (search, sortable name, CSV export) and form (with the record's history).
import { ${n.CONSTANT}_SORTS, type ${n.One} } from '@trialdesk/shared';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import { ${n.one}Api } from './api';
import { ${n.One}Fields, ${n.one}Form } from './${n.One}Form';

const list: ListDefinition<${n.One}> = {
  useList: ${n.one}Api.useList,
  sorts: ${n.CONSTANT}_SORTS,
  search: 'text',
  filters: [],
  columns: (t) => [
    { title: t('${n.name}.fields.name'), dataIndex: 'name', key: 'name', sorter: true, link: true },
    {
      title: t('${n.name}.fields.notes'),
      dataIndex: 'notes',
      key: 'notes',
      ellipsis: true,
      render: (notes: string) => notes || t('app.none'),
    },
  ],
  minWidth: 640,
  export: { callable: '${n.name}-export' },
};

const screens: ResourceScreens = {
  list,
  form: {
    codec: ${n.one}Form,
    Fields: ${n.One}Fields,
    api: ${n.one}Api,
    messages: { created: '${n.name}.created', updated: '${n.name}.updated' },
    history: { entity: '${n.name}' },
  },
};
export default screens;
`;

/** The kind's dictionary section in each language (a person adjusts the wording, the French above all). */
export const words = (n: KindNames, language: 'en' | 'fr') =>
  language === 'en'
    ? `  ${n.name}: {
    title: '${n.label}',
    one: '${n.labelOne.charAt(0).toUpperCase()}${n.labelOne.slice(1)}',
    create: 'Create ${n.labelOne}',
    createTitle: 'Create a ${n.labelOne}',
    editTitle: 'Edit ${n.labelOne}',
    searchPlaceholder: 'Search by name',
    created: '${n.labelOne.charAt(0).toUpperCase()}${n.labelOne.slice(1)} created',
    updated: '${n.labelOne.charAt(0).toUpperCase()}${n.labelOne.slice(1)} updated',
    fields: { name: 'Name', notes: 'Notes' },
  },
`
    : `  ${n.name}: {
    title: '${n.label}',
    one: '${n.labelOne.charAt(0).toUpperCase()}${n.labelOne.slice(1)}',
    create: 'Créer : ${n.labelOne}',
    createTitle: 'Créer : ${n.labelOne}',
    editTitle: 'Modifier : ${n.labelOne}',
    searchPlaceholder: 'Rechercher par nom',
    created: 'Enregistrement créé',
    updated: 'Enregistrement modifié',
    fields: { name: 'Nom', notes: 'Notes' },
  },
`;
