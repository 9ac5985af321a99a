// The web app's entry point: creates the store and router, waits for Firebase and i18n, renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import { AuthListener } from './auth/AuthListener';
import { LanguageSync } from './LanguageSync';
import { initFirebase } from '../core/firebase';
import { i18nReady } from '../core/i18n';
import { createRouter } from './routes';
import { createStore } from '../core/store';
import { ThemeProvider } from './ThemeProvider';

const store = createStore();
const router = createRouter();

// Auth must be initialised (emulator ports read) before the auth listener subscribes, and the first paint is
// translated.
await Promise.all([initFirebase(), i18nReady]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider>
        <AuthListener />
        <LanguageSync />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
