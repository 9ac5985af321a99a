// The studies list (search, status and specialty filters, sortable title and dates, NCT numbers, reference counts,
// Import from ClinicalTrials.gov), form with the Follow switch and an imported study's registry facts above it, and
// below it the study's recruitment funnel and the panels of other kinds (its documents: documents/panels.ts).
import { Typography } from 'antd';
import { SPECIALTIES, STUDY_SORTS, STUDY_STATUSES, workflowMessages, type Study } from '@trialdesk/shared';
import { addDictionaries } from '../../core/i18n/later';
import { enumLabel, StudyStatusTag } from '../../ui/enums';
import { studyPeriod } from './period';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import { RecordPanels } from '../../ui/resource/RecordPanels';
import { RecordLabel } from '../../ui/resource/references';
import { StudyFunnel } from '../dashboard/Funnel';
import { studyApi } from './api';
import { ImportButton } from './ImportDialog';
import { FollowSwitch } from './FollowSwitch';
import { RegistryPanel } from './RegistryPanel';
import { StudyFields, studyForm } from './StudyForm';
import words from './words';

// The registry import's words and its errors' (registry not found, unavailable), with the screens (after sign-in).
addDictionaries(words);
addDictionaries(workflowMessages);

const list: ListDefinition<Study> = {
  useList: studyApi.useList,
  sorts: STUDY_SORTS,
  search: 'text',
  filters: [
    { kind: 'enum', name: 'status', values: STUDY_STATUSES, labels: 'studyStatus', width: 160 },
    { kind: 'enum', name: 'specialty', values: SPECIALTIES, labels: 'specialty', width: 220, showSearch: true },
  ],
  columns: (t) => [
    { title: t('studies.fields.title'), dataIndex: 'title', key: 'title', sorter: true, link: true },
    {
      // An imported study's registry number (search finds it too); empty for a study typed by hand.
      title: t('studies.fields.nctId'),
      dataIndex: 'nctId',
      key: 'nctId',
      render: (value: Study['nctId']) =>
        value && <Typography.Text style={{ whiteSpace: 'nowrap' }}>{value}</Typography.Text>,
    },
    {
      title: t('studies.fields.specialty'),
      dataIndex: 'specialty',
      key: 'specialty',
      render: (value: Study['specialty']) => enumLabel(t, 'specialty', value),
    },
    {
      title: t('studies.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: Study['status']) => <StudyStatusTag t={t} status={value} />,
    },
    {
      title: t('studies.fields.dates'),
      dataIndex: 'startDate',
      key: 'startDate',
      sorter: true,
      render: (_: unknown, study) => (
        <Typography.Text style={{ whiteSpace: 'nowrap' }}>{studyPeriod(t, study)}</Typography.Text>
      ),
    },
    { title: t('studies.fields.referenceCount'), dataIndex: 'referenceCount', key: 'referenceCount', align: 'right' },
  ],
  minWidth: 840,
  export: { callable: 'studies-export' },
  // The callable allows approved Admins and Editors, as creating a study.
  tools: [{ key: 'import', Component: ImportButton }],
};

/** Above the study's form: the Follow switch, then an imported study's registry facts. */
function StudyHeader({ record }: { record: Study }) {
  return (
    <>
      <FollowSwitch study={record} />
      <RegistryPanel record={record} />
    </>
  );
}

/** Below the study's form: its recruitment funnel, then what other kinds show of it (its documents). */
function StudyBelow({ record }: { record: Study }) {
  return (
    <>
      <StudyFunnel studyId={record.id} />
      <RecordPanels kind="studies" recordId={record.id} />
    </>
  );
}

const screens: ResourceScreens = {
  list,
  form: {
    codec: studyForm,
    Fields: StudyFields,
    api: studyApi,
    messages: { created: 'success.studyCreated', updated: 'success.studyUpdated' },
    Header: StudyHeader,
    Below: StudyBelow,
    history: {
      entity: 'studies',
      enums: { specialty: 'specialty', status: 'studyStatus' },
      value: (field, value) =>
        field === 'contactId' && typeof value === 'string' && value ? (
          <RecordLabel kind="studyContacts" id={value} />
        ) : undefined,
    },
  },
};
export default screens;
