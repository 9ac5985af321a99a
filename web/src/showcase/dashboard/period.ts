// The dashboard's periods: the choices offered, kept in the URL, and the span each covers up to the end of today.

export const PERIODS = ['7d', '30d', '90d', '12m'] as const;
export type PeriodKey = (typeof PERIODS)[number];

/** Without a period in the URL: a month, long enough to compare and short enough to read day by day. */
export const DEFAULT_PERIOD: PeriodKey = '30d';

export const isPeriodKey = (value: string | null): value is PeriodKey => PERIODS.includes(value as PeriodKey);

export interface PeriodRange {
  /** A local midnight, included. */
  from: Date;
  /** The midnight ending today, excluded: today's orders count. */
  to: Date;
  /** The step of its revenue series. */
  unit: 'day' | 'month';
}

const DAYS: Record<Exclude<PeriodKey, '12m'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/**
 * The local calendar span of a period ending with today: whole days back from tomorrow's midnight, or the current
 * month and the eleven before it (so each step of its series is a whole calendar month but the current one).
 */
export function periodRange(key: PeriodKey, now: Date): PeriodRange {
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (key === '12m') return { from: new Date(now.getFullYear(), now.getMonth() - 11, 1), to, unit: 'month' };
  return { from: new Date(to.getFullYear(), to.getMonth(), to.getDate() - DAYS[key]), to, unit: 'day' };
}
