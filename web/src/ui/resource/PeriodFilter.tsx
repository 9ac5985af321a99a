// A list filter on a range of days, kept in the URL as local days (YYYY-MM-DD).
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../dayjs';
import type { ListState } from './definition';

export const DAY = 'YYYY-MM-DD';
/** A real calendar day written as the URL keeps it. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DAY) === value;

/** From and to days; either may be left open. Their labels are the dictionary's `list.from` and `list.to`. */
export function PeriodFilter({ filter, state }: { filter: { from: string; to: string }; state: ListState }) {
  const { t } = useTranslation();
  const from = state.params.filters[filter.from];
  const to = state.params.filters[filter.to];
  const ids = { start: `filter-${filter.from}`, end: `filter-${filter.to}` };
  return (
    <div data-testid="filter-period">
      {/* The two date inputs need names of their own; their placeholders show the same words. */}
      <label htmlFor={ids.start} className="visually-hidden">
        {t('list.from')}
      </label>
      <label htmlFor={ids.end} className="visually-hidden">
        {t('list.to')}
      </label>
      <DatePicker.RangePicker
        id={ids}
        format={DAY}
        allowEmpty={[true, true]}
        placeholder={[t('list.from'), t('list.to')]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(days) =>
          state.update({
            filters: {
              [filter.from]: days?.[0]?.format(DAY) ?? undefined,
              [filter.to]: days?.[1]?.format(DAY) ?? undefined,
            },
          })
        }
      />
    </div>
  );
}
