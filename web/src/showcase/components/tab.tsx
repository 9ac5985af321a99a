// The Tabs page of the UI showcase: a study's sections as line tabs, a team's settings as card tabs, tabs with icons.
import { Tabs, Typography } from 'antd';
import { ContactsOutlined, ExperimentOutlined, SolutionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

export default function TabPage() {
  const { t } = useTranslation();
  const panel = (text: string) => <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>;

  return (
    <ShowcasePage title={t('menu.components.tab')} intro={t('showcaseComponents.tab.intro')}>
      <Example
        title={t('showcaseComponents.tab.line.title')}
        description={t('showcaseComponents.tab.line.description')}
      >
        <Tabs
          items={[
            {
              key: 'overview',
              label: t('showcaseComponents.tab.line.overview'),
              children: panel(t('showcaseComponents.tab.line.overviewText')),
            },
            {
              key: 'criteria',
              label: t('showcaseComponents.tab.line.criteria'),
              children: panel(t('showcaseComponents.tab.line.criteriaText')),
            },
            {
              key: 'references',
              label: t('menu.references'),
              children: panel(t('showcaseComponents.tab.line.referencesText')),
            },
            {
              key: 'history',
              label: t('history.title'),
              children: panel(t('showcaseComponents.tab.line.historyText')),
            },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.tab.card.title')}
        description={t('showcaseComponents.tab.card.description')}
      >
        <Tabs
          type="card"
          items={[
            {
              key: 'members',
              label: t('showcaseComponents.tab.card.members'),
              children: panel(t('showcaseComponents.tab.card.membersText')),
            },
            {
              key: 'notifications',
              label: t('showcaseComponents.tab.card.notifications'),
              children: panel(t('showcaseComponents.tab.card.notificationsText')),
            },
            {
              key: 'documents',
              label: t('showcaseComponents.tab.card.documents'),
              children: panel(t('showcaseComponents.tab.card.documentsText')),
            },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.tab.icons.title')}
        description={t('showcaseComponents.tab.icons.description')}
      >
        <Tabs
          items={[
            {
              key: 'studies',
              icon: <ExperimentOutlined aria-hidden />,
              label: t('menu.studies'),
              children: panel(t('showcaseComponents.tab.icons.studiesText')),
            },
            {
              key: 'references',
              icon: <SolutionOutlined aria-hidden />,
              label: t('menu.references'),
              children: panel(t('showcaseComponents.tab.icons.referencesText')),
            },
            {
              key: 'contacts',
              icon: <ContactsOutlined aria-hidden />,
              label: t('menu.studyContacts'),
              children: panel(t('showcaseComponents.tab.icons.contactsText')),
            },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
