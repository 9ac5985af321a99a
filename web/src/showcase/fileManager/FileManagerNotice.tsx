// /apps/file-manager until Cloud Storage lands: a page saying what will be here and when, not the not-found page.
import { Result } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ShowcasePage } from '../kit/ShowcasePage';

export default function FileManagerNotice() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.items.fileManager')} intro={t('showcase.fileManager.intro')}>
      <Result
        icon={<FolderOpenOutlined aria-hidden />}
        title={<span role="status">{t('showcase.fileManager.notice')}</span>}
        subTitle={t('showcase.fileManager.noticeHelp')}
      />
    </ShowcasePage>
  );
}
