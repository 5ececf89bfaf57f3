// How the move list writes SAN: English letters (the default and what the server speaks),
// figurines, or the piece letters of the player's language (German K D T L S, Spanish R D T
// A C). Kept in this browser (localStorage): a way of reading, not part of the profile.
import { language, Language } from './i18n';

export type Notation = 'english' | 'figurines' | 'local';
const storageKey = 'corrchess.notation';

const figurines: Record<string, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };
// The piece letters (King, Queen, Rook, Bishop, Knight) of each language.
const letters: Record<Language, string> = { en: 'KQRBN', de: 'KDTLS', es: 'RDTAC' };

export function notation(): Notation {
  const stored = localStorage.getItem(storageKey);
  return stored === 'figurines' || stored === 'local' ? stored : 'english';
}

export function setNotation(n: Notation): void {
  if (n === 'english') localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, n);
}

// SAN as the player chose to read it ("Nf3" -> "♘f3" or "Sf3"); squares, castling and
// check marks stay.
export function displaySan(san: string, how: Notation = notation(), lang: Language = language()): string {
  if (how === 'english') return san;
  return san.replace(/[KQRBN]/g, (p) => how === 'figurines' ? figurines[p] : letters[lang]['KQRBN'.indexOf(p)]);
}
