import { redirect } from "react-router";

// `/` has no language segment; the root middleware normally redirects first.
export function loader() {
  return redirect("/nl");
}
