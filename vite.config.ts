import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// One id per build, the same in the browser and the server bundle (both are
// built in this process): the version file tells a page that a newer
// deployment is live (app/utils/version.ts).
const buildId = (process.env.BUILD_ID ??= new Date().toISOString().replace(/\D/g, "").slice(0, 14));

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
}));
