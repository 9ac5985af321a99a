// ESLint settings of the whole repository: recommended JS and TypeScript rules, React hooks rules for web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/lib/**', '**/dist/**', '.data/**', '**/test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Small units (docs/architecture.md): dictionaries, seed data and the rules language's parser and evaluator, which
    // read best whole, are exempt from the file length; tests from both (a describe block is not a unit).
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/test/**',
      '**/*.test.*',
      '**/i18n/{en,fr}.ts',
      '**/words.ts',
      'scripts/seed-data.ts',
      '**/seedData.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    files: ['emulator/src/rules/{parser,evaluator}.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Dialogs open on their first field and take Enter as their primary button: web/src/ui/Dialog.tsx.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'antd', importNames: ['Modal'], message: 'Use Dialog (web/src/ui/Dialog.tsx).' }] },
      ],
    },
  },
);
