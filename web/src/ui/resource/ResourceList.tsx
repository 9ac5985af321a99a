// The list screen of any resource, from its definition: title, actions, Export, Create, search, filters, columns,
// paging.
import { Select } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { idSchema, LIMITS } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { dayjs } from '../dayjs';
import { enumOptions } from '../enums';
import type { ListColumn } from '../ListCards';
import { LinkButton } from '../LinkButton';
import { ListTable } from '../ListTable';
import { pagingRequest, sorterOf, type ListConfig, type ListParams } from '../listParams';
import { ListToolbar } from '../ListToolbar';
import { RemoteSelect } from '../RemoteSelect';
import { SampleTag } from '../SampleTag';
import { SearchInput } from '../SearchInput';
import { useDocumentTitle } from '../useDocumentTitle';
import { openedFrom, useListParams } from '../useListParams';
import { ExportButton } from './ExportButton';
import { isDay, PeriodFilter } from './PeriodFilter';
import {
  may,
  pathsOf,
  type FilterDefinition,
  type ListDefinition,
  type ListState,
  type ResourceDefinition,
} from './definition';

const configs = new WeakMap<ListDefinition<{ id: string }>, ListConfig>();

/** What the URL may hold for a list: its sorts and, per filter, the values it allows. */
function configOf(list: ListDefinition<{ id: string }>): ListConfig {
  let config = configs.get(list);
  if (!config) {
    const filters: ListConfig['filters'] = {};
    for (const filter of list.filters) {
      if (filter.kind === 'enum') filters[filter.name] = filter.values;
      else if (filter.kind === 'record') filters[filter.name] = (value) => idSchema.safeParse(value).success;
      else {
        filters[filter.from] = isDay;
        filters[filter.to] = isDay;
      }
    }
    config = { sorts: list.sorts, filters };
    configs.set(list, config);
  }
  return config;
}

/** The request of a list: its search, filters (a period as the instants its days start and end at), sort, page. */
function requestOf(list: ListDefinition<{ id: string }>, params: ListParams): Record<string, unknown> {
  const request: Record<string, unknown> = pagingRequest(params);
  if (list.search === 'text') request.search = params.search || undefined;
  if (list.sorts.length) request.sort = params.sort;
  for (const filter of list.filters) {
    if (filter.kind !== 'period') request[filter.name] = params.filters[filter.name];
    else {
      const { [filter.from]: from, [filter.to]: to } = params.filters;
      request[filter.from] = from ? dayjs(from).startOf('day').toISOString() : undefined;
      request[filter.to] = to ? dayjs(to).endOf('day').toISOString() : undefined;
    }
  }
  return request;
}

function Filter({
  resource,
  filter,
  state,
}: {
  resource: ResourceDefinition;
  filter: FilterDefinition;
  state: ListState;
}) {
  const { t } = useTranslation();
  const { params, update } = state;
  if (filter.kind === 'period') return <PeriodFilter filter={filter} state={state} />;
  const label = t(filter.kind === 'record' && filter.label ? filter.label : `${resource.name}.fields.${filter.name}`);
  const value = params.filters[filter.name];
  const set = (next: string | undefined) => update({ filters: { [filter.name]: next } });
  if (filter.kind === 'record')
    return (
      <div style={{ minWidth: filter.width }}>
        <RemoteSelect
          allowClear
          aria-label={label}
          testId={filter.testId}
          placeholder={label}
          value={value}
          onChange={(next) => set((next as string | null) ?? undefined)}
          useOptions={filter.useOptions}
          renderLabel={filter.renderLabel}
        />
      </div>
    );
  const { labels } = filter;
  const options =
    typeof labels === 'function'
      ? filter.values.map((v) => ({ value: v, label: labels(t, v) }))
      : enumOptions(t, labels, filter.values);
  return (
    <Select
      allowClear
      showSearch={filter.showSearch ? { optionFilterProp: 'label' } : undefined}
      aria-label={label}
      data-testid={`filter-${filter.name}`}
      placeholder={label}
      style={{ minWidth: filter.width }}
      value={value}
      onChange={set}
      options={options}
    />
  );
}

/** The list screen of a resource: everything but its columns, filters and API comes from here. */
export function ResourceList({
  resource,
  list,
}: {
  resource: ResourceDefinition;
  list: ListDefinition<{ id: string }>;
}) {
  const { t, i18n } = useTranslation();
  const role = useAppSelector((state) => state.auth.user?.role);
  const state = useListParams(configOf(list));
  const location = useLocation();
  useDocumentTitle(t(`${resource.name}.title`));
  const request = list.request ? list.request(state) : requestOf(list, state.params);
  const query = list.useList(request);
  const paths = pathsOf(resource);
  const canEdit = may(role, resource.access.edit);
  const canCreate = may(role, resource.access.create);
  const columns: ListColumn<{ id: string }>[] = list
    .columns(t, i18n.language)
    .filter(({ shownWhen }) => shownWhen?.(state) ?? true)
    .map(({ link, shownWhen: _shownWhen, ...column }) => ({
      ...column,
      ...(column.sorter ? { sortOrder: sorterOf(state.params.sort, column.key) } : {}),
      ...(link && canEdit
        ? {
            render: (value: unknown, row: { id: string }, index: number) => (
              <Link to={paths.edit(row.id)} state={openedFrom(location)}>
                {column.render ? (column.render(value, row, index) as React.ReactNode) : String(value)}
              </Link>
            ),
          }
        : {}),
    }));
  const Search = list.search;
  const actions = (list.actions ?? [])
    .filter((action) => may(role, action.access ?? resource.access.list))
    .map(({ label, to, icon: Icon, testId }) => (
      <LinkButton
        key={testId}
        to={typeof to === 'string' ? to : to(state.params)}
        icon={Icon && <Icon />}
        data-testid={testId}
      >
        {t(label)}
      </LinkButton>
    ));
  const tools = (list.tools ?? [])
    .filter((tool) => may(role, tool.access ?? resource.access.create))
    .map(({ key, Component }) => <Component key={key} />);
  return (
    <>
      <ListToolbar
        title={t(`${resource.name}.title`)}
        tag={resource.sample && <SampleTag />}
        createLabel={canCreate ? t(`${resource.name}.create`) : undefined}
        createTo={canCreate ? paths.create : undefined}
        actions={
          (actions.length > 0 || tools.length > 0 || list.export) && (
            <>
              {actions}
              {tools}
              {list.export && <ExportButton callable={list.export.callable} request={request} />}
            </>
          )
        }
      >
        {Search === 'text' ? (
          <SearchInput
            value={state.params.search}
            onChange={(search) => state.update({ search })}
            placeholder={t(`${resource.name}.searchPlaceholder`)}
            label={t('list.search')}
            maxLength={LIMITS.searchMax}
          />
        ) : (
          Search && <Search {...state} />
        )}
        {list.filters.map((filter) => (
          <Filter
            key={filter.kind === 'period' ? filter.from : filter.name}
            resource={resource}
            filter={filter}
            state={state}
          />
        ))}
      </ListToolbar>
      <ListTable<{ id: string }>
        columns={columns}
        query={query}
        params={state.params}
        onChange={state.update}
        sorts={list.sorts}
        rowHref={canEdit ? (row) => paths.edit(row.id) : undefined}
        minWidth={list.minWidth}
      />
    </>
  );
}
