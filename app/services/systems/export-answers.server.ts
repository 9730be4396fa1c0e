/**
 * An export task (data portability, GDPR Art. 20) is answered with the
 * person's data, and only an export task is: the callback's rules by the
 * task's action, in the words a system's developer reads (the call's
 * `fields`). The files themselves are checked as they are stored
 * (privacy-request/json-answer-files.server.ts).
 */
import type { TaskAnswer } from "~/domain/data-system";
import type { SystemAction } from "~/domain/rights";

/** Whether a task of this action is answered with the person's data as JSON. */
export const answersWithData = (action: SystemAction) => action === "export";

/** The file a system's data is kept as: `<system>.json`, then `<system>-2.json`… for more files of one answer. */
export const systemDataFileName = (systemId: string, index = 1) =>
  index === 1 ? `${systemId}.json` : `${systemId}-${index}.json`;

export const NOT_JSON_MESSAGE = (name: string) =>
  `The files were not taken: ${name} is not JSON (an object or array that parses whole).`;

/** What is wrong with an answer for a task of `action`, by field; empty when nothing is. */
export function exportAnswerProblems(
  action: SystemAction,
  answer: { status: TaskAnswer; data: boolean; files: number },
): Record<string, string[]> {
  if (!answersWithData(action))
    return answer.data
      ? { data: [`'data' comes only with the answer to an export task (data portability); this task asks: ${action}.`] }
      : {};
  if (answer.status !== "done") {
    if (answer.data) return { data: ["'data' comes only with the status done."] };
    if (answer.files > 0) return { file: ["Files come only with the status done."] };
    return {};
  }
  if (!answer.data && answer.files === 0)
    return {
      data: [
        "An export task is done with the person's data: send 'data' (a JSON object or array), or JSON files as parts named `file`. Answer 'no-data' when your system holds nothing of the person.",
      ],
    };
  return {};
}
