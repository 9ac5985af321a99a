// The theme slice: light or dark mode and the primary colour, kept in localStorage.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord, loadPersisted, STORAGE_KEYS } from './persist';

export type ThemeMode = 'light' | 'dark';
export const DEFAULT_PRIMARY_COLOR = '#3e5eff';

export interface ThemeState {
  mode: ThemeMode;
  primaryColor: string;
}

const isThemeState = (value: unknown): value is ThemeState =>
  isRecord(value) &&
  (value.mode === 'light' || value.mode === 'dark') &&
  typeof value.primaryColor === 'string' &&
  /^#[0-9a-f]{6}$/i.test(value.primaryColor);

export function initialThemeState(): ThemeState {
  return loadPersisted(STORAGE_KEYS.theme, isThemeState) ?? { mode: 'light', primaryColor: DEFAULT_PRIMARY_COLOR };
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: initialThemeState,
  reducers: {
    toggleMode(state) {
      state.mode = state.mode === 'light' ? 'dark' : 'light';
    },
    setMode(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
});

export const { toggleMode, setMode } = themeSlice.actions;
