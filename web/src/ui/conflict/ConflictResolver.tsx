// Beside an edit form's Save button: a stale save's fields, latest and the person's side by side, or a deleted record.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Radio, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeValue, type HistoryDisplay } from '../HistoryPanel';
import { allChosen, initialChoices, type Choice, type Conflict, type ConflictField } from './findConflict';

type Display = Pick<HistoryDisplay, 'enums' | 'value'>;
type Choices = Partial<Record<string, Choice>>;

/**
 * Brings a notice into view once it appears, centred so the Save button below it shows too (it grew above the
 * button the person just pressed, pushing it down).
 */
function useShownOnce() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Not returned: browsers now answer scrollIntoView with a promise, which React would take for a cleanup.
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return ref;
}

/** A record deleted by someone else while the person edited it: said so, with the way back to the list. */
function Gone({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const ref = useShownOnce();
  return (
    <div ref={ref}>
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="record-gone"
        title={t('conflict.goneTitle')}
        description={t('conflict.goneHelp')}
        action={
          <Button onClick={onBack} data-testid="record-gone-back">
            {t('conflict.backToList')}
          </Button>
        }
        style={{ marginBottom: 16 }}
      />
    </div>
  );
}

/** One side of a field: the radio choosing it, with its value as people read it. */
function Side({
  field,
  side,
  choices,
  choose,
  display,
}: {
  field: ConflictField;
  side: Choice;
  choices: Choices;
  choose: (name: string, choice: Choice) => void;
  display: Display;
}) {
  return (
    <Radio
      name={`conflict-${field.name}`}
      checked={choices[field.name] === side}
      onChange={() => choose(field.name, side)}
      data-testid={`conflict-${field.name}-${side}`}
      style={{ whiteSpace: 'pre-line' }}
    >
      <ChangeValue display={display} field={field.name} value={field[side]} />
    </Radio>
  );
}

/** The fields in conflict, each with its latest value and the person's; they pick one per field, then save. */
function Choose({
  conflict,
  section,
  display,
  onKeep,
  onDiscard,
}: {
  conflict: Conflict;
  section: string;
  display: Display;
  onKeep: (choices: Choices) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const ref = useShownOnce();
  // Choices start again with each new conflict (a second stale save meets another version).
  const [state, setState] = useState({ conflict, choices: initialChoices(conflict) });
  if (state.conflict !== conflict) setState({ conflict, choices: initialChoices(conflict) });
  const { choices } = state;
  const choose = (name: string, choice: Choice) =>
    setState((current) => ({ ...current, choices: { ...current.choices, [name]: choice } }));
  const label = (name: string) => t(`${section}.fields.${name}`, { defaultValue: name });
  const side = (which: Choice) => (_: unknown, field: ConflictField) => (
    <Side field={field} side={which} choices={choices} choose={choose} display={display} />
  );
  const ready = allChosen(conflict, choices);
  return (
    <div ref={ref} data-testid="conflict" role="group" aria-labelledby="conflict-title">
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={<span id="conflict-title">{t('conflict.title')}</span>}
        description={t('conflict.help')}
      />
      {conflict.fields.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="name"
          dataSource={conflict.fields}
          scroll={{ x: true }}
          style={{ marginTop: 8 }}
          onRow={(field) => ({ 'data-testid': `conflict-row-${field.name}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('conflict.field'),
              dataIndex: 'name',
              width: '24%',
              render: (name: string, field) => (
                <Flex vertical gap={4} align="flex-start">
                  <Typography.Text strong>{label(name)}</Typography.Text>
                  <Tag color={field.both ? 'orange' : 'blue'}>
                    {t(field.both ? 'conflict.both' : 'conflict.onlyYours')}
                  </Tag>
                </Flex>
              ),
            },
            { title: t('conflict.latest'), key: 'latest', width: '38%', render: side('latest') },
            { title: t('conflict.yours'), key: 'yours', width: '38%', render: side('yours') },
          ]}
        />
      )}
      {conflict.theirs.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="conflict-theirs">
          {t('conflict.theirs', { fields: conflict.theirs.map(label).join(', ') })}
        </Typography.Paragraph>
      )}
      <Flex gap={8} justify="flex-end" align="center" wrap style={{ marginTop: 8, marginBottom: 16 }}>
        {!ready && <Typography.Text type="secondary">{t('conflict.choose')}</Typography.Text>}
        <Button onClick={onDiscard} data-testid="conflict-discard">
          {t('conflict.discard')}
        </Button>
        <Button type="primary" disabled={!ready} onClick={() => onKeep(choices)} data-testid="conflict-save">
          {t('conflict.save')}
        </Button>
      </Flex>
    </div>
  );
}

/**
 * What a save that met a newer version or a deleted record shows, placed just above the form's Save button: the
 * fields to choose, or the record gone. Nothing when the last save met neither.
 */
export function ConflictResolver({
  conflict,
  gone,
  section,
  display = {},
  onKeep,
  onDiscard,
  onBack,
}: {
  conflict: Conflict | undefined;
  gone: boolean;
  /** The dictionary section holding the field labels (the resource's name). */
  section: string;
  /** How values read: the resource's history display (enum labels, names of linked records). */
  display?: Display;
  onKeep: (choices: Choices) => void;
  onDiscard: () => void;
  onBack: () => void;
}) {
  if (gone) return <Gone onBack={onBack} />;
  if (!conflict) return null;
  return <Choose conflict={conflict} section={section} display={display} onKeep={onKeep} onDiscard={onDiscard} />;
}
