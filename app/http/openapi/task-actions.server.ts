/**
 * What a task asks of a system (the webhook's `action`) and how the system
 * answers it (the callback), per action of the rights' table: an action
 * whose right's answer is files takes files, one whose answer is a package
 * takes the data as JSON, every other action takes a status only.
 */
import type { SchemaObject } from "openapi3-ts/oas31";

import { FILE_LIMITS } from "~/domain/request-file";
import { RIGHTS, SYSTEM_ACTIONS, type RightAnswer, type SystemAction } from "~/domain/rights";

/** What the system does for each action (typed: a new action must be described). */
const WORK: Record<SystemAction, string> = {
  access: "find what you hold about the person and hand it over (answer files)",
  erase: "erase the person's data, unless a law makes you keep it (say so in `reason`)",
  rectify: "correct the person's data as they asked",
  restrict: "keep the person's data but stop using it (Art. 18) until a `lift` task for the same request comes",
  lift: "the restriction ends: use the person's data again",
  export: "export the data the person gave you, machine-readable (Art. 20): answer `done` with it as JSON",
  stop: "stop the processings the person objected to (`details.purposes`), upheld by an officer (Art. 21(1))",
  suppress: "stop direct marketing to the person for each brand and channel in `objection`",
  "remove-publication": "take the article in `publication` down, or anonymise it",
};

/** How a system answers: by the answer the person receives of the action's right (`lift` has no right of its own). */
function answerOf(action: SystemAction): RightAnswer | undefined {
  return RIGHTS.find((right) => right.action === action)?.answer;
}

const TAKES_FILES = SYSTEM_ACTIONS.filter((action) => answerOf(action) === "files");
const TAKES_DATA = SYSTEM_ACTIONS.filter((action) => answerOf(action) === "package");
const STATUS_ONLY = SYSTEM_ACTIONS.filter((action) => !TAKES_FILES.includes(action) && !TAKES_DATA.includes(action));

const quoted = (actions: readonly SystemAction[]) => actions.map((action) => `\`${action}\``).join(", ");

/** The webhook's `action`, each one's work listed. */
export const ACTION_PROPERTY: SchemaObject = {
  type: "string",
  enum: [...SYSTEM_ACTIONS],
  description: `What your system is asked to do: ${SYSTEM_ACTIONS.map((action) => `\`${action}\`: ${WORK[action]}`).join("; ")}. Answer each as the callback says for its action.`,
};

/** The callback's words on which answer each action takes. */
export const ANSWERS_BY_ACTION = [
  `${quoted(TAKES_DATA)}: \`done\` comes with the data as JSON, either \`data\` (a JSON object or array) in a JSON body, or as multipart/form-data with each \`file\` part a JSON document.`,
  `${quoted(TAKES_FILES)}: \`status\` and \`reason\`, as JSON, or as multipart/form-data with files (PDF, ZIP, CSV, JSON or an image) that join the answer the person downloads.`,
  `${quoted(STATUS_ONLY)}: \`{status, reason}\` only.`,
].join(" ");

/** The JSON answer: the status, and for an export done its data. */
export function jsonAnswer(answerBody: SchemaObject): SchemaObject {
  return {
    ...answerBody,
    description: `The answer. ${ANSWERS_BY_ACTION}`,
    properties: {
      ...answerBody.properties,
      data: {
        type: ["object", "array"],
        description: `${quoted(TAKES_DATA)} only, with \`status: done\`: the data the person gave your system, any JSON object or array. Not taken for another action.`,
      },
    },
  };
}

/** The multipart answer: the same fields, and files where the action takes them. */
export function multipartAnswer(answerBody: SchemaObject): SchemaObject {
  return {
    type: "object",
    description: `For ${quoted([...TAKES_FILES, ...TAKES_DATA])}: the same answer with at most ${FILE_LIMITS.filesPerPost} files, each a part named \`file\` (25 MB each): for ${quoted(TAKES_FILES)} PDF, ZIP, CSV, JSON or an image, which join the answer the person downloads; for ${quoted(TAKES_DATA)} each a JSON document. A file under any other name, or more files, and the post is refused: nothing is kept.`,
    properties: {
      ...answerBody.properties,
      file: {
        type: "array",
        maxItems: FILE_LIMITS.filesPerPost,
        items: { type: "string", contentMediaType: "application/octet-stream" },
      },
    },
    required: ["status"],
  };
}
