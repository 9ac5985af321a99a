// The Menu page of the UI showcase: a study's sections across the top, and the back office's navigation in a side bar.
import { useState } from 'react';
import { Button, Flex, Menu, theme } from 'antd';
import type { MenuProps } from 'antd';
import {
  AuditOutlined,
  ContactsOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

/** The width of the back office's own side bar, unfolded. */
const SIDE_WIDTH = 232;

function HorizontalExample() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('overview');
  const items: MenuProps['items'] = [
    { key: 'overview', label: t('showcaseComponents.menu.horizontal.overview'), icon: <ProfileOutlined aria-hidden /> },
    { key: 'references', label: t('menu.references'), icon: <SolutionOutlined aria-hidden /> },
    { key: 'contacts', label: t('menu.studyContacts'), icon: <ContactsOutlined aria-hidden /> },
    {
      key: 'documents',
      label: t('showcaseComponents.menu.horizontal.documents'),
      icon: <FileTextOutlined aria-hidden />,
      children: [
        { key: 'protocol', label: t('showcaseComponents.menu.horizontal.protocol') },
        { key: 'consent', label: t('showcaseComponents.menu.horizontal.consent') },
        { key: 'ethics', label: t('showcaseComponents.menu.horizontal.ethics') },
      ],
    },
  ];
  return (
    <nav aria-label={t('showcaseComponents.menu.horizontal.label')}>
      <Menu mode="horizontal" items={items} selectedKeys={[current]} onClick={({ key }) => setCurrent(key)} />
    </nav>
  );
}

function InlineExample() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const [current, setCurrent] = useState('studies');
  const items: MenuProps['items'] = [
    {
      key: 'app',
      type: 'group',
      label: t('menu.groups.app'),
      children: [
        { key: 'studies', label: t('menu.studies'), icon: <ExperimentOutlined aria-hidden /> },
        { key: 'references', label: t('menu.references'), icon: <SolutionOutlined aria-hidden /> },
        { key: 'contacts', label: t('menu.studyContacts'), icon: <ContactsOutlined aria-hidden /> },
      ],
    },
    {
      key: 'administration',
      label: t('showcaseComponents.menu.inline.administration'),
      icon: <SafetyOutlined aria-hidden />,
      children: [
        { key: 'users', label: t('menu.users'), icon: <TeamOutlined aria-hidden /> },
        { key: 'accessLog', label: t('menu.accessLog'), icon: <AuditOutlined aria-hidden /> },
      ],
    },
  ];
  const toggle = collapsed ? t('showcaseComponents.menu.inline.expand') : t('showcaseComponents.menu.inline.collapse');
  return (
    <Flex vertical gap={12} align="flex-start">
      <Button
        icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((value) => !value)}
      >
        {toggle}
      </Button>
      <nav
        aria-label={t('showcaseComponents.menu.inline.label')}
        style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}
      >
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[current]}
          defaultOpenKeys={['administration']}
          onClick={({ key }) => setCurrent(key)}
          style={{ width: collapsed ? undefined : SIDE_WIDTH, borderInlineEnd: 'none' }}
        />
      </nav>
    </Flex>
  );
}

export default function MenuPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.menu')} intro={t('showcaseComponents.menu.intro')}>
      <Example
        title={t('showcaseComponents.menu.horizontal.title')}
        description={t('showcaseComponents.menu.horizontal.description')}
      >
        <HorizontalExample />
      </Example>
      <Example
        title={t('showcaseComponents.menu.inline.title')}
        description={t('showcaseComponents.menu.inline.description')}
      >
        <InlineExample />
      </Example>
    </ShowcasePage>
  );
}
