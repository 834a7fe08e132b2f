//! What bounds a search (apart from `mod.rs` so that the search names it
//! without importing the engine that runs it).

/// The deepest iteration searched.
pub const MAX_DEPTH: u32 = 64;

/// What bounds a search: each `None` is no bound. With no bound at all
/// the search goes on to `MAX_DEPTH` (or until `stop` says so).
#[derive(Copy, Clone, Default)]
pub struct Limits<'a> {
    /// Stop once this many nodes were searched (the deterministic budget).
    pub nodes: Option<u64>,
    /// Complete at most this many iterations.
    pub depth: Option<u32>,
    /// Polled every 512 nodes; `true` ends the search (for the
    /// UCI program's `stop` and clock: not deterministic).
    pub stop: Option<&'a dyn Fn() -> bool>,
}

impl Limits<'_> {
    /// A budget of `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits<'static> {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// At most `depth` iterations.
    pub fn depth(depth: u32) -> Limits<'static> {
        Limits { depth: Some(depth), ..Limits::default() }
    }
}
