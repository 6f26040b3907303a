import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { formatGermanAmount } from '../../../src/domain/money.js';
import { CSV_HEADERS, renderCsv } from '../../../src/pipeline/exports/csv.js';
import { EXPORT_FORMATS, renderStatementExport } from '../../../src/pipeline/exports/index.js';
import { allFixtureAccounts, giroAccount, unreconciledAccount } from './accounts.js';

/** CSV exports parsed back with csv-parse: the same postings, field by field. */
const germanDate = (iso: string | null): string => (iso ? iso.split('-').reverse().join('.') : '');
const rowsOf = (text: string): Record<string, string>[] => parse(text, { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];

describe('CSV export', () => {
  test('UTF-8 with BOM, CRLF, the German header row', () => {
    const text = renderCsv([giroAccount()]);
    assert.ok(text.startsWith('\ufeffKonto (IBAN);Buchungstag;Valuta;Betrag;'), text.slice(0, 60));
    assert.ok(text.endsWith('\r\n'));
    assert.ok(!/[^\r]\n/u.test(text), 'CRLF only');
    assert.deepEqual(Object.keys(rowsOf(text)[0]!), [...CSV_HEADERS]);
  });

  test('parses back to the same postings, field by field, quotes and semicolons included', () => {
    const accounts = allFixtureAccounts();
    const rows = rowsOf(renderCsv(accounts));
    const postings = accounts.flatMap((a) => a.postings.map((p) => ({ a, p })));
    assert.equal(rows.length, postings.length);
    rows.forEach((r, i) => {
      const { a, p } = postings[i]!;
      const unguard = (s: string): string => s.replace(/^'(?=[=+\-@])/u, '');
      assert.equal(r['Konto (IBAN)'], a.iban ?? '');
      assert.equal(r['Buchungstag'], germanDate(p.booking_date));
      assert.equal(r['Valuta'], germanDate(p.value_date));
      assert.equal(r['Betrag'], formatGermanAmount(Math.round(Number(p.amount) * 100)));
      assert.equal(r['Währung'], p.currency);
      assert.equal(unguard(r['Zahlungsbeteiligter']!), p.counterparty.name ?? '');
      assert.equal(r['IBAN Zahlungsbeteiligter'], p.counterparty.iban ?? '');
      assert.equal(r['BIC Zahlungsbeteiligter'], p.counterparty.bic ?? '');
      assert.equal(r['Abweichender Beteiligter'], p.counterparty.ultimate ?? '');
      assert.equal(r['Typ'], p.type);
      assert.equal(r['Buchungsart'], p.type_text ?? '');
      assert.equal(unguard(r['Verwendungszweck']!), p.purpose ?? '');
      assert.equal(r['End-to-End-Referenz'], p.references.end_to_end_id ?? '');
      assert.equal(r['Mandatsreferenz'], p.references.mandate_id ?? '');
      assert.equal(r['Gläubiger-ID'], p.references.creditor_id ?? '');
      assert.equal(r['Kundenreferenz'], p.references.customer_reference ?? '');
      assert.equal(unguard(r['Buchungstext']!), p.text);
      assert.equal(r['ID'], p.id);
      assert.equal(r['Seite'], String(p.evidence.page));
      assert.equal(r['Belegt'], p.evidence.verified);
      assert.equal(r['Abgestimmt'], a.reconciled ? 'ja' : 'nein');
    });
    assert.equal(rows[1]!['Zahlungsbeteiligter'], 'Stadtwerke Überlingen <Energie> "Strom"');
    assert.equal(rows[1]!['Betrag'], '-89,90');
    assert.equal(rows[8]!['Betrag'], '-1.234,56');
  });

  test('a cell a spreadsheet would run as a formula gets a leading apostrophe; negative amounts stay numbers', () => {
    const rows = rowsOf(renderCsv([giroAccount()]));
    const formula = rows[3]!;
    assert.equal(formula['Zahlungsbeteiligter'], `'=HYPERLINK("http://evil.example")`);
    assert.equal(formula['Verwendungszweck'], "'+49 30 1234567; @home -minus");
    assert.equal(formula['Buchungstext'], `Kartenzahlung =HYPERLINK("http://evil.example")`, 'only a leading sign is a formula');
    assert.equal(formula['Betrag'], '-23,45');
  });

  test('the rows of a statement that does not reconcile say so in Abgestimmt', () => {
    const rows = rowsOf(renderCsv([giroAccount(), unreconciledAccount()]));
    assert.deepEqual([...new Set(rows.map((r) => `${r['Konto (IBAN)']} ${r['Abgestimmt']}`))], ['DE75512108001245126199 ja', 'AT611904300234573201 nein']);
  });
});

describe('renderStatementExport', () => {
  test('each format with its content type and file extension', () => {
    const meta = { createdAt: new Date('2026-02-01T08:00:00Z') };
    const got = EXPORT_FORMATS.map((f) => {
      const r = renderStatementExport([giroAccount()], f, meta);
      assert.ok(r.body.length > 0);
      return [f, r.contentType, r.filenameExtension];
    });
    assert.deepEqual(got, [
      ['camt053', 'application/xml; charset=utf-8', 'camt053.xml'],
      ['mt940', 'text/plain; charset=us-ascii', 'sta'],
      ['csv', 'text/csv; charset=utf-8; header=present', 'csv'],
    ]);
  });
});
