/**
 * The label as PNG, for layouts that take no SVG: rendered by resvg (a
 * maintained Rust SVG renderer, its Linux build shipped as an npm package)
 * at 300 dpi (90 mm = 1063 px) in the label's font only.
 *
 * A render costs tens of milliseconds of CPU (the fonts parsed, the text
 * shaped, the pixels drawn, the PNG encoded); done on the event loop, 16
 * connections asking for labels held every other visitor's page for over a
 * second. So renders run in a worker thread, one at a
 * time, leaving the other core to the pages; what waits for its turn is a
 * request in flight, which the overload guard counts, and a request that
 * would wait behind more than its `queueLimit` is refused at once.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

import pLimit from "p-limit";

import { LABEL_FONT, LABEL_FONT_FILES } from "./label-font.server";

const require = createRequire(import.meta.url);

const RENDER_OPTIONS = {
  fitTo: { mode: "width", value: 1063 },
  background: "#ffffff",
  font: {
    fontFiles: [LABEL_FONT_FILES.regular, LABEL_FONT_FILES.bold],
    loadSystemFonts: false,
    defaultFontFamily: LABEL_FONT,
  },
};

// The worker's code as a script: the server is bundled into one file, so the
// worker cannot be a module of its own; resvg is handed over by its resolved path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { Resvg } = require(workerData.resvg);
parentPort.on("message", ({ id, svg }) => {
  try {
    parentPort.postMessage({ id, png: new Resvg(svg, workerData.options).render().asPng() });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});`;

/** Too many renders wait already: the caller answers "busy, try again". */
export class LabelRendersBusy extends Error {}

type Job = { resolve: (png: Buffer) => void; reject: (error: Error) => void };
type Renderer = { thread: Worker; jobs: Map<number, Job> };

let renderer: Renderer | null = null;
let lastJob = 0;

/** The worker, started on the first render; one that failed is replaced on the next. */
function currentRenderer(): Renderer {
  if (renderer) return renderer;
  const jobs = new Map<number, Job>();
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { resvg: require.resolve("@resvg/resvg-js"), options: RENDER_OPTIONS },
  });
  // An idle renderer must not keep a stopping server alive.
  thread.unref();
  thread.on("message", (answer: { id: number; png?: Uint8Array; error?: string }) => {
    const job = jobs.get(answer.id);
    jobs.delete(answer.id);
    if (answer.png) job?.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
    else job?.reject(new Error(`label render failed: ${answer.error}`));
  });
  const fail = (error: Error) => {
    if (renderer?.thread === thread) renderer = null;
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  };
  thread.on("error", fail);
  thread.on("exit", (code) => fail(new Error(`the label renderer stopped (exit code ${code})`)));
  renderer = { thread, jobs };
  return renderer;
}

function renderInWorker(svg: string): Promise<Buffer> {
  const { thread, jobs } = currentRenderer();
  const id = ++lastJob;
  return new Promise((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    thread.postMessage({ id, svg });
  });
}

const turns = pLimit(1);

/**
 * `drawSvg` runs at the render's turn, so a refused request costs no drawing
 * either; `queueLimit`: how many renders may wait before this one is refused
 * (a public request's patience; the back office's ZIP waits).
 */
export function labelPng(drawSvg: () => string, { queueLimit = Number.POSITIVE_INFINITY } = {}): Promise<Buffer> {
  if (turns.pendingCount >= queueLimit) return Promise.reject(new LabelRendersBusy());
  return turns(() => renderInWorker(drawSvg()));
}
