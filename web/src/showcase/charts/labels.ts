// Names the chart examples give their groups: product categories and provinces, with the sample's deleted records.
import type { TFunction } from 'i18next';
import type { ProductCategory, Province } from '../ecommerce/schemas';

/** A category's name, or the group of lines whose product was deleted since. */
export const categoryName = (t: TFunction, category: ProductCategory | null): string =>
  category ? t(`enums.productCategory.${category}`) : t('chartExamples.common.otherCategory');

/** A province's name, or the group of orders whose customer was deleted since. */
export const provinceName = (t: TFunction, province: Province | null): string =>
  province ? t(`enums.province.${province}`) : t('chartExamples.common.unknownProvince');
