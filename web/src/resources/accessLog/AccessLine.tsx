// An access-log entry as a sentence in the reader's language: what was read, searched, saved, exported or refused,
// the references by their masked patient IDs (each a link), an export's list and filters in words.
import type { ReactNode } from 'react';
import { Button, Popover, Space, Typography } from 'antd';
import { TextLink } from '../../ui/TextLink';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AccessExport, AccessLogEntry } from '@trialdesk/shared';
import { enumLabel, type EnumGroup } from '../../ui/enums';
import { RecordLabel } from '../../ui/resource/references';
import { pathsNamed } from '../../ui/resource/registry';

/** The coded values of the exports' filters, by list and filter. */
const FILTER_VALUES: Record<string, Record<string, EnumGroup>> = {
  references: { status: 'referenceStatus' },
  studies: { status: 'studyStatus', specialty: 'specialty' },
  users: { role: 'role', approval: 'approval' },
};

/** A reference the answer carried: its masked patient ID, linked to it. */
function Target({ id, label }: { id: string; label: string | null }) {
  const { t } = useTranslation();
  return <TextLink to={pathsNamed('references').edit(id)}>{label ?? t('accessLog.unlabelled')}</TextLink>;
}

/** The references an answer carried: one as its link, several behind their count, each link in a popover. */
function Targets({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  const count = t('accessLog.references', { count: entry.targetIds.length });
  if (entry.targetIds.length === 0) return count;
  if (entry.targetIds.length === 1) return <Target id={entry.targetIds[0]} label={entry.targetLabels[0]} />;
  const links = (
    <Space orientation="vertical" size={2}>
      {entry.targetIds.map((id, i) => (
        <Target key={id} id={id} label={entry.targetLabels[i]} />
      ))}
    </Space>
  );
  return (
    <Popover content={links} trigger="click" title={count}>
      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }}>
        {count}
      </Button>
    </Popover>
  );
}

/** One filter of an export in words: "Status: Pending", "Study: <its title>", "Search: «cardio»". */
function filterText(t: TFunction, exported: AccessExport, key: string, value: unknown): ReactNode {
  const label = t([`accessLog.filters.${key}`, 'accessLog.filters.other'], { name: key });
  const group = FILTER_VALUES[exported.resource]?.[key];
  let shown: ReactNode = String(value);
  if (typeof value === 'boolean') shown = value ? t('app.yes') : t('app.no');
  else if (key === 'studyId' && typeof value === 'string') shown = <RecordLabel kind="studies" id={value} />;
  else if (key === 'search') shown = t('accessLog.quoted', { text: value });
  else if (group && typeof value === 'string') shown = enumLabel(t, group, value);
  return (
    <span key={key}>
      {t('accessLog.filter', { label })}
      {shown}
    </span>
  );
}

function ExportFilters({ exported }: { exported: AccessExport }) {
  const { t } = useTranslation();
  const filters = Object.entries(exported.filters);
  if (filters.length === 0) return <div>{t('accessLog.noFilter')}</div>;
  return (
    <div>
      {t('accessLog.filtersHeading')}
      {filters.map(([key, value], i) => [i > 0 && t('accessLog.separator'), filterText(t, exported, key, value)])}
    </div>
  );
}

/** What a callable does, for a refused call: "opening a record (References)". */
function callText(t: TFunction, callable: string): string {
  const [area = '', operation = ''] = callable.split('-');
  return t('accessLog.call', {
    operation: t([`accessLog.operations.${operation}`, 'accessLog.operations.other']),
    area: t([`accessLog.areas.${area}`, 'accessLog.areas.other']),
  });
}

/** The entry as a sentence; an entry written before the log kept facts shows what it recorded. */
export function AccessLine({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  const patient = entry.patientIdMasked ?? entry.detail;
  const components = {
    targets: <Targets entry={entry} />,
    target: entry.targetIds.length ? <Target id={entry.targetIds[0]} label={entry.targetLabels[0]} /> : <span />,
    patient: <span>{patient}</span>,
    list: <span>{entry.export ? t([`accessLog.areas.${entry.export.resource}`, 'accessLog.areas.other']) : ''}</span>,
    rows: <span>{t('accessLog.rows', { count: entry.count ?? 0 })}</span>,
    call: <span>{callText(t, entry.callable)}</span>,
  };
  const key =
    entry.action === 'export' && !entry.export ? 'accessLog.lines.exportBefore' : `accessLog.lines.${entry.action}`;
  return (
    <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="access-line">
      <Trans i18nKey={key} components={components} />
      {entry.export && <ExportFilters exported={entry.export} />}
      {entry.action === 'export' && !entry.export && entry.detail && (
        <div>
          <Typography.Text type="secondary">{entry.detail}</Typography.Text>
        </div>
      )}
    </div>
  );
}
