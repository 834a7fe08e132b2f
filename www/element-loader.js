// <analysis-board> from one classic script tag, on a page of any origin:
//   <script src="https://your.host/www/element-loader.js" async></script>
// It imports the element's module (element.js, beside it). A module from
// another origin is fetched with CORS: when the board's host does not send
// Access-Control-Allow-Origin, the browser refuses it with only a console
// error, and every <analysis-board> of the page stays empty, 0 px high. A
// classic script is not refused: when the module cannot load, this one
// shows, in each board's place, what failed and the one header to add, and
// the game's text as plain text. (A classic script, not a module: no
// import or export here.)
(() => {
  const script = document.currentScript;
  if (!script || !globalThis.customElements) return;
  const moduleUrl = new URL('element.js', script.src);

  /** Why the module did not load, in words: a refusal across origins names the header. */
  async function why(error) {
    if (moduleUrl.origin === location.origin) return `it could not load from ${moduleUrl.href} (${error?.message ?? error}).`;
    // A request the page may not read still says whether the host answered.
    const reached = await fetch(moduleUrl, { mode: 'no-cors', cache: 'no-store' }).then(() => true, () => false);
    if (!reached) return `${moduleUrl.origin} could not be reached.`;
    return `the browser refused its module from ${moduleUrl.origin}, another site than this page's. The board's host must send the header "Access-Control-Allow-Origin: *" with its files.`;
  }

  import(moduleUrl.href).catch(async (error) => {
    if (customElements.get('analysis-board')) return;
    const reason = await why(error);
    customElements.define('analysis-board', class extends HTMLElement {
      static observedAttributes = ['moves'];

      connectedCallback() {
        this.show();
      }

      attributeChangedCallback() {
        if (this.isConnected) this.show();
      }

      /** The message, and the game's text as it is (text only, never HTML). */
      show() {
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        const box = document.createElement('div');
        box.setAttribute('role', 'alert');
        Object.assign(box.style, { border: '2px solid #c62828', borderRadius: '8px', padding: '12px 16px', background: '#fff', color: '#1f1d1a', font: '16px/1.45 system-ui, sans-serif' });
        const message = document.createElement('p');
        message.style.margin = '0';
        message.textContent = `The analysis board could not be shown here: ${reason}`;
        box.append(message);
        const text = this.getAttribute('moves');
        if (text) {
          const game = document.createElement('pre');
          Object.assign(game.style, { margin: '8px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: '15px/1.5 ui-monospace, monospace' });
          game.textContent = text;
          box.append(game);
        }
        shadow.replaceChildren(box);
      }
    });
  });
})();
