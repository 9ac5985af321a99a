// One key figure of the dashboard: its value and its change against the previous period, up or down.
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KpiCard as KpiFrame } from '../../ui/KpiCard';

interface KpiCardProps {
  testId: string;
  label: string;
  /** The figure, already written in the language (money in CAD). */
  value: string;
  /** The relative change from the previous period (0.25 for +25 %), or null without a previous figure. */
  change: number | null;
  language: string;
}

/** A change as a signed percentage in the language: +12.5% in English, +12,5 % in French. */
const formatChange = (change: number, language: string) =>
  new Intl.NumberFormat(`${language}-CA`, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(change);

function Change({ change, language }: { change: number | null; language: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (change === null) {
    return (
      <Typography.Text type="secondary">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('ecommerceDashboard.kpi.noPrevious')}</span>
      </Typography.Text>
    );
  }
  // The sign written out says up or down; the icon's colour repeats it for a glance.
  const Icon = change > 0 ? ArrowUpOutlined : change < 0 ? ArrowDownOutlined : MinusOutlined;
  const color = change > 0 ? token.colorSuccess : change < 0 ? token.colorError : token.colorTextSecondary;
  return (
    <Flex align="center" gap={4} wrap>
      <Icon aria-hidden style={{ color }} />
      <Typography.Text strong>{formatChange(change, language)}</Typography.Text>
      <Typography.Text type="secondary">{t('ecommerceDashboard.kpi.vsPrevious')}</Typography.Text>
    </Flex>
  );
}

/** The card of `ui/` with the period's change as its line. */
export function KpiCard({ testId, label, value, change, language }: KpiCardProps) {
  return (
    <KpiFrame testId={testId} label={label} value={value}>
      <Change change={change} language={language} />
    </KpiFrame>
  );
}
