// The import's review: the study as the registry gives it, beside the study imported before when there is one, each
// changed field marked with an icon and the word "Changed" (not by colour alone).
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { registryStudyPage, type Study, type StudyImportResponse } from '@trialdesk/shared';
import { studyApi } from './api';
import { REVIEW_FIELDS, ReviewValue, type ReviewField } from './ReviewValue';

interface Row {
  field: ReviewField;
  changed: boolean;
}

/** The registry's page of the study, opening in a new tab. */
export function RegistryLink({ nctId }: { nctId: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Link
      href={registryStudyPage(nctId)}
      target="_blank"
      rel="noopener noreferrer"
      underline
      aria-label={t('studies.import.openRegistry', { nctId })}
      data-testid="registry-link"
    >
      {nctId}
    </Typography.Link>
  );
}

/** What the review says first: a new study, or one imported before and how many of its fields change. */
function Summary({ answer }: { answer: StudyImportResponse }) {
  const { t } = useTranslation();
  const text =
    answer.id === null
      ? t('studies.import.newStudy', { nctId: answer.nctId })
      : answer.changes.length
        ? t('studies.import.existingStudy', { count: answer.changes.length })
        : t('studies.import.upToDate');
  return <Alert type={answer.id && answer.changes.length ? 'warning' : 'info'} showIcon title={text} />;
}

/** The review of a dry run's answer; `saved` is the study imported before (loaded here when not given). */
export function ImportReview({ answer, saved }: { answer: StudyImportResponse; saved?: Study }) {
  const { t } = useTranslation();
  const loaded = studyApi.useGet(answer.id ?? '', { skip: answer.id === null || saved !== undefined });
  const existing = answer.id === null ? undefined : (saved ?? loaded.data);
  const changed = new Set<string>(answer.changes);
  const rows: Row[] = REVIEW_FIELDS.map((field) => ({ field, changed: changed.has(field) }));
  const registry = { kind: 'registry', study: answer.study, contact: answer.contact } as const;
  return (
    <Flex vertical gap={12} data-testid="import-review">
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('studies.fields.nctId')}</Typography.Text>
        <RegistryLink nctId={answer.nctId} />
      </Flex>
      <Summary answer={answer} />
      <Table<Row>
        rowKey="field"
        size="small"
        pagination={false}
        tableLayout="fixed"
        dataSource={rows}
        onRow={(row) => ({ 'data-testid': `review-${row.field}`, 'data-changed': row.changed }) as never}
        columns={[
          {
            title: t('studies.import.field'),
            key: 'field',
            width: answer.id ? '22%' : '30%',
            render: (_, row) => (
              <Flex vertical gap={4} align="start">
                <Typography.Text strong>{t(`studies.fields.${row.field}`)}</Typography.Text>
                {row.changed && (
                  // Blue, as the conflict's one-sided change: its text reads at over 4.5:1 (warning's yellow does not).
                  <Tag icon={<DiffOutlined />} color="blue" data-testid="review-changed">
                    {t('studies.import.changed')}
                  </Tag>
                )}
              </Flex>
            ),
          },
          ...(answer.id
            ? [
                {
                  title: t('studies.import.now'),
                  key: 'now',
                  render: (_: unknown, row: Row) =>
                    existing ? <ReviewValue field={row.field} side={{ kind: 'saved', study: existing }} /> : '…',
                },
              ]
            : []),
          {
            title: t('studies.import.fromRegistry'),
            key: 'registry',
            render: (_, row) => <ReviewValue field={row.field} side={registry} />,
          },
        ]}
      />
    </Flex>
  );
}
