// The showcase's record pickers and names: shops as select options, a shop's name by id.
import { RecordName } from '../../ui/RecordName';
import { sampleApi } from './api';

export const shopApi = sampleApi('shops');

/** Shops matching a search, as select options (product form, shop filter). */
export function useShopOptions(search: string) {
  const { data, isFetching } = shopApi.useList({ search: search || undefined, page: 1, pageSize: 20 });
  return { options: (data?.items ?? []).map((shop) => ({ value: shop.id, label: shop.name })), loading: isFetching };
}

/** A shop's name by id (a selected value whose option is not loaded). */
export function ShopName({ id }: { id: string }) {
  return <RecordName query={shopApi.useGet(id)} name={(shop: { name: string }) => shop.name} />;
}
