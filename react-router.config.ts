import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one cached module, instead of a partial one
  // worked out for every page rendered and `/__manifest` calls for the links
  // a page shows (it was about 5 % of a page's render on the server).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
  },
} satisfies Config;
