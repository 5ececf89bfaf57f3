// The game page /games/{id}: board, move entry (board or Move field) with submit then
// confirm, draw offers, resignation, claims, clocks, move list, messages, note, PGN, and
// live updates (the opponent's move appears and is announced without a reload).
import { api, ApiError, errorText, Game } from '../api';
import { Board, BoardMove, Color, position } from '../board';
import { announce, errorBox, h, replace, showError } from '../dom';
import { liveReady, LiveMessage, onLive } from '../live';
import { me } from '../session';
import { clockLeft, deadline, duration, localTime, nextCharge } from '../time';
import { sanInWords } from '../words';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { makeFen } from 'chessops/fen';
import { normalizeMove } from 'chessops/chess';
import { setTitle, titleAlert } from '../title';
import { gameMessages, gameNote } from './game_talk';
import { conditionalEditor } from './conditional';
import { ratingPreview } from './ratings';
import { nextGame } from '../to_move';
import { drawQueued, localPending, moveIn } from './game_offline';
import { enqueue, onQueue, Queued, QueuedMove, queued } from '../offline_queue';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';
import { claimName, statusName, terminationName } from '../i18n/words';

const over = (status: string) => status === 'finished' || status === 'annulled';

// The move number and side of a ply (1: the first move, whoever plays it) from the initial
// position's side to move and move number.
function moveNumber(g: Game, ply: number): { num: number; side: Color } {
  const fields = g.initial_fen.split(' ');
  const index = ply - 1 + (fields[1] === 'b' ? 1 : 0);
  return { num: (Number(fields[5]) || 1) + Math.floor(index / 2), side: index % 2 === 0 ? 'white' : 'black' };
}

// "5. e4" or "5… Nc6".
function moveLabel(g: Game, ply: number): string {
  const { num, side } = moveNumber(g, ply);
  const m = g.moves.find((x) => x.ply === ply);
  return `${num}${side === 'white' ? '.' : '…'} ${m ? displaySan(m.san) : ''}`.trim();
}

// The position after `ply` (0: the initial one): the move's fen_after, else the moves
// replayed from the initial position.
function fenAt(g: Game, ply: number): string {
  if (ply <= 0) return g.initial_fen;
  const m = g.moves.find((x) => x.ply === ply);
  if (m?.fen_after) return m.fen_after;
  const pos = position(g.initial_fen);
  if (!pos) return g.fen;
  for (const x of g.moves) {
    if (x.ply > ply) break;
    const parsed = parseUci(x.uci);
    if (!parsed) return g.fen;
    pos.play(normalizeMove(pos, parsed));
  }
  return makeFen(pos.toSetup());
}

export function gamePage(root: HTMLElement, id: string, go?: (path: string) => void): () => void {
  let game: Game | null = null;
  let orientation: Color = 'white';
  let candidate: { san: string; fen: string; lastMove: [string, string] } | null = null;
  let confirmResign = false;
  let confirmAbort = false;
  let loadedAt = Date.now();
  let movesShown = -1;
  let declinedAt: number | null = null; // the ply at which the opponent declined our offer (live)
  // The ply whose position the board shows while the player steps through the moves (0: the
  // initial position); null: the live position. Nothing can be played meanwhile.
  let viewing: number | null = null;
  // Offline (game_offline.ts): the pending move exists in this page only (Submit could not
  // reach the server; Confirm queues it); the game's queued actions; the queued move.
  let localPend = false;
  let queuedHere: Queued[] = [];
  const queuedMove = () => queuedHere.find((q): q is Queued & QueuedMove => q.kind === 'move');
  const queueBox = h('div', { class: 'queue-box', id: 'queued', hidden: true });

  const board = new Board((move) => void boardMove(move));
  const heading = h('h1', {}, t('game.title'));
  // "Next game": the game with the nearest deadline where it is your move, this one skipped.
  const nextNote = h('span', { class: 'next-note', role: 'status' });
  const nextButton = h('button', { type: 'button', class: 'next-game', onclick: async () => {
    replace(nextNote);
    try {
      const next = await nextGame(id);
      if (next && go) go(`/games/${encodeURIComponent(next)}`);
      else replace(nextNote, t('game.no_next'));
    } catch (e) {
      replace(nextNote, errorText(e));
    }
  } }, t('game.next'));
  const status = h('p', { class: 'status', 'data-testid': 'status', tabindex: -1 });
  const ratingBox = h('section', { class: 'rating-preview-box', 'aria-label': t('game.rating_preview') });
  const clocks = h('div', { class: 'clocks' });
  const moveInput = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', spellcheck: 'false',
    placeholder: t('game.move_placeholder') });
  const offerDraw = h('input', { type: 'checkbox', id: 'offer-draw', name: 'offer_draw' });
  const message = h('textarea', { id: 'move-message', name: 'message', rows: 2, maxlength: 1000,
    'aria-describedby': 'pending-lock' });
  const lockNote = h('p', { id: 'pending-lock', class: 'lock-note', hidden: true },
    t('game.lock_note'));
  // tabindex -1: focus rests here after Confirm (the buttons pressed are gone then).
  const moveState = h('p', { class: 'move-state', 'aria-live': 'polite', tabindex: -1 });
  const moveError = errorBox();
  const actions = h('div', { class: 'actions' });
  // Submit, Confirm and Cancel with the move's state and refusal: under the board on a phone
  // (the single column), in the move form beside the board on wider screens.
  const moveButtons = h('div', { class: 'actions move-buttons' });
  const drawBox = h('div', { class: 'draw-box' });
  // The claim panel: shown only when the server says a claim is possible now.
  const claimType = h('select', { id: 'claim-type', onchange: () => renderClaim() });
  const claimMove = h('input', { id: 'claim-move', name: 'claim_move', autocomplete: 'off', spellcheck: 'false',
    placeholder: t('game.claim_none'), oninput: () => showError(claimError, null) });
  const claimExpect = h('select', { id: 'claim-expect', onchange: () => showError(claimError, null) },
    h('option', { value: '' }, t('game.choose')), h('option', { value: 'win' }, t('game.claim_win')), h('option', { value: 'draw' }, t('game.claim_draw')));
  const expectRow = h('div', { class: 'row' }, h('label', { for: 'claim-expect' }, t('game.you_claim')), claimExpect);
  const claimHelp = h('p', { class: 'claim-help' });
  const claimButtons = h('div', { class: 'actions' });
  const claimError = errorBox();
  const claimBox = h('section', { class: 'claim-box', 'aria-labelledby': 'claim-heading', hidden: true },
    h('h2', { id: 'claim-heading' }, t('game.claim')),
    h('div', { class: 'row' }, h('label', { for: 'claim-type' }, t('game.claim_type')), claimType),
    h('div', { class: 'row' }, h('label', { for: 'claim-move' }, t('game.intended_move')), claimMove),
    expectRow, claimHelp, claimButtons, claimError);
  // What the confirmation step shows and what Yes sends (null: not confirming).
  let claimAsk: { body: Record<string, unknown>; text: string } | null = null;
  let claimTypes = '';
  const notice = h('p', { class: 'notice', role: 'status', hidden: true });
  const otherError = errorBox();
  const moveList = h('div', { class: 'move-list', id: 'move-list' });
  // While an earlier position is shown: says so, with the way back to the live position.
  const viewText = h('span', { class: 'viewing-text' });
  const viewBanner = h('div', { class: 'viewing-banner', id: 'viewing-banner', role: 'status', hidden: true },
    viewText, h('button', { type: 'button', class: 'primary back-live', onclick: () => showPly(null) }, t('game.back_live')));
  const stepButton = (label: string, text: string, to: () => number | null) =>
    h('button', { type: 'button', class: 'step', 'aria-label': label, title: label, 'aria-controls': 'move-list',
      onclick: () => { if (game) showPly(to()); } }, text);
  const stepTools = h('div', { class: 'step-tools', role: 'group', 'aria-label': t('game.step_group') },
    stepButton(t('game.step_start'), '|◀', () => 0),
    stepButton(t('game.step_previous'), '◀', () => Math.max(0, (viewing ?? game!.ply) - 1)),
    stepButton(t('game.step_next'), '▶', () => (viewing ?? game!.ply) + 1),
    stepButton(t('game.step_current'), '▶|', () => null));
  const messagesBox = h('section', { class: 'messages', 'aria-label': t('game.messages') });
  const noteBox = h('section', { class: 'note', 'aria-label': t('game.note') });
  const talk = h('div', { class: 'talk' }, messagesBox, noteBox);
  const conditionalBox = h('section', { class: 'conditional', 'aria-label': t('game.conditional') });
  let editorFor = '';
  let talkShown = '';
  const entry = h('div', { class: 'entry' },
    h('div', { class: 'row' }, h('label', { for: 'move-input' }, t('game.move')), moveInput),
    h('div', { class: 'row' }, offerDraw, h('label', { for: 'offer-draw' }, t('game.offer_draw'))),
    h('div', { class: 'row column' }, h('label', { for: 'move-message' }, t('game.message_with_move')), message),
    lockNote);
  const moveBar = h('div', { class: 'move-bar' }, moveState, moveButtons, queueBox, moveError);
  const form = h('form', { class: 'move-form', id: 'move-form', onsubmit: (e: Event) => { e.preventDefault(); void submit(); } },
    entry, moveBar, actions);
  const singleColumn = window.matchMedia('(max-width: 51.99rem)');
  const placeMoveBar = () => {
    const focused = moveBar.contains(document.activeElement) ? document.activeElement as HTMLElement : null;
    if (singleColumn.matches) board.el.after(moveBar);
    else entry.after(moveBar);
    focused?.focus();
  };
  singleColumn.addEventListener('change', placeMoveBar);

  // Until the game has arrived only "Loading" shows: no board position, no move form.
  const loading = h('p', { class: 'loading', role: 'status' }, t('game.loading'));
  // The position as text: always there for screen readers, shown on the page on request
  // (remembered in this browser).
  board.text.id = 'position-text';
  board.host.setAttribute('aria-describedby', 'position-text');
  board.host.id = 'board'; // the skip link "Skip to the board" (main.ts)
  // Whether the player's last move was made on the board by keyboard: the focus goes back to
  // the board (else to the Move field) when the opponent has replied.
  let boardByKeys = false;
  moveInput.addEventListener('input', () => { boardByKeys = false; });
  const textToggle = h('button', { type: 'button', class: 'position-toggle', 'aria-controls': 'position-text',
    onclick: () => showText(board.text.classList.contains('visually-hidden')) });
  const showText = (on: boolean) => {
    board.text.classList.toggle('visually-hidden', !on);
    textToggle.setAttribute('aria-expanded', String(on));
    replace(textToggle, on ? t('game.hide_text') : t('game.show_text'));
    try {
      localStorage.setItem('corrchess.positionText', on ? '1' : '0');
    } catch {
      // private browsing: not remembered
    }
  };
  let textWanted = false;
  try {
    textWanted = localStorage.getItem('corrchess.positionText') === '1';
  } catch {
    // as above
  }
  showText(textWanted);
  // "Analyse": the analysis board (pages/analysis.ts) from the position the board shows.
  const analyseLink = h('a', { href: '/analysis', class: 'analyse' }, t('game.analyse'));
  const aimAnalysis = () => {
    if (!game) return;
    const q = new URLSearchParams({ fen: board.el.dataset.fen || game.fen, game: id, orientation });
    // The ply of the position shown (none for a pending or candidate move: not a game position).
    if (viewing !== null || (!game.pending_move && !candidate)) {
      const ply = viewing ?? game.ply;
      q.set('ply', String(ply));
      const last = game.moves.find((m) => m.ply === ply);
      if (last) q.set('last', last.uci);
    }
    if (game.variant === 'chess960') q.set('variant', 'chess960');
    analyseLink.href = `/analysis?${q}`;
  };
  for (const type of ['pointerdown', 'focus', 'click']) analyseLink.addEventListener(type, aimAnalysis);
  const gameMain = h('div', { class: 'game-main', hidden: true },
        h('div', { class: 'board-col' }, viewBanner, board.el, stepTools,
          h('div', { class: 'board-tools' },
            h('button', { type: 'button', onclick: () => board.flip() }, t('game.flip')),
            analyseLink,
            textToggle,
            h('a', { href: `/api/v1/games/${encodeURIComponent(id)}/pgn`, download: `game-${id}.pgn` }, t('game.pgn'))),
          board.text),
        h('div', { class: 'side-col' }, clocks, form, claimBox, notice, drawBox, otherError, moveList, ratingBox));
  conditionalBox.hidden = talk.hidden = true;
  placeMoveBar();
  replace(root,
    h('div', { class: 'game-page', 'aria-busy': 'true' },
      h('div', { class: 'game-head' }, h('div', { class: 'title-row' }, heading, h('div', { class: 'next' }, nextButton, nextNote)), status), loading, gameMain, conditionalBox, talk));

  const mine = (): Color | null => {
    const user = me();
    if (!game || !user) return null;
    if (game.white.username === user.username) return 'white';
    if (game.black.username === user.username) return 'black';
    return null;
  };
  const myTurn = () => !!game && !over(game.status) && game.status === 'ongoing' && mine() === game.to_move;

  // A game as the server just sent it (running clocks count down from now). A minimal
  // answer's moves continue the ones shown; if they do not line up, the page reads the game.
  function took(g: Game): void {
    if (g.moves_from !== undefined) {
      const known = game && game.id === g.id ? game.moves : [];
      if (known.length < g.moves_from) {
        void load();
        return;
      }
      g.moves = known.slice(0, g.moves_from).concat(g.moves);
      delete g.moves_from;
    }
    game = g;
    localPend = false; // (a pending move of the page alone is not in the game read)
    loadedAt = Date.now();
    scheduleCharge();
  }

  // The game is read once at the start and then only when the live messages cannot be
  // applied to what is shown (a gap in the versions, a reconnection) or do not carry what
  // changed (the clocks after a move, the claims it makes possible; see onLive below).
  // `seen`: the newest version a live message announced.
  let seen = -1;
  async function load(): Promise<void> {
    try {
      const serial = commandsDone;
      const fresh = await api<Game>('GET', `/api/v1/games/${encodeURIComponent(id)}`);
      // A command of the page ran meanwhile (a Submit's pending move is not in this answer):
      // read again once it is over.
      if (commanding > 0 || serial !== commandsDone) {
        scheduleLoad();
        return;
      }
      const first = !game;
      // An answer older than what is shown (reads overtaking each other) is dropped.
      if (game && fresh.version < game.version) return;
      took(fresh);
      if (first) orientation = mine() ?? 'white';
      if (first) ratingPreview(ratingBox, id, { white: fresh.white.display_name, black: fresh.black.display_name });
      render();
      // For bench/web: the board takes moves from here on.
      if (first) performance.mark('game-interactive');
      if (seen > fresh.version) scheduleLoad();
    } catch (e) {
      replace(root, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  }

  function lastMoveOf(g: Game): [string, string] | undefined {
    const last = g.moves[g.moves.length - 1];
    return last ? [last.uci.slice(0, 2), last.uci.slice(2, 4)] : undefined;
  }

  function render(): void {
    if (!game) return;
    const g = game;
    loading.remove();
    gameMain.hidden = conditionalBox.hidden = talk.hidden = false;
    root.querySelector('.game-page')?.removeAttribute('aria-busy');
    const mover = mine();
    replace(heading, `${g.white.display_name} – ${g.black.display_name}`);
    setTitle(`${g.white.username} – ${g.black.username}`);
    replace(status, statusText(g, mover));
    document.body.dataset.gameStatus = g.status;
    // The board: an earlier position the player steps through, else the pending or candidate
    // move when there is one, else the game.
    if (viewing !== null && viewing >= g.ply) viewing = null;
    viewBanner.hidden = viewing === null;
    board.el.classList.toggle('viewing', viewing !== null);
    if (viewing !== null) {
      board.el.dataset.viewing = String(viewing);
      replace(viewText, viewing === 0 ? t('game.viewing_start') : t('game.viewing_move', { move: moveLabel(g, viewing) }));
      const m = g.moves.find((x) => x.ply === viewing);
      board.show(fenAt(g, viewing), orientation, null, m ? [m.uci.slice(0, 2), m.uci.slice(2, 4)] : undefined);
    } else if (queuedMove()) {
      const q = queuedMove()!;
      board.show(q.fen_after, orientation, null, [q.move.slice(0, 2), q.move.slice(2, 4)]);
    } else if (g.pending_move) {
      const uci = g.pending_move.move.uci;
      board.show(g.pending_move.fen_after, orientation, null, [uci.slice(0, 2), uci.slice(2, 4)]);
    } else if (candidate) {
      board.show(candidate.fen, orientation, null, candidate.lastMove);
    } else {
      board.show(g.fen, orientation, myTurn() ? g.to_move : null, lastMoveOf(g));
    }
    if (viewing === null) delete board.el.dataset.viewing;
    renderClocks();
    renderActions();
    renderMoves();
    // The messages are read at the start, when a message came (live) and when the game ends
    // (the form for a message after the game appears).
    const talkKey = `${over(g.status)}|${mover !== null}`;
    if (talkKey !== talkShown) {
      talkShown = talkKey;
      void gameMessages(messagesBox, g.id, over(g.status), mover !== null);
    }
    // The editor is rebuilt only when the position changes (it keeps a line being entered).
    const editable = mover !== null && g.status === 'ongoing' && !myTurn() ? g.fen : '';
    if (editable !== editorFor) {
      editorFor = editable;
      if (editable) conditionalEditor(conditionalBox, g.id, g.fen, orientation, () => ({ ply: game!.ply, version: game!.version }));
      else replace(conditionalBox);
    }
  }

  function statusText(g: Game, mover: Color | null): string {
    if (g.termination === 'aborted') {
      const by = g.end_reason?.startsWith('white') ? g.white : g.black;
      return t('game.aborted_by', { name: by.display_name });
    }
    if (over(g.status)) {
      const why = g.termination ? ` (${terminationName(g.termination)})` : '';
      return t('game.over', { result: `${statusName(g.result ?? g.status)}${why}` });
    }
    if (g.status === 'not_started') return t('game.not_started');
    if (g.status === 'adjudication_pending') return t('game.adjudication_pending');
    const offered = g.draw_offer && g.draw_offer.by === mover ? ` ${t('game.you_offered')}` : '';
    const declined = offerDeclined(g, mover) ? ` ${t('game.declined')}` : '';
    if (mover === g.to_move) return `${t('game.your_move')}${declined}`;
    const side = g.to_move === 'white' ? t('color.White') : t('color.Black');
    return `${t('game.to_move', { name: g[g.to_move].display_name, side })}${offered}${declined}`;
  }

  // Whether the draw offer of the player's last move, or one declined live since, was
  // declined (explicitly, or by the opponent moving on): shown until the player moves again.
  function offerDeclined(g: Game, mover: Color | null): boolean {
    if (!mover || g.status !== 'ongoing' || (g.draw_offer && g.draw_offer.by === mover)) return false;
    if (declinedAt !== null && g.ply <= declinedAt + 1) return true;
    const first: Color = g.initial_fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const sideOf = (ply: number): Color => (ply % 2 === 1) === (first === 'white') ? 'white' : 'black';
    const last = [...g.moves].reverse().find((m) => sideOf(m.ply) === mover);
    return !!last?.offer_draw;
  }

  function renderClocks(): void {
    if (!game) return;
    const g = game;
    replace(clocks, (['white', 'black'] as Color[]).map((side) => {
      const c = g.clocks[side];
      return h('div', { class: `clock ${side}${c.running ? ' running' : ''}`, 'data-side': side },
        h('span', { class: 'who' }, `${side === 'white' ? t('color.White') : t('color.Black')}: `,
          h('a', { href: `/users/${encodeURIComponent(g[side].username)}` }, g[side].display_name)),
        h('span', { class: 'left', 'data-side': side }, clockText(side)),
        c.on_leave ? h('span', { class: 'leave' }, t('game.on_leave')) : null,
        c.running && c.deadline ? h('span', { class: 'deadline' }, t('game.deadline', { deadline: deadline(c.deadline) })) : null);
    }));
  }

  function clockText(side: Color): string {
    const c = game!.clocks[side];
    return duration(clockLeft(c.remaining_seconds, c.running, loadedAt, Date.now(), wholeDays()));
  }

  const wholeDays = () => game?.time_control?.type === 'iccf';

  // An ICCF clock changes by whole days: the game is read again when the next day is charged.
  let chargeTimer: number | undefined;
  function scheduleCharge(): void {
    window.clearTimeout(chargeTimer);
    if (!game || !wholeDays()) return;
    for (const side of ['white', 'black'] as Color[]) {
      const c = game.clocks[side];
      if (!c.running || !c.deadline) continue;
      const wait = nextCharge(Date.parse(c.deadline), Date.now());
      // (a second after the instant, at most a day ahead)
      chargeTimer = window.setTimeout(() => void load(), Math.max(1000, Math.min(wait + 1000, 86400000)));
    }
  }

  // Every second: the running clock's text, changed in place (the rest stays, focus too).
  function tickClocks(): void {
    if (!game) return;
    for (const span of clocks.querySelectorAll<HTMLElement>('.left')) {
      const text = clockText(span.dataset.side as Color);
      if (span.textContent !== text) span.textContent = text;
    }
  }

  function button(name: string, onclick: () => void, extra: Record<string, string> = {}): HTMLButtonElement {
    return h('button', { type: 'button', onclick, ...extra }, name);
  }

  function renderActions(): void {
    if (!game) return;
    const g = game;
    const mover = mine();
    const playing = mover !== null && !over(g.status);
    form.hidden = moveBar.hidden = mover === null;
    const moves: HTMLElement[] = [];
    const buttons: HTMLElement[] = [];
    const waiting = queuedMove();
    moveState.toggleAttribute('data-queued', !!waiting);
    if (waiting) {
      replace(moveState, t('offline.queued_move', { move: displaySan(waiting.san) }));
    } else if (g.pending_move) {
      const p = g.pending_move;
      const parts = [p.offer_draw ? t('game.with_offer') : '', p.message ? t('game.with_message') : ''].filter(Boolean);
      const carried = parts.length === 2 ? t('game.and', { a: parts[0], b: parts[1] }) : parts[0];
      const san = displaySan(p.move.san);
      replace(moveState, localPend
        ? (carried ? t('game.pending_offline_with', { move: san, carried }) : t('game.pending_offline', { move: san }))
        : (carried ? t('game.pending_with', { move: san, carried }) : t('game.pending', { move: san })));
      moves.push(button(t('game.confirm'), () => void confirm(), { class: 'primary', ...(viewing !== null ? { disabled: '' } : {}) }),
        button(t('game.cancel'), () => void withdraw()));
    } else if (myTurn()) {
      replace(moveState, candidate ? t('game.candidate', { move: displaySan(candidate.san) }) : '');
      moves.push(h('button', { type: 'submit', class: 'primary', form: 'move-form', disabled: viewing !== null }, t('game.submit')));
      if (candidate) moves.push(button(t('game.cancel'), () => { candidate = null; moveInput.value = ''; render(); }));
    } else {
      replace(moveState, playing ? t('game.waiting') : '');
    }
    if (playing) {
      if (confirmResign) {
        buttons.push(h('span', { class: 'confirm-text' }, t('game.resign_ask')),
          button(t('game.resign_yes'), () => void act('POST', 'resign'), { class: 'danger' }),
          button(t('game.keep_playing'), () => { confirmResign = false; renderActions(); }));
      } else {
        buttons.push(button(t('game.resign'), () => { confirmResign = true; confirmAbort = false; renderActions(); }));
      }
    }
    if (playing && g.abortable) {
      if (confirmAbort) {
        buttons.push(h('span', { class: 'confirm-text' }, t('game.abort_ask')),
          button(t('game.abort_yes'), () => void act('POST', 'abort'), { class: 'danger' }),
          button(t('game.keep_game'), () => { confirmAbort = false; renderActions(); }));
      } else {
        buttons.push(button(t('game.abort'), () => { confirmAbort = true; confirmResign = false; renderActions(); }));
      }
    }
    if (mover !== null && over(g.status)) {
      buttons.push(button(t('game.rematch'), async () => {
        try {
          await api('POST', `/api/v1/games/${g.id}/rematch`);
          showError(otherError, null);
          replace(moveState, t('game.rematch_offered'));
        } catch (e) {
          showError(otherError, errorText(e));
        }
      }));
    }
    // A button pressed (or focused) that is drawn again keeps the focus.
    const had = document.activeElement;
    const hadName = had instanceof HTMLButtonElement && (moveButtons.contains(had) || actions.contains(had)) ? had.textContent : null;
    // The same buttons stay the same elements (a press while the page redraws is not lost).
    const same = (box: HTMLElement, list: HTMLElement[]) =>
      box.children.length === list.length && list.every((b, i) => box.children[i].outerHTML === b.outerHTML);
    if (!same(moveButtons, moves)) replace(moveButtons, moves);
    if (!same(actions, buttons)) replace(actions, buttons);
    moveInput.disabled = !myTurn() || !!g.pending_move || viewing !== null || !!waiting;
    // A pending move carries its own draw offer and message (sent with Submit): they are
    // shown as sent and locked until it is confirmed or cancelled.
    const pending = g.pending_move;
    if (pending) {
      message.value = pending.message ?? '';
      offerDraw.checked = pending.offer_draw;
    }
    message.disabled = offerDraw.disabled = !!pending || !!waiting;
    lockNote.hidden = !pending;
    // The move, the draw offer and the message are written only when it is your move.
    entry.hidden = !myTurn();
    const offer = g.draw_offer;
    replace(drawBox, playing && offer && offer.by !== mover
      ? [h('span', {}, t('game.opponent_offers')),
         button(t('game.accept_draw'), () => void act('POST', 'draw/accept')),
         button(t('game.decline_draw'), () => void act('POST', 'draw/decline'))]
      : []);
    renderClaim();
    // Focus left on the move's state after Confirm goes to the Move field when it is the
    // player's move again (the opponent replied).
    if (had === moveState && myTurn() && !g.pending_move && !candidate) (boardByKeys ? board.host : moveInput).focus();
    if (hadName && !had!.isConnected) {
      const again = [...moves, ...buttons].find((b) => b instanceof HTMLButtonElement && b.textContent === hadName);
      // Else: the Move field when it is the player's move, else what the move came to.
      if (again) again.focus();
      else if (myTurn() && !g.pending_move && !moveInput.disabled) moveInput.focus();
      else (moveState.textContent ? moveState : status).focus();
    }
  }

  // The claim panel: only for the player to move, with no pending move, when the server's
  // `claimable` flags allow a claim; it offers only the claimable types.
  function renderClaim(): void {
    const g = game;
    const types: string[] = g && myTurn() && !g.pending_move && viewing === null
      ? (['threefold', 'fifty_moves', 'tablebase'] as const).filter((t) => g.claimable[t]) : [];
    claimBox.hidden = types.length === 0;
    if (types.join() !== claimTypes) {
      claimTypes = types.join();
      const was = claimType.value;
      replace(claimType, types.map((type) => h('option', { value: type }, claimName(type))));
      if (types.includes(was)) claimType.value = was;
      claimAsk = null;
    }
    if (!types.length) {
      claimAsk = null;
      return;
    }
    const type = claimType.value;
    expectRow.hidden = type !== 'tablebase';
    replace(claimHelp, type === 'tablebase'
      ? t('game.claim_help_tablebase') : t('game.claim_help_draw'));
    for (const el of [claimType, claimMove, claimExpect]) el.disabled = claimAsk !== null;
    if (claimAsk) {
      replace(claimButtons, h('span', { class: 'confirm-text' }, claimAsk.text),
        button(t('game.claim_yes'), () => void claim(), { class: 'danger' }),
        button(t('game.back'), () => { claimAsk = null; renderClaim(); claimMove.focus(); }));
    } else {
      replace(claimButtons, button(t('game.claim'), () => askClaim()));
    }
  }

  // The SAN of a move typed in any notation (SAN, UCI or ICCF numeric) in the position, or
  // null when it is not a legal move there.
  function sanOf(fen: string, text: string): string | null {
    return moveIn(fen, text)?.san ?? null;
  }

  // The Claim button: checks the panel and asks for confirmation, stating what will be sent.
  function askClaim(): void {
    const g = game;
    if (!g) return;
    const type = claimType.value;
    const body: Record<string, unknown> = { type, ply: g.ply };
    const typed = claimMove.value.trim();
    let san: string | null = null;
    if (typed) {
      san = sanOf(g.fen, typed);
      if (!san) {
        showError(claimError, t('game.claim_illegal', { move: typed }));
        return;
      }
      body.move = san;
    }
    let text: string;
    if (type === 'tablebase') {
      const expect = claimExpect.value;
      if (!expect) {
        showError(claimError, t('game.claim_choose'));
        return;
      }
      body.expect = expect;
      const what = expect === 'win' ? t('game.what_win') : t('game.what_draw');
      text = san ? t('game.ask_tablebase_move', { what, move: san }) : t('game.ask_tablebase', { what });
    } else {
      const rule = type === 'threefold' ? t('game.rule_threefold') : t('game.rule_fifty');
      text = san ? t('game.ask_draw_move', { rule, move: san }) : t('game.ask_draw', { rule });
    }
    showError(claimError, null);
    claimAsk = { body, text };
    renderClaim();
    (claimButtons.querySelector('button.danger') as HTMLButtonElement | null)?.focus();
  }

  // The move list: one row per move number, White's and Black's move side by side; each
  // move is a button that shows its position (the ply shown is marked aria-current).
  function renderMoves(): void {
    if (!game) return;
    const g = game;
    const shown = viewing ?? g.ply;
    const focused = moveList.contains(document.activeElement);
    const rows: HTMLElement[] = [];
    let row: { num: number; cells: (HTMLElement | null)[] } | null = null;
    const flush = () => {
      if (!row) return;
      rows.push(h('tr', { 'data-move': row.num }, h('td', { class: 'num' }, `${row.num}.`),
        row.cells[0] ?? h('td', { class: 'none' }, '…'), row.cells[1] ?? h('td', { class: 'none' })));
      row = null;
    };
    for (const m of g.moves) {
      const { num, side } = moveNumber(g, m.ply);
      if (!row || row.num !== num || (side === 'white' && row.cells[0])) {
        flush();
        row = { num, cells: [null, null] };
      }
      const details = [t('game.played_at', { at: localTime(m.at) }), t('game.used', { time: duration(m.elapsed_seconds) }),
        m.clock?.clock_after_seconds !== undefined ? t('game.clock_after', { time: duration(m.clock.clock_after_seconds) }) : ''].filter(Boolean).join(', ');
      row.cells[side === 'white' ? 0 : 1] = h('td', { class: 'san' },
        h('button', { type: 'button', class: `move${m.ply === shown ? ' current' : ''}`, 'data-ply': m.ply, title: details,
          'aria-current': m.ply === shown ? 'true' : null, onclick: () => showPly(m.ply) },
          displaySan(m.san), m.conditional ? ' (c)' : '', m.offer_draw ? ' (=)' : ''));
    }
    flush();
    if (!rows.length) rows.push(h('tr', { class: 'no-moves' }, h('td', { colspan: 3, class: 'muted' }, t('game.no_moves'))));
    replace(moveList, h('table', { class: 'moves' },
      h('caption', {}, t('game.moves')),
      h('thead', {}, h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, t('color.White')), h('th', {}, t('color.Black')))),
      h('tbody', {}, rows)));
    const current = moveList.querySelector<HTMLElement>('button.current');
    if (focused) (current ?? moveList.querySelector<HTMLElement>('button.move'))?.focus({ preventScroll: true });
    // The latest move in sight when moves were added (unless an earlier one is viewed); the
    // viewed move in sight while stepping.
    if (viewing === null && g.moves.length !== movesShown) {
      moveList.scrollTop = moveList.scrollHeight;
    } else if (viewing !== null && current) {
      const box = moveList.getBoundingClientRect(), at = current.getBoundingClientRect();
      const head = moveList.querySelector('thead')?.getBoundingClientRect().height ?? 0;
      if (at.top < box.top + head) moveList.scrollTop -= box.top + head - at.top;
      else if (at.bottom > box.bottom) moveList.scrollTop += at.bottom - box.bottom;
    }
    movesShown = g.moves.length;
  }

  // Shows the position after `ply` (0: the initial position; null or the last ply: the live
  // position).
  function showPly(ply: number | null): void {
    const g = game;
    if (!g) return;
    viewing = ply === null || ply >= g.ply ? null : Math.max(0, ply);
    showError(moveError, null);
    render();
  }

  // Left/Right step through the moves, Home and End go to the start and the current
  // position (not while typing in a field).
  const onKey = (e: KeyboardEvent) => {
    if (!game || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.closest('input, textarea, select, [contenteditable]') || t.closest('.promotion, .conditional'))) return;
    const at = viewing ?? game.ply;
    if (e.key === 'ArrowLeft') showPly(Math.max(0, at - 1));
    else if (e.key === 'ArrowRight') showPly(at + 1);
    else if (e.key === 'Home') showPly(0);
    else if (e.key === 'End') showPly(null);
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', onKey);

  // A move made on the board: shown as the candidate, sent with Submit.
  function boardMove(move: BoardMove): void {
    if (!game) return;
    const pos = position(game.fen);
    const parsed = parseUci(move.from + move.to + (move.promotion ?? ''));
    if (!pos || !parsed) return;
    const normal = normalizeMove(pos, parsed);
    const san = makeSan(pos, normal);
    pos.play(normal);
    candidate = { san, fen: makeFen(pos.toSetup()), lastMove: [move.from, move.to] };
    moveInput.value = san;
    showError(moveError, null);
    render();
    // By keyboard the next step is Submit.
    boardByKeys = !!move.keyboard;
    if (move.keyboard) (moveButtons.querySelector('button.primary') as HTMLButtonElement | null)?.focus();
  }

  // Runs one request of the page: on success the message box empties and the page shows
  // the new state; a refusal is explained in the box (a stale game is reloaded first).
  async function attempt(box: HTMLElement, step: () => Promise<void>): Promise<void> {
    commanding++;
    try {
      await step();
      showError(box, null);
      render();
    } catch (e) {
      await refused(e, box);
    } finally {
      commandDone();
    }
  }

  // While a command of the page is under way its answer brings the game, so the live messages
  // it causes are not applied meanwhile; what they announced beyond the answer is read after.
  let commanding = 0;
  let commandsDone = 0;
  function commandDone(): void {
    commanding--;
    commandsDone++;
    if (commanding === 0 && game && seen > game.version) scheduleLoad();
  }

  async function submit(): Promise<void> {
    const g = game;
    if (!g) return;
    const text = moveInput.value.trim();
    if (viewing !== null) {
      showError(moveError, t('game.viewing_refused'));
      return;
    }
    if (!text) {
      showError(moveError, t('game.make_move'));
      return;
    }
    await attempt(moveError, async () => {
      const body: Record<string, unknown> = { move: text, offer_draw: offerDraw.checked, ply: g.ply };
      if (message.value.trim()) body.message = message.value;
      try {
        const answer = await api<{ pending: Game['pending_move'] }>('POST', `/api/v1/games/${g.id}/moves`, body);
        g.pending_move = answer.pending;
        localPend = false;
      } catch (e) {
        // Offline: the same confirm step, in the page alone.
        if (!(e instanceof ApiError) || e.status !== 0) throw e;
        g.pending_move = localPending(g.fen, g.ply, text, offerDraw.checked, message.value);
        localPend = true;
      }
      candidate = null;
    });
    // Keyboard users go on with Enter (or Tab to Cancel).
    if (g.pending_move) (moveButtons.querySelector('button.primary') as HTMLButtonElement | null)?.focus();
  }

  async function confirm(): Promise<void> {
    const g = game;
    if (!g?.pending_move) return;
    const uci = g.pending_move.move.uci;
    if (viewing !== null) return;
    const pending = g.pending_move;
    await attempt(moveError, async () => {
      try {
        if (localPend) throw new ApiError(0, 'network', 'offline');
        took(await api<Game>('POST', `/api/v1/games/${g.id}/moves/accept`, { move: uci, ply: g.ply }, true));
      } catch (e) {
        // Offline: queued with the game as shown (offline_queue.ts sends it when online).
        if (!(e instanceof ApiError) || e.status !== 0) throw e;
        await enqueue({ kind: 'move', game: g.id, ply: g.ply, version: g.version, move: uci, san: pending.move.san,
          fen_after: pending.fen_after, offer_draw: pending.offer_draw, message: pending.message });
        queuedHere = await queued(id);
        g.pending_move = null;
        localPend = false;
      }
      moveInput.value = '';
      message.value = '';
      offerDraw.checked = false;
    });
  }

  async function withdraw(): Promise<void> {
    const g = game;
    if (!g) return;
    await attempt(moveError, async () => {
      if (!localPend) await api('DELETE', `/api/v1/games/${g.id}/moves/pending`);
      localPend = false;
      g.pending_move = null;
      candidate = null;
    });
  }

  async function act(method: string, what: string): Promise<void> {
    const g = game;
    if (!g) return;
    await attempt(otherError, async () => {
      took(await api<Game>(method, `/api/v1/games/${g.id}/${what}`, { ply: g.ply }, true));
      confirmResign = confirmAbort = false;
    });
  }

  // "Yes, claim": sends exactly what the confirmation stated.
  async function claim(): Promise<void> {
    const g = game;
    const ask = claimAsk;
    if (!g || !ask) return;
    claimAsk = null;
    commanding++;
    try {
      const answer = await api<{ upheld: boolean; reason: string; game: Game }>(
        'POST', `/api/v1/games/${g.id}/claims`, ask.body, true);
      took(answer.game);
      claimMove.value = '';
      claimExpect.value = '';
      showError(claimError, null);
      render();
      notice.hidden = false;
      replace(notice, t(answer.upheld ? 'game.claim_upheld' : 'game.claim_rejected', { reason: answer.reason }));
    } catch (e) {
      renderClaim();
      await refused(e, claimError);
    } finally {
      commandDone();
    }
  }

  async function refused(e: unknown, box: HTMLElement): Promise<void> {
    showError(box, errorText(e));
    if (e instanceof ApiError && e.code === 'stale_game' && e.problem.game) {
      took(e.problem.game as Game);
      candidate = null;
      render();
      showError(box, errorText(e));
    }
  }

  // Reads the game a moment later (messages that come together, such as a move, its draw
  // offer and a conditional reply, cost one read).
  let loadTimer: number | undefined;
  function scheduleLoad(): void {
    window.clearTimeout(loadTimer);
    loadTimer = window.setTimeout(() => void load(), 150);
  }

  // A live message about this game applied to what is shown: true when nothing more is
  // needed, false when the game must be read (it does not follow the version shown, or the
  // message lacks what changed).
  function apply(m: LiveMessage): boolean {
    const g = game;
    const version = typeof m.version === 'number' ? m.version : null;
    if (!g || version === null) return false;
    if (m.type === 'move') {
      if (typeof m.ply !== 'number' || m.ply <= g.ply) return true; // shown already (our own Confirm)
      // The next ply, from the next command or the same one (a conditional reply).
      if (m.ply !== g.ply + 1 || (version !== g.version + 1 && version !== g.version) || !m.move?.uci) return false;
      g.moves.push({ ply: m.ply, san: m.move.san, uci: m.move.uci, numeric: m.move.numeric, fen_after: m.fen_after, at: m.at ?? new Date().toISOString(),
        elapsed_seconds: 0, offer_draw: false, conditional: !!m.conditional, message: m.message });
      g.fen = m.fen_after;
      g.ply = m.ply;
      g.version = version;
      g.to_move = g.to_move === 'white' ? 'black' : 'white';
      if (g.draw_offer && g.draw_offer.by !== m.by) g.draw_offer = null; // moving on declines it
      if (m.by === mine()) {
        g.pending_move = null; // played from another device
        candidate = null;
      }
      g.claimable = { threefold: false, fifty_moves: false, tablebase: false }; // until the server says
      for (const side of ['white', 'black'] as Color[]) g.clocks[side].running = false;
      render();
      return false; // the clocks and claims after the move come with the game
    }
    if (version < g.version || (version === g.version && m.type !== 'draw_offer')) return true;
    if (m.type === 'draw_offer' && version === g.version) {
      g.draw_offer = { by: m.by, ply: m.ply };
      const last = g.moves[g.moves.length - 1];
      if (last && last.ply === m.ply) last.offer_draw = true;
      render();
      return true;
    }
    if (m.type === 'draw_declined' && version === g.version + 1) {
      g.draw_offer = null;
      g.version = version;
      render();
      return true;
    }
    return false;
  }

  // Live: the opponent's move is announced and applied; a reconnection, a gap or a change
  // the message does not describe reads the game.
  let started = false; // the first read has begun
  let readAfterGreeting = false; // it began after the live connection's greeting
  const stopLive = onLive((m) => {
    if (m.type === 'hello') {
      // A reconnection, or the first greeting after a first read that did not wait for it.
      if (m.resumed || (started && !readAfterGreeting)) void load();
      readAfterGreeting = true;
      return;
    }
    if (m.type === 'resync') {
      void load();
      return;
    }
    if (m.game_id !== id) return;
    if (typeof m.version === 'number') seen = Math.max(seen, m.version);
    const fresh = !game || m.type !== 'move' || (typeof m.ply === 'number' && m.ply > game.ply);
    if (m.type === 'move' && m.by !== mine() && m.move?.san && fresh) {
      const side = m.by === 'white' ? t('color.White') : t('color.Black');
      announce(t('game.announce_played', { side, move: sanInWords(m.move.san) }));
      titleAlert();
    } else if (m.type === 'game_over') {
      announce(t('game.over', { result: statusName(m.result ?? m.status ?? '') }));
      titleAlert();
    } else if (m.type === 'draw_offer' && m.by !== mine()) {
      announce(t('game.announce_offer'));
    } else if (m.type === 'draw_declined' && mine() !== null && m.by !== mine()) {
      declinedAt = game?.ply ?? null;
      announce(t('game.announce_declined'));
    }
    if ((m.type === 'move' && m.message) || m.type === 'message') {
      void gameMessages(messagesBox, id, !!game && over(game.status), mine() !== null);
      if (m.type === 'message') return;
    }
    if (commanding > 0) return;
    if (!apply(m)) scheduleLoad();
  });
  // The queued actions of this game; one sent or refused: the game is read again.
  const showQueued = async () => {
    queuedHere = await queued(id).catch(() => []);
    drawQueued(queueBox, queuedHere);
    render();
  };
  const stopQueue = onQueue((e) => {
    void showQueued();
    if (e.type !== 'changed' && e.item.game === id) scheduleLoad();
  });
  void showQueued();
  const tick = window.setInterval(tickClocks, 1000);
  // The first read waits (briefly) for the live connection's greeting, so that nothing
  // happening meanwhile is missed and the greeting needs no second read.
  void liveReady().then((ready) => {
    readAfterGreeting = ready;
    started = true;
    return load();
  });
  void gameNote(noteBox, id);
  return () => {
    document.removeEventListener('keydown', onKey);
    stopLive();
    stopQueue();
    window.clearInterval(tick);
    window.clearTimeout(chargeTimer);
    window.clearTimeout(loadTimer);
  };
}
