import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one cached module, instead of a partial one
  // worked out for every page rendered and `/__manifest` calls for the links
  // a page shows (it was about 5 % of a page's render on the server).
  routeDiscovery: { mode: "initial" },
  // Each of React Router 8's changes is chosen here rather than left to a
  // warning at every build. Middleware is on (the site context, cache headers and staff guard run as middleware).
  // The others wait for the move to React Router 8, which needs a newer Node
  // than the servers run: split route modules would undo the one shell file
  // every hydrating page loads (vite.config.ts); the environment API would
  // change how the server bundle is given its entry (server/app.ts); and the
  // request and data-URL changes alter what the page cache and the metrics
  // key on (server/route-matchers.ts).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
