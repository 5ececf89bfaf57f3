// A move in words for screen readers: "Nxf7+" -> "knight takes f7, check" (de "Springer
// schlägt f7, Schach", es "caballo captura en f7, jaque").
import { MessageKey, t } from './i18n/i18n';

const pieces: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };
const piece = (role: string) => t(`words.${role}` as MessageKey);

export function sanInWords(san: string): string {
  const suffix = san.endsWith('#') ? `, ${t('termination.checkmate')}` : san.endsWith('+') ? `, ${t('words.check')}` : '';
  const core = san.replace(/[+#!?]+$/, '');
  if (core === 'O-O') return t('words.castles_kingside') + suffix;
  if (core === 'O-O-O') return t('words.castles_queenside') + suffix;
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?$/.exec(core);
  if (!m) return san;
  const [, letter, from, takes, to, promotion] = m;
  const words = [piece(letter ? pieces[letter] : 'pawn')];
  if (from) words.push(t('words.from', { square: from }));
  words.push(t(takes ? 'words.takes' : 'words.to', { square: to }));
  if (promotion) words.push(t('words.promotes', { piece: piece(pieces[promotion]) }));
  return words.join(' ') + suffix;
}
