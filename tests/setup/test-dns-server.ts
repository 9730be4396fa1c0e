import { Resolver } from "node:dns/promises";

import dns2 from "dns2";

const { Packet } = dns2;

/** "Name Error" (RFC 1035, 4.1.1): dns2 2.x has `Packet.RCODE` at run time, not in its types. */
const NXDOMAIN = 3;

/**
 * A real DNS server on loopback with a few test zones, so the e-mail domain
 * check is exercised over the network rather than by replacing a function.
 * Names not listed get NXDOMAIN; `*.slow.test` never gets an answer.
 */
export const TEST_ZONES: Record<string, { mx?: string[]; a?: string[] }> = {
  "veldhaven-test.nl": { mx: ["mx1.veldhaven-test.nl"] },
  "lezers-test.be": { mx: ["mail.lezers-test.be"] },
  "example-mail.test": { mx: ["mx.example-mail.test"] },
  "a-only.test": { a: ["127.0.0.1"] },
  "null-mx.test": { mx: [""] },
  // The canary of the domain check: a name that exists.
  "example.com": { a: ["192.0.2.1"] },
};

type Answer = InstanceType<typeof Packet>["answers"][number];

/** dns2 encodes plain records; its types ask for the class instance. */
function record(fields: Record<string, unknown>): Answer {
  return fields as unknown as Answer;
}

export async function startTestDnsServer(
  zones: Record<string, { mx?: string[]; a?: string[] }> = TEST_ZONES,
): Promise<{ address: string; close: () => Promise<void>; queries: () => string[] }> {
  const received: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      received.push(question.name.toLowerCase());
      const name = question.name.toLowerCase();
      if (name.endsWith("slow.test")) return; // a resolver that never answers
      const response = Packet.createResponseFromRequest(request);
      const zone = zones[name];
      if (!zone) {
        response.header.rcode = NXDOMAIN;
        return send(response);
      }
      if (question.type === Packet.TYPE.MX) {
        for (const exchange of zone.mx ?? []) {
          response.answers.push(
            record({
              name,
              type: Packet.TYPE.MX,
              class: Packet.CLASS.IN,
              ttl: 60,
              exchange,
              priority: exchange ? 10 : 0,
            }),
          );
        }
      }
      if (question.type === Packet.TYPE.A) {
        for (const address of zone.a ?? []) {
          response.answers.push(record({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address }));
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const { udp } = server.addresses() as { udp: { port: number } };
  return { address: `127.0.0.1:${udp.port}`, close: () => server.close(), queries: () => [...received] };
}

/** A name's A records as the test DNS server gives them (a webhook's name, resolved where the test decides). */
export function resolveWith(server: { address: string }): (name: string) => Promise<string[]> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([server.address]);
  return (name) => resolver.resolve4(name);
}
