// The game page /games/{id}: board, move entry (board or Move field) with submit then
// confirm, draw offers, resignation, claims, clocks, move list, messages, note, PGN, and
// live updates (the opponent's move appears and is announced without a reload). The page's
// state and its pure transitions are in ../game_state.ts, the parts drawn from it in
// game_view.ts; here are the page's elements, its requests and live updates, and the drawing.
import { api, ApiError, errorText, Game } from '../api';
import { Board, BoardMove, Color } from '../board';
import { announce, button, errorBox, h, replace, showError } from '../dom';
import {
  analysisQuery, applyLive, boardMove, boardView, confirm as confirming, confirmedOffline,
  declined, dropCandidate, GameState, initial, moverOf, myTurn as turnOf, over, queuedMove, showPly as viewPly, Step,
  stepKeys, stepTo, submitted, took as taken, withdrawn, withQueued,
} from '../game_state';
import { liveReady, LiveMessage, onLive } from '../live';
import { me } from '../session';
import { nextCharge } from '../time';
import { sanInWords } from '../words';
import { setTitle, titleAlert } from '../title';
import { gameMessages, gameNote } from './game_talk';
import { clockText, drawClocks, drawMoves, pendingText, statusText, viewingText, wholeDays } from './game_view';
import { claimPanel } from './game_claim';
import { conditionalEditor } from './conditional';
import { ratingPreview } from './ratings';
import { nextGame } from '../to_move';
import { drawQueued, localPending } from './game_offline';
import { enqueue, onQueue, queued } from '../offline_queue';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';
import { statusName } from '../i18n/words';

export function gamePage(root: HTMLElement, id: string, go?: (path: string) => void): () => void {
  let state: GameState = initial(Date.now());
  const queueBox = h('div', { class: 'queue-box', id: 'queued', hidden: true });
  const board = new Board((move) => void playOnBoard(move));
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
  const notice = h('p', { class: 'notice', role: 'status', hidden: true });
  const otherError = errorBox();
  // The claim panel (game_claim.ts): shown only when the server says a claim is possible now.
  const claims = claimPanel({ state: () => state, mine: () => mine(), attempt: (box, step) => attempt(box, step),
    took: (g) => took(g), notice });
  const moveList = h('div', { class: 'move-list', id: 'move-list' });
  // While an earlier position is shown: says so, with the way back to the live position.
  const viewText = h('span', { class: 'viewing-text' });
  const viewBanner = h('div', { class: 'viewing-banner', id: 'viewing-banner', role: 'status', hidden: true },
    viewText, h('button', { type: 'button', class: 'primary back-live', onclick: () => showPly(null) }, t('game.back_live')));
  const stepButton = (label: string, text: string, step: Step) =>
    h('button', { type: 'button', class: 'step', 'aria-label': label, title: label, 'aria-controls': 'move-list',
      onclick: () => { if (state.game) showPly(stepTo(state, step)); } }, text);
  const stepTools = h('div', { class: 'step-tools', role: 'group', 'aria-label': t('game.step_group') },
    stepButton(t('game.step_start'), '|◀', 'start'),
    stepButton(t('game.step_previous'), '◀', 'previous'),
    stepButton(t('game.step_next'), '▶', 'next'),
    stepButton(t('game.step_current'), '▶|', 'current'));
  const messagesBox = h('section', { class: 'messages', 'aria-label': t('game.messages') });
  const noteBox = h('section', { class: 'note', 'aria-label': t('game.note') });
  const talk = h('div', { class: 'talk' }, messagesBox, noteBox);
  const conditionalBox = h('section', { class: 'conditional', 'aria-label': t('game.conditional') });
  let editorFor = ''; // the position of the conditional moves' editor
  let talkShown = ''; // whether the game was over and the user a player when the messages were read
  let movesShown = -1; // the number of moves in the move list
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
    const q = analysisQuery(state, id, board.el.dataset.fen);
    if (q) analyseLink.href = `/analysis?${q}`;
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
        h('div', { class: 'side-col' }, clocks, form, claims.box, notice, drawBox, otherError, moveList, ratingBox));
  conditionalBox.hidden = talk.hidden = true;
  placeMoveBar();
  replace(root,
    h('div', { class: 'game-page', 'aria-busy': 'true' },
      h('div', { class: 'game-head' }, h('div', { class: 'title-row' }, heading, h('div', { class: 'next' }, nextButton, nextNote)), status), loading, gameMain, conditionalBox, talk));


  const mine = (): Color | null => moverOf(state.game, me()?.username);
  const myTurn = () => turnOf(state.game, mine());

  // A game as the server just sent it (running clocks count down from now). A minimal
  // answer's moves continue the ones shown; if they do not line up, the page reads the game.
  function took(g: Game): void {
    const next = taken(state, g, Date.now());
    if (!next) {
      void load();
      return;
    }
    state = next;
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
      const first = !state.game;
      // An answer older than what is shown (reads overtaking each other) is dropped.
      if (state.game && fresh.version < state.game.version) return;
      took(fresh);
      if (first) state = { ...state, orientation: mine() ?? 'white' };
      if (first) ratingPreview(ratingBox, id, { white: fresh.white.display_name, black: fresh.black.display_name });
      render();
      // For bench/web: the board takes moves from here on.
      if (first) performance.mark('game-interactive');
      if (seen > fresh.version) scheduleLoad();
    } catch (e) {
      replace(root, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  }

  function render(): void {
    const g = state.game;
    if (!g) return;
    loading.remove();
    gameMain.hidden = conditionalBox.hidden = talk.hidden = false;
    root.querySelector('.game-page')?.removeAttribute('aria-busy');
    const mover = mine();
    replace(heading, `${g.white.display_name} – ${g.black.display_name}`);
    setTitle(`${g.white.username} – ${g.black.username}`);
    replace(status, statusText(g, mover, state.declinedAt));
    document.body.dataset.gameStatus = g.status;
    const viewing = state.viewing;
    viewBanner.hidden = viewing === null;
    board.el.classList.toggle('viewing', viewing !== null);
    if (viewing !== null) {
      board.el.dataset.viewing = String(viewing);
      replace(viewText, viewingText(g, viewing));
    }
    const shown = boardView(state, mover)!;
    board.show(shown.fen, state.orientation, shown.movable, shown.lastMove);
    if (viewing === null) delete board.el.dataset.viewing;
    drawClocks(clocks, state, Date.now());
    renderActions();
    drawMoves(moveList, g, viewing, movesShown, showPly);
    movesShown = g.moves.length;
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
      if (editable) conditionalEditor(conditionalBox, g.id, g.fen, state.orientation, () => ({ ply: state.game!.ply, version: state.game!.version }));
      else replace(conditionalBox);
    }
  }

  // An ICCF clock changes by whole days: the game is read again when the next day is charged.
  let chargeTimer: number | undefined;
  function scheduleCharge(): void {
    window.clearTimeout(chargeTimer);
    const g = state.game;
    if (!g || !wholeDays(g)) return;
    for (const side of ['white', 'black'] as Color[]) {
      const c = g.clocks[side];
      if (!c.running || !c.deadline) continue;
      const wait = nextCharge(Date.parse(c.deadline), Date.now());
      // (a second after the instant, at most a day ahead)
      chargeTimer = window.setTimeout(() => void load(), Math.max(1000, Math.min(wait + 1000, 86400000)));
    }
  }

  // Every second: the running clock's text, changed in place (the rest stays, focus too).
  function tickClocks(): void {
    if (!state.game) return;
    for (const span of clocks.querySelectorAll<HTMLElement>('.left')) {
      const text = clockText(state, span.dataset.side as Color, Date.now());
      if (span.textContent !== text) span.textContent = text;
    }
  }

  function ask(what: 'resign' | 'abort' | null): void {
    state = confirming(state, what);
    renderActions();
  }

  function renderActions(): void {
    const g = state.game;
    if (!g) return;
    const mover = mine();
    const playing = mover !== null && !over(g.status);
    const viewing = state.viewing;
    form.hidden = moveBar.hidden = mover === null;
    const moves: HTMLElement[] = [];
    const buttons: HTMLElement[] = [];
    const waiting = queuedMove(state);
    moveState.toggleAttribute('data-queued', !!waiting);
    if (waiting) {
      replace(moveState, t('offline.queued_move', { move: displaySan(waiting.san) }));
    } else if (g.pending_move) {
      replace(moveState, pendingText(g.pending_move, state.localPend));
      moves.push(button(t('game.confirm'), () => void confirm(), { class: 'primary', ...(viewing !== null ? { disabled: '' } : {}) }),
        button(t('game.cancel'), () => void withdraw()));
    } else if (myTurn()) {
      const candidate = state.candidate;
      replace(moveState, candidate ? t('game.candidate', { move: displaySan(candidate.san) }) : '');
      moves.push(h('button', { type: 'submit', class: 'primary', form: 'move-form', disabled: viewing !== null }, t('game.submit')));
      if (candidate) moves.push(button(t('game.cancel'), () => { state = dropCandidate(state); moveInput.value = ''; render(); }));
    } else {
      replace(moveState, playing ? t('game.waiting') : '');
    }
    if (playing) {
      if (state.confirming === 'resign') {
        buttons.push(h('span', { class: 'confirm-text' }, t('game.resign_ask')),
          button(t('game.resign_yes'), () => void act('POST', 'resign'), { class: 'danger' }),
          button(t('game.keep_playing'), () => ask(null)));
      } else {
        buttons.push(button(t('game.resign'), () => ask('resign')));
      }
    }
    if (playing && g.abortable) {
      if (state.confirming === 'abort') {
        buttons.push(h('span', { class: 'confirm-text' }, t('game.abort_ask')),
          button(t('game.abort_yes'), () => void act('POST', 'abort'), { class: 'danger' }),
          button(t('game.keep_game'), () => ask(null)));
      } else {
        buttons.push(button(t('game.abort'), () => ask('abort')));
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
    claims.render();
    // Focus left on the move's state after Confirm goes to the Move field when it is the
    // player's move again (the opponent replied).
    if (had === moveState && myTurn() && !g.pending_move && !state.candidate) (boardByKeys ? board.host : moveInput).focus();
    if (hadName && !had!.isConnected) {
      const again = [...moves, ...buttons].find((b) => b instanceof HTMLButtonElement && b.textContent === hadName);
      // Else: the Move field when it is the player's move, else what the move came to.
      if (again) again.focus();
      else if (myTurn() && !g.pending_move && !moveInput.disabled) moveInput.focus();
      else (moveState.textContent ? moveState : status).focus();
    }
  }

  // Shows the position after `ply` (0: the initial position; null or the last ply: the live
  // position).
  function showPly(ply: number | null): void {
    if (!state.game) return;
    state = viewPly(state, ply);
    showError(moveError, null);
    render();
  }

  // Left/Right step through the moves, Home and End go to the start and the current
  // position (not while typing in a field).
  const onKey = (e: KeyboardEvent) => {
    if (!state.game || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.closest('input, textarea, select, [contenteditable]') || t.closest('.promotion, .conditional'))) return;
    const step = stepKeys[e.key];
    if (!step) return;
    showPly(stepTo(state, step));
    e.preventDefault();
  };
  document.addEventListener('keydown', onKey);

  // A move made on the board: shown as the candidate, sent with Submit.
  function playOnBoard(move: BoardMove): void {
    const next = boardMove(state, move);
    if (!next) return;
    state = next;
    moveInput.value = next.candidate!.san;
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
    if (commanding === 0 && state.game && seen > state.game.version) scheduleLoad();
  }

  async function submit(): Promise<void> {
    const g = state.game;
    if (!g) return;
    const text = moveInput.value.trim();
    if (state.viewing !== null) {
      showError(moveError, t('game.viewing_refused'));
      return;
    }
    if (!text) {
      showError(moveError, t('game.make_move'));
      return;
    }
    let sent = false;
    await attempt(moveError, async () => {
      const body: Record<string, unknown> = { move: text, offer_draw: offerDraw.checked, ply: g.ply };
      if (message.value.trim()) body.message = message.value;
      try {
        const answer = await api<{ pending: Game['pending_move'] }>('POST', `/api/v1/games/${g.id}/moves`, body);
        state = submitted(state, answer.pending, false);
        sent = !!answer.pending;
      } catch (e) {
        // Offline: the same confirm step, in the page alone.
        if (!(e instanceof ApiError) || e.status !== 0) throw e;
        state = submitted(state, localPending(g.fen, g.ply, text, offerDraw.checked, message.value), true);
        sent = true;
      }
    });
    // Keyboard users go on with Enter (or Tab to Cancel).
    if (sent) (moveButtons.querySelector('button.primary') as HTMLButtonElement | null)?.focus();
  }

  async function confirm(): Promise<void> {
    const g = state.game;
    if (!g?.pending_move) return;
    const uci = g.pending_move.move.uci;
    if (state.viewing !== null) return;
    const pending = g.pending_move;
    await attempt(moveError, async () => {
      try {
        if (state.localPend) throw new ApiError(0, 'network', 'offline');
        took(await api<Game>('POST', `/api/v1/games/${g.id}/moves/accept`, { move: uci, ply: g.ply }, true));
      } catch (e) {
        // Offline: queued with the game as shown (offline_queue.ts sends it when online).
        if (!(e instanceof ApiError) || e.status !== 0) throw e;
        await enqueue({ kind: 'move', game: g.id, ply: g.ply, version: g.version, move: uci, san: pending.move.san,
          fen_after: pending.fen_after, offer_draw: pending.offer_draw, message: pending.message });
        state = confirmedOffline(state, await queued(id));
      }
      moveInput.value = '';
      message.value = '';
      offerDraw.checked = false;
    });
  }

  async function withdraw(): Promise<void> {
    const g = state.game;
    if (!g) return;
    await attempt(moveError, async () => {
      if (!state.localPend) await api('DELETE', `/api/v1/games/${g.id}/moves/pending`);
      state = withdrawn(state);
    });
  }

  async function act(method: string, what: string): Promise<void> {
    const g = state.game;
    if (!g) return;
    await attempt(otherError, async () => {
      took(await api<Game>(method, `/api/v1/games/${g.id}/${what}`, { ply: g.ply }, true));
      state = confirming(state, null);
    });
  }

  async function refused(e: unknown, box: HTMLElement): Promise<void> {
    showError(box, errorText(e));
    if (e instanceof ApiError && e.code === 'stale_game' && e.problem.game) {
      took(e.problem.game as Game);
      state = dropCandidate(state);
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
  // needed, false when the game must be read (game_state.ts, applyLive).
  function apply(m: LiveMessage): boolean {
    const { state: next, done } = applyLive(state, m, mine());
    if (next !== state) {
      state = next;
      render();
    }
    return done;
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
    const game = state.game;
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
      state = declined(state);
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
    const items = await queued(id).catch(() => []);
    state = withQueued(state, items);
    drawQueued(queueBox, items);
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
