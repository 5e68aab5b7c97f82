// A fake of Dub's lead tracking (POST /track/lead with a bearer key), for tests only. Records
// every lead it accepted with the key it came with; answers 401 to a wrong key and, when told
// to fail, 500, as Dub's API would.
import { listenLoopback, readBody } from './listen.js';

export type ReceivedLead = { authorization: string; body: Record<string, unknown> };

export async function startDubFake(apiKey: string) {
  const leads: ReceivedLead[] = [];
  let failing = false;
  const fake = await listenLoopback(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/track/lead') return void res.writeHead(404).end();
    const authorization = req.headers.authorization ?? '';
    if (authorization !== `Bearer ${apiKey}`)
      return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'unauthorized' } }));
    if (failing) return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'internal_server_error' } }));
    const lead = JSON.parse(body) as Record<string, unknown>;
    leads.push({ authorization, body: lead });
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ click: { id: lead.clickId }, customer: { externalId: lead.customerExternalId, name: lead.customerName, email: lead.customerEmail } }),
      );
  });
  return {
    ...fake,
    leads,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}
