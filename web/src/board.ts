// The interactive board: chessground draws it and takes clicks and drags; chessops gives the
// legal destinations. For scripts and tests the wrapper carries `data-fen` (the position
// shown) and a transparent layer inside the board holds one element per square with
// `data-square="e4"`: a click on it reaches chessground like a click on the board.
// For screen readers the drawing is a board (role application) named after the side to move
// and the last move, described by `text`: the position as text, the pieces of each side by
// square (as lichess's blind mode lists them), kept up to date by show(); each square of the
// layer is labelled with its piece ("e2 white pawn", "e4 empty").
// By keyboard: the board takes the focus; the arrow keys move a square cursor (as the board
// is seen: Up is towards the top), Enter or Space picks a piece of the side to move and then
// its destination, Escape drops the piece; the square under the cursor is said in the board's
// live region (`.board-announce`) and outlined, and the board has `data-cursor`.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { Chess } from 'chessops/chess';
import { chessgroundDests } from 'chessops/compat';
import { parseFen } from 'chessops/fen';
import { h, replace } from './dom';
import { MessageKey, t } from './i18n/i18n';

export type Color = 'white' | 'black';
// `keyboard`: made with the keys (the page then takes the focus on to Submit).
export type BoardMove = { from: string; to: string; promotion?: string; keyboard?: boolean };

const files = 'abcdefgh';
let boards = 0;

const roles = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
type Role = (typeof roles)[number];

// The pieces of `color` in words: "King e1; Queen d1; Rooks a1, h1; …; Pawns a2, b2" (squares
// by file, then rank), or "no pieces" (board.pieces.<role>, a plural by the number).
export function piecesInWords(fen: string, color: Color): string {
  const pos = position(fen);
  if (!pos) return '';
  const parts: string[] = [];
  for (const role of roles) {
    const squares: string[] = [];
    for (const sq of pos.board[color].intersect(pos.board[role])) squares.push(files[sq % 8] + (Math.floor(sq / 8) + 1));
    squares.sort();
    if (squares.length) parts.push(t(`board.pieces.${role}` as MessageKey, { n: squares.length, squares: squares.join(', ') }));
  }
  return parts.length ? parts.join('; ') : t('board.no_pieces');
}

// "white knight" (de "weißer Springer", es "caballo blanco").
const pieceName = (color: string, role: string) => t(`board.piece.${color}_${role}` as MessageKey);
const sideName = (c: Color) => (c === 'white' ? t('color.White') : t('color.Black'));

// The position of a FEN for chessops, or null when it cannot be read.
export function position(fen: string): Chess | null {
  const setup = parseFen(fen);
  if (setup.isErr) return null;
  const pos = Chess.fromSetup(setup.value);
  return pos.isErr ? null : pos.value;
}

export class Board {
  readonly el: HTMLDivElement;
  private readonly cg: Api;
  private readonly layer: HTMLDivElement;
  private readonly picker: HTMLDivElement;
  private orientation: Color = 'white';
  private fen = '';
  private shown = false;
  // The position as text (visually hidden unless the page shows it; see game.ts).
  readonly text: HTMLElement;
  readonly host: HTMLElement;
  // The live region saying the square under the cursor and what Enter did.
  private readonly said: HTMLElement;
  // The square of the keyboard cursor ('' until the board first has the focus).
  private cursor = '';
  private keyboardMove = false;

  constructor(
    private readonly onMove: (move: BoardMove) => void,
    private readonly chess960 = false,
  ) {
    const n = ++boards;
    const host = h('div', { class: 'cg-host', id: `board-${n}`, role: 'application', 'aria-roledescription': t('board.roledescription'),
      tabindex: 0, 'aria-label': t('board.empty'), 'aria-describedby': `position-text-${n}`,
      onkeydown: (e: Event) => this.key(e as KeyboardEvent), onfocus: () => this.sayCursor(true) });
    this.host = host;
    this.said = h('p', { class: 'board-announce visually-hidden', 'aria-live': 'polite' });
    this.text = h('section', { id: `position-text-${n}`, class: 'position-text visually-hidden', 'aria-label': t('game.show_text') });
    this.picker = h('div', { class: 'promotion', hidden: true, role: 'dialog', 'aria-label': t('board.promote_to') });
    this.el = h('div', { class: 'board', 'data-fen': '' }, host, this.picker, this.said);
    this.layer = h('div', { class: 'square-layer' });
    this.cg = Chessground(host, {
      fen: '8/8/8/8/8/8/8/8', // nothing until the first show(): never a position that is not the game's
      coordinates: true,
      animation: { enabled: false },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, rookCastle: true, events: { after: (o, d) => this.moved(o, d) } },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      selectable: { enabled: true },
    });
    // chessground measures the board once and keeps the measure until the page scrolls or
    // the window or board is resized; content appearing above the board (the status line, a
    // banner) moves it without either, and a tap then hits the square below. So the board is
    // measured afresh at every press, before chessground reads the position of the press.
    const remeasure = () => this.cg.state.dom.bounds.clear();
    this.el.addEventListener('mousedown', remeasure, { capture: true });
    this.el.addEventListener('touchstart', remeasure, { capture: true, passive: true });
    this.drawLayer();
  }

  // Shows `fen`; `movable` is the colour the user may move now (null: nobody).
  show(fen: string, orientation: Color, movable: Color | null, lastMove?: [string, string]): void {
    this.fen = fen;
    this.el.dataset.fen = fen;
    const pos = position(fen);
    const turn: Color = fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const dests = movable && pos && pos.turn === movable ? chessgroundDests(pos, { chess960: this.chess960 }) : new Map();
    this.orientation = orientation;
    // The first position appears at once; later ones animate from the one before.
    this.cg.set({
      animation: { enabled: this.shown, duration: 150 },
      fen,
      orientation,
      turnColor: turn,
      check: pos ? pos.isCheck() : false,
      lastMove: lastMove as Key[] | undefined,
      movable: { color: movable ?? undefined, dests: dests as Map<Key, Key[]> },
    });
    if (!movable) this.cg.set({ movable: { color: undefined } });
    this.shown = true;
    this.hidePicker();
    this.drawLayer();
    this.describe(fen, turn, lastMove);
    this.labelSquares();
  }

  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.cg.set({ orientation: this.orientation });
    this.drawLayer();
    this.host.setAttribute('aria-label', this.name());
  }

  private described: { turn: Color; last?: [string, string] } = { turn: 'white' };

  private name(): string {
    const [from, to] = this.described.last ?? ['', ''];
    return t(this.described.last ? 'board.name_last' : 'board.name',
      { side: sideName(this.orientation), turn: sideName(this.described.turn), from, to });
  }

  // The board's name and the position as text.
  private describe(fen: string, turn: Color, lastMove?: [string, string]): void {
    this.described = { turn, last: lastMove };
    this.host.setAttribute('aria-label', this.name());
    replace(this.text,
      h('p', { class: 'turn' }, t('board.to_move', { side: sideName(turn) }),
        lastMove ? ` ${t('board.last_move', { from: lastMove[0], to: lastMove[1] })}` : ''),
      h('ul', {}, (['white', 'black'] as const).map((side) =>
        h('li', { 'data-side': side }, t('board.side_pieces', { side: sideName(side), pieces: piecesInWords(fen, side) })))));
  }

  private moved(orig: string, dest: string): void {
    const pos = position(this.fen);
    const piece = pos?.board.get(squareIndex(orig));
    const lastRank = dest[1] === '8' || dest[1] === '1';
    const keyboard = this.keyboardMove;
    this.keyboardMove = false;
    if (piece?.role === 'pawn' && lastRank) {
      this.askPromotion(piece.color as Color, (role) => this.onMove({ from: orig, to: dest, promotion: role, keyboard }));
    } else {
      this.onMove({ from: orig, to: dest, keyboard });
    }
  }

  // "e2 white pawn", "e4 empty" (`pos`: the position shown, when the caller has it).
  private squareWords(square: string, pos = position(this.fen)): string {
    const piece = pos?.board.get(squareIndex(square));
    return piece ? t('board.square_piece', { square, piece: pieceName(piece.color, piece.role) }) : t('board.square_empty', { square });
  }

  private sayCursor(focusing = false): void {
    if (!this.cursor) this.cursor = this.orientation === 'white' ? 'e2' : 'e7';
    this.el.dataset.cursor = this.cursor;
    for (const sq of this.layer.children) sq.classList.toggle('cursor', (sq as HTMLElement).dataset.square === this.cursor);
    const selected = this.cg.state.selected;
    const target = selected && selected !== this.cursor && this.destsOf(selected).includes(this.cursor) ? `, ${t('board.legal_target')}` : '';
    const help = focusing ? `. ${t('board.help')}` : '';
    this.say(`${this.squareWords(this.cursor)}${target}${help}`);
  }

  private say(text: string): void {
    this.said.textContent = text;
  }

  private destsOf(square: string): string[] {
    return (this.cg.state.movable.dests?.get(square as Key) ?? []) as string[];
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const steps: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const step = steps[e.key];
    if (step) {
      if (!this.cursor) this.sayCursor();
      const sign = this.orientation === 'white' ? 1 : -1;
      const file = files.indexOf(this.cursor[0]) + step[0] * sign;
      const rank = Number(this.cursor[1]) + step[1] * sign;
      if (file >= 0 && file < 8 && rank >= 1 && rank <= 8) this.cursor = files[file] + rank;
      this.sayCursor();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.pick();
    } else if (e.key === 'Escape') {
      if (!this.cg.state.selected) return;
      this.cg.selectSquare(null);
      this.say(t('board.dropped'));
    } else {
      return;
    }
    // The page's own keys (stepping through the moves) do not act on the board's.
    e.preventDefault();
    e.stopPropagation();
  }

  // Enter on the cursor: picks the piece there, or plays the picked piece to it.
  private pick(): void {
    if (!this.cursor) return this.sayCursor();
    const square = this.cursor;
    const selected = this.cg.state.selected as string | undefined;
    if (selected && selected === square) {
      this.cg.selectSquare(null);
      this.say(t('board.dropped'));
      return;
    }
    if (selected && this.destsOf(selected).includes(square)) {
      this.keyboardMove = true;
      this.cg.selectSquare(square as Key);
      this.say(t('board.moves_to', { piece: this.squareWords(selected), square }));
      return;
    }
    const movable = this.movableColor();
    const piece = position(this.fen)?.board.get(squareIndex(square));
    if (!movable) {
      this.say(t('board.no_move_now'));
    } else if (!piece || piece.color !== movable) {
      this.say(selected ? t('board.not_legal_for', { square, piece: this.squareWords(selected) })
        : t(movable === 'white' ? 'board.no_white_piece' : 'board.no_black_piece', { square }));
    } else if (!this.destsOf(square).length) {
      this.say(t('board.no_legal_move', { piece: this.squareWords(square) }));
    } else {
      this.cg.selectSquare(square as Key);
      this.say(t('board.picked', { piece: this.squareWords(square), squares: this.destsOf(square).join(', ') }));
    }
  }

  // Each square of the layer labelled with its piece, the cursor outlined.
  private labelSquares(): void {
    const pos = position(this.fen);
    for (const el of this.layer.children) {
      const sq = el as HTMLElement;
      sq.setAttribute('aria-label', this.squareWords(sq.dataset.square!, pos));
      sq.classList.toggle('cursor', sq.dataset.square === this.cursor);
    }
  }

  private askPromotion(color: Color, done: (role: string) => void): void {
    const pieces: [string, Role][] = [['q', 'queen'], ['r', 'rook'], ['b', 'bishop'], ['n', 'knight']];
    replace(
      this.picker,
      h('span', {}, t('board.promote_to')),
      pieces.map(([letter, role]) => {
        const name = t(`board.role.${role}` as MessageKey);
        return h('button', { type: 'button', class: `promote ${color} ${role}`, 'aria-label': name,
          onclick: () => { this.hidePicker(); done(letter); } }, name);
      }),
      h('button', { type: 'button', class: 'promote-cancel', onclick: () => { this.hidePicker(); this.show(this.fen, this.orientation, this.movableColor()); } }, t('game.back')),
    );
    this.picker.hidden = false;
    (this.picker.querySelector('button') as HTMLButtonElement | null)?.focus();
  }

  private movableColor(): Color | null {
    const color = this.cg.state.movable.color;
    return color === 'white' || color === 'black' ? color : null;
  }

  private hidePicker(): void {
    this.picker.hidden = true;
  }

  // One element per square, in the order the board shows them, inside chessground's board
  // so that clicks and drags on it are chessground's.
  private layerFor: Color | null = null;
  private drawLayer(): void {
    // The squares stay as they are while the orientation does (scripts may hold them).
    const board = this.el.querySelector('cg-board');
    if (this.layerFor === this.orientation && board && this.layer.parentNode === board) return;
    this.layerFor = this.orientation;
    const squares: HTMLElement[] = [];
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const file = this.orientation === 'white' ? col : 7 - col;
        const rank = this.orientation === 'white' ? 8 - row : row + 1;
        const name = files[file] + rank;
        squares.push(h('div', { 'data-square': name, title: name, role: 'img' }));
      }
    }
    replace(this.layer, squares);
    if (board && this.layer.parentNode !== board) board.appendChild(this.layer);
    // The coordinates' letters are said with the squares already.
    for (const coords of this.el.querySelectorAll('coords')) coords.setAttribute('aria-hidden', 'true');
    this.labelSquares();
  }
}

function squareIndex(name: string): number {
  return files.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
}
