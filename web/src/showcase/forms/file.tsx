// The File upload page: a button with its list, a drop area; PDF, PNG and JPEG up to 25 MB, kept in the browser.
import { Alert, App, Button, Form, Input, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { requiredText } from '@trialdesk/shared';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';
import { ExampleFields, ExampleGrid } from './Examples';

const MAX_MB = 25;
const MAX_BYTES = MAX_MB * 1024 * 1024;
const FILES_MAX = 5;
const TITLE_MAX = 120;
const TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
const EXTENSION = /\.(pdf|png|jpe?g)$/i;
/**
 * What the file dialog offers. `filter: 'native'` lets a dropped file of another type through to `beforeUpload`,
 * which says why it is refused (antd would drop it silently).
 */
const ACCEPT: UploadProps['accept'] = {
  format: '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg',
  filter: 'native',
};

/** A file as the form sends it; some systems give no type, then the name's extension decides. */
const fileSchema = z.strictObject({
  name: z.string().regex(EXTENSION, { message: 'validation.invalid' }),
  size: z.number().int().min(1, { message: 'validation.invalid' }).max(MAX_BYTES, { message: 'validation.invalid' }),
  type: z.enum([...TYPES, '']),
});

const documentSchema = z.strictObject({
  title: requiredText(TITLE_MAX),
  files: z.array(fileSchema).min(1, { message: 'validation.required' }).max(FILES_MAX),
});

/** The upload list's files as the schema reads them: what would be sent, the content aside. */
const toFiles = (list: unknown) =>
  Array.isArray(list)
    ? (list as UploadFile[]).map((file) => ({ name: file.name, size: file.size ?? 0, type: file.type ?? '' }))
    : undefined;

/** Why a file cannot be added, or null: its type first (by name, and by type when the system gives one), then size. */
function refusal(file: { name: string; type: string; size: number }): 'wrongType' | 'tooLarge' | 'empty' | null {
  if (!EXTENSION.test(file.name) || (file.type !== '' && !(TYPES as readonly string[]).includes(file.type))) {
    return 'wrongType';
  }
  if (file.size > MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/**
 * The check every upload on the page runs before a file joins its list: a refused file gets a message and stays
 * out; an accepted one is listed but not sent (`false`): storage comes with the document library.
 */
function useBeforeUpload(): NonNullable<UploadProps['beforeUpload']> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (file) => {
    const problem = refusal(file);
    if (!problem) return false;
    const texts = {
      wrongType: t('showcaseForms.file.wrongType', { name: file.name }),
      tooLarge: t('showcaseForms.file.tooLarge', { name: file.name, max: MAX_MB }),
      empty: t('showcaseForms.file.empty', { name: file.name }),
    };
    void message.error(texts[problem]);
    return Upload.LIST_IGNORE;
  };
}

function Hint() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('showcaseForms.file.hint', { max: MAX_MB })}</Typography.Text>;
}

export default function FilePage() {
  const { t } = useTranslation();
  const beforeUpload = useBeforeUpload();
  return (
    <ShowcasePage title={t('menu.forms.file')} intro={t('showcaseForms.file.intro', { max: MAX_MB })}>
      <Alert
        type="info"
        showIcon
        title={t('showcaseForms.file.local.title')}
        description={t('showcaseForms.file.local.description')}
      />
      <ExampleGrid>
        <Example
          key="button"
          title={t('showcaseForms.file.button.title')}
          description={t('showcaseForms.file.button.description')}
        >
          <ExampleFields>
            <Form.Item
              label={t('showcaseForms.file.button.label')}
              htmlFor="file-button"
              extra={<Hint />}
              style={{ marginBottom: 0 }}
            >
              <Upload id="file-button" multiple accept={ACCEPT} beforeUpload={beforeUpload}>
                <Button icon={<UploadOutlined aria-hidden />}>{t('showcaseForms.file.button.select')}</Button>
              </Upload>
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="dragger"
          title={t('showcaseForms.file.dragger.title')}
          description={t('showcaseForms.file.dragger.description')}
        >
          <ExampleFields>
            <Form.Item label={t('showcaseForms.file.dragger.label')} htmlFor="file-dragger" style={{ marginBottom: 0 }}>
              <Upload.Dragger id="file-dragger" multiple accept={ACCEPT} beforeUpload={beforeUpload}>
                <p className="ant-upload-drag-icon">
                  <InboxOutlined aria-hidden />
                </p>
                <p className="ant-upload-text">{t('showcaseForms.file.dragger.text')}</p>
                <p className="ant-upload-hint">{t('showcaseForms.file.hint', { max: MAX_MB })}</p>
              </Upload.Dragger>
            </Form.Item>
          </ExampleFields>
        </Example>
      </ExampleGrid>
      <Example title={t('showcaseForms.file.form.title')} description={t('showcaseForms.file.form.description')}>
        <DemoForm name="document-form" schema={documentSchema} convert={{ files: toFiles }}>
          {(rule) => (
            <>
              <Form.Item
                name="title"
                label={t('showcaseForms.file.form.documentTitle')}
                required
                rules={[rule('title')]}
              >
                <Input maxLength={TITLE_MAX} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="files"
                label={t('showcaseForms.file.form.files')}
                extra={<Hint />}
                required
                valuePropName="fileList"
                getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
                rules={[rule('files')]}
              >
                <Upload multiple accept={ACCEPT} beforeUpload={beforeUpload}>
                  <Button icon={<UploadOutlined aria-hidden />}>{t('showcaseForms.file.button.select')}</Button>
                </Upload>
              </Form.Item>
            </>
          )}
        </DemoForm>
      </Example>
    </ShowcasePage>
  );
}
