import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'node_modules/',
      'bench/.data/',
      'bench/astro-hello/dist/',
      'bench/astro-hello/.astro/',
      'data/',
      'test-results/',
      'playwright-report/',
      '.astro/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    // The jsx-a11y plugin is registered by the Astro config above; islands get the same rules.
    files: ['**/*.tsx'],
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    files: ['src/islands/**', 'src/components/**/*.{ts,tsx}', 'src/i18n/react.tsx', 'src/stores/**'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A scrollable region (a wide table, a code sample) must take focus so keyboard users can scroll it
      // (axe: scrollable-region-focusable).
      'astro/jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['region'] }],
      // Unused names are an error, except the `_` we name on purpose (skipped tuple items, unused handler arguments).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // One i18next setup (src/i18n/setup.ts); elsewhere `Astro.locals.t` and `useT()` translate, and take only keys English has.
    ignores: ['src/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['i18next', 'react-i18next'].map((name) => ({
            name,
            message: 'Translate with Astro.locals.t or useT() from #i18n/react.',
          })),
        },
      ],
    },
  },
);
