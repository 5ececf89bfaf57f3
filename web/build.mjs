// Builds the web client into dist/: one JavaScript bundle and one stylesheet under
// dist/assets/ with a content hash in their names, index.html pointing at them, and a
// gzip-compressed copy (name.gz) of every text file for the server to send as is.
// The analysis board's engine (Stockfish's single-threaded lite WebAssembly build from the
// npm package `stockfish`) is copied with its licence under dist/assets/engine-<hash>/; the
// bundle knows its address as ENGINE_URL and loads it only when the player starts it.
// The files of public/ (the web app manifest, the icons) are copied as they are. The service
// worker src/sw.ts becomes dist/sw.js (at the root: its scope is the whole site), told the
// app shell to precache (SHELL) and the build's hash (SHELL_VERSION, its cache's name).
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
<meta name="theme-color" content="#2d2a26">
<title>corrchess</title>
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
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
    } else if (/\.(js|css|html|svg|json|webmanifest|wasm|txt)$/.test(name)) {
      const gz = gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION });
      writeFileSync(path + '.gz', gz);
    }
  }
}

// public/ into dist/ (subfolders too); returns the site paths of the files copied.
function copyPublic(from = 'public', to = dist, site = '') {
  const copied = [];
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      mkdirSync(join(to, name), { recursive: true });
      copied.push(...copyPublic(path, join(to, name), `${site}/${name}`));
    } else {
      copyFileSync(path, join(to, name));
      copied.push(`${site}/${name}`);
    }
  }
  return copied;
}

// The service worker, built after the page: it precaches the page, its bundles (every output
// under assets/ but the engine, fetched only when started) and public/'s files, in a cache
// named after their hash, so that a new build replaces the cache.
async function buildWorker(shell) {
  const hash = createHash('sha256');
  for (const path of shell) hash.update(path).update(readFileSync(join(dist, path)));
  const version = hash.digest('hex').slice(0, 12);
  await esbuild.build({
    entryPoints: ['src/sw.ts'],
    bundle: true,
    format: 'iife',
    target: ['es2020'],
    minify: !watch,
    outfile: join(dist, 'sw.js'),
    define: { SHELL: JSON.stringify(shell), SHELL_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
  });
  return version;
}

async function finish(result) {
  const outputs = Object.keys(result.metafile.outputs);
  const js = outputs.find((f) => f.endsWith('.js')).slice(dist.length + 1);
  const css = outputs.find((f) => f.endsWith('.css')).slice(dist.length + 1);
  writeFileSync(join(dist, 'index.html'), page(js, css));
  copyEngine();
  const assets = outputs.filter((f) => !f.endsWith('.LEGAL.txt')).map((f) => f.slice(dist.length));
  const shell = ['/index.html', ...assets, ...copyPublic()];
  const version = await buildWorker(shell);
  compressAll(dist);
  console.log(`built ${js} ${css} (shell ${version})`);
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
          if (result.errors.length === 0) return finish(result);
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
