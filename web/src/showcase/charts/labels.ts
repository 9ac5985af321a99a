// The chart examples' groups: product categories' and provinces' names, and the revenue stacked by category.
import type { TFunction } from 'i18next';
import type { ChartProps } from '../../ui/chart/Chart';
import type { CategoryMonths } from '../dashboard/sales';
import type { ProductCategory, Province } from '../ecommerce/schemas';

/** A category's name, or the group of lines whose product was deleted since. */
export const categoryName = (t: TFunction, category: ProductCategory | null): string =>
  category ? t(`enums.productCategory.${category}`) : t('chartExamples.common.otherCategory');

/** A province's name, or the group of orders whose customer was deleted since. */
export const provinceName = (t: TFunction, province: Province | null): string =>
  province ? t(`enums.province.${province}`) : t('chartExamples.common.unknownProvince');

/** Each month's revenue stacked by product category, as the area and column examples both draw it. */
export const categoryStack = (
  t: TFunction,
  revenue: { months: readonly Date[]; categories: readonly CategoryMonths[] },
): Omit<ChartProps, 'kind' | 'title'> => ({
  categoryLabel: t('chartExamples.common.month'),
  categories: revenue.months,
  dateUnit: 'month',
  series: revenue.categories.map(({ category, revenue: data }) => ({ name: categoryName(t, category), data })),
  format: 'currency',
  stacked: true,
  height: 360,
});
