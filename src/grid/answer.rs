//! Answers to the five problems, and the exact text the program prints.

use super::board::{color_title, piece_name};
use super::problem::{Problem, Question};
use super::rules::GridMove;
use super::square::{BoardSize, GridSquare};
use crate::chess::Piece;
use crate::color::Color;

/// Where a piece can go by its pattern (problem 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub piece: Piece,
    pub from: GridSquare,
    pub size: BoardSize,
    /// Empty squares it can move to, in reading order.
    pub moves: Vec<GridSquare>,
    /// Opponent pieces it can capture, in reading order.
    pub captures: Vec<GridSquare>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Problem 0: the board's rows, top first.
    Board(Vec<String>),
    Reach(Reach),
    Check {
        color: Color,
        in_check: bool,
    },
    Checkmate {
        color: Color,
        mated: bool,
    },
    /// The opponent's mating move, if it has one.
    MateInOne {
        color: Color,
        mating_move: Option<GridMove>,
    },
}

impl Problem {
    pub fn solve(&self) -> Answer {
        let board = &self.board;
        match self.question {
            Question::ShowBoard => Answer::Board(board.rows()),
            Question::Reach { square, piece } => {
                let mut moves = Vec::new();
                board.possible_moves_from(square, &mut moves);
                let targets = |capture: bool| {
                    let hit: Vec<GridSquare> =
                        moves.iter().filter(|m| m.capture.is_some() == capture).map(|m| m.to).collect();
                    // Reading order, whatever order the pattern found them in.
                    board.size().squares_top_down().filter(|sq| hit.contains(sq)).collect()
                };
                Answer::Reach(Reach {
                    piece,
                    from: square,
                    size: board.size(),
                    moves: targets(false),
                    captures: targets(true),
                })
            }
            Question::Check(color) => Answer::Check { color, in_check: board.is_check(color) },
            Question::Checkmate(color) => Answer::Checkmate { color, mated: board.is_checkmate(color) },
            Question::MateInOne(color) => Answer::MateInOne { color, mating_move: board.mate_in_one_against(color) },
        }
    }
}

impl Reach {
    /// Problem 1's picture: the piece's letter on its square, `o` where it
    /// can move, `x` where it can capture, `.` elsewhere.
    pub fn chart(&self) -> Vec<String> {
        let size = self.size;
        let cols = usize::from(size.cols());
        let cells: Vec<char> = size
            .squares_top_down()
            .map(|sq| match sq {
                _ if sq == self.from => self.piece.char(),
                _ if self.moves.contains(&sq) => 'o',
                _ if self.captures.contains(&sq) => 'x',
                _ => '.',
            })
            .collect();
        cells.chunks(cols).map(|row| row.iter().collect()).collect()
    }

    /// In words, e.g. `the white queen on d7 can reach 7 squares and capture 3 pieces`.
    pub fn sentence(&self) -> String {
        let count = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "the {} on {} can reach {} and capture {}",
            piece_name(self.piece),
            self.from,
            count(self.moves.len(), "square", "squares"),
            count(self.captures.len(), "piece", "pieces")
        )
    }
}

impl Answer {
    /// The one-line verdict of problems 2 to 4 (none for 0 and 1, which
    /// answer with a picture).
    pub fn verdict(&self) -> Option<String> {
        let (color, yes, what) = match *self {
            Answer::Board(_) | Answer::Reach(_) => return None,
            Answer::Check { color, in_check } => (color, in_check, "in check"),
            Answer::Checkmate { color, mated } => (color, mated, "checkmated"),
            Answer::MateInOne { color, mating_move } => (color, mating_move.is_some(), "checkmated in one move"),
        };
        Some(format!("{} king is {}{what}", color_title(color), if yes { "" } else { "not " }))
    }

    /// Exactly what the program prints: every line ends with `\n`.
    pub fn output(&self) -> String {
        let lines = match self {
            Answer::Board(rows) => rows.clone(),
            Answer::Reach(reach) => reach.chart(),
            _ => self.verdict().into_iter().collect(),
        };
        lines.iter().map(|l| format!("{l}\n")).collect()
    }
}
