//! The grid rules against the standard chess core on thousands of seeded
//! random 8x8 positions (no castling, no en passant, no promotion moves),
//! and against themselves under colour-swapping mirrors on every board size.
#![cfg(feature = "all-games")]

mod common;

use analysis_board::chess::{Color, Piece, Position, Role, Square};
use analysis_board::grid::{Board, BoardSize, GridMove, GridSquare};
use common::Rng;
use std::collections::BTreeSet;

/// Cells of an 8x8 board, a1 = 0, b1 = 1, ..., h8 = 63.
type Cells = [Option<Piece>; 64];

/// A random position the chess core accepts once the side not to move is
/// not in check: one king each, at most the pieces of a full set, no pawn
/// on the first or last rank.
fn random_cells(rng: &mut Rng) -> Cells {
    let mut cells = [None; 64];
    let put = |rng: &mut Rng, piece: Piece, cells: &mut Cells| {
        let (low, high) = if piece.role == Role::Pawn { (8, 56) } else { (0, 64) };
        for _ in 0..20 {
            let i = low + rng.below(high - low);
            if cells[i].is_none() {
                cells[i] = Some(piece);
                return;
            }
        }
    };
    put(rng, Piece::new(Color::White, Role::King), &mut cells);
    put(rng, Piece::new(Color::Black, Role::King), &mut cells);
    // Sparse boards give checks and mates, full ones blocked lines.
    let density = 5 + rng.below(60);
    for color in Color::ALL {
        for (role, most) in [(Role::Pawn, 8), (Role::Knight, 2), (Role::Bishop, 2), (Role::Rook, 2), (Role::Queen, 1)] {
            for _ in 0..most {
                if rng.below(100) < density {
                    put(rng, Piece::new(color, role), &mut cells);
                }
            }
        }
    }
    cells
}

fn grid_square(i: usize) -> GridSquare {
    GridSquare::new((i % 8) as u8, (i / 8) as u8).unwrap()
}

fn grid_board(cells: &Cells) -> Board {
    let mut board = Board::empty(BoardSize::new(8, 8).unwrap());
    for (i, piece) in cells.iter().enumerate() {
        if let Some(p) = piece {
            board.place(grid_square(i), *p).unwrap();
        }
    }
    board
}

fn fen(cells: &Cells, turn: Color) -> String {
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match cells[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    format!("{placement} {} - - 0 1", turn.fold('w', 'b'))
}

fn chess_cells(pos: &Position) -> Cells {
    let mut cells = [None; 64];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = pos.piece_at(Square::from_index(i as u8).unwrap());
    }
    cells
}

fn grid_cells(board: &Board) -> Cells {
    let mut cells = [None; 64];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = board.piece_at(grid_square(i));
    }
    cells
}

/// The position after a move, without the en passant right the chess core
/// may record (grid chess has no en passant).
fn without_en_passant(pos: &Position) -> Position {
    Position::from_fen(&fen(&chess_cells(pos), pos.turn())).unwrap()
}

fn chess_is_mate(pos: &Position) -> bool {
    pos.is_check() && !pos.has_legal_moves()
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    checks: usize,
    mates: usize,
    mates_in_one: usize,
}

/// Compares everything the grid rules answer with the chess core's answer
/// for this position; panics with the FEN on a disagreement.
fn compare(pos: &Position, board: &Board, seen: &mut Seen) {
    let fen = pos.fen();
    let turn = pos.turn();
    seen.positions += 1;

    for i in 0..64 {
        let sq = Square::from_index(i as u8).unwrap();
        for by in Color::ALL {
            assert_eq!(
                board.is_attacked(grid_square(i), by),
                pos.is_attacked_by(sq, by, pos.occupied()),
                "{fen}: {sq} attacked by {by}"
            );
        }
    }

    // Promotion moves differ in kind but not in (from, to).
    let chess_moves: BTreeSet<String> = pos.legal_moves().iter().map(|m| format!("{}{}", m.from(), m.to())).collect();
    let grid_moves: BTreeSet<String> = board.legal_moves(turn).iter().map(|m| format!("{}{}", m.from, m.to)).collect();
    assert_eq!(grid_moves, chess_moves, "{fen}: legal moves");
    assert_eq!(board.has_legal_move(turn), pos.has_legal_moves(), "{fen}");

    assert_eq!(board.is_check(turn), pos.is_check(), "{fen}: check");
    assert!(!board.is_check(!turn), "{fen}: the side not to move is in check");
    assert_eq!(board.is_checkmate(turn), chess_is_mate(pos), "{fen}: checkmate");
    seen.checks += usize::from(pos.is_check());
    seen.mates += usize::from(chess_is_mate(pos));

    // Mate in one by the side to move, unless a promotion (which chess
    // has and grid chess has not) is among its moves.
    if pos.legal_moves().iter().all(|m| m.promotion().is_none()) {
        let chess_mate = pos.legal_moves().iter().any(|&m| chess_is_mate(&without_en_passant(&pos.after(m))));
        let grid_mate = board.mate_in_one_against(!turn);
        assert_eq!(grid_mate.is_some(), chess_mate, "{fen}: mate in one ({grid_mate:?})");
        if let Some(m) = grid_mate {
            assert!(board.after(m).is_checkmate(!turn), "{fen}: {m} does not mate");
        }
        seen.mates_in_one += usize::from(chess_mate);
    }
}

#[test]
fn grid_rules_agree_with_chess_on_random_8x8_positions_and_playouts() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut seen = Seen::default();
    let mut rejected = 0;
    for _ in 0..6000 {
        let cells = random_cells(&mut rng);
        let turn = if rng.below(2) == 0 { Color::White } else { Color::Black };
        // The chess core refuses a side not to move in check (or adjacent kings).
        let Ok(mut pos) = Position::from_fen(&fen(&cells, turn)) else {
            rejected += 1;
            continue;
        };
        let mut board = grid_board(&cells);
        // A short random game from here, comparing after each move.
        for _ in 0..8 {
            compare(&pos, &board, &mut seen);
            let moves: Vec<_> = pos.legal_moves().iter().copied().filter(|m| m.promotion().is_none()).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let found: Vec<GridMove> = board
                .legal_moves(pos.turn())
                .into_iter()
                .filter(|g| g.from == grid_square(m.from().index()) && g.to == grid_square(m.to().index()))
                .collect();
            assert_eq!(found.len(), 1, "{}: {m}", pos.fen());
            board.play(found[0]);
            pos = without_en_passant(&pos.after(m));
            assert_eq!(grid_cells(&board), chess_cells(&pos), "after {m}");
        }
    }
    println!("{seen:?}, {rejected} starts rejected");
    // Not vacuous: each kind of answer came up often.
    assert!(seen.positions > 25_000, "{seen:?}");
    assert!(seen.checks > 2000, "{seen:?}");
    assert!(seen.mates > 50, "{seen:?}");
    assert!(seen.mates_in_one > 300, "{seen:?}");
}

// ---- mirror symmetry on any board size ----

/// A random board of random size with any pieces, pawns on any row, and
/// at most one king per colour (sometimes none).
fn random_board(rng: &mut Rng) -> Board {
    let rows = 4 + rng.below(23) as u8;
    let cols = 4 + rng.below(23) as u8;
    let size = BoardSize::new(rows, cols).unwrap();
    let mut board = Board::empty(size);
    let squares = usize::from(rows) * usize::from(cols);
    let pieces = rng.below(squares.min(40)) + 2;
    for n in 0..pieces {
        let sq = GridSquare::new(rng.below(usize::from(cols)) as u8, rng.below(usize::from(rows)) as u8).unwrap();
        let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
        // The first two are kings most of the time.
        let role = if n < 2 && rng.below(8) != 0 { Role::King } else { Role::ALL[rng.below(5)] };
        let piece = Piece::new(if n < 2 { Color::ALL[n] } else { color }, role);
        // Only the first two pieces may be kings, one of each colour: placing cannot fail.
        board.place(sq, piece).unwrap_or_else(|e| panic!("placing {piece:?} on {sq:?}: {e}"));
    }
    board
}

/// Turned upside down with the colours swapped: the same game for the
/// other side.
fn flipped(board: &Board) -> Board {
    let size = board.size();
    let mut out = Board::empty(size);
    for (sq, p) in board.pieces() {
        out.place(flip_square(size, sq), Piece::new(!p.color, p.role)).unwrap();
    }
    out
}

fn flip_square(size: BoardSize, sq: GridSquare) -> GridSquare {
    GridSquare::new(sq.file(), size.rows() - 1 - sq.rank()).unwrap()
}

/// Left and right exchanged.
fn mirrored(board: &Board) -> Board {
    let size = board.size();
    let mut out = Board::empty(size);
    for (sq, p) in board.pieces() {
        out.place(mirror_square(size, sq), p).unwrap();
    }
    out
}

fn mirror_square(size: BoardSize, sq: GridSquare) -> GridSquare {
    GridSquare::new(size.cols() - 1 - sq.file(), sq.rank()).unwrap()
}

fn move_set(moves: &[GridMove], map: impl Fn(GridSquare) -> GridSquare) -> BTreeSet<String> {
    moves.iter().map(|m| format!("{}{}", map(m.from), map(m.to))).collect()
}

#[test]
fn flipping_and_mirroring_any_board_changes_no_answer() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut checks = 0;
    for _ in 0..1500 {
        let board = random_board(&mut rng);
        let size = board.size();
        let rows = board.rows().join("/");
        for (other, same_color, map) in [
            (flipped(&board), false, flip_square as fn(BoardSize, GridSquare) -> GridSquare),
            (mirrored(&board), true, mirror_square),
        ] {
            for color in Color::ALL {
                let twin = if same_color { color } else { !color };
                let moves = move_set(&board.legal_moves(color), |s| map(size, s));
                assert_eq!(moves, move_set(&other.legal_moves(twin), |s| s), "{rows}: {color}");
                let possible = move_set(&board.possible_moves(color), |s| map(size, s));
                assert_eq!(possible, move_set(&other.possible_moves(twin), |s| s), "{rows}: {color}");
                assert_eq!(board.is_check(color), other.is_check(twin), "{rows}: {color}");
                assert_eq!(board.is_checkmate(color), other.is_checkmate(twin), "{rows}: {color}");
                let mate = board.mate_in_one_against(color).is_some();
                assert_eq!(mate, other.mate_in_one_against(twin).is_some(), "{rows}: {color}");
                checks += usize::from(board.is_check(color));
            }
        }
    }
    assert!(checks > 100, "{checks} checks seen");
}

#[test]
fn legal_moves_are_the_possible_moves_that_leave_the_king_safe() {
    let mut rng = Rng(0xfeed_beef_cafe_f00d);
    for _ in 0..1500 {
        let board = random_board(&mut rng);
        for color in Color::ALL {
            let legal = board.legal_moves(color);
            for m in board.possible_moves(color) {
                let safe = !board.after(m).is_check(color);
                assert_eq!(legal.contains(&m), safe, "{}: {m}", board.rows().join("/"));
                // Every capture is onto an attacked square.
                if m.capture.is_some() {
                    assert!(board.is_attacked(m.to, color), "{}: {m}", board.rows().join("/"));
                }
            }
        }
    }
}
