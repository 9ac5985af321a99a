// A list's Export CSV button: the list's request (without paging) to its export callable, then the file downloaded;
// the readable file is the button's action, the file for programs is in its menu.
import { useState } from 'react';
import { App, Button, Dropdown, Space, Tooltip } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIST_PAGING_FIELDS, type ExportFormat } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { useExportListMutation, type ExportCallable } from '../../core/api/exportApi';
import { downloadFile } from '../../core/api/uploads';
import { toLanguage } from '../../core/i18n';
import { addDictionaries } from '../../core/i18n/later';
import { errorText } from '../errorText';
import words from './words';

// With the list screens, after sign-in: the login route carries none of these words.
addDictionaries(words);

/** One message, updated from "Exporting…" to its outcome. */
const MESSAGE_KEY = 'list-export';

/**
 * Exports every row the list's `request` matches (its search, filters and sort; the page and page size are left
 * out), then downloads the file with the person's own token: for people (the interface language's labels and list
 * separator, the team's time zone, names), or from the menu for programs (codes, UTC, ids, commas).
 */
export function ExportButton({ callable, request }: { callable: ExportCallable; request: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [exportList] = useExportListMutation();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    const filters = Object.fromEntries(
      Object.entries(request).filter(([key]) => !Object.hasOwn(LIST_PAGING_FIELDS, key)),
    );
    setBusy(true);
    void message.open({ key: MESSAGE_KEY, type: 'loading', content: t('exports.exporting'), duration: 0 });
    let written = false;
    try {
      const file = await exportList({
        name: callable,
        data: { ...filters, language: toLanguage(i18n.language), format } as never,
      }).unwrap();
      written = true;
      await downloadFile(file.path, file.fileName);
      void message.open({ key: MESSAGE_KEY, type: 'success', content: t('exports.exported', { count: file.rows }) });
    } catch (error) {
      const text = written ? t('exports.downloadFailed') : errorText(t, error as CallError);
      void message.open({ key: MESSAGE_KEY, type: 'error', content: text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Tooltip title={t('exports.help')}>
        <Button
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => void run('readable')}
          data-testid="list-export"
        >
          {t('exports.button')}
        </Button>
      </Tooltip>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          items: [{ key: 'machine', label: t('exports.machine'), 'data-testid': 'list-export-machine' }],
          onClick: () => void run('machine'),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('exports.formats')} data-testid="list-export-formats" />
      </Dropdown>
    </Space.Compact>
  );
}
