// Builds the web client into dist/: one JavaScript bundle and one stylesheet under
// dist/assets/ with a content hash in their names, index.html pointing at them, and a
// gzip-compressed copy (name.gz) of every text file for the server to send as is; and the
// service worker (src/sw.ts) as dist/sw.js.
// The analysis board's engine (Stockfish's single-threaded lite WebAssembly build from the
// npm package `stockfish`) is copied with its licence under dist/assets/engine-<hash>/; the
// bundle knows its address as ENGINE_URL and loads it only when the player starts it.
// `node build.mjs --watch` rebuilds on every change (see README.md). First the API's types
// (src/generated/api.d.ts) are generated from openapi.json (openapi-types.mjs).
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { generateApiTypes } from './openapi-types.mjs';

const dist = 'dist';
const watch = process.argv.includes('--watch');

const engineDir = 'node_modules/stockfish';
const engineFiles = ['bin/stockfish-19-lite-single.js', 'bin/stockfish-19-lite-single.wasm', 'Copying.txt'];
const engineHash = createHash('sha256');
for (const f of engineFiles) engineHash.update(readFileSync(join(engineDir, f)));
const engineAssets = `assets/engine-${engineHash.digest('hex').slice(0, 12)}`;

function copyEngine() {
  mkdirSync(join(dist, engineAssets), { recursive: true });
  for (const f of engineFiles) copyFileSync(join(engineDir, f), join(dist, engineAssets, f.replace(/^bin\//, '')));
}

function page(js, css) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>corrchess</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/${css}">
<script type="module" src="/${js}"></script>
</head>
<body>
<div id="app"><noscript>corrchess needs JavaScript in the browser.</noscript></div>
<div id="announce" class="visually-hidden" aria-live="polite" role="status"></div>
</body>
</html>
`;
}

function compressAll(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      compressAll(path);
    } else if (/\.(js|css|html|svg|json|wasm|txt)$/.test(name)) {
      const gz = gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION });
      writeFileSync(path + '.gz', gz);
    }
  }
}

function finish(result) {
  const outputs = Object.keys(result.metafile.outputs);
  const js = outputs.find((f) => f.endsWith('.js')).slice(dist.length + 1);
  const css = outputs.find((f) => f.endsWith('.css')).slice(dist.length + 1);
  writeFileSync(join(dist, 'index.html'), page(js, css));
  // The service worker: at the root (its scope is the whole site), without a hash in its name
  // (the browser checks /sw.js for updates itself; the server sends it with no-cache).
  esbuild.buildSync({ entryPoints: ['src/sw.ts'], bundle: true, format: 'iife', target: ['es2020'],
    minify: !watch, sourcemap: watch ? 'inline' : false, outfile: join(dist, 'sw.js'), logLevel: 'warning' });
  copyEngine();
  compressAll(dist);
  const stamp = createHash('sha256').update(js + css).digest('hex').slice(0, 12);
  console.log(`built ${js} ${css} (${stamp})`);
}

const options = {
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: ['es2020'],
  minify: !watch,
  sourcemap: watch ? 'inline' : false,
  outdir: join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  define: { ENGINE_URL: JSON.stringify(`/${engineAssets}/stockfish-19-lite-single.js`) },
  legalComments: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'finish',
      setup(build) {
        build.onStart(() => {
          rmSync(dist, { recursive: true, force: true });
          mkdirSync(join(dist, 'assets'), { recursive: true });
        });
        build.onEnd((result) => {
          if (result.errors.length === 0) finish(result);
        });
      },
    },
  ],
};

await generateApiTypes();
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('watching src/ (Ctrl-C stops)');
} else {
  await esbuild.build(options);
}
