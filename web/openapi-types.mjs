// Generates src/generated/api.d.ts, the TypeScript types of the server's API, from
// openapi.json (the server's OpenAPI document, written by ../scripts/update-openapi) with
// openapi-typescript. build.mjs runs it before bundling and `npm run typecheck` before tsc;
// src/api.ts names the response types after its schemas. `node openapi-types.mjs` alone
// regenerates the file.
import openapiTS, { astToString } from 'openapi-typescript';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export async function generateApiTypes() {
  const document = JSON.parse(readFileSync(here('openapi.json'), 'utf8'));
  const ast = await openapiTS(document, { silent: true });
  const text = '// Generated from ../../openapi.json by ../../openapi-types.mjs: do not edit.\n' + astToString(ast);
  mkdirSync(here('src/generated'), { recursive: true });
  const out = here('src/generated/api.d.ts');
  let old = '';
  try {
    old = readFileSync(out, 'utf8');
  } catch {
    // not generated yet
  }
  // Unchanged types leave the file (and tsc --watch, esbuild --watch) alone.
  if (old !== text) writeFileSync(out, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await generateApiTypes();
