// Where files come in: the drop area (several files at once) and the queue of transfers, each with its progress
// and Cancel.
import { Button, Flex, List, Progress, Typography, Upload } from 'antd';
import { CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCEPT, MAX_MB } from './files';
import type { Transfer } from './useUploads';

/** The drop area, also a button opening the file chooser; each file dropped or chosen goes to `onFile`. */
export function DropArea({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="document-drop">
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept={ACCEPT}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('documents.dropTitle')}</p>
        <p className="ant-upload-hint">{t('documents.dropHint', { max: MAX_MB })}</p>
      </Upload.Dragger>
    </div>
  );
}

/** The transfers under way, none shown when there is none. */
export function TransferQueue({ transfers }: { transfers: Transfer[] }) {
  const { t } = useTranslation();
  if (transfers.length === 0) return null;
  return (
    <List
      size="small"
      bordered
      dataSource={transfers}
      renderItem={(x) => (
        <List.Item
          actions={[
            <Button
              key="cancel"
              size="small"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('documents.cancel', { name: x.name })}
              onClick={() => x.handle.cancel()}
            />,
          ]}
        >
          <Flex vertical style={{ width: '100%' }}>
            <Typography.Text ellipsis>{t('documents.uploading', { name: x.name })}</Typography.Text>
            <Progress
              percent={Math.round(x.fraction * 100)}
              size="small"
              aria-label={t('documents.uploading', { name: x.name })}
            />
          </Flex>
        </List.Item>
      )}
    />
  );
}
