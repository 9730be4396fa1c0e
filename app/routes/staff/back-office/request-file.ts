import { data } from "react-router";

import { getDb } from "~/db/instance.server";
import { fileDownload } from "~/http/file-download.server";
import { staffFile } from "~/services/privacy-request/answer.server";

import type { Route } from "./+types/request-file";

/** An officer downloads a file of a request to check it (a POST, like every download of a person's data). */
export async function action({ params }: Route.ActionArgs) {
  const file = await staffFile(await getDb(), params.reference, params.fileId);
  if (!file) throw data({ notFound: true }, { status: 404 });
  return fileDownload(file);
}
