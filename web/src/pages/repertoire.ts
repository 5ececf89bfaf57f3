// "Import repertoire (PGN)" in the conditional moves section of the game page: paste a PGN
// or choose a file, preview what the server reads from it (counts, the lines from the
// current position, illegal moves and conflicts), then save: the lines replace the stored
// ones (docs/api.md, "Importing a repertoire").
import { api, ApiError, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { MessageKey, t, tParts } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';

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
    placeholder: t('repertoire.placeholder') });
  const file = h('input', { id: 'repertoire-file', type: 'file', accept: '.pgn,application/x-chess-pgn,text/plain' });
  const preview = h('div', { id: 'repertoire-preview', class: 'repertoire-preview', 'aria-live': 'polite' });
  const saveButton = h('button', { type: 'button', id: 'repertoire-save', class: 'primary', disabled: true },
    t('repertoire.save'));
  const error = errorBox();
  let previewed: { pgn: string; ply: number } | null = null;

  // One count of the answer: `name` its field, `label` its words.
  function count(name: keyof RepertoireAnswer['counts'], label: MessageKey, value: number): HTMLElement {
    return h('li', { 'data-count': name }, `${t(label)}: `, h('strong', {}, value));
  }
  // The counts shown, each with its message (repertoire.count.<name>, the games' events.games).
  const countName = (name: keyof RepertoireAnswer['counts']) =>
    (name === 'games' ? 'events.games' : `repertoire.count.${name}`) as MessageKey;
  const shownCounts = ['games', 'lines_read', 'lines_imported', 'lines_skipped', 'lines_rejected', 'illegal_moves',
    'conflicts', 'cut_by_line_cap', 'cut_by_ply_cap'] as const;
  // Moves as the player reads them (Settings → Move notation); the attributes keep SAN.
  const san = (text: string) => h('span', { class: 'san' }, displaySan(text));
  const line = (moves: string[]) => moves.map((m) => displaySan(m)).join(' ');

  function show(a: RepertoireAnswer): void {
    const c = a.counts;
    replace(preview,
      h('ul', { class: 'repertoire-counts' }, shownCounts.map((name) => count(name, countName(name), c[name]))),
      a.illegal.length ? h('div', {}, h('h4', {}, t('repertoire.count.illegal_moves')),
        h('ul', { class: 'repertoire-illegal' }, a.illegal.map((m) => h('li', {},
          tParts(m.before.length ? 'repertoire.illegal_after' : 'repertoire.illegal_at_start', {
            game: String(m.game), line: String(m.line), column: String(m.column), move: san(m.move),
            before: line(m.before), reason: m.reason }))))) : null,
      a.conflicts.length ? h('div', {}, h('h4', {}, t('repertoire.conflicts')),
        h('ul', { class: 'repertoire-conflicts' }, a.conflicts.map((k) => h('li', {},
          tParts('repertoire.conflict', { after: line(k.after), kept: san(k.kept), dropped: san(k.dropped),
            game: String(k.game), line: String(k.line), column: String(k.column) }))))) : null,
      h('h4', {}, t('repertoire.lines_here', { n: a.lines.length })),
      h('ol', { class: 'repertoire-lines' }, a.lines.map((l) => h('li', { 'data-line': l.join(' ') },
        h('span', { class: 'san' }, line(l))))));
  }

  async function run(dryRun: boolean): Promise<void> {
    const pgn = dryRun ? text.value : previewed?.pgn ?? '';
    if (!pgn.trim()) {
      showError(error, t('repertoire.nothing'));
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
        replace(preview, h('p', { class: 'saved' }, t('repertoire.saved', { n: a.lines.length })));
        saved(a.lines);
      }
    } catch (e) {
      // A PGN that cannot be read: where (line and column) and why.
      const detail = e instanceof ApiError && e.code === 'invalid_pgn' ? e.problem.detail : null;
      showError(error, typeof detail === 'string' ? t('repertoire.unreadable', { detail }) : errorText(e));
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
    h('summary', {}, t('repertoire.title')),
    h('p', { class: 'hint' }, t('repertoire.hint')),
    h('form', { class: 'stack', onsubmit: (e: Event) => {
      e.preventDefault();
      void run(true);
    } },
      h('label', { for: 'repertoire-pgn' }, 'PGN'), text,
      h('label', { for: 'repertoire-file' }, t('repertoire.file')), file,
      h('div', { class: 'actions' },
        h('button', { type: 'submit', id: 'repertoire-preview-button' }, t('repertoire.preview')),
        saveButton)),
    error,
    preview);
}
