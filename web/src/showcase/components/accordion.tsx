// The Accordion page of the UI showcase: antd Collapse with several panels open, in accordion mode, and borderless.
import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

export default function AccordionPage() {
  const { t } = useTranslation();
  const text = (key: string) => <Typography.Paragraph style={{ margin: 0 }}>{t(key)}</Typography.Paragraph>;

  return (
    <ShowcasePage title={t('menu.components.accordion')} intro={t('showcaseComponents.accordion.intro')}>
      <Example
        title={t('showcaseComponents.accordion.multiple.title')}
        description={t('showcaseComponents.accordion.multiple.description')}
      >
        <Collapse
          defaultActiveKey={['inclusion']}
          items={[
            {
              key: 'inclusion',
              label: t('showcaseComponents.accordion.multiple.inclusion'),
              children: text('showcaseComponents.accordion.multiple.inclusionText'),
            },
            {
              key: 'exclusion',
              label: t('showcaseComponents.accordion.multiple.exclusion'),
              children: text('showcaseComponents.accordion.multiple.exclusionText'),
            },
            {
              key: 'contacts',
              label: t('menu.studyContacts'),
              children: text('showcaseComponents.accordion.multiple.contactsText'),
            },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.accordion.single.title')}
        description={t('showcaseComponents.accordion.single.description')}
      >
        <Collapse
          accordion
          defaultActiveKey="refer"
          items={[
            {
              key: 'refer',
              label: t('showcaseComponents.accordion.single.referQuestion'),
              children: text('showcaseComponents.accordion.single.referAnswer'),
            },
            {
              key: 'patientId',
              label: t('showcaseComponents.accordion.single.patientIdQuestion'),
              children: text('showcaseComponents.accordion.single.patientIdAnswer'),
            },
            {
              key: 'accepted',
              label: t('showcaseComponents.accordion.single.acceptedQuestion'),
              children: text('showcaseComponents.accordion.single.acceptedAnswer'),
            },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.accordion.ghost.title')}
        description={t('showcaseComponents.accordion.ghost.description')}
      >
        <Collapse
          ghost
          expandIconPlacement="end"
          items={[
            {
              key: 'summary',
              label: t('studies.fields.summary'),
              children: text('showcaseComponents.accordion.ghost.summaryText'),
            },
            {
              key: 'dates',
              label: t('studies.fields.dates'),
              children: text('showcaseComponents.accordion.ghost.datesText'),
            },
            {
              key: 'documents',
              label: t('showcaseComponents.accordion.ghost.documents'),
              children: text('showcaseComponents.accordion.ghost.documentsText'),
            },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
