// The layout slice: full or mobile layout and whether the sider or drawer is hidden.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MOBILE_BREAKPOINT } from './config';
import { isRecord, loadPersisted, STORAGE_KEYS } from './persist';

export type LayoutType = 'full' | 'mobile';

export interface LayoutState {
  /** Full layout: sider collapsed. Mobile layout: drawer closed. */
  siderHidden: boolean;
  type: LayoutType;
}

export const layoutTypeFor = (width: number): LayoutType => (width < MOBILE_BREAKPOINT ? 'mobile' : 'full');

const isLayoutState = (value: unknown): value is LayoutState =>
  isRecord(value) && typeof value.siderHidden === 'boolean' && (value.type === 'full' || value.type === 'mobile');

export function initialLayoutState(): LayoutState {
  const stored = loadPersisted(STORAGE_KEYS.layout, isLayoutState);
  const type = layoutTypeFor(window.innerWidth);
  // The drawer always starts closed; a full layout keeps the user's collapsed choice.
  if (type === 'mobile') return { siderHidden: true, type };
  return { siderHidden: stored?.type === 'full' ? stored.siderHidden : false, type };
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
    /** On narrow screens the menu hides again on every route change. */
    routeChanged(state) {
      if (state.type === 'mobile') state.siderHidden = true;
    },
  },
});

export const { toggleSider, setSiderHidden, setLayoutType, routeChanged } = layoutSlice.actions;
