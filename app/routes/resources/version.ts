import { BUILD_ID } from "~/utils/version";

/** `GET /version.json`: the deployment that is live, never cached (spec 7 "platform calls"). */
export function loader() {
  return Response.json({ version: BUILD_ID }, { headers: { "Cache-Control": "no-cache, no-store, must-revalidate" } });
}
