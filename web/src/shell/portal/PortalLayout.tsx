// The referral portal's own layout: the logo, its two pages, language, theme, who is signed in and Sign out; one
// column on a phone, nothing wider than the screen.
import { lazy, Suspense } from 'react';
import { Button, Flex, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { workflowMessages } from '@trialdesk/shared';
import { ORGANISATION_NAME } from '../../core/config';
import { useAppSelector } from '../../core/store';
import { logout } from '../../core/auth/session';
import { addDictionaries } from '../../core/i18n/later';
import portalWords from '../../portal/words';
import { PORTAL_PATHS } from '../../portal/paths';
import { PageLoading } from '../../ui/PageLoading';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { LanguageSwitch, ThemeToggle } from '../layout/controls';
import { Logo } from '../layout/Logo';

// The portal's words, and the referral errors the server may answer (already referred, the daily limit...).
addDictionaries(portalWords);
addDictionaries(workflowMessages);

// A referrer's session only: the sign-in page's first paint carries none of it.
const IdleWatcher = lazy(() => import('../auth/IdleWatcher').then((module) => ({ default: module.IdleWatcher })));

/** Below this width the portal is a phone's: one column, the pages' links each half the width. */
const PHONE = '(max-width: 599.98px)';
/** A finger's target (WCAG 2.5.5): every control of the header is at least this tall. */
const TOUCH = 44;

/** A page of the portal in its navigation: the current one marked (aria-current) and shown selected. */
function NavItem({ to, label, end = false, phone }: { to: string; label: string; end?: boolean; phone: boolean }) {
  const { token } = theme.useToken();
  return (
    <NavLink
      to={to}
      end={end}
      style={({ isActive }) => ({
        flex: phone ? '1 1 0' : undefined,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: TOUCH,
        padding: '0 16px',
        borderRadius: token.borderRadius,
        fontWeight: isActive ? 600 : 400,
        // The text's own colour on the selection's tint: readable in both themes (the primary's is not on it in dark).
        color: token.colorText,
        background: isActive ? token.colorPrimaryBg : 'transparent',
        // Not colour alone: the current page is underlined too.
        textDecoration: isActive ? 'underline' : 'none',
        textUnderlineOffset: 6,
        textAlign: 'center',
      })}
    >
      {label}
    </NavLink>
  );
}

/** The signed-in referrer's name and Sign out. */
function Account({ name }: { name: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
      <span
        data-testid="portal-user"
        style={{ color: token.colorTextSecondary, overflowWrap: 'anywhere', minWidth: 0 }}
        title={t('portal.signedInAs', { name })}
      >
        {name}
      </span>
      <Button
        icon={<LogoutOutlined />}
        style={{ minHeight: TOUCH }}
        data-testid="portal-sign-out"
        onClick={() => void logout().then(() => navigate(PORTAL_PATHS.login, { replace: true }))}
      >
        {t('portal.signOut')}
      </Button>
    </Flex>
  );
}

/** Header, the page below, a footer; the idle timeout while a referrer is signed in. */
export default function PortalLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useAppSelector((state) => state.auth.user);
  const phone = useMediaQuery(PHONE);
  const referrer = user?.role === 'User' ? user : null;
  const padding = phone ? 12 : 24;
  return (
    <Flex
      vertical
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        overflowX: 'hidden',
      }}
    >
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          padding: `8px ${padding}px`,
        }}
      >
        <Flex vertical gap={8} style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            {/* Named by what it shows: the logo's name, and the portal's on a wider screen. */}
            <Link to={PORTAL_PATHS.studies}>
              <Flex align="center" gap={10}>
                <Logo />
                {!phone && <span style={{ color: token.colorTextSecondary }}>{t('portal.name')}</span>}
              </Flex>
            </Link>
            <Flex gap={8} align="center" wrap>
              {referrer && !phone && <Account name={referrer.displayName} />}
              <LanguageSwitch />
              <ThemeToggle />
            </Flex>
          </Flex>
          {referrer && (
            <Flex
              component="nav"
              aria-label={t('portal.nav.label')}
              gap={8}
              align="center"
              justify="space-between"
              wrap
            >
              <Flex gap={4} style={{ flex: phone ? '1 1 100%' : undefined }}>
                <NavItem to={PORTAL_PATHS.studies} end label={t('portal.nav.studies')} phone={phone} />
                <NavItem to={PORTAL_PATHS.referrals} label={t('portal.nav.referrals')} phone={phone} />
              </Flex>
              {phone && <Account name={referrer.displayName} />}
            </Flex>
          )}
        </Flex>
      </header>
      <main id="main" style={{ flex: '1 0 auto', width: '100%', padding, boxSizing: 'border-box' }}>
        {/* As wide as the header's row, so the page lines up under the logo. */}
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Flex component="footer" justify="center" gap={16} style={{ padding: 16 }}>
        <span style={{ color: token.colorTextSecondary }}>© {ORGANISATION_NAME}</span>
        <Link to="/support">{t('auth.support')}</Link>
      </Flex>
      {referrer && (
        <Suspense>
          <IdleWatcher />
        </Suspense>
      )}
    </Flex>
  );
}
