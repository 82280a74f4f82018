// bitqueens' GPU counter: one invocation counts the completions of one partial board.
//
// The core (crate/src/count/gpu/mod.rs) presets the first rows of every board and lists the
// partial boards: for each, the attacked squares of the next row (`ld`, `rd`), the columns
// taken (`col`) and its weight (how many boards it stands for by mirror symmetry, 1 or 2).
// Each invocation backtracks the rows left with the bitmask loop, on an explicit stack (no
// recursion on a GPU), and writes how many complete boards it found as two 32-bit halves
// (WGSL has no 64-bit integers). The weights and the sum are the host's, in 64 bits.
//
// Invariants:
// - bit c of a mask is column c; `full` has the board's n low bits set;
// - a board is complete when every column is taken (`col == full`);
// - counts[i] is the count of boards[offset + i] only, whatever the batch;
// - an invocation past the batch's end writes nothing.

struct Params {
    // The board's size, 1 to 32.
    n: u32,
    // The partial boards in this batch.
    len: u32,
    // The first board of this batch in `boards`.
    offset: u32,
    // Invocations per row of the dispatch's grid (workgroups in x times 64).
    stride: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> boards: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> counts: array<vec2<u32>>;

// The rows still to fill, at most 31 (a board presets at least one row).
const DEEPEST: u32 = 32u;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x + id.y * params.stride;
    if (i >= params.len) {
        return;
    }
    let board = boards[params.offset + i];
    let full = select((1u << params.n) - 1u, 0xffffffffu, params.n >= 32u);
    var ld = board.x;
    var col = board.y;
    var rd = board.z;
    var lo = 0u;
    var hi = 0u;
    if (col == full) {
        counts[i] = vec2<u32>(1u, 0u);
        return;
    }
    // The rows above the current one: their masks and the squares they have not tried.
    var stack_ld: array<u32, DEEPEST>;
    var stack_col: array<u32, DEEPEST>;
    var stack_rd: array<u32, DEEPEST>;
    var stack_poss: array<u32, DEEPEST>;
    var depth = 0u;
    var poss = full & ~(ld | col | rd);
    loop {
        if (poss != 0u) {
            let bit = poss & (0u - poss);
            poss = poss ^ bit;
            let taken = col | bit;
            if (taken == full) {
                lo = lo + 1u;
                if (lo == 0u) {
                    hi = hi + 1u;
                }
                continue;
            }
            stack_ld[depth] = ld;
            stack_col[depth] = col;
            stack_rd[depth] = rd;
            stack_poss[depth] = poss;
            depth = depth + 1u;
            ld = ((ld | bit) << 1u) & full;
            col = taken;
            rd = (rd | bit) >> 1u;
            poss = full & ~(ld | col | rd);
        } else {
            if (depth == 0u) {
                break;
            }
            depth = depth - 1u;
            ld = stack_ld[depth];
            col = stack_col[depth];
            rd = stack_rd[depth];
            poss = stack_poss[depth];
        }
    }
    counts[i] = vec2<u32>(lo, hi);
}
