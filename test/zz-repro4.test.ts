import { test } from 'node:test';
import { request } from 'node:http';
import { readingFixture } from '../scripts/fixtures/generate.js';
import { statementLines, textPdf } from './support/documents.js';
import { createOrg, startServer } from './support/server.js';
test('repro', async () => {
  const server = await startServer({ config: { requestTimeoutMs: 8000 } });
  const org = await createOrg(server, { tier: 'business' });
  for (const pdf of [await textPdf([statementLines()]), await readingFixture('statement3'), await readingFixture('scan3')]) {
    const b = '----x1234';
    const head = `--${b}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nkontoauszug\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''x%0D%0Ay.pdf\r\nContent-Type: application/pdf\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.from(pdf), Buffer.from(`\r\n--${b}--\r\n`)]);
    const t = Date.now();
    const out = await new Promise<string>((resolve) => {
      const req = request(`${server.url}/api/v1/analyze`, { method: 'POST', headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': `multipart/form-data; boundary=${b}`, 'content-length': body.length } }, (res) => {
        let s = ''; res.on('data', (c) => (s += c)); res.on('end', () => resolve(`${res.statusCode} ${s.slice(0, 150)}`));
      });
      req.on('error', (e) => resolve(`error ${e.message}`));
      req.setTimeout(20000, () => { req.destroy(); resolve('client timeout'); });
      req.end(body);
    });
    console.log(pdf.length, out, Date.now() - t);
  }
  await server.close();
});
