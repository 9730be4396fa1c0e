import { data } from "react-router";

/** Spec 8: an unmatched route is a 404 'Not found: {path}'. */
export function notFound(request: Request): never {
  throw data(`Not found: ${new URL(request.url).pathname}`, { status: 404 });
}
