// /app/references/triage: the pending referrals one at a time, oldest first, optionally of one study.
import { useEffect, useState } from 'react';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { idSchema, workflowMessages, type Reference, type TriageRecord } from '@trialdesk/shared';
import { addDictionaries } from '../../../core/i18n/later';
import { LinkButton } from '../../../ui/LinkButton';
import { LoadError } from '../../../ui/ListError';
import { RemoteSelect } from '../../../ui/RemoteSelect';
import { recordApi } from '../../../core/api/records';
import { RecordLabel, recordOptions } from '../../../ui/resource/references';
import { pathsNamed } from '../../../ui/resource/registry';
import referenceWords from '../words';
import { KeysDialog } from './KeysDialog';
import { Referral } from './Referral';
import { useKeys } from './useKeys';
import { usePrefetch } from './usePrefetch';
import { useUndo } from './useUndo';
import words from './words';

const useStudyOptions = recordOptions('studies');

// The screen's words, the decision's labels, and the triage errors the server may answer.
addDictionaries(words);
addDictionaries(referenceWords);
addDictionaries(workflowMessages);

/** Referrals read per page of the queue. */
const PAGE_SIZE = 50;

/** The screen's title, with its Keys button and the way back to the references. */
function TitleBar({ list, onKeys }: { list: string; onKeys: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('triage.title')}
      </Typography.Title>
      <Flex gap={8} wrap>
        <Button
          icon={<QuestionCircleOutlined />}
          onClick={onKeys}
          aria-keyshortcuts="?"
          data-testid="triage-keys-button"
        >
          {t('triage.keys')}
        </Button>
        <LinkButton to={list}>{t('triage.backToList')}</LinkButton>
      </Flex>
    </Flex>
  );
}

export default function TriagePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('study');
  const studyId = requested && idSchema.safeParse(requested).success ? requested : undefined;
  const [page, setPage] = useState(1);
  // Referrals this screen is done with: skipped (until it reloads) or decided (until the queue reloads without them).
  const [passed, setPassed] = useState<ReadonlyMap<string, 'skipped' | 'decided'>>(new Map());
  const [keysOpen, setKeysOpen] = useState(false);
  const queue = (at: number) =>
    ({ status: 'Pending', sort: 'createdAt:asc', studyId, page: at, pageSize: PAGE_SIZE }) as const;
  const query = recordApi('references').useList(queue(page));
  const { data } = query;

  const items = data?.items ?? [];
  const index = items.findIndex((reference) => !passed.has(reference.id));
  const current = index >= 0 ? items[index] : undefined;
  // Decided here but still in the list until it reloads: counted out at once.
  const decided = (id: string) => passed.get(id) === 'decided';
  const total = (data?.total ?? 0) - items.filter((reference) => decided(reference.id)).length;
  const position = (page - 1) * PAGE_SIZE + items.slice(0, index).filter((r) => !decided(r.id)).length + 1;
  const skipped = [...passed.values()].filter((state) => state === 'skipped').length;
  const more = data !== undefined && page * PAGE_SIZE < data.total;
  const next = index >= 0 ? items.slice(index + 1).find((reference) => !passed.has(reference.id)) : undefined;
  usePrefetch({ studyId, next, nextPage: current && !next && more ? queue(page + 1) : undefined });

  // Every referral of this page passed: the queue goes on with the next page; an emptied page goes back to the first.
  useEffect(() => {
    if (!data || query.isFetching || current) return;
    if (more) setPage(page + 1);
    else if (items.length === 0 && page > 1) setPage(1);
  }, [data, query.isFetching, current, more, items.length, page]);

  const pass = (state: 'skipped' | 'decided') => (id: string) => setPassed((before) => new Map(before).set(id, state));
  // An undone decision puts its referral back in the queue, where it opens again in its place (oldest first), its
  // checklist as it was answered.
  const [undone, setUndone] = useState<ReadonlyMap<string, TriageRecord | null>>(new Map());
  const undo = useUndo((decision) => {
    setPassed((before) => new Map([...before].filter(([id]) => id !== decision.id)));
    setUndone((before) => new Map(before).set(decision.id, decision.triage));
  });
  const done = (id: string, decided?: Reference) => {
    pass('decided')(id);
    if (decided) undo.decided(decided);
  };
  const startOver = () => {
    setPassed(new Map());
    setPage(1);
    void query.refetch();
  };
  const chooseStudy = (id: string | null) => {
    setPage(1);
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        if (id) next.set('study', id);
        else next.delete('study');
        return next;
      },
      { replace: true },
    );
  };

  useKeys({ '?': () => setKeysOpen(true), ...(undo.undoable ? { u: undo.undo } : {}) }, !keysOpen);

  // Back to the references of the study triaged, if one is chosen.
  const list = `${pathsNamed('references').list}${studyId ? `?${new URLSearchParams({ studyId })}` : ''}`;
  let content;
  if (query.isError && !data) {
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!data || (!current && (query.isFetching || more))) {
    content = (
      <Flex justify="center" style={{ padding: 48 }} role="status">
        <Spin aria-label={t('app.loading')} />
      </Flex>
    );
  } else if (current) {
    content = (
      <Referral
        key={current.id}
        reference={current}
        position={position}
        total={total}
        keysEnabled={!keysOpen}
        onDone={done}
        previous={undone.get(current.id)}
        onSkip={pass('skipped')}
      />
    );
  } else if (skipped > 0 && total > 0) {
    content = (
      <Result
        status="info"
        title={<h2 className="card-heading">{t('triage.allSkippedTitle')}</h2>}
        subTitle={t('triage.allSkipped')}
        extra={<Button onClick={startOver}>{t('triage.reload')}</Button>}
        data-testid="triage-all-skipped"
      />
    );
  } else {
    content = (
      <Result
        status="success"
        title={<h2 className="card-heading">{t('triage.emptyTitle')}</h2>}
        subTitle={t('triage.empty')}
        extra={<LinkButton to={list}>{t('triage.backToList')}</LinkButton>}
        data-testid="triage-empty"
      />
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1280 }}>
      <TitleBar list={list} onKeys={() => setKeysOpen(true)} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('triage.intro')}
      </Typography.Paragraph>
      <Flex gap={12} wrap align="center" role="search">
        <div style={{ minWidth: 280 }}>
          <RemoteSelect
            allowClear
            aria-label={t('triage.study')}
            testId="triage-study"
            placeholder={t('triage.allStudies')}
            value={studyId}
            onChange={(next) => chooseStudy((next as string | null) ?? null)}
            useOptions={useStudyOptions}
            renderLabel={(id) => <RecordLabel kind="studies" id={id} />}
          />
        </div>
        {data && (
          <Typography.Text strong data-testid="triage-count" aria-live="polite">
            {t('triage.pending', { count: total })}
          </Typography.Text>
        )}
        {skipped > 0 && (
          <Typography.Text type="secondary" data-testid="triage-skipped">
            {t('triage.skipped', { count: skipped })}
          </Typography.Text>
        )}
      </Flex>
      {content}
      <KeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
    </Flex>
  );
}
