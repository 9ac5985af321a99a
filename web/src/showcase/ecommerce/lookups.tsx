// The showcase's record pickers and names: shops and a shop's sellers as select options, names by id, the shop filter.
import { RecordName } from '../../ui/RecordName';
import type { FilterDefinition } from '../../ui/resource/definition';
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

/** The lists' filter by shop (products, sellers, orders), kept in the URL as `shopId`. */
export const shopFilter: FilterDefinition = {
  kind: 'record',
  name: 'shopId',
  testId: 'filter-shop',
  useOptions: useShopOptions,
  renderLabel: (id) => <ShopName id={id} />,
  width: 220,
};

export const sellerApi = sampleApi('sellers');

/** The options of one shop's sellers matching a search (a shop's owner is one of its own sellers). */
export function sellerOptionsOf(shopId: string) {
  return function useSellerOptions(search: string) {
    const { data, isFetching } = sellerApi.useList({ search: search || undefined, shopId, page: 1, pageSize: 20 });
    return {
      options: (data?.items ?? []).map((seller) => ({ value: seller.id, label: `${seller.name} <${seller.email}>` })),
      loading: isFetching,
    };
  };
}

/** A seller's name by id. */
export function SellerName({ id }: { id: string }) {
  return <RecordName query={sellerApi.useGet(id)} name={(seller: { name: string }) => seller.name} />;
}
