// Another kind's records named by its key (as react-admin's `reference="studies"`): a record's label and search
// options, from the kind's declaration, never from importing the kind's folder.
import { kindOf, type CallableResponse, type KindName } from '@trialdesk/shared';
import { recordApi } from '../../core/api/records';
import { RecordName } from '../RecordName';

type ItemOf<K extends KindName> = CallableResponse<`${K}-list`>['items'][number];

/** The record's label: the field its declaration names. */
export const labelOf = (kind: KindName, record: object): string =>
  String((record as Record<string, unknown>)[kindOf(kind).label] ?? '');

/** A record of kind `kind` by its label: a note while it loads and once it is gone, never its id. */
export function RecordLabel({ kind, id }: { kind: KindName; id: string }) {
  return <RecordName query={recordApi(kind).useGet(id)} name={(record: object) => labelOf(kind, record)} />;
}

/**
 * The options hook of a select of kind `kind`'s records (RemoteSelect's `useOptions`): the first 20 matching a
 * search, each worded by `describe` (its label by default).
 */
export function recordOptions<K extends KindName>(kind: K, describe?: (record: ItemOf<K>) => string) {
  const api = recordApi(kind);
  return function useRecordOptions(search: string) {
    const { data, isFetching } = api.useList({ search: search || undefined, page: 1, pageSize: 20 } as never);
    const items = ((data as { items?: ItemOf<K>[] } | undefined)?.items ?? []) as ItemOf<K>[];
    return {
      options: items.map((record) => ({
        value: (record as { id: string }).id,
        label: describe ? describe(record) : labelOf(kind, record as object),
      })),
      loading: isFetching,
    };
  };
}
