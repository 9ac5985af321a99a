// What the dashboard and the study funnel share: figures written in the language, status colours, the weekly chart.
import { useMemo } from 'react';
import type { GlobalToken } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardStats, ReferenceStatus, StudyStatus } from '@trialdesk/shared';
import { toLanguage } from '../../core/i18n/languages';
import { Chart } from '../../ui/chart/Chart';

/** The interface language and its number formats, as Canadians write them in it. */
export function useFormats() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const number = new Intl.NumberFormat(`${language}-CA`);
    const percent = new Intl.NumberFormat(`${language}-CA`, { style: 'percent', maximumFractionDigits: 1 });
    const days = new Intl.NumberFormat(`${language}-CA`, { maximumFractionDigits: 1 });
    return {
      t,
      language,
      number: (value: number) => number.format(value),
      /** A fraction (0.25) as a percentage, or the dash without one. */
      percent: (value: number | null) => (value === null ? t('app.none') : percent.format(value)),
      /** A median in days ("3.5 days"), or the dash before any decision. */
      days: (value: number | null) =>
        value === null ? t('app.none') : t('dashboard.kpi.days', { count: value, days: days.format(value) }),
    };
  }, [t, language]);
}

/** References decided: accepted, rejected or found to be duplicates (everything but the backlog and unknown). */
export const decidedOf = ({ byStatus }: DashboardStats['references']) =>
  byStatus.Accepted + byStatus.Rejected + byStatus.Duplicate;

/** Each reference status's colour in the charts, in the order the charts list them (the backlog first). */
export const referenceColors = (token: GlobalToken): Record<ReferenceStatus, string> => ({
  Pending: token.gold6,
  Accepted: token.colorSuccess,
  Rejected: token.volcano6,
  Duplicate: token.purple6,
  Unknown: token.colorTextQuaternary,
});

/** Each study status's colour in the charts, recruiting studies first. */
export const studyColors = (token: GlobalToken): Record<StudyStatus, string> => ({
  Recruiting: token.colorSuccess,
  Completed: token.colorPrimary,
  Withdrawn: token.volcano6,
  Unknown: token.colorTextQuaternary,
});

/** A `YYYY-MM-DD` day as local midnight, so the chart writes that very day whatever the time zone. */
const localDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/** Referrals per week as columns, each week named by its Monday; the last one is the current week, under way. */
export function WeeklyChart({ weekly, height }: { weekly: DashboardStats['weekly']; height?: number }) {
  const { t } = useTranslation();
  const weeks = useMemo(() => weekly.map((week) => localDay(week.weekStart)), [weekly]);
  const series = useMemo(
    () => [{ name: t('dashboard.weekly.series'), data: weekly.map((week) => week.count) }],
    [t, weekly],
  );
  return (
    <Chart
      kind="column"
      title={t('dashboard.weekly.title')}
      categoryLabel={t('dashboard.weekly.category')}
      categories={weeks}
      dateUnit="week"
      series={series}
      height={height}
    />
  );
}
