/**
 * The layer rules (docs/architecture.md), checked in `npm test`:
 *
 *   routes (app/routes, root, entries) → http → services → db · validation · content · i18n → domain · config
 *   components → validation · content · i18n · domain · utils · enhance   (never a *.server module)
 *   server/ → app's lower layers                                           (never a route or component module)
 *
 * domain holds each entity's vocabulary (states, codes, normal forms): pure,
 * it imports nothing of the app. utils are small helpers any layer may use;
 * they import nothing above them.
 * Type-only imports count: a type that must be shared lives in the lower layer.
 */
const APP = "^app/";
const ROUTES = "^app/(routes/|root\\.tsx|entry\\.|routes\\.ts)";
const COMPONENTS = "^app/components/";
const HTTP = "^app/http/";
const SERVICES = "^app/services/";
const SERVER_MODULE = "\\.server\\.tsx?$";
// Tests stand outside the layers: they call a module from wherever it lives.
const TEST = "\\.test\\.tsx?$";

/** The layer rules bind the modules, not their tests. */
function forModulesOnly(rule) {
  const pathNot = [rule.from.pathNot ?? []].flat();
  return rule.name === "code-never-imports-tests"
    ? rule
    : { ...rule, from: { ...rule.from, pathNot: [...pathNot, TEST] } };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "code-never-imports-tests",
      severity: "error",
      comment:
        "A unit test sits beside its module and may reach anything; the module itself never depends on a test or its setup.",
      from: { path: "^(app|server)/", pathNot: TEST },
      to: { path: [TEST, "^tests/"] },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle means two modules are one; merge them or move the shared part down.",
      from: { path: APP },
      to: { circular: true },
    },
    {
      name: "route-module-imports-route-module",
      severity: "error",
      comment:
        "A route module is one page or call; what two share lives in a helper (*.server.ts) beside them or a lower layer.",
      from: { path: "^app/routes/", pathNot: SERVER_MODULE },
      to: { path: "^app/routes/", pathNot: SERVER_MODULE },
    },
    {
      name: "only-routes-import-routes",
      severity: "error",
      comment: "Nothing below the routes knows about them (the root's data type included).",
      from: { path: APP, pathNot: ROUTES },
      to: { path: ROUTES },
    },
    {
      name: "components-never-import-server-modules",
      severity: "error",
      comment: "Components run in the browser too; a *.server module must never reach the client bundle.",
      from: { path: COMPONENTS },
      to: { path: [SERVER_MODULE, HTTP, SERVICES, "^app/db/", "^app/config"] },
    },
    {
      name: "http-is-below-routes-only",
      severity: "error",
      comment:
        "app/http reads requests and writes responses for routes; services and below know nothing of HTTP forms.",
      from: { path: APP, pathNot: [ROUTES, HTTP] },
      to: { path: HTTP },
    },
    {
      name: "services-are-below-routes",
      severity: "error",
      comment: "Domain logic is called by routes and app/http; lower layers never call up into it.",
      from: { path: "^app/(db|validation|content|i18n|utils|enhance|config|context)" },
      to: { path: [SERVICES, COMPONENTS] },
    },
    {
      name: "services-know-no-pages",
      severity: "error",
      comment: "Services are called by pages, calls and jobs alike; they never reach into UI or HTTP form handling.",
      from: { path: SERVICES },
      to: { path: [COMPONENTS, HTTP, ROUTES] },
    },
    {
      name: "services-speak-no-http",
      severity: "error",
      comment:
        "Cookies, redirects and thrown Responses are HTTP: they live in app/http. A service may name React Router's types, never call it.",
      from: { path: SERVICES },
      to: { path: "node_modules/(react-router|@react-router)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-is-the-bottom",
      severity: "error",
      comment: "An entity's vocabulary depends on nothing else of the app, so every layer may use it.",
      from: { path: "^app/domain/" },
      to: { path: APP, pathNot: "^app/domain/" },
    },
    {
      name: "lower-layers-stay-below",
      severity: "error",
      comment: "db, validation, content and i18n depend only on each other's lower parts and config.",
      from: { path: "^app/(db|validation|content|i18n)/" },
      to: { path: ["^app/(enhance)/"] },
    },
    {
      name: "db-knows-no-rules",
      severity: "error",
      comment: "The database layer stores; the rules (schemas, states) are imported by it from nowhere above.",
      from: { path: "^app/db/" },
      to: { path: ["^app/validation/"] },
    },
    {
      name: "server-never-imports-react-modules",
      severity: "error",
      comment: "The Express layer handles HTTP; pages and components reach it only through React Router's build.",
      from: { path: "^(server/|server\\.ts$)" },
      to: { path: [ROUTES, COMPONENTS, "\\.tsx$"] },
    },
  ].map(forModulesOnly),
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
