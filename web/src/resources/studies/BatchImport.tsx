// The pasted list: NCT numbers imported one after another (no review: a study imported before is updated as it
// is), a progress bar, one result a line; a failure stops nothing, and the failed ones can be tried again. Stop, or
// closing the dialog, ends the run after the number being imported; the rest can be imported later.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Progress, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, MinusCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REGISTRY_BATCH_MAX, type StudyImportResponse } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { errorText } from '../../ui/errorText';
import { pathsOf } from '../../ui/resource/definition';
import { useRefreshStudies, useStudyImport } from './importApi';
import { parseNctList } from './nctList';
import { studies } from '.';

/** One line's result: waiting, being imported, not reached (stopped), imported (the answer) or refused (the error). */
export type LineResult =
  | { nctId: string; state: 'waiting' | 'running' | 'stopped' }
  | { nctId: string; state: 'done'; answer: StudyImportResponse }
  | { nctId: string; state: 'failed'; error: CallError };

function Outcome({ line }: { line: LineResult }) {
  const { t } = useTranslation();
  switch (line.state) {
    case 'waiting':
      return <Typography.Text type="secondary">{t('studies.batch.waiting')}</Typography.Text>;
    case 'running':
      return <Tag icon={<SyncOutlined spin />}>{t('studies.batch.running')}</Tag>;
    case 'stopped':
      return <Typography.Text type="secondary">{t('studies.batch.stopped')}</Typography.Text>;
    case 'failed':
      return (
        <Typography.Text type="danger">
          <CloseCircleOutlined /> {errorText(t, line.error)}
        </Typography.Text>
      );
    default: {
      const { answer } = line;
      if (answer.created && answer.id)
        return (
          <Typography.Text type="success">
            <CheckCircleOutlined /> <Link to={pathsOf(studies).edit(answer.id)}>{t('studies.batch.created')}</Link>
          </Typography.Text>
        );
      if (answer.changes.length)
        return (
          <Typography.Text>
            <CheckCircleOutlined /> {t('studies.batch.updated', { count: answer.changes.length })}
          </Typography.Text>
        );
      return (
        <Typography.Text type="secondary">
          <MinusCircleOutlined /> {t('studies.batch.unchanged')}
        </Typography.Text>
      );
    }
  }
}

/** Counts of the results, for the line under the progress bar. */
function summaryOf(lines: LineResult[]) {
  const done = lines.filter((line) => line.state === 'done') as Extract<LineResult, { state: 'done' }>[];
  return {
    created: done.filter((line) => line.answer.created).length,
    updated: done.filter((line) => !line.answer.created && line.answer.changes.length).length,
    unchanged: done.filter((line) => !line.answer.created && !line.answer.changes.length).length,
    failed: lines.filter((line) => line.state === 'failed').length,
  };
}

/** What the dialog calls as it closes, while a run goes on (BatchImport). */
type Closing = RefObject<(() => void) | null>;

/**
 * A run over the pasted numbers: its lines, whether it runs or is stopping, and how to start, resume or stop it.
 * Closing the dialog (`closing`) stops it as Stop does (a coordinator closing it means to leave the rest), and a
 * message then says how far it went, since the list is no longer in view. A call, not a prop: a closed dialog does
 * not render its content again.
 */
function useBatchRun(closing: Closing) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [run] = useStudyImport({ quiet: true });
  const refresh = useRefreshStudies();
  const [lines, setLines] = useState<LineResult[]>([]);
  const [running, setRunning] = useState(false);
  /** Asked to stop: read before each number, so the one being imported (already sent) ends first. */
  const stop = useRef(false);
  const [stopping, setStopping] = useState(false);
  /** Stopped by closing the dialog: the end of the run is told in a message. */
  const closed = useRef(false);

  const requestStop = () => {
    stop.current = true;
    setStopping(true);
  };
  // Leaving the screen (the browser's Back) stops it too: nothing imports unseen.
  useEffect(
    () => () => {
      stop.current = true;
    },
    [],
  );
  useEffect(() => {
    closing.current = running
      ? () => {
          closed.current = true;
          requestStop();
        }
      : null;
  }, [closing, running]);

  /** Imports `ids` in turn, each line's result replacing its place; the lists and studies refresh once, after. */
  const importAll = async (ids: string[], kept: LineResult[] = []) => {
    stop.current = false;
    closed.current = false;
    setStopping(false);
    setRunning(true);
    let current: LineResult[] = [...kept, ...ids.map((nctId) => ({ nctId, state: 'waiting' }) as const)];
    const set = (nctId: string, line: LineResult) => {
      current = current.map((other) => (other.nctId === nctId ? line : other));
      setLines(current);
    };
    setLines(current);
    const saved: string[] = [];
    for (const nctId of ids) {
      if (stop.current) {
        set(nctId, { nctId, state: 'stopped' });
        continue;
      }
      set(nctId, { nctId, state: 'running' });
      try {
        const answer = await run({ nctId });
        if (answer.id) saved.push(answer.id);
        set(nctId, { nctId, state: 'done', answer });
      } catch (error) {
        set(nctId, { nctId, state: 'failed', error: error as CallError });
      }
    }
    refresh(saved);
    setRunning(false);
    setStopping(false);
    const left = current.filter((line) => line.state === 'stopped').length;
    if (left > 0 && closed.current)
      void message.info(t('studies.batch.stoppedAfter', { done: current.length - left, total: current.length }));
  };

  /** Imports the lines in `state` again, after the others. */
  const again = (state: LineResult['state']) =>
    importAll(
      lines.filter((line) => line.state === state).map((line) => line.nctId),
      lines.filter((line) => line.state !== state),
    );
  return { lines, running, stopping, importAll, again, requestStop };
}

export function BatchImport({ closing }: { closing: Closing }) {
  const { t } = useTranslation();
  const { lines, running, stopping, importAll, again, requestStop } = useBatchRun(closing);
  const [text, setText] = useState('');
  const pasted = parseNctList(text);
  const finished = lines.filter((line) => line.state === 'done' || line.state === 'failed').length;
  const idsIn = (state: LineResult['state']) => lines.filter((line) => line.state === state).map((line) => line.nctId);
  const failedIds = idsIn('failed');
  const stoppedIds = idsIn('stopped');

  return (
    <Flex vertical gap={12} data-testid="batch-import">
      <Form layout="vertical" onFinish={() => void importAll(pasted.ids)}>
        <Form.Item
          label={t('studies.batch.label')}
          extra={t('studies.batch.help', { max: REGISTRY_BATCH_MAX })}
          validateStatus={pasted.tooMany ? 'error' : undefined}
          help={
            pasted.tooMany
              ? t('studies.batch.tooMany', { max: REGISTRY_BATCH_MAX, count: pasted.ids.length })
              : pasted.ids.length > 0 && t('studies.batch.counted', { count: pasted.ids.length })
          }
        >
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            disabled={running}
            data-testid="batch-text"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            htmlType="submit"
            loading={running}
            disabled={running || pasted.ids.length === 0 || pasted.tooMany}
            data-testid="batch-import-all"
          >
            {t('studies.batch.importAll')}
          </Button>
          {running && (
            <Button onClick={requestStop} loading={stopping} disabled={stopping} data-testid="batch-stop">
              {t(stopping ? 'studies.batch.stopping' : 'studies.batch.stop')}
            </Button>
          )}
          {!running && stoppedIds.length > 0 && (
            <Button onClick={() => void again('stopped')} data-testid="batch-continue">
              {t('studies.batch.importRest', { count: stoppedIds.length })}
            </Button>
          )}
          {!running && failedIds.length > 0 && (
            <Button onClick={() => void again('failed')} data-testid="batch-retry">
              {t('studies.batch.retryFailed')}
            </Button>
          )}
        </Flex>
      </Form>
      {lines.length > 0 && (
        <>
          <Progress
            percent={Math.round((finished / lines.length) * 100)}
            status={running ? 'active' : failedIds.length ? 'exception' : stoppedIds.length ? 'normal' : 'success'}
            aria-label={t('studies.batch.progress', { done: finished, total: lines.length })}
            data-testid="batch-progress"
          />
          <Typography.Text role="status" data-testid="batch-summary">
            {t('studies.batch.progress', { done: finished, total: lines.length })}
            {!running && ` · ${t('studies.batch.summary', summaryOf(lines))}`}
            {!running && stoppedIds.length > 0 && ` · ${t('studies.batch.notReached', { count: stoppedIds.length })}`}
          </Typography.Text>
        </>
      )}
      {pasted.malformed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('studies.batch.malformed')}
          description={pasted.malformed.join(', ')}
          data-testid="batch-malformed"
        />
      )}
      {lines.length > 0 && (
        <Card size="small">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}>
            {lines.map((line) => (
              <li
                key={line.nctId}
                data-testid={`batch-line-${line.nctId}`}
                data-state={line.state}
                style={{ padding: '4px 0' }}
              >
                <Flex gap={12} wrap>
                  <Typography.Text code>{line.nctId}</Typography.Text>
                  <Outcome line={line} />
                </Flex>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Flex>
  );
}
