// Writes a .br and a .gz beside every fingerprinted text asset of the client
// build, so that the server sends them as they are instead of compressing the
// same file on every request (served by express-static-gzip).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const DIR = "build/client/assets";
const TEXT = /\.(js|css|svg|json|map)$/;

let count = 0;
for (const name of fs.readdirSync(DIR)) {
  if (!TEXT.test(name)) continue;
  const file = path.join(DIR, name);
  const body = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} assets`);
