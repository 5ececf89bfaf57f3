// The analysis board's engine: Stockfish compiled to WebAssembly (the npm package
// `stockfish`, its single-threaded lite build, GPL-3.0), run in a Web Worker that is created
// only when the player asks for it. build.mjs copies the engine's .js and .wasm into
// dist/assets/engine-<hash>/ and gives its address as ENGINE_URL. We speak UCI to it: one
// search at a time; a new position stops the running search and starts the next one once the
// engine has answered the stop with its `bestmove`.

import { t } from './i18n/i18n';

declare const ENGINE_URL: string;

// A score from the point of view of the side to move (as UCI gives it): centipawns, or moves
// to mate (negative: the side to move is mated).
export type Score = { kind: 'cp' | 'mate'; value: number };
export type EngineInfo = { depth: number; score: Score; pv: string[]; bound?: 'lower' | 'upper' };

// One `info` line of UCI with a score and a line, else null (currstats, strings, ...).
export function parseInfo(line: string): EngineInfo | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'info') return null;
  let depth = -1;
  let score: Score | null = null;
  let bound: EngineInfo['bound'];
  let pv: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === 'depth') depth = Number(words[++i]);
    else if (w === 'score') {
      const kind = words[++i];
      const value = Number(words[++i]);
      if ((kind === 'cp' || kind === 'mate') && Number.isFinite(value)) score = { kind, value };
    } else if (w === 'lowerbound') bound = 'lower';
    else if (w === 'upperbound') bound = 'upper';
    else if (w === 'pv') {
      pv = words.slice(i + 1);
      break;
    } else if (w === 'string') return null;
  }
  if (depth < 0 || !score || !pv.length) return null;
  return bound ? { depth, score, pv, bound } : { depth, score, pv };
}

// The score from White's point of view, for a position with `turn` to move.
export function whiteScore(score: Score, turn: 'white' | 'black'): Score {
  return turn === 'white' ? score : { kind: score.kind, value: -score.value };
}

// "+0.35", "−1.20", "0.00"; mate: "#3" (White mates in 3), "#−2" (Black mates in 2), "#0" when
// the side to move is already mated. `score` is White's.
export function scoreText(score: Score): string {
  const minus = '\u2212';
  if (score.kind === 'mate') return `#${score.value < 0 ? minus : ''}${Math.abs(score.value)}`;
  const pawns = (score.value / 100).toFixed(2);
  return score.value > 0 ? `+${pawns}` : score.value < 0 ? `${minus}${pawns.slice(1)}` : '0.00';
}

export type EngineState = 'loading' | 'searching' | 'done' | 'stopped' | 'failed';
type Job = { fen: string; depth: number | null };

export class Engine {
  private worker: Worker | null = null;
  private ready = false;
  private current: Job | null = null; // the search running
  private next: Job | null = null; // the one to start when the running search has ended
  private stopping = false;

  constructor(
    private readonly onInfo: (info: EngineInfo, fen: string) => void,
    private readonly onState: (state: EngineState, detail?: string) => void,
    private readonly chess960 = false,
  ) {}

  // Analyses `fen` to `depth` (null: until stopped), replacing any running search.
  analyse(fen: string, depth: number | null): void {
    this.next = { fen, depth };
    if (!this.worker) this.boot();
    else if (!this.ready) return;
    else if (this.current) this.stopSearch();
    else this.begin();
  }

  stop(): void {
    this.next = null;
    if (this.current) this.stopSearch();
    this.onState('stopped');
  }

  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
    this.current = this.next = null;
  }

  private boot(): void {
    this.onState('loading');
    try {
      this.worker = new Worker(ENGINE_URL);
    } catch (e) {
      this.onState('failed', e instanceof Error ? e.message : String(e));
      return;
    }
    this.worker.onmessage = (e: MessageEvent) => this.line(String(e.data));
    this.worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.terminate();
      this.onState('failed', e.message || t('analysis.load_failed'));
    };
    this.send('uci');
  }

  private send(command: string): void {
    this.worker?.postMessage(command);
  }

  private line(text: string): void {
    if (text === 'uciok') {
      if (this.chess960) this.send('setoption name UCI_Chess960 value true');
      this.send('isready');
    } else if (text === 'readyok' && !this.ready) {
      this.ready = true;
      if (this.next) this.begin();
    } else if (text.startsWith('bestmove')) {
      const ended = this.current && !this.stopping; // not a search that was told to stop
      this.current = null;
      this.stopping = false;
      if (this.next) this.begin();
      else if (ended) this.onState('done');
    } else if (text.startsWith('info') && this.current && !this.stopping) {
      const info = parseInfo(text);
      if (info) this.onInfo(info, this.current.fen);
    }
  }

  private begin(): void {
    const job = this.next!;
    this.next = null;
    this.current = job;
    this.send(`position fen ${job.fen}`);
    this.send(job.depth === null ? 'go infinite' : `go depth ${job.depth}`);
    this.onState('searching');
  }

  private stopSearch(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.send('stop');
  }
}
