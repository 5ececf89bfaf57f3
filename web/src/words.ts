// A move in words for screen readers: "Nxf7+" -> "knight takes f7, check".

const pieces: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

export function sanInWords(san: string): string {
  const suffix = san.endsWith('#') ? ', checkmate' : san.endsWith('+') ? ', check' : '';
  const core = san.replace(/[+#!?]+$/, '');
  if (core === 'O-O') return 'castles kingside' + suffix;
  if (core === 'O-O-O') return 'castles queenside' + suffix;
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?$/.exec(core);
  if (!m) return san;
  const [, piece, from, takes, to, promotion] = m;
  const words = [piece ? pieces[piece] : 'pawn'];
  if (from) words.push(`from ${from}`);
  words.push(takes ? `takes ${to}` : `to ${to}`);
  if (promotion) words.push(`promotes to ${pieces[promotion]}`);
  return words.join(' ') + suffix;
}
