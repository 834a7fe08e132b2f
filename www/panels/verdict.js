// The verdict panel: the course program's exact line and a sentence in
// plain words (or an invitation, in an empty box; "Reading…" while the
// last move is still being typed), and a line about where the game comes
// from and how it was read.
import { stillTyping } from '../controller/text.js';
import { h } from '../dom.js';
import { last, samePath } from '../state.js';
import { friendlyVerdict, gameInfo, statedResultSentence } from '../words.js';

export function verdictPanel(ctrl) {
  const invite = h('p', {
    class: 'ab-invite', hidden: true,
    text: 'Paste or type a game (e4 e5 Nf3 ..., a whole PGN), a position (a FEN), a Congo or checkers game or a chess problem; or play a move on the board.',
  });
  const line = h('p', { class: 'ab-line' });
  const sentence = h('p', { class: 'ab-friendly' });
  const info = h('p', { class: 'ab-info' });
  const element = h('div', { class: 'ab-verdict', 'aria-live': 'polite' }, invite, line, sentence, info);

  return {
    elements: [element],
    topics: [],
    render() {
      const state = ctrl.state;
      const o = state.outcome;
      if (!o) return;
      // verdict: false keeps the verdict for the end of the game; a puzzle hides it.
      const gameEnd = last({ ...state, path: [], errorLine: null });
      const atGameEnd = state.errorLine ? samePath(state.errorLine, []) : samePath(gameEnd.path, state.path) && !gameEnd.errorLine;
      element.hidden = !!state.puzzle || (ctrl.options.verdict === false && !atGameEnd);
      const empty = state.text.trim() === '';
      const typing = stillTyping(state, performance.now());
      invite.hidden = !empty;
      const stated = o.chess?.notation !== 'course' && o.status === 'incomplete' ? o.chess?.statedResult : null;
      const resigned = stated && stated !== '*' ? stated : null;
      line.textContent = empty || typing ? '' : resigned ?? o.message;
      line.className = `ab-line ab-${empty || typing ? 'neutral' : resigned ? 'stated' : o.status}`;
      sentence.textContent = empty ? '' : typing ? 'Reading… (still typing the last move)' : resigned ? statedResultSentence(resigned, o.chess.tags.find((t) => t.name === 'Termination')?.value) : friendlyVerdict(state);
      info.textContent = gameInfo(o);
    },
    destroy() {},
  };
}
