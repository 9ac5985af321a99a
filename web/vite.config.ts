// Vite settings of the web app: its deployment's settings (or the emulators'), the login size report, vendor chunks,
// production router.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deploymentSettings } from './build/deploymentSettings';
import { sizeReport } from './build/sizeReport';

// react-router's package exports always resolve to its development build; production builds take the other one.
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command }) => {
  return {
    plugins: [
      // First: a production build without its settings stops before anything is bundled.
      deploymentSettings(),
      react(),
      sizeReport({
        routes: [
          { name: 'login', modules: [/src\/shell\/auth\/LoginPage\.tsx$/], budgetKb: 254 },
          // The referral portal's sign-in (/refer/login): its layout and page (what follows a sign-in loads after it).
          {
            name: 'portal sign-in',
            modules: [/src\/shell\/portal\/PortalRoutes\.tsx$/, /src\/shell\/portal\/PortalLoginPage\.tsx$/],
            budgetKb: 265,
          },
        ],
        // The dictionary of the page's language loads before the first paint (src/core/i18n/index.ts).
        oneOfModules: /src\/core\/i18n\/(en|fr)\.ts$/,
      }),
    ],
    resolve: {
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
              { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
            ]
          : [],
    },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        treeshake: {
          // @rc-component/form declares no `sideEffects`, so antd's form context (which every input and the
          // ConfigProvider read) would pull the whole form engine into the entry; its modules only define exports.
          moduleSideEffects: (id: string) => (/[\\/]@rc-component[\\/]form[\\/]/.test(id) ? false : undefined),
        },
        output: {
          codeSplitting: {
            groups: [
              // Vendor groups hold only what every page loads: a group takes every module it matches, so RTK
              // Query and the Functions SDK (loaded after sign-in) stay out of them.
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|redux|immer|reselect|@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit)[\\/.]/,
                priority: 4,
              },
              {
                name: 'firebase',
                test: /node_modules[\\/](firebase[\\/](app|auth)|@firebase[\\/](app|auth|util|component|logger)|idb)[\\/]/,
                priority: 3,
              },
              {
                // The app's own modules every page loads (store, i18n, sign-in state) in one chunk: left alone, the
                // bundler splits them into many small chunks as lazy screens share them, each costing a request.
                name: 'core',
                // With the API gate every signed-in route passes (the back office's and the portal's): shared by the
                // entry and the portal's chunk, the bundler would otherwise give it a chunk (and a request) of its own.
                test: /[\\/]src[\\/](core[\\/](config|persist|store|layoutSlice|themeSlice|i18n[\\/](index|languages)|auth[\\/](authSlice|redirect|idle|claims|session))\.ts|shell[\\/]ApiGate\.tsx)$/,
                priority: 1,
              },
              {
                // The sign-in's form and state, which the portal's sign-in (/refer/login) shares: with the login page,
                // rather than in a chunk of their own that the login route would load besides.
                name: 'login',
                test: /[\\/]src[\\/]shell[\\/]auth[\\/](LoginPage|useSignIn|PasswordForm)\.tsx?$/,
                includeDependenciesRecursively: false,
                priority: 1,
              },
              {
                // The login form's inputs and icons in one chunk: the showcase's pages share them, and left alone the
                // bundler splits them into pieces, each costing the login page a request and a wrapper.
                name: 'login-controls',
                test: /node_modules[\\/](antd[\\/]es[\\/](input[\\/](Input|Password|utils|hooks[\\/]useRemovePasswordTimeout)|style[\\/]compact-item)|@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](LockOutlined|MailOutlined|WindowsFilled|EyeOutlined|EyeInvisibleOutlined)|@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](LockOutlined|MailOutlined|WindowsFilled|EyeOutlined|EyeInvisibleOutlined))\.js$/,
                includeDependenciesRecursively: false,
                priority: 1,
              },
              {
                // Without <Trans> and its HTML parser: only the screens that build sentences with links use them
                // (logs, history), so they load with those screens, not with the login page.
                name: 'i18n',
                test: /node_modules[\\/](i18next|i18next-browser-languagedetector|react-i18next[\\/](?!dist[\\/]es[\\/](Icu)?Trans))[\\/]?/,
                priority: 2,
              },
            ],
          },
        },
      },
    },
  };
});
