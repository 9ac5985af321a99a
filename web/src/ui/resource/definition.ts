// What a resource is on the web: its paths, menu entry, who may do what, and (loaded with its screens) its list and form.
import type { ComponentType, ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { KindDeclaration, ListResponse, RecordMeta, Role } from '@trialdesk/shared';
import type { ExportCallable } from '../../core/api/exportApi';
import type { QueryState } from '../../core/api/records';
import { APP_PATH } from '../../core/config';
import type { EnumGroup } from '../enums';
import type { ListColumn } from '../ListCards';
import type { HistoryDisplay } from '../HistoryPanel';
import type { FormCodec } from './formCodec';
import type { HiddenParams, useListParams } from '../useListParams';
import type { ListParams } from '../listParams';
import type { Option } from '../RemoteSelect';

/** Who may do something: any approved Admin or Editor, Admins only, or nobody (the screen does not exist). */
export type Access = 'staff' | 'admin' | 'none';

/** May a person with this role do what `access` allows? (The server checks the same on every call.) */
export const may = (role: Role | undefined, access: Access): boolean =>
  access === 'staff' ? role === 'Admin' || role === 'Editor' : access === 'admin' && role === 'Admin';

/**
 * A menu entry's place: the back office's own "app" group, the template showcase's "Pages" and "UI Showcase" (collapsible), or
 * "Other"; `sub` nests it one level further, in a collapsible submenu labelled `menu.subs.<sub>`.
 */
export interface MenuPlace {
  label: string;
  icon?: ComponentType;
  group: 'app' | 'pages' | 'ui' | 'other';
  sub?: string;
}

/** The part of a resource the router and menu need, kept small: the screens' parts load with the screens. */
export interface ResourceDefinition {
  /** The dictionary section holding its titles and field labels (and its audit entity, when it has one). */
  name: string;
  /** Its URL segment under its base. */
  path: string;
  /** Where its screens live: the product's under /app (the default), the template showcase's elsewhere. */
  base?: string;
  /** Sample data of the template showcase (kept in the browser, never sent to the server): its screens say so. */
  sample?: boolean;
  /** Its menu entry. */
  menu: MenuPlace;
  /** The record's field that names it (a kind's: its declaration's `label`), for the tab's title of its screen. */
  label?: string;
  access: { list: Access; create: Access; edit: Access; delete: Access };
  /** The list, and the form of create and edit screens: loaded with the first screen shown. */
  screens: () => Promise<ResourceScreens>;
}

/**
 * A record kind's resource: its name and who may do what come from the kind's declaration (the callables check the
 * same), the rest is the web's.
 */
export const kindResource = (
  kind: KindDeclaration,
  web: Omit<ResourceDefinition, 'name' | 'access'>,
): ResourceDefinition => ({
  name: kind.name,
  label: kind.label,
  access: {
    list: kind.callables.list ?? 'none',
    create: kind.callables.create ?? 'none',
    edit: kind.callables.update ?? 'none',
    delete: kind.callables.delete ?? 'none',
  },
  ...web,
});

/** A resource's paths: written once, here, from its segment. */
export const pathsOf = ({ base = APP_PATH, path }: Pick<ResourceDefinition, 'base' | 'path'>) => ({
  list: `${base}/${path}`,
  create: `${base}/${path}/create`,
  edit: (id: string) => `${base}/${path}/${id}`,
});

export interface ResourceScreens {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource's record type; checked where it is written.
  list: ListDefinition<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form?: FormDefinition<any>;
  /** A record's own screen at `{id}`, instead of the edit form (orders: lines and status timeline). */
  Detail?: ComponentType<{ id: string }>;
}

/**
 * A column of a list: an antd column; `link` makes its cell open the record. The first column identifies the record
 * and one marked `actions` holds its actions: both stay in view at every width (`ListTable`).
 */
export type ResourceColumn<R> = ListColumn<R> & {
  link?: boolean;
  /** Shown only while this holds of the list's state (a column the server fills for some requests only). */
  shownWhen?: (state: ListState) => boolean;
};

/** Search, filters, sort and paging as the list screen holds them. */
export interface ListState {
  params: ListParams;
  hidden: HiddenParams;
  update: ReturnType<typeof useListParams<string>>['update'];
}

/** A list filter, kept in the URL under its name. */
export type FilterDefinition =
  | {
      kind: 'enum';
      name: string;
      values: readonly string[];
      /** Option labels: an enum group of the dictionary, or a function of the value. */
      labels: EnumGroup | ((t: TFunction, value: string) => string);
      width: number;
      showSearch?: boolean;
    }
  | {
      kind: 'record';
      name: string;
      /** A dictionary key, when not the field's label. */
      label?: string;
      testId: string;
      useOptions: (search: string) => { options: Option[]; loading: boolean };
      renderLabel: (id: string) => ReactNode;
      width: number;
    }
  | { kind: 'period'; from: string; to: string };

/** A link of a list's toolbar, beside Create (references: Triage), for those its access allows. */
export interface ListAction {
  /** The dictionary key of its label. */
  label: string;
  /** Where it leads, or that from the list's state (a filter it carries along). */
  to: string | ((params: ListParams) => string);
  icon?: ComponentType;
  testId: string;
  /** Who sees it; by default whoever sees the list. */
  access?: Access;
}

/** A button of a list's own beside Create, doing its work in place (studies: Import from ClinicalTrials.gov). */
export interface ListTool {
  key: string;
  Component: ComponentType;
  /** Who sees it; by default whoever may create. */
  access?: Access;
}

export interface ListDefinition<R extends { id: string }> {
  /** Its API: the list query (a method, so each resource's own request type fits). */
  useList(request: Record<string, unknown>): QueryState<ListResponse<R>>;
  sorts: readonly string[];
  filters: readonly FilterDefinition[];
  /** A text search box (its placeholder is `<name>.searchPlaceholder`), or a search of the resource's own. */
  search: 'text' | ComponentType<ListState> | null;
  /** The request from the list's state, when not search, filters, sort and paging as they are. */
  request?: (state: Pick<ListState, 'params' | 'hidden'>) => Record<string, unknown>;
  columns: (t: TFunction, language: string) => ResourceColumn<R>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Links beside Create. */
  actions?: readonly ListAction[];
  /** Buttons of its own beside Create. */
  tools?: readonly ListTool[];
  /** An Export CSV button: the callable writing every row of the list as it is filtered, searched and sorted. */
  export?: { callable: ExportCallable };
}

/** The props a resource's form fields receive. */
export interface FieldsProps<R> {
  form: FormInstance;
  mode: 'create' | 'edit';
  record?: R;
}

export interface FormDefinition<R extends RecordMeta> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the codec's values are the schema's, per resource.
  codec: FormCodec<any>;
  Fields: ComponentType<FieldsProps<R>>;
  /** Its API: get, create, update and delete. */
  api: {
    useGet: (id: string) => QueryState<R>;
    useCreate: () => readonly [(request: never) => Promise<unknown>, unknown];
    useUpdate: () => readonly [(request: never) => Promise<unknown>, unknown];
    useDelete: () => readonly [(request: never) => Promise<unknown>, unknown];
  };
  /** The dictionary keys of the messages after a create and after a save. */
  messages: { created: string; updated: string };
  /** What the edit screen shows above the form. */
  Header?: ComponentType<{ record: R }>;
  /** What the edit screen shows below the form (studies: the study's documents). */
  Below?: ComponentType<{ record: R }>;
  /** May this record be deleted by this person, beyond the resource's delete access (users: not oneself)? */
  deletable?: (record: R, selfId: string | undefined) => boolean;
  /** A check before an edit is saved: calls `save` when the person confirms (users: approving an unverified account). */
  useConfirmSave?: () => (record: R, values: Record<string, unknown>, save: () => void) => void;
  /** How its history shows values: enum fields by their labels, links to other records (none: no history kept). */
  history?: HistoryDisplay;
}
