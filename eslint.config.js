// Lint rules for the whole codebase: TypeScript, React hooks and
// accessibility of JSX. No blanket disables: a rule that does not fit gets
// the design changed, or is switched off here with the reason beside it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // A scrollable table is a named role="region" that takes the focus, so a
      // keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      // Lists styled without bullets lose their list role in Safari's VoiceOver unless it is named.
      "jsx-a11y/no-redundant-roles": ["error", { nav: ["navigation"], ol: ["list"], ul: ["list"] }],
    },
  },
  {
    files: [
      "app/components/banner.tsx",
      "app/components/error-summary.tsx",
      "app/components/staff/not-signed-in-notice.tsx",
    ],
    rules: {
      // GOV.UK pattern: after a failed post the error summary (or the result
      // banner, or the staff form's not-signed-in notice) takes the focus.
      // Without JavaScript only `autofocus` can do that (the no-js end-to-end
      // project checks it); with it, an effect does.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
