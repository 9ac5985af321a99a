// "Import from ClinicalTrials.gov" on the studies list: an NCT number, a downloaded record or a pasted list; one
// study is reviewed before it is imported, then its screen opens.
import { useRef, useState } from 'react';
import { App, Button, Form, Input, Tabs, Upload } from 'antd';
import { CloudDownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nctIdSchema, validate } from '@trialdesk/shared';
import { Dialog } from '../../ui/Dialog';
import { pathsOf } from '../../ui/resource/definition';
import { issueText } from '../../ui/zodRule';
import { BatchImport } from './BatchImport';
import { readRecordFile, type RecordFile } from './recordFile';
import { ReviewBody, SaveButton } from './ReviewStep';
import { useImportReview } from './useImportReview';
import { studies } from '.';

type Mode = 'number' | 'file' | 'list';

/** The chosen file: its name and what reading it gave. */
interface Chosen {
  name: string;
  read: RecordFile;
}

function FileInput({ chosen, onChosen }: { chosen: Chosen | null; onChosen: (chosen: Chosen) => void }) {
  const { t } = useTranslation();
  const read = chosen?.read;
  return (
    <Form.Item
      extra={t('studies.import.fileHelp')}
      validateStatus={read && !read.ok ? 'error' : undefined}
      help={
        read &&
        (read.ok
          ? t('studies.import.fileChosen', { name: chosen.name, nctId: read.nctId })
          : t(read.key, read.params ?? {}))
      }
    >
      <Upload.Dragger
        accept=".json,application/json"
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          void readRecordFile(file).then((result) => onChosen({ name: file.name, read: result }));
          // Read here, never uploaded: the record goes in the import's request.
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('studies.import.fileDrop')}</p>
      </Upload.Dragger>
    </Form.Item>
  );
}

function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const review = useImportReview();
  const [mode, setMode] = useState<Mode>('number');
  const [form] = Form.useForm<{ nctId: string }>();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  /** Stops a pasted list's run as the dialog closes (BatchImport). */
  const closingBatch = useRef<(() => void) | null>(null);
  const reviewing = review.busy || review.answer !== null || review.error !== null;

  const start = async () => {
    if (mode === 'number') {
      const { nctId } = await form.validateFields();
      await review.review({ nctId: nctIdSchema.parse(nctId) });
    } else if (chosen?.read.ok) await review.review({ record: chosen.read.record });
  };
  const save = async () => {
    const saved = await review.save();
    if (!saved?.id) return;
    void message.success(
      t(saved.created ? 'studies.import.created' : 'studies.import.updated', { nctId: saved.nctId }),
    );
    close();
    navigate(pathsOf(studies).edit(saved.id));
  };
  const close = () => {
    closingBatch.current?.();
    review.reset();
    onClose();
  };
  const footer =
    mode === 'list'
      ? [
          <Button key="close" onClick={close}>
            {t('app.back')}
          </Button>,
        ]
      : reviewing
        ? [
            <Button key="back" onClick={review.reset} disabled={review.busy}>
              {t('studies.import.back')}
            </Button>,
            <SaveButton key="save" review={review} onSave={() => void save()} />,
          ]
        : [
            <Button key="cancel" onClick={close}>
              {t('app.cancel')}
            </Button>,
            <Button
              key="review"
              type="primary"
              disabled={mode === 'file' && !chosen?.read.ok}
              onClick={() => void start().catch(() => undefined)}
              data-testid="import-review-start"
            >
              {t('studies.import.review')}
            </Button>,
          ];
  return (
    <Dialog
      open={open}
      title={t('studies.import.title')}
      onCancel={close}
      footer={footer}
      width={960}
      mask={{ closable: false }}
    >
      {reviewing && mode !== 'list' ? (
        <ReviewBody review={review} />
      ) : (
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as Mode)}
          items={[
            {
              key: 'number',
              label: t('studies.import.byNumber'),
              children: (
                <Form form={form} layout="vertical" onFinish={() => void start()}>
                  <Form.Item
                    name="nctId"
                    label={t('studies.fields.nctId')}
                    extra={t('studies.import.numberHelp')}
                    rules={[
                      {
                        validator: async (_rule, value: unknown) => {
                          const result = validate(nctIdSchema, value ?? '');
                          if (!result.ok) throw new Error(issueText(t, result.issues[0]));
                        },
                      },
                    ]}
                  >
                    <Input placeholder="NCT01234567" autoComplete="off" data-testid="import-nct" />
                  </Form.Item>
                </Form>
              ),
            },
            {
              key: 'file',
              label: t('studies.import.byFile'),
              children: <FileInput chosen={chosen} onChosen={setChosen} />,
            },
            { key: 'list', label: t('studies.import.byList'), children: <BatchImport closing={closingBatch} /> },
          ]}
        />
      )}
    </Dialog>
  );
}

/** The list's button opening the dialog (shown to those who may import: the list definition's `tools`). */
export function ImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="studies-import">
        {t('studies.import.open')}
      </Button>
      <ImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
