// A client process for test/http/hostile/refused-upload-clients.test.ts: uploads as a new user
// would, with Node's global fetch (a FormData body, streamed) or with undici's request (the whole
// multipart body as one Buffer), and prints what it got as one JSON line.
//
//   node node-client.mjs fetch|undici   < {"url", "authorization", "sizes": [bytes, …]}
//
// For each size: the upload on a fresh connection, GET /healthz (which opens a keep-alive
// connection), the same upload again on that reused connection; at the end one more GET /healthz.
// An outcome is {status, code, retryAfter, connectionHeader} or {error} (the cause's code, e.g. EPIPE).
import { Agent, request } from 'undici';

const client = process.argv[2];
const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve(text));
}));

/** A file of `size` bytes that starts like a PDF; the server refuses it before reading it. */
function file(size) {
  const bytes = Buffer.alloc(size, 0x41);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
}

const boundary = 'klartextclient0123456789';
function multipartBody(bytes) {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nlohnabrechnung\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const agent = new Agent({ connections: 1, headersTimeout: 60_000, bodyTimeout: 60_000 });

async function upload(bytes) {
  try {
    if (client === 'fetch') {
      const form = new FormData();
      form.append('document_type', 'lohnabrechnung');
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'scan.pdf');
      const res = await fetch(`${plan.url}/api/v1/analyze`, { method: 'POST', headers: { authorization: plan.authorization }, body: form });
      const body = await res.json();
      return { status: res.status, code: body.error?.code ?? null, retryAfter: res.headers.get('retry-after'), connectionHeader: res.headers.get('connection') };
    }
    const res = await request(`${plan.url}/api/v1/analyze`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: plan.authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipartBody(bytes),
    });
    const body = await res.body.json();
    return { status: res.statusCode, code: body.error?.code ?? null, retryAfter: res.headers['retry-after'] ?? null, connectionHeader: res.headers.connection ?? null };
  } catch (err) {
    return { error: String(err.cause?.code ?? err.code ?? err.message) };
  }
}

async function health() {
  try {
    if (client === 'fetch') {
      const res = await fetch(`${plan.url}/healthz`);
      await res.text();
      return { status: res.status };
    }
    const res = await request(`${plan.url}/healthz`, { dispatcher: agent });
    await res.body.text();
    return { status: res.statusCode };
  } catch (err) {
    return { error: String(err.cause?.code ?? err.code ?? err.message) };
  }
}

const outcomes = [];
for (const size of plan.sizes) {
  const bytes = file(size);
  outcomes.push({ size, connection: 'fresh', ...(await upload(bytes)) });
  outcomes.push({ size, connection: 'health', ...(await health()) });
  outcomes.push({ size, connection: 'keep-alive', ...(await upload(bytes)) });
}
outcomes.push({ size: 0, connection: 'health', ...(await health()) });
await agent.close();
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
