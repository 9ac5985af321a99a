// The Dropdown page of the UI showcase: an actions menu, a split button for a reference's decision, and row menus.
import { App, Button, Dropdown, Flex, Space, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import {
  CheckOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  EllipsisOutlined,
  ExportOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

type Items = NonNullable<MenuProps['items']>;

/** Says which action was chosen (this page changes no record): by its label, or by a menu entry's key. */
function useChosen(items: Items) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const say = (action: string) => void message.info(t('showcaseComponents.dropdown.chosen', { action }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = items.find((candidate) => candidate?.key === key);
    say(item && 'label' in item && typeof item.label === 'string' ? item.label : key);
  };
  return { say, onClick };
}

function ActionsExample() {
  const { t } = useTranslation();
  const items: Items = [
    { key: 'edit', label: t('showcaseComponents.dropdown.actions.edit'), icon: <EditOutlined aria-hidden /> },
    { key: 'duplicate', label: t('showcaseComponents.dropdown.actions.duplicate'), icon: <CopyOutlined aria-hidden /> },
    { key: 'export', label: t('showcaseComponents.dropdown.actions.export'), icon: <ExportOutlined aria-hidden /> },
    { type: 'divider' },
    { key: 'delete', label: t('app.delete'), icon: <DeleteOutlined aria-hidden />, danger: true },
  ];
  const { onClick } = useChosen(items);
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button icon={<DownOutlined aria-hidden />} iconPlacement="end">
        {t('app.actions')}
      </Button>
    </Dropdown>
  );
}

function SplitExample() {
  const { t } = useTranslation();
  const items: Items = [
    { key: 'reject', label: t('showcaseComponents.dropdown.split.reject') },
    { key: 'duplicate', label: t('showcaseComponents.dropdown.split.duplicate') },
  ];
  const { say, onClick } = useChosen(items);
  const accept = t('showcaseComponents.dropdown.split.accept');
  return (
    <Space.Compact>
      <Button type="primary" icon={<CheckOutlined aria-hidden />} onClick={() => say(accept)}>
        {accept}
      </Button>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="primary"
          icon={<DownOutlined aria-hidden />}
          aria-label={t('showcaseComponents.dropdown.split.more')}
        />
      </Dropdown>
    </Space.Compact>
  );
}

function RowsExample() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const items: Items = [
    { key: 'edit', label: t('showcaseComponents.dropdown.actions.edit'), icon: <EditOutlined aria-hidden /> },
    { key: 'email', label: t('showcaseComponents.dropdown.rows.email'), icon: <MailOutlined aria-hidden /> },
    { key: 'delete', label: t('app.delete'), icon: <DeleteOutlined aria-hidden />, danger: true },
  ];
  const { onClick } = useChosen(items);
  const people = [t('showcaseComponents.people.marie'), t('showcaseComponents.people.amina')];
  return (
    <Flex
      vertical
      style={{ maxWidth: 480, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}
    >
      {people.map((name, index) => (
        <Flex
          key={name}
          align="center"
          justify="space-between"
          gap={8}
          style={{
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            borderTop: index ? `1px solid ${token.colorBorderSecondary}` : undefined,
          }}
        >
          <Typography.Text>{name}</Typography.Text>
          <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
            <Button
              type="text"
              icon={<EllipsisOutlined aria-hidden />}
              aria-label={t('showcaseComponents.dropdown.rows.more', { name })}
            />
          </Dropdown>
        </Flex>
      ))}
    </Flex>
  );
}

export default function DropdownPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.dropdown')} intro={t('showcaseComponents.dropdown.intro')}>
      <Example
        title={t('showcaseComponents.dropdown.actions.title')}
        description={t('showcaseComponents.dropdown.actions.description')}
      >
        <ActionsExample />
      </Example>
      <Example
        title={t('showcaseComponents.dropdown.split.title')}
        description={t('showcaseComponents.dropdown.split.description')}
      >
        <Flex>
          <SplitExample />
        </Flex>
      </Example>
      <Example
        title={t('showcaseComponents.dropdown.rows.title')}
        description={t('showcaseComponents.dropdown.rows.description')}
      >
        <RowsExample />
      </Example>
    </ShowcasePage>
  );
}
