// The "Sample data" tag every screen of the template showcase shows beside its title.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Says the screen shows generated sample data, kept in this browser and never sent to the server. */
export function SampleTag() {
  const { t } = useTranslation();
  return (
    <Tag color="purple" data-testid="sample-data" title={t('showcase.sampleDataHelp')}>
      {t('showcase.sampleData')}
    </Tag>
  );
}
