// The signed-in shell: the side menu (a drawer on narrow screens), the top bar and user menu, the screens.
import { Suspense, useEffect, type ReactNode } from 'react';
import type { ItemType } from 'antd/es/menu/interface';
import type { TFunction } from 'i18next';
import type { Role } from '@trialdesk/shared';
import { App as AntApp, Avatar, Button, Drawer, Dropdown, Flex, Layout, Menu, Typography, theme } from 'antd';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IdleWatcher } from '../auth/IdleWatcher';
import { logout } from '../../core/auth/session';
import { PageLoading } from '../../ui/PageLoading';
import { useAppDispatch, useAppSelector } from '../../core/store';
import { LanguageSwitch, ThemeToggle } from './controls';
import {
  groupsShown,
  layoutTypeFor,
  routeChanged,
  setLayoutType,
  setOpenGroups,
  setSiderHidden,
  toggleSider,
} from '../../core/layoutSlice';
import { Logo } from './Logo';
import { RESOURCES } from '../../resources';
import { PRODUCT_PAGES } from '../../resources/pages';
import { PAGES, SAMPLE_RESOURCES } from '../../showcase';
import { may, pathsOf, type MenuPlace } from '../../ui/resource/definition';
import { SETTINGS_PATH } from '../paths';
import { APP_PATH } from '../../core/config';

const SIDER_WIDTH = 232;

interface MenuEntry {
  /** The path it opens, also its menu key. */
  key: string;
  menu: MenuPlace;
}

/** The product's resources, then the showcase's. */
const ALL_RESOURCES = [...RESOURCES, ...SAMPLE_RESOURCES];

/**
 * The menu's entries for a role: the product's pages, then the showcase's (those with a menu entry: every approved
 * Admin or Editor may open them), then the resources the role may list (keyed by list path).
 */
const entriesFor = (role: Role | undefined): MenuEntry[] => [
  ...[...PRODUCT_PAGES, ...PAGES].flatMap(({ path, menu }) => (menu ? [{ key: path, menu }] : [])),
  ...ALL_RESOURCES.filter((resource) => may(role, resource.access.list)).map((resource) => ({
    key: pathsOf(resource).list,
    menu: resource.menu,
  })),
];

/**
 * The menu entry a path belongs to: the longest entry path starting it (the home page, `/` or `/app`, shows the first
 * resource's list); none for a screen outside the menu (Settings, in the user menu).
 */
export function sectionOf(pathname: string): string | undefined {
  const path = pathname === '/' || pathname === APP_PATH ? pathsOf(RESOURCES[0]).list : pathname;
  const keys = entriesFor('Admin').map((entry) => entry.key);
  const within = keys.filter((key) => path === key || path.startsWith(`${key}/`));
  return within.sort((a, b) => b.length - a.length)[0];
}

/** The collapsible groups and submenus holding an entry (its key): open while it is the page shown. */
export function groupsHolding(key: string | undefined): string[] {
  const menu = entriesFor('Admin').find((entry) => entry.key === key)?.menu;
  if (!menu) return [];
  const group = menu.group === 'pages' || menu.group === 'ui' ? [menu.group] : [];
  return menu.sub ? [...group, menu.sub] : group;
}

/** A group's items in order, those sharing a `sub` nested in one submenu (shown with its first entry's icon). */
function itemsOf(entries: MenuEntry[], t: TFunction): ItemType[] {
  const items: ItemType[] = [];
  const subs = new Map<string, ItemType[]>();
  for (const { key, menu } of entries) {
    const Icon = menu.icon;
    const icon = Icon && <Icon />;
    if (!menu.sub) {
      items.push({ key, icon, label: t(menu.label) });
      continue;
    }
    let children = subs.get(menu.sub);
    if (!children) {
      children = [];
      subs.set(menu.sub, children);
      items.push({ key: menu.sub, icon, label: t(menu.sub), children });
    }
    children.push({ key, label: t(menu.label) });
  }
  return items;
}

/**
 * The menu: the back office's own "app" group, then the template showcase's "Pages" and "UI Showcase" (collapsible, collapsed
 * until opened, the choice remembered), then the other tools. Keys are the paths the entries open.
 */
function SideMenu({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const role = useAppSelector((state) => state.auth.user?.role);
  const openGroups = useAppSelector((state) => state.layout.openGroups);
  const selected = sectionOf(pathname);
  // The page shown opens the groups holding its entry, so its entry shows selected; the person may close them again
  // (kept with their other choices) until another page opens.
  useEffect(() => {
    dispatch(groupsShown(groupsHolding(selected)));
  }, [dispatch, selected]);
  const entries = entriesFor(role);
  const group = (name: MenuPlace['group']) =>
    itemsOf(
      entries.filter((entry) => entry.menu.group === name),
      t,
    );
  const collapsible = (key: string, icon: ReactNode, label: string, children: ItemType[]): ItemType[] =>
    children.length ? [{ key, icon, label, children }] : [];
  const other = group('other');
  // Group titles in the secondary text colour: antd's lighter one is at the edge of the contrast minimum on the
  // sider's background (axe found it below during a theme change).
  const groupTitle = (label: string) => <span style={{ color: token.colorTextSecondary }}>{label}</span>;
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      openKeys={openGroups}
      onOpenChange={(keys) => dispatch(setOpenGroups(keys))}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key }) => onNavigate(key)}
      items={[
        { type: 'group', key: 'app', label: groupTitle(t('menu.title')), children: group('app') },
        ...collapsible('pages', <AppstoreOutlined />, t('menu.groups.pages'), group('pages')),
        ...collapsible('ui', <BgColorsOutlined />, t('menu.groups.uiShowcase'), group('ui')),
        ...(other.length
          ? [{ type: 'group' as const, key: 'other', label: groupTitle(t('menu.groups.other')), children: other }]
          : []),
      ]}
    />
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAppSelector((state) => state.auth.user);
  if (!user) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        // Settings is this menu's entry: shown selected on its page.
        selectable: true,
        selectedKeys: pathname === SETTINGS_PATH ? ['settings'] : [],
        items: [
          {
            key: 'settings',
            icon: <SettingOutlined />,
            label: <span data-testid="user-menu-settings">{t('topbar.settings')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('topbar.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'settings') navigate(SETTINGS_PATH);
          else void logout().then(() => navigate('/auth/login', { replace: true }));
        },
      }}
    >
      <Button
        type="text"
        // Starts with the visible name (WCAG 2.5.3), then says what the button opens.
        aria-label={`${user.displayName}, ${t('topbar.userMenu')}`}
        data-testid="user-menu"
        style={{ height: 40 }}
      >
        <Flex align="center" gap={8}>
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
          <Typography.Text className="user-menu-name" ellipsis style={{ maxWidth: 180 }}>
            {user.displayName}
          </Typography.Text>
        </Flex>
      </Button>
    </Dropdown>
  );
}

/** The signed-in shell: sider menu (a drawer under 1023 px), top bar, routed content. */
export default function AppLayout() {
  // antd's message and modal hooks (App.useApp) serve the signed-in screens only: kept off the login route.
  return (
    <AntApp>
      <Shell />
    </AntApp>
  );
}

function Shell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { siderHidden, type } = useAppSelector((state) => state.layout);
  const { token } = theme.useToken();

  useEffect(() => {
    const onResize = () => dispatch(setLayoutType(layoutTypeFor(window.innerWidth)));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [dispatch]);

  useEffect(() => {
    dispatch(routeChanged());
  }, [dispatch, pathname]);

  const mobile = type === 'mobile';
  const menu = <SideMenu onNavigate={(path) => navigate(path)} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <IdleWatcher />
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      {mobile ? (
        <Drawer
          placement="left"
          open={!siderHidden}
          onClose={() => dispatch(setSiderHidden(true))}
          size={SIDER_WIDTH + 24}
          title={<Logo />}
          styles={{ body: { padding: 8 } }}
          data-testid="menu-drawer"
        >
          <nav aria-label={t('menu.title')}>{menu}</nav>
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={0}
          collapsed={siderHidden}
          trigger={null}
          theme="light"
          style={{
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
          }}
        >
          <div style={{ padding: '16px 20px' }}>
            <Logo />
          </div>
          <nav aria-label={t('menu.title')}>{menu}</nav>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Button
            type="text"
            aria-label={mobile ? t('topbar.openMenu') : t('topbar.toggleMenu')}
            aria-expanded={!siderHidden}
            data-testid="menu-toggle"
            icon={mobile ? <MenuOutlined /> : siderHidden ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => dispatch(toggleSider())}
          />
          {mobile && <Logo compact />}
          <Flex align="center" gap={4} style={{ marginInlineStart: 'auto' }}>
            <ThemeToggle />
            <LanguageSwitch />
            <UserMenu />
          </Flex>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} style={{ padding: mobile ? 12 : 24, outline: 'none' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
