// A donut of counts by status (references' or studies'), each status in its colour.
import { useMemo } from 'react';
import { Chart } from '../../ui/chart/Chart';

export function StatusDonut<S extends string>({
  title,
  category,
  series,
  counts,
  colors,
  label,
}: {
  title: string;
  category: string;
  series: string;
  counts: Record<S, number>;
  /** Each status's colour, in the order the chart lists them. */
  colors: Record<S, string>;
  label: (status: S) => string;
}) {
  const data = useMemo(() => {
    const statuses = Object.keys(colors) as S[];
    return {
      categories: statuses.map(label),
      series: [{ name: series, data: statuses.map((status) => counts[status]) }],
      colors: statuses.map((status) => colors[status]),
    };
  }, [colors, counts, label, series]);
  return (
    <Chart
      kind="donut"
      title={title}
      categoryLabel={category}
      categories={data.categories}
      series={data.series}
      colors={data.colors}
    />
  );
}
