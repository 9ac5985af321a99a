// The layout slice: full or mobile layout, whether the sider or drawer is hidden, which menu groups are open.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MOBILE_BREAKPOINT } from './config';
import { isRecord, loadPersisted, STORAGE_KEYS } from './persist';

export type LayoutType = 'full' | 'mobile';

export interface LayoutState {
  /** Full layout: sider collapsed. Mobile layout: drawer closed. */
  siderHidden: boolean;
  type: LayoutType;
  /** The collapsible menu groups the person opened (all start collapsed). */
  openGroups: string[];
}

export const layoutTypeFor = (width: number): LayoutType => (width < MOBILE_BREAKPOINT ? 'mobile' : 'full');

const isLayoutState = (value: unknown): value is LayoutState =>
  isRecord(value) &&
  typeof value.siderHidden === 'boolean' &&
  (value.type === 'full' || value.type === 'mobile') &&
  // Stored before menu groups could open: read as all collapsed.
  (value.openGroups === undefined ||
    (Array.isArray(value.openGroups) && value.openGroups.every((group) => typeof group === 'string')));

export function initialLayoutState(): LayoutState {
  const stored = loadPersisted(STORAGE_KEYS.layout, isLayoutState);
  const type = layoutTypeFor(window.innerWidth);
  const openGroups = stored?.openGroups ?? [];
  // The drawer always starts closed; a full layout keeps the user's collapsed choice.
  if (type === 'mobile') return { siderHidden: true, type, openGroups };
  return { siderHidden: stored?.type === 'full' ? stored.siderHidden : false, type, openGroups };
}

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    toggleSider(state) {
      state.siderHidden = !state.siderHidden;
    },
    setSiderHidden(state, action: PayloadAction<boolean>) {
      state.siderHidden = action.payload;
    },
    /** Width changed: switching to mobile hides the drawer, back to full shows the sider. */
    setLayoutType(state, action: PayloadAction<LayoutType>) {
      if (state.type === action.payload) return;
      state.type = action.payload;
      state.siderHidden = action.payload === 'mobile';
    },
    setOpenGroups(state, action: PayloadAction<string[]>) {
      state.openGroups = action.payload;
    },
    /** Opens these groups too (those holding the page shown), leaving the others as they are. */
    groupsShown(state, action: PayloadAction<string[]>) {
      for (const group of action.payload) if (!state.openGroups.includes(group)) state.openGroups.push(group);
    },
    /** On narrow screens the menu hides again on every route change. */
    routeChanged(state) {
      if (state.type === 'mobile') state.siderHidden = true;
    },
  },
});

export const { toggleSider, setSiderHidden, setLayoutType, setOpenGroups, groupsShown, routeChanged } =
  layoutSlice.actions;
