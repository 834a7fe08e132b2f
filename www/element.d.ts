// Types of `import 'analysis-board/element'`, which registers <analysis-board>.

/** Detail of the "plychange" event: the position on screen. */
export interface PlyChangeDetail {
  /** Plies played to reach it on the main line (0: the start, or a position in a variation). */
  ply: number;
  /** The node on screen in the move tree: [] the start, [i] ply i of the main line, [i, v, j] ply j of variation v of ply i. */
  path: number[];
  fen: string | null;
  /** The move that led to it, as written; null at the start. */
  move: string | null;
}

/** Detail of the "move" event: a move the person played on the board (or typed in "Play a move"). */
export interface MoveDetail {
  /** The move as the game writes it ("Nf3", "d3d5b5", "c3->e5->c7"). */
  notation: string;
  from: string;
  to: string;
  /** Where the move now is in the move tree (see PlyChangeDetail.path). */
  path: number[];
  /** The position after it. */
  fen: string;
  /** The whole text after the move (the text box's, when there is one). */
  text: string;
}

/**
 * <analysis-board moves="e4 e5 Nf3" ply="2" orientation="black" editor wasm-url="...">
 * Attributes: moves, ply, orientation ("white" | "black"), editor, game,
 * notation, readonly, report, suggest="0", verdict="0", mode="puzzle",
 * wasm-url (where the .wasm with every game is, the one module then; by
 * default the chess module beside the script, and the one with every game
 * beside it when another game is needed). Every attribute but wasm-url may
 * change after load.
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
  move: CustomEvent<MoveDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    'analysis-board': AnalysisBoard;
  }
}
