// Types of `import 'analysis-board/element'`, which registers <analysis-board>.

/** Detail of the "plychange" event: the position on screen. */
export interface PlyChangeDetail {
  /** Plies played to reach it (0: the start). */
  ply: number;
  fen: string | null;
  /** The move that led to it, as written; null at the start. */
  move: string | null;
}

/**
 * <analysis-board moves="e4 e5 Nf3" ply="2" orientation="black" editor wasm-url="...">
 * Attributes: moves, ply, orientation ("white" | "black"), editor, game,
 * notation, wasm-url (where the .wasm with every game is, the one module
 * then; by default the chess module beside the script, and the one with
 * every game beside it when another game is needed).
 */
export class AnalysisBoard extends HTMLElement {
  static observedAttributes: string[];
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  addEventListener<K extends keyof AnalysisBoardEventMap>(type: K, listener: (this: AnalysisBoard, ev: AnalysisBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

export interface AnalysisBoardEventMap extends HTMLElementEventMap {
  plychange: CustomEvent<PlyChangeDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    'analysis-board': AnalysisBoard;
  }
}
