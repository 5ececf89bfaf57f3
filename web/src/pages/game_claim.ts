// The game page's claim panel (rules.md 2.5): shown only to the player to move, with no
// pending move, when the server's `claimable` flags allow a claim, and offering only the
// claimable types. The Claim button checks the panel and states what will be sent; only
// "Yes, claim" sends it, exactly as stated. The page (game.ts) owns the game and runs the
// request as one of its commands.
import { api, Game } from '../api';
import { Color } from '../board';
import { button, errorBox, h, replace, showError } from '../dom';
import { claimRequest, claimTypes, GameState } from '../game_state';
import { t } from '../i18n/i18n';
import { claimName } from '../i18n/words';
import { claimRefusal, claimText } from './game_view';

export interface ClaimHost {
  state: () => GameState;
  mine: () => Color | null;
  // Runs a request as one of the page's commands: on success the page is drawn again, a
  // refusal is shown in `box` (game.ts, attempt).
  attempt: (box: HTMLElement, step: () => Promise<void>) => Promise<void>;
  // Shows the game a command's answer brought.
  took: (g: Game) => void;
  // Where the verdict is said.
  notice: HTMLElement;
}

export interface ClaimPanel {
  box: HTMLElement;
  // Draws the panel for the game shown (hidden when no claim is possible).
  render: () => void;
}

export function claimPanel(host: ClaimHost): ClaimPanel {
  const claimType = h('select', { id: 'claim-type', onchange: () => render() });
  const claimMove = h('input', { id: 'claim-move', name: 'claim_move', autocomplete: 'off', spellcheck: 'false',
    placeholder: t('game.claim_none'), oninput: () => showError(claimError, null) });
  const claimExpect = h('select', { id: 'claim-expect', onchange: () => showError(claimError, null) },
    h('option', { value: '' }, t('game.choose')), h('option', { value: 'win' }, t('game.claim_win')), h('option', { value: 'draw' }, t('game.claim_draw')));
  const expectRow = h('div', { class: 'row' }, h('label', { for: 'claim-expect' }, t('game.you_claim')), claimExpect);
  const claimHelp = h('p', { class: 'claim-help' });
  const claimButtons = h('div', { class: 'actions' });
  const claimError = errorBox();
  const box = h('section', { class: 'claim-box', 'aria-labelledby': 'claim-heading', hidden: true },
    h('h2', { id: 'claim-heading' }, t('game.claim')),
    h('div', { class: 'row' }, h('label', { for: 'claim-type' }, t('game.claim_type')), claimType),
    h('div', { class: 'row' }, h('label', { for: 'claim-move' }, t('game.intended_move')), claimMove),
    expectRow, claimHelp, claimButtons, claimError);
  // What the confirmation step shows and what Yes sends (null: not confirming).
  let asking: { body: Record<string, unknown>; text: string } | null = null;
  let shownTypes = ''; // the claim types offered

  function render(): void {
    const types = claimTypes(host.state(), host.mine());
    box.hidden = types.length === 0;
    if (types.join() !== shownTypes) {
      shownTypes = types.join();
      const was = claimType.value;
      replace(claimType, types.map((type) => h('option', { value: type }, claimName(type))));
      if (types.includes(was)) claimType.value = was;
      asking = null;
    }
    if (!types.length) {
      asking = null;
      return;
    }
    const type = claimType.value;
    expectRow.hidden = type !== 'tablebase';
    replace(claimHelp, type === 'tablebase'
      ? t('game.claim_help_tablebase') : t('game.claim_help_draw'));
    for (const el of [claimType, claimMove, claimExpect]) el.disabled = asking !== null;
    if (asking) {
      replace(claimButtons, h('span', { class: 'confirm-text' }, asking.text),
        button(t('game.claim_yes'), () => void send(), { class: 'danger' }),
        button(t('game.back'), () => { asking = null; render(); claimMove.focus(); }));
    } else {
      replace(claimButtons, button(t('game.claim'), () => ask()));
    }
  }

  // The Claim button: checks the panel and asks for confirmation, stating what will be sent.
  function ask(): void {
    const g = host.state().game;
    if (!g) return;
    const typed = claimMove.value.trim();
    const req = claimRequest(g, claimType.value, typed, claimExpect.value);
    if ('error' in req) {
      showError(claimError, claimRefusal(req.error, typed));
      return;
    }
    showError(claimError, null);
    asking = { body: req.body, text: claimText(req) };
    render();
    (claimButtons.querySelector('button.danger') as HTMLButtonElement | null)?.focus();
  }

  // "Yes, claim": sends exactly what the confirmation stated.
  async function send(): Promise<void> {
    const g = host.state().game;
    const asked = asking;
    if (!g || !asked) return;
    asking = null;
    await host.attempt(claimError, async () => {
      try {
        const answer = await api<{ upheld: boolean; reason: string; game: Game }>(
          'POST', `/api/v1/games/${g.id}/claims`, asked.body, true);
        host.took(answer.game);
        claimMove.value = '';
        claimExpect.value = '';
        host.notice.hidden = false;
        replace(host.notice, t(answer.upheld ? 'game.claim_upheld' : 'game.claim_rejected', { reason: answer.reason }));
      } catch (e) {
        render(); // the panel without the confirmation, before the refusal is shown
        throw e;
      }
    });
  }

  return { box, render };
}
