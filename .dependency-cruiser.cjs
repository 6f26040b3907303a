/**
 * The layering of DESIGN.md, checked in CI (`npm run check`): who may import whom.
 * main → everything; http → services, domain (+ the types of ports and pipeline model);
 * services → domain, pipeline, ports; pipeline → its model, domain, ports;
 * adapters → ports, domain; domain → nothing of ours.
 * Inside the pipeline: model ← reading ← layout ← stages, never back up (DESIGN.md).
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules: it imports nothing of ours outside domain/',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(?!domain/)' },
    },
    {
      name: 'only-main-chooses-adapters',
      comment:
        'adapters are chosen in composition roots only: main.ts, the CLI entry, and the worker-thread ' +
        'entry (a thread builds its own OCR engine; nothing can be handed to it but data)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main\\.ts|cli/main\\.ts|pipeline/reading/worker/page-worker\\.ts|adapters/)' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'adapters-see-ports-and-domain',
      comment: 'adapters implement ports; they do not reach into services, http or the pipeline',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(services|http|cli|pipeline/(?!model/))' },
    },
    {
      name: 'services-do-not-know-http',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(http|cli)/' },
    },
    {
      name: 'pipeline-does-not-know-services-or-http',
      severity: 'error',
      from: { path: '^src/pipeline/' },
      to: { path: '^src/(services|http|cli|config)/' },
    },
    {
      name: 'http-uses-services',
      comment: 'http reaches the pipeline and ports only for types; behaviour goes through services',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/(cli|pipeline/(?!model/|pipelines\\.ts))', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-route-imports-route',
      severity: 'error',
      from: { path: '^src/http/routes/' },
      to: { path: '^src/http/routes/' },
    },
    {
      name: 'pipeline-model-is-the-bottom',
      comment: 'the document model is what every pipeline layer shares; it knows none of them',
      severity: 'error',
      from: { path: '^src/pipeline/model/' },
      to: { path: '^src/pipeline/(reading/|layout/|stages/|exports/|pipelines\\.ts|run-pipeline\\.ts)' },
    },
    {
      name: 'reading-does-not-know-layout-or-stages',
      comment: 'reading turns bytes into pages of positioned words; what the words mean is decided above it',
      severity: 'error',
      from: { path: '^src/pipeline/reading/' },
      to: { path: '^src/pipeline/(layout/|stages/|pipelines\\.ts|run-pipeline\\.ts)' },
    },
    {
      name: 'layout-does-not-know-stages',
      comment: 'layout (lines, tokens, vocabulary) is shared by every stage, so it may not depend on one',
      severity: 'error',
      from: { path: '^src/pipeline/layout/' },
      to: { path: '^src/pipeline/(stages/|pipelines\\.ts|run-pipeline\\.ts)' },
    },
    {
      name: 'exports-render-the-postings-model',
      comment:
        'exports (camt.053, MT940, CSV) are renderers of the postings model in their own folder (DESIGN): ' +
        'they see the pipeline model and domain only, never reading, layout, stages or the string tables they make',
      severity: 'error',
      from: { path: '^src/pipeline/exports/' },
      to: { path: '^src/(?!domain/|pipeline/model/|pipeline/exports/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'vendor-sdks-in-adapters-only',
      comment:
        'external-service SDKs (database, Redis, Stripe, mail, OCR engine) belong in adapters. One exception: ' +
        "nodemailer's address parser, a pure function with no I/O, which domain/email-address.ts uses so that " +
        'the address the forms accept is exactly the address the mailer reads',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/adapters/' },
      to: {
        path: 'node_modules/(better-sqlite3|pg|kysely|ioredis|rate-limiter-flexible|stripe|nodemailer|tesseract\\.js)/',
        pathNot: 'node_modules/nodemailer/dist/(esm|cjs)/addressparser/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
