/**
 * The layering of DESIGN.md, checked in CI (`npm run check`): who may import whom.
 * main → everything; http → services, domain (+ the types of ports and pipeline model);
 * services → domain, pipeline, ports; pipeline → its model, domain, ports;
 * adapters → ports, domain; domain → nothing of ours.
 * Inside the pipeline: model ← reading ← layout ← stages, never back up, and no stage imports
 * another (DESIGN.md) — written as an allow-list (`allowed` below): every file of src/pipeline
 * may import only what its layer lists, so a new folder or file is checked from its first
 * import. Outside the pipeline the forbidden rules hold.
 */
module.exports = {
  allowed: [
    {
      comment: 'outside-the-pipeline: code outside src/pipeline is held by the forbidden rules below',
      from: { pathNot: '^src/pipeline/' },
      to: {},
    },
    {
      comment: 'pipeline-uses-packages: node built-ins and npm packages (vendor SDKs only in adapters: vendor-sdks-in-adapters-only)',
      from: { path: '^src/pipeline/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg'] },
    },
    {
      comment: 'model-is-the-bottom: the document model is what every pipeline layer shares; it knows none of them',
      from: { path: '^src/pipeline/model/' },
      to: { path: '^src/(domain/|pipeline/model/)' },
    },
    {
      comment: 'reading-sees-the-model: reading turns bytes into pages of positioned words; what the words mean is decided above it',
      from: { path: '^src/pipeline/reading/' },
      to: { path: '^src/(domain/|ports/|pipeline/(model|reading)/)' },
    },
    {
      comment: "a worker thread is its own composition root: it builds its OCR engine (only-main-chooses-adapters)",
      from: { path: '^src/pipeline/reading/worker/page-worker\\.ts$' },
      to: { path: '^src/adapters/' },
    },
    {
      comment: 'layout-sees-reading-and-the-model: layout (lines, tokens, folds, vocabulary) is shared by every stage, so it may not depend on one',
      from: { path: '^src/pipeline/layout/' },
      to: { path: '^src/(domain/|pipeline/(model|reading|layout)/)' },
    },
    {
      comment:
        'a-stage-sees-model-layout-domain-and-itself: a stage folder (stages/<name>/) imports the model, layout, domain and its own files — never another stage: ' +
        'what an earlier stage decided it reads from the context (ctx.slots), what two stages share lives in layout',
      from: { path: '^src/pipeline/stages/([^/]+)/' },
      to: { path: '^src/(domain/|pipeline/(model|layout)/|pipeline/stages/$1/)' },
    },
    {
      comment: 'a-stage-knows-the-ports-it-is-given: a stage is handed its adapters (the AI refinement its LLM client) and names only their interface',
      from: { path: '^src/pipeline/stages/' },
      to: { path: '^src/ports/', dependencyTypes: ['type-only'] },
    },
    {
      comment:
        'exports-render-the-postings-model: exports (camt.053, MT940, CSV) are renderers of the postings model in their own folder (DESIGN): ' +
        'they see the pipeline model and domain only, never reading, layout, stages or the string tables they make',
      from: { path: '^src/pipeline/exports/' },
      to: { path: '^src/(domain/|pipeline/(model|exports)/)' },
    },
    {
      comment: 'the-registry-lists-the-stages',
      from: { path: '^src/pipeline/pipelines\\.ts$' },
      to: { path: '^src/(domain/|pipeline/(model|stages)/)' },
    },
    {
      comment: 'the-runner-reads-lays-out-and-runs: the runner makes the layout (a step of its own) and runs the stages it is given; it knows no stage',
      from: { path: '^src/pipeline/run-pipeline\\.ts$' },
      to: { path: '^src/(domain/|pipeline/(model|layout)/)' },
    },
  ],
  allowedSeverity: 'error',
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
