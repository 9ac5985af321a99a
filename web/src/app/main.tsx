import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import './i18n';
import './styles.css';
import { AuthListener } from './auth/AuthListener';
import { createRouter } from './routes';
import { createStore } from './store';
import { ThemeProvider } from './theme/ThemeProvider';

const store = createStore();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider>
        <AuthListener />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
