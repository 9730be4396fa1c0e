/**
 * The staff door under parallel attack. Each client
 * address is a loopback address of its own (the socket is bound to
 * 127.0.0.x), so the server counts them as different people.
 */
import http from "node:http";

import { expect, onlyWithJavaScript, test } from "./fixtures";
import { addStaff, STAFF_PASSWORD, uniqueStaffEmail } from "./staff-fixtures";

const port = () => Number(process.env.E2E_PORT);

/** The login form posted as a browser without JavaScript would, from `clientAddress`. */
function postLogin(clientAddress: string, email: string, password: string): Promise<number> {
  const body = new URLSearchParams({ form: "staff-login", email, password }).toString();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port: port(),
        localAddress: clientAddress,
        method: "POST",
        path: "/nl/internal-privacy-rights/login",
        headers: {
          Host: `nl.localhost:${port()}`,
          Origin: `http://nl.localhost:${port()}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

test(
  "wrong passwords from one address never lock the owner out at another; that address is blocked",
  onlyWithJavaScript("server answers: once is enough"),
  async () => {
    const owner = uniqueStaffEmail("owner");
    await addStaff(owner, "officer");
    const attacker = "127.0.0.20";
    const answers: number[] = [];
    for (let n = 0; n < 6; n++) answers.push(await postLogin(attacker, owner, `Fout-Fout-Fout-${n}`));
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    // The owner, at her own address, signs in (a redirect to the confirmation page).
    expect(await postLogin("127.0.0.21", owner, STAFF_PASSWORD)).toBe(302);
    // The attacker's address stays blocked for this account, even with the right password.
    expect(await postLogin(attacker, owner, STAFF_PASSWORD)).toBe(429);
  },
);

test(
  "60 parallel wrong passwords: at most 10 are checked, the rest refused unchecked",
  onlyWithJavaScript("server answers: once is enough"),
  async () => {
    const owner = uniqueStaffEmail("burst");
    await addStaff(owner, "officer");
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => postLogin("127.0.0.22", owner, `Fout-Fout-Fout-${n}`)),
    );
    const checked = answers.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((status) => status === 429).length).toBe(60 - checked);
  },
);
