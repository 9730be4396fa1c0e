// `npm run bench:files` (and part of `npm run bench`): the cost of a request's files
// against the production build with a throwaway DATA_DIR. An officer uploads
// a FILE_MB file (default 25) to a request's answer through the back
// office's multipart form (once just after the start, once warm), sends the
// answer, and the person downloads it through the delivery page; then a
// request's whole 100 MB goes up in one post. Prints, asserts nothing: the time of each and
// the server's resident memory before and at its peak (sampled every 20 ms),
// which must grow by far less than the file's size; and whether the bytes
// that came back are the ones that went in.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import Database from "better-sqlite3";

import {
  addOfficer,
  benchEnv,
  cookieOf,
  exchange as exchangeOn,
  formHeaders,
  openRequest as openRequestOn,
  signIn,
  startServer,
} from "./lib/bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3996);
const FILE_MB = Number(process.env.FILE_MB ?? 25);
const OFFICER = "bench-officer@veldhaven-test.nl";

const { dataDir, host: HOST, env } = benchEnv(PORT, "bench-files-");
const exchange = (options) => exchangeOn(PORT, HOST, options);
const form = () => formHeaders(HOST);
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Runs `work` while sampling the server's RSS; returns its time and the peak. */
async function measured(pid, work) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { result, seconds, before, peak };
}

const line = (label, { seconds, before, peak }) =>
  console.log(
    `${label.padEnd(11)} ${seconds.toFixed(2)} s (${(FILE_MB / seconds).toFixed(0)} MB/s); server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB for a ${FILE_MB} MB file)`,
  );

addOfficer(env, OFFICER);
const server = await startServer(PORT, HOST, env);
try {
  const staffCookie = await signIn(PORT, HOST, OFFICER);

  // Verified access requests.
  const db = new Database(path.join(dataDir, "app.sqlite"));
  const openRequest = (email) => openRequestOn(PORT, HOST, dataDir, email);
  const reference = await openRequest("bench-person@veldhaven-test.nl");
  const fullRequest = await openRequest("bench-person-2@veldhaven-test.nl");

  // The file, on disk, so this client holds none of it either.
  const file = path.join(dataDir, "upload.pdf");
  const out = fs.openSync(file, "w");
  fs.writeSync(out, "%PDF-1.7\n");
  for (let written = 9; written < FILE_MB * 1024 * 1024; written += 1024 * 1024)
    fs.writeSync(out, randomBytes(Math.min(1024 * 1024, FILE_MB * 1024 * 1024 - written)));
  fs.closeSync(out);
  const sent = createHash("sha256").update(fs.readFileSync(file)).digest("hex");

  /** One multipart post with `count` copies of the file, streamed from disk. */
  const uploadPost = (ref, count) => {
    const boundary = `bench${randomBytes(8).toString("hex")}`;
    const head = (index) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="upload${index || ""}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
    const tail = Buffer.from(`--${boundary}--\r\n`);
    const parts = Array.from({ length: count }, (_, index) => head(index));
    const length = parts.reduce((sum, part) => sum + part.length + fs.statSync(file).size + 2, 0) + tail.length;
    const body = Readable.from(
      (async function* () {
        for (const part of parts) {
          yield part;
          yield* fs.createReadStream(file, { highWaterMark: 64 * 1024 });
          yield Buffer.from("\r\n");
        }
        yield tail;
      })(),
    );
    return exchange({
      method: "POST",
      pathname: `/nl/internal-privacy-rights/requests/${ref}/files`,
      headers: {
        cookie: staffCookie,
        accept: "application/json",
        origin: `http://${HOST}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(length),
      },
      body,
    });
  };
  // The first upload after the start also pays for warming up (code compiled, heap and caches grown).
  const cold = await (async () => {
    const coldRequest = await openRequest("bench-cold@veldhaven-test.nl");
    return measured(server.pid, () => uploadPost(coldRequest, 1));
  })();
  const upload = await measured(server.pid, () => uploadPost(reference, 1));
  if (upload.result.status !== 200) throw new Error(`upload answered ${upload.result.status}: ${upload.result.body}`);

  // The answer goes out; the link is in the mail (DATA_DIR/mail without SMTP_URL).
  const delivered = await exchange({
    method: "POST",
    pathname: `/nl/internal-privacy-rights/requests/${reference}`,
    headers: { ...form(), cookie: staffCookie },
    body: new URLSearchParams({ form: "request-deliver", message: "Hierbij je gegevens." }).toString(),
  });
  if (delivered.status !== 302) throw new Error(`sending the answer answered ${delivered.status}`);
  let token = "";
  for (let i = 0; i < 100 && !token; i++) {
    const mailDir = path.join(dataDir, "mail");
    const mails = fs.existsSync(mailDir)
      ? fs.readdirSync(mailDir).map((name) =>
          fs
            .readFileSync(path.join(mailDir, name), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
        )
      : [];
    token = mails.map((mail) => /answer\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1]).find(Boolean) ?? "";
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error("no mail with the answer's link");
  const opened = await exchange({ pathname: `/nl/privacy-rights/answer?token=${token}` });
  const personCookie = cookieOf(opened);
  const fileId = db.prepare("select id from request_file where delivery_id is not null").get().id;

  const hash = createHash("sha256");
  let received = 0;
  const download = await measured(server.pid, () =>
    exchange({
      method: "POST",
      pathname: "/nl/privacy-rights/answer/download",
      headers: { ...form(), cookie: personCookie },
      body: new URLSearchParams({ form: "answer-download", file: fileId }).toString(),
      sink: (chunk) => {
        received += chunk.length;
        hash.update(chunk);
      },
    }),
  );

  if (download.result.status !== 200)
    throw new Error(`download answered ${download.result.status} ${JSON.stringify(download.result.headers)}`);
  // A request's whole 100 MB in one post (four 25 MB files): memory must not follow the size.
  const full = await measured(server.pid, () => uploadPost(fullRequest, Math.floor(100 / FILE_MB)));
  const fullStored = JSON.parse(full.result.body).stored.length;
  db.close();

  console.log(
    `A ${FILE_MB} MB file through the back office's upload and the person's download (one client, loopback, SQLite):\n`,
  );
  line("1st upload", cold);
  line("upload", upload);
  line("download", download);
  console.log(
    `${"100 MB".padEnd(11)} ${full.seconds.toFixed(2)} s for ${fullStored} files of ${FILE_MB} MB in one post; server RSS ${full.before.toFixed(0)} MB before, peak ${full.peak.toFixed(0)} MB (+${(full.peak - full.before).toFixed(0)} MB)`,
  );
  console.log(
    `\nbytes back: ${received} of ${fs.statSync(file).size}, ${hash.digest("hex") === sent ? "identical" : "DIFFERENT"} (SHA-256)`,
  );
} finally {
  server.kill("SIGTERM");
}
