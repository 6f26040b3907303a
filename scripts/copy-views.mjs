#!/usr/bin/env node
// tsc compiles only TypeScript: the account area's templates and assets (src/http/account/views)
// are copied beside the compiled plugin so `npm start` serves the same pages as `npm run dev`.
import { cpSync, rmSync } from 'node:fs';

const from = new URL('../src/http/account/views', import.meta.url);
const to = new URL('../dist/src/http/account/views', import.meta.url);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
