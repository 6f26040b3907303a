/**
 * The legal decisions behind the review flags (src/pipeline/stages/analysis/common/legal-rules.ts)
 * and the dated constants they read. Expected values are computed by hand from the statutes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromIso, toIso } from '../../src/domain/german-dates.js';
import { LEGAL, valueAt } from '../../src/domain/legal-constants.js';
import {
  arbeitsuchendMeldung,
  bussgeldEinspruchsfrist,
  earliestEmploymentEnd,
  earliestTenancyEnd,
  expectedContributions,
  inkassoCap,
  kschgKlagefrist,
  maxVerzugszinsen,
  maxVerzugszinssatz,
  mindestlohnAt,
  netDifference,
  regelverjaehrung,
  rvgFee,
  steuerEinspruchsfrist,
  stvgVerjaehrung,
} from '../../src/pipeline/stages/analysis/common/legal-rules.js';

const d = fromIso;
const iso = toIso;

describe('steuerEinspruchsfrist (§§122, 355, 108 AO)', () => {
  it('plain case: Thursday + 4 days = Monday, + one month', () => {
    const r = steuerEinspruchsfrist(d('2026-05-14'));
    assert.equal(iso(r.bekanntgabe), '2026-05-18');
    assert.equal(iso(r.fristende), '2026-06-18');
  });
  it('Bekanntgabe on a Sunday moves to Monday', () => {
    const r = steuerEinspruchsfrist(d('2026-03-04'));
    assert.equal(iso(r.bekanntgabe), '2026-03-09');
    assert.equal(iso(r.fristende), '2026-04-09');
  });
  it('Bekanntgabe on Good Friday moves past Easter Monday', () => {
    const r = steuerEinspruchsfrist(d('2026-03-30'));
    assert.equal(iso(r.bekanntgabe), '2026-04-07');
    assert.equal(iso(r.fristende), '2026-05-07');
  });
  it('letters posted in 2024 use three days', () => {
    const r = steuerEinspruchsfrist(d('2024-12-20'));
    assert.equal(iso(r.bekanntgabe), '2024-12-23');
    assert.equal(iso(r.fristende), '2025-01-23');
  });
  it('end of period on a Saturday moves to Monday', () => {
    const r = steuerEinspruchsfrist(d('2025-12-27'));
    assert.equal(iso(r.bekanntgabe), '2025-12-31');
    assert.equal(iso(r.fristende), '2026-02-02');
  });
  it('a state holiday counts only when the state is given', () => {
    // Bekanntgabe Thursday 04.06.2026 = Fronleichnam (BY): in Bavaria moved to Friday.
    assert.equal(iso(steuerEinspruchsfrist(d('2026-05-31')).bekanntgabe), '2026-06-04');
    assert.equal(iso(steuerEinspruchsfrist(d('2026-05-31'), 'BY').bekanntgabe), '2026-06-05');
  });
});

describe('Bußgeld (§67 OWiG, §26 Abs. 3 StVG)', () => {
  it('two weeks after service', () => assert.equal(iso(bussgeldEinspruchsfrist(d('2026-04-02'))), '2026-04-16'));
  it('end on Whit Monday moves to Tuesday', () => assert.equal(iso(bussgeldEinspruchsfrist(d('2026-05-11'))), '2026-05-26'));
  it('Verjährung three months after the act', () => {
    assert.deepEqual(stvgVerjaehrung(d('2026-03-11'), d('2026-06-10')), { ablauf: d('2026-06-10'), bescheidNachAblauf: false });
    assert.equal(stvgVerjaehrung(d('2026-03-11'), d('2026-06-11')).bescheidNachAblauf, true);
  });
});

describe('Kündigung (§4 KSchG, §622, §573c BGB, §38 SGB III)', () => {
  it('Klagefrist three weeks', () => assert.equal(iso(kschgKlagefrist(d('2026-03-27'))), '2026-04-17'));
  it('Klagefrist ending at Christmas moves to the next working day', () => assert.equal(iso(kschgKlagefrist(d('2026-12-04'))), '2026-12-28'));
  it('under two years: four weeks to the 15th or month end', () => {
    assert.equal(iso(earliestEmploymentEnd(d('2026-03-10'), d('2025-06-01')).ende), '2026-04-15');
    assert.equal(iso(earliestEmploymentEnd(d('2026-03-27'), d('2025-06-01')).ende), '2026-04-30');
    assert.equal(iso(earliestEmploymentEnd(d('2026-03-27'), null).ende), '2026-04-30');
  });
  it('six years of service: two months to month end', () => assert.equal(iso(earliestEmploymentEnd(d('2026-03-27'), d('2019-09-01')).ende), '2026-05-31'));
  it('tenure counts at receipt, not at the end date: 7 years 9 months give two months, though eight years are full by the end', () =>
    assert.equal(iso(earliestEmploymentEnd(d('2026-01-20'), d('2018-04-01')).ende), '2026-03-31'));
  it('twenty years: seven months', () => assert.equal(iso(earliestEmploymentEnd(d('2026-01-15'), d('2000-01-01')).ende), '2026-08-31'));
  it('one month ends with the following month when given on the last day', () => assert.equal(iso(earliestEmploymentEnd(d('2026-03-31'), d('2023-01-01')).ende), '2026-04-30'));
  it('probation: two weeks', () => assert.equal(iso(earliestEmploymentEnd(d('2026-03-10'), null, true).ende), '2026-03-24'));
  it('tenancy: received by the third Werktag → end of the month after next', () => {
    assert.equal(iso(earliestTenancyEnd(d('2026-03-04'), true, null).ende), '2026-05-31');
    assert.equal(iso(earliestTenancyEnd(d('2026-03-05'), true, null).ende), '2026-06-30');
  });
  it('tenancy: Saturdays do not count as Werktag for the Karenzzeit (BGH VIII ZR 206/04)', () => {
    // August 2026 starts on a Saturday: Mon 3, Tue 4, Wed 5 are the first three Werktage.
    assert.equal(iso(earliestTenancyEnd(d('2026-08-05'), false, null).ende), '2026-10-31');
    assert.equal(iso(earliestTenancyEnd(d('2026-08-06'), false, null).ende), '2026-11-30');
  });
  it('tenancy: landlord after eight years: nine months', () => {
    const r = earliestTenancyEnd(d('2026-03-02'), true, d('2015-01-01'));
    assert.equal(r.months, 9);
    assert.equal(iso(r.ende), '2026-11-30');
  });
  it('Arbeitsuchend: three months before the end, or three days after learning of it', () => {
    assert.equal(iso(arbeitsuchendMeldung(d('2026-03-27'), d('2026-09-30'))), '2026-06-30');
    assert.equal(iso(arbeitsuchendMeldung(d('2026-03-27'), d('2026-05-31'))), '2026-03-30');
  });
});

describe('Inkasso caps (§13e RDG, RVG)', () => {
  it('RVG table before and after 01.06.2025', () => {
    assert.equal(rvgFee(50_000, d('2025-01-01')), 4900);
    assert.equal(rvgFee(100_000, d('2025-01-01')), 8800);
    assert.equal(rvgFee(120_000, d('2026-01-01')), 13450);
    assert.equal(rvgFee(200_000, d('2026-01-01')), 17600);
    assert.equal(rvgFee(1_000_000, d('2026-01-01')), 65200);
    assert.equal(rvgFee(2_500_000, d('2026-01-01')), 92700);
    assert.equal(rvgFee(5_000_000, d('2026-01-01')), 135700);
    assert.equal(rvgFee(5_000_001, d('2026-01-01')), null);
  });
  it('0,9 fee + 20 % expenses + 19 % VAT for 249,90 €', () => assert.deepEqual(inkassoCap(24_990, d('2026-04-10')), { usual: 6619, exceptional: 9560 }));
  it('claims up to 50 €: 1,0 fee of 30 €', () => assert.equal(inkassoCap(4_000, d('2026-04-10'))!.usual, 3856));
});

describe('Verzugszinsen (§§247, 288 BGB) and Verjährung (§§195, 199 BGB)', () => {
  it('max rate = base rate + 5 / + 9', () => {
    assert.equal(maxVerzugszinssatz(d('2026-04-10'), false), 6.27);
    assert.equal(maxVerzugszinssatz(d('2026-04-10'), true), 10.27);
    assert.equal(maxVerzugszinssatz(d('2024-03-01'), false), 8.62);
  });
  it('interest on 1.000 € for the first half of 2026', () => assert.equal(maxVerzugszinsen(100_000, d('2026-01-01'), d('2026-07-01'), false), 3109));
  it('interest across a base-rate change uses each half-year’s rate', () => {
    // 1.000 € from 01.12.2024 (3,37 + 5) to 01.02.2025 (2,27 + 5): 31 + 31 days.
    assert.equal(maxVerzugszinsen(100_000, d('2024-12-01'), d('2025-02-01'), false), Math.round((100_000 * 8.37 * 31) / 100 / 366 + (100_000 * 7.27 * 31) / 100 / 365));
  });
  it('limitation: three years from the end of the year the claim arose', () => assert.equal(iso(regelverjaehrung(d('2021-05-12'))), '2024-12-31'));
});

describe('payslip rules', () => {
  it('minimum wage by date', () => {
    assert.equal(mindestlohnAt(d('2024-06-01')), 1241);
    assert.equal(mindestlohnAt(d('2025-06-01')), 1282);
    assert.equal(mindestlohnAt(d('2026-01-01')), 1390);
  });
  it('net = gross − deductions', () => {
    assert.equal(netDifference(350_000, [45_625, 0, 3_650, 28_525, 6_300, 32_550, 4_550], 228_800), 0);
    assert.equal(netDifference(350_000, [45_625, 28_525], 280_000), -4_150);
  });
  it('RV share 9,3 % within tolerance; contribution ceilings apply', () => {
    const e = expectedContributions(350_000, d('2025-06-01'))!;
    assert.ok(e.rv[0] <= 32_550 && 32_550 <= e.rv[1]);
    assert.ok(!(e.rv[0] <= 40_000 && 40_000 <= e.rv[1]));
    const high = expectedContributions(1_200_000, d('2025-06-01'))!;
    assert.ok(high.rv[1] < 76_000, 'capped at the RV ceiling of 8.050 €');
  });
  it('no check in the Übergangsbereich', () => assert.equal(expectedContributions(180_000, d('2025-06-01')), null));
});

describe('legal constants table', () => {
  it('every constant names a source and its dates ascend', () => {
    for (const [name, c] of Object.entries(LEGAL)) {
      assert.ok(c.source.length > 5, name);
      const froms = c.values.map((v) => v.from);
      assert.deepEqual([...froms].sort(), froms, name);
    }
  });
  it('valueAt picks the entry in force', () => {
    assert.equal(valueAt(LEGAL.aoBekanntgabeDays, d('2024-12-31')), 3);
    assert.equal(valueAt(LEGAL.aoBekanntgabeDays, d('2025-01-01')), 4);
    assert.equal(valueAt(LEGAL.basiszinssatz, d('2024-08-15')), 3.37);
  });
});
