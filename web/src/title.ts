// The tab title: the page's name, a counter of games to move, and a marker while something
// happened that the user has not looked at (the tab was hidden or not focused).

let base = 'corrchess';
let counter = 0;
let alerted = false;

function draw(): void {
  const count = counter > 0 ? `(${counter}) ` : '';
  document.title = `${alerted ? '● ' : ''}${count}${base} · corrchess`;
}

export function setTitle(name: string): void {
  base = name;
  draw();
}

export function setCounter(n: number): void {
  counter = n;
  draw();
}

export function titleAlert(): void {
  if (document.hasFocus() && !document.hidden) return;
  alerted = true;
  draw();
}

function seen(): void {
  if (!alerted) return;
  alerted = false;
  draw();
}

window.addEventListener('focus', seen);
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) seen();
});
