// <analysis-board moves="e4 e5 Nf3" ply="2" orientation="black" editor>
// One script tag loads it:
//   <script type="module" src="https://your.host/www/element.js"></script>
// Attributes: moves, ply, orientation ("white" | "black"), editor (present =
// show the text box), game, notation, readonly (present = no moves on the
// board), report (present = the report on every move, with its graph),
// suggest="0" (no suggestion), verdict="0" (the verdict only at the end),
// mode="puzzle" (the position a puzzle for the side to move), theme
// ("light", "dark" or "auto": the host page's color-scheme, or the lightness
// of its background when it declares none),
// wasm-url (where the rules module with every game is, relative to the
// page: then the one module for everything; by default the chess module
// beside this script, as the stylesheet is, and the module with every game
// beside it when another game is needed). Events: "plychange" with
// detail { ply, path, fen, move } whenever the position on screen changes;
// "move" with detail { notation, from, to, path, fen, text } when the
// person plays a move on the board. Every attribute but wasm-url may change
// after load; the game on screen, its moves played and the place stay
// (unless moves or ply change), also when the element is moved on the page.
// From another origin, the host of this
// script must send CORS headers (Access-Control-Allow-Origin) for the
// modules and the wasm.
//
// Importing this module touches no DOM (so bundlers and node may load it);
// it defines the element only where custom elements exist.
import { loadEngine } from './engine.js';
import { THEMES } from './fragment.js';
import { plyAt, plyNumber, snapshotOf } from './state.js';
import { createViewer } from './viewer.js';

const STYLE = new URL('./style.css', import.meta.url).href;

// Outside a browser (node, a server-side render) there is no HTMLElement to extend.
const Base = globalThis.HTMLElement ?? class {};

/**
 * Whether the page around `element` is dark: the color-scheme it declares
 * (its style, else its meta tag; both light and dark: the system's), else
 * the lightness of the first background behind the element (a white course
 * page is light, whatever the system).
 */
export function pageIsDark(element) {
  // (The element sets no color-scheme of its own: its computed one is the page's.)
  const declared = getComputedStyle(element).colorScheme;
  const scheme = declared !== 'normal' ? declared : document.querySelector('meta[name="color-scheme"]')?.content ?? '';
  const light = /\blight\b/.test(scheme);
  const dark = /\bdark\b/.test(scheme);
  if (light !== dark) return dark;
  if (light) return matchMedia('(prefers-color-scheme: dark)').matches;
  for (let node = element.parentElement ?? element.getRootNode().host; node; node = node.parentElement ?? node.getRootNode().host) {
    const rgba = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/.exec(getComputedStyle(node).backgroundColor);
    if (rgba && Number(rgba[4] ?? 1) > 0.5) return 0.2126 * rgba[1] + 0.7152 * rgba[2] + 0.0722 * rgba[3] < 128;
  }
  // No background: the browser's canvas, white for a page that declares no scheme.
  return false;
}

class AnalysisBoard extends Base {
  static observedAttributes = ['moves', 'ply', 'orientation', 'editor', 'game', 'notation', 'readonly', 'report', 'suggest', 'verdict', 'mode', 'theme'];

  connectedCallback() {
    // The system's theme changing changes an "auto" that follows it.
    this.systemTheme ??= matchMedia('(prefers-color-scheme: dark)');
    this.systemTheme.addEventListener('change', this.showTheme);
    if (this.viewer) return;
    // The first board of the page decides where the module comes from.
    const wasmUrl = this.getAttribute('wasm-url');
    if (wasmUrl) loadEngine(new URL(wasmUrl, document.baseURI)).catch(() => {});
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    // Moved on the page (removed, then added again): what it showed stays, unless its moves or ply changed meanwhile.
    const kept = this.kept?.moves === this.getAttribute('moves') && this.kept.ply === this.getAttribute('ply') ? this.kept : null;
    // An orientation set while away is the one it shows (else the flip made on the board stays).
    if (kept && kept.orientation !== this.getAttribute('orientation')) kept.flipped = this.getAttribute('orientation') === 'black';
    this.kept = null;
    this.build(kept);
  }

  /**
   * Builds the viewer from the attributes. `kept` ({ text, path, flipped }:
   * what the viewer before showed) is given when an attribute read only at
   * the start changes: the game, the moves played and the place stay.
   */
  build(kept) {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = STYLE;
    shadow.replaceChildren(css);
    const ply = kept?.path ? null : this.getAttribute('ply');
    const on = (name) => this.hasAttribute(name) && this.getAttribute(name) !== 'false';
    const theme = this.getAttribute('theme');
    const notices = [
      ...(ply !== null && !/^\d+$/.test(ply) ? [`ply="${ply}" is not a number`] : []),
      ...(theme !== null && !THEMES.includes(theme) ? [`theme="${theme}" is not light, dark or auto; following the page`] : []),
    ];
    this.viewer = createViewer(shadow, {
      text: kept?.text ?? this.getAttribute('moves') ?? '',
      path: kept?.path ?? null,
      ply: ply !== null && /^\d+$/.test(ply) ? Number(ply) : null,
      notices,
      flipped: kept?.flipped ?? this.getAttribute('orientation') === 'black',
      game: this.getAttribute('game') ?? 'auto',
      notation: this.getAttribute('notation') ?? 'auto',
      editor: on('editor'),
      readonly: on('readonly'),
      report: on('report'),
      // Quizzes, with the names of the page's links: suggest="0", verdict="0", mode="puzzle".
      suggest: !['0', 'false'].includes(this.getAttribute('suggest')),
      verdict: !['0', 'false'].includes(this.getAttribute('verdict')),
      mode: this.getAttribute('mode') === 'puzzle' ? 'puzzle' : 'analysis',
      embed: true,
      keyTarget: this,
      linkBase: '',
      askedBy: 'The ply attribute',
      onChange: (state) => {
        const key = `${state.path.join('.')}|${state.errorLine}`;
        if (key === this.lastKey) return;
        this.lastKey = key;
        const ply = plyAt(state.outcome, state.path);
        this.dispatchEvent(new CustomEvent('plychange', {
          detail: { ply: plyNumber(state), path: state.path, fen: snapshotOf(state)?.fen ?? null, move: ply?.notation ?? null },
          bubbles: true,
        }));
      },
    });
    this.showTheme();
  }

  /** The theme attribute (auto: the page's) on the viewer. (An arrow: it listens to the system's.) */
  showTheme = () => {
    if (!this.viewer) return;
    const asked = this.getAttribute('theme');
    const theme = asked === 'light' || asked === 'dark' ? asked : pageIsDark(this) ? 'dark' : 'light';
    this.viewer.element.dataset.abTheme = theme;
  };

  /** Builds the viewer again for an attribute it reads only at the start, keeping what it shows. */
  rebuild() {
    const kept = this.shown();
    this.viewer.destroy();
    this.build(kept);
  }

  /** What the viewer shows, to build it again: { text, path, flipped }. */
  shown() {
    const { text, path, flipped, outcome } = this.viewer.state;
    // (Before its rules have loaded the viewer has no place yet: the ply attribute's stands.)
    return { text, path: outcome ? path : null, flipped };
  }

  disconnectedCallback() {
    this.systemTheme?.removeEventListener('change', this.showTheme);
    if (!this.viewer) return;
    this.kept = { ...this.shown(), moves: this.getAttribute('moves'), ply: this.getAttribute('ply'), orientation: this.getAttribute('orientation') };
    this.viewer.destroy();
    this.viewer = null;
  }

  attributeChangedCallback(name, old, value) {
    if (!this.viewer || old === value) return;
    if (name === 'moves') this.viewer.setText(value ?? '');
    else if (name === 'ply' && /^\d+$/.test(value ?? '')) this.viewer.goTo(Number(value));
    else if (name === 'orientation') this.viewer.setFlipped(value === 'black');
    else if (name === 'readonly') this.viewer.setReadonly(value !== null && value !== 'false');
    else if (name === 'game' || name === 'notation') this.viewer.setGame(this.getAttribute('game') ?? 'auto', this.getAttribute('notation') ?? 'auto');
    else if (name === 'theme' && THEMES.includes(value ?? 'auto')) this.showTheme();
    // editor, report, suggest, verdict, mode: the viewer is built with them.
    else this.rebuild();
  }
}

if (globalThis.customElements && !customElements.get('analysis-board')) customElements.define('analysis-board', AnalysisBoard);
export { AnalysisBoard };
