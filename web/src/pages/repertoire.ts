// "Import repertoire (PGN)" in the conditional moves section of the game page: paste a PGN
// or choose a file, preview what the server reads from it (counts, the lines from the
// current position, illegal moves and conflicts), then save: the lines replace the stored
// ones (docs/api.md, "Importing a repertoire").
import { api, ApiError, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';

interface RepertoireAnswer {
  dry_run: boolean;
  saved: boolean;
  ply: number;
  lines: string[][];
  counts: {
    games: number; lines_read: number; lines_imported: number; lines_skipped: number;
    lines_rejected: number; illegal_moves: number; conflicts: number;
    cut_by_line_cap: number; cut_by_ply_cap: number; tree_lines: number;
  };
  illegal: { game: number; line: number; column: number; move: string; reason: string; before: string[] }[];
  conflicts: { game: number; line: number; column: number; after: string[]; kept: string; dropped: string }[];
}

// `saved(lines)` is called with the stored lines after a save.
export function repertoireImport(gameId: string, saved: (lines: string[][]) => void): HTMLElement {
  const path = `/api/v1/games/${encodeURIComponent(gameId)}/conditional/import`;
  const text = h('textarea', { id: 'repertoire-pgn', name: 'repertoire_pgn', rows: 6, spellcheck: 'false',
    placeholder: '[Event "My repertoire"]\n1. e4 c5 2. Nf3 (2. c3 d5) 2... d6 *' });
  const file = h('input', { id: 'repertoire-file', type: 'file', accept: '.pgn,application/x-chess-pgn,text/plain' });
  const preview = h('div', { id: 'repertoire-preview', class: 'repertoire-preview', 'aria-live': 'polite' });
  const saveButton = h('button', { type: 'button', id: 'repertoire-save', class: 'primary', disabled: true },
    'Save these lines');
  const error = errorBox();
  let previewed: { pgn: string; ply: number } | null = null;

  function count(label: string, value: number, name: string): HTMLElement {
    return h('li', { 'data-count': name }, `${label}: `, h('strong', {}, value));
  }

  function show(a: RepertoireAnswer): void {
    const c = a.counts;
    replace(preview,
      h('ul', { class: 'repertoire-counts' },
        count('Games', c.games, 'games'),
        count('Lines read', c.lines_read, 'lines_read'),
        count('Lines imported', c.lines_imported, 'lines_imported'),
        count('Skipped (do not reach this position)', c.lines_skipped, 'lines_skipped'),
        count('Rejected', c.lines_rejected, 'lines_rejected'),
        count('Illegal moves', c.illegal_moves, 'illegal_moves'),
        count('Conflicts', c.conflicts, 'conflicts'),
        count('Cut by the 100-line cap', c.cut_by_line_cap, 'cut_by_line_cap'),
        count('Cut by the 200-move cap', c.cut_by_ply_cap, 'cut_by_ply_cap')),
      a.illegal.length ? h('div', {}, h('h4', {}, 'Illegal moves'),
        h('ul', { class: 'repertoire-illegal' }, a.illegal.map((m) => h('li', {},
          `Game ${m.game}, line ${m.line}, column ${m.column}: `, h('span', { class: 'san' }, m.move),
          ` after ${m.before.join(' ') || 'the start'} (${m.reason})`)))) : null,
      a.conflicts.length ? h('div', {}, h('h4', {}, 'Conflicts (the first reply is kept)'),
        h('ul', { class: 'repertoire-conflicts' }, a.conflicts.map((k) => h('li', {},
          `After ${k.after.join(' ')}: kept `, h('span', { class: 'san' }, k.kept), ', dropped ',
          h('span', { class: 'san' }, k.dropped), ` (game ${k.game}, line ${k.line}, column ${k.column})`)))) : null,
      h('h4', {}, `${a.lines.length} line${a.lines.length === 1 ? '' : 's'} from this position`),
      h('ol', { class: 'repertoire-lines' }, a.lines.map((l) => h('li', { 'data-line': l.join(' ') },
        h('span', { class: 'san' }, l.join(' '))))));
  }

  async function run(dryRun: boolean): Promise<void> {
    const pgn = dryRun ? text.value : previewed?.pgn ?? '';
    if (!pgn.trim()) {
      showError(error, 'Paste a PGN or choose a file first.');
      return;
    }
    try {
      const body: Record<string, unknown> = { pgn, dry_run: dryRun };
      if (!dryRun && previewed) body.ply = previewed.ply;
      const a = await api<RepertoireAnswer>('POST', path, body);
      showError(error, null);
      show(a);
      if (dryRun) {
        previewed = { pgn, ply: a.ply };
        saveButton.disabled = a.lines.length === 0;
        preview.dataset.state = 'preview';
      } else {
        previewed = null;
        saveButton.disabled = true;
        preview.dataset.state = 'saved';
        replace(preview, h('p', { class: 'saved' }, `Saved: ${a.lines.length} line${a.lines.length === 1 ? '' : 's'} replace your conditional moves.`));
        saved(a.lines);
      }
    } catch (e) {
      // A PGN that cannot be read: where (line and column) and why.
      const detail = e instanceof ApiError && e.code === 'invalid_pgn' ? e.problem.detail : null;
      showError(error, typeof detail === 'string' ? `The PGN cannot be read: ${detail}.` : errorText(e));
    }
  }

  text.addEventListener('input', () => {
    previewed = null;
    saveButton.disabled = true;
  });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    void chosen.text().then((content) => {
      text.value = content;
      previewed = null;
      saveButton.disabled = true;
    });
  });
  saveButton.addEventListener('click', () => void run(false));

  return h('details', { class: 'repertoire-import' },
    h('summary', {}, 'Import repertoire (PGN)'),
    h('p', { class: 'hint' }, 'Lines from the start of the game that follow its moves, or from a FEN of this position, become your conditional moves. Saving replaces your stored lines.'),
    h('form', { class: 'stack', onsubmit: (e: Event) => {
      e.preventDefault();
      void run(true);
    } },
      h('label', { for: 'repertoire-pgn' }, 'PGN'), text,
      h('label', { for: 'repertoire-file' }, 'or a PGN file'), file,
      h('div', { class: 'actions' },
        h('button', { type: 'submit', id: 'repertoire-preview-button' }, 'Preview'),
        saveButton)),
    error,
    preview);
}
